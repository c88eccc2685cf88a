import fc from "fast-check";
import { runs } from "../../property-runs";
import { describe, expect, it } from "vitest";
import { readRoundState } from "../../../src/data/combat/round-state-source";
import { compareInitiativeKeys } from "../../../src/rules/turns/initiative-order";
import { reduce, reduceAll } from "../../../src/rules/turns/round-engine";
import type { RoundEvent } from "../../../src/rules/turns/round-event";
import type { RoundNotice, RoundState, TurnCombatant } from "../../../src/rules/turns/round-state";
import { describeRound } from "../../../src/rules/turns/turn-view";
import {
  commands,
  drive,
  FAMILIES,
  FS_TURN_ORDERS,
  KIND,
  roster,
  startedCombat,
  structureOf,
  toEvent,
  type Step,
} from "./round-driver";

const RUNS = runs(1000);
const fs = structureOf("fast-slow");
/** Every family's structure, and fast-slow under its second turn-order reading (FS-R2/FS-R3). */
const VARIANTS = [
  ...FAMILIES.map((family) => ({ name: family as string, structure: structureOf(family) })),
  { name: "fast-slow playersFirst", structure: structureOf("fast-slow", { fsTurnOrder: "playersFirst" }) },
];

/** Turns that ran to their end (an interrupted turn resumes later and is the same turn). */
function completedTurns(notices: readonly RoundNotice[]) {
  return notices.flatMap((n) =>
    n.kind === "turnEnded" && (n.cause === "ended" || n.cause === "defeated" || n.cause === "forced")
      ? [{ round: n.round, phase: n.phase, id: n.id }]
      : [],
  );
}

function byId(state: RoundState, id: string): TurnCombatant | undefined {
  return state.combatants.find((c) => c.id === id);
}

describe("round engine invariants (property tests)", () => {
  for (const order of FS_TURN_ORDERS) {
    const fs = structureOf("fast-slow", { fsTurnOrder: order });
    /** The claim parts of a round under this reading (FS-R1: fast then slow; players first: one part). */
    const lastClaim = fs.phases.filter((p) => p.policy === "claim").length - 1;

    it(`FS-R4 in fast-slow no combatant acts twice in a round, whatever happens mid-round (${order})`, () => {
      fc.assert(
        fc.property(roster, commands({ overrides: true }), (people, cmds) => {
          const seen = new Set<string>();
          drive(fs, startedCombat(fs, people), cmds, ({ after }) => {
            for (const n of after.notices) {
              if (n.kind !== "turnStarted") continue;
              const key = `${n.round}:${n.id}`;
              expect(seen.has(key), `${n.id} started a second turn in round ${n.round}`).toBe(false);
              seen.add(key);
            }
          });
        }),
        RUNS,
      );
    });

    it(`FS-R2 FS-R3 FS-R4 in fast-slow every eligible combatant gets its chance before the round ends (${order})`, () => {
      fc.assert(
        fc.property(roster, commands({ overrides: false, settle: 4 }), (people, cmds) => {
          drive(fs, startedCombat(fs, people), cmds, ({ before, event, after }) => {
            // Leaving the last claim part without an override: everyone still standing took a turn or gave it up.
            const leavingLast =
              event.type === "advancePhase" && before.phase === lastClaim && after.round === before.round;
            if (!leavingLast) return;
            for (const c of before.combatants) {
              if (c.defeated) continue;
              expect(
                c.actedRound === before.round || c.passedRound === before.round,
                `${c.id} never had its turn`,
              ).toBe(true);
            }
          });
        }),
        RUNS,
      );
    });

    it(`FS-R2 FS-R3 no GM creature starts a turn while a player character may still act before it (${order})`, () => {
      fc.assert(
        fc.property(roster, commands({ overrides: false, settle: 3 }), (people, cmds) => {
          drive(fs, startedCombat(fs, people), cmds, ({ before, after }) => {
            const gmStarts = after.notices.filter(
              (n) => n.kind === "turnStarted" && before.combatants.find((c) => c.id === n.id)?.side === "gm",
            );
            if (!gmStarts.length) return;
            const part = fs.phases[before.phase];
            for (const c of before.combatants) {
              if (c.side !== "players" || c.defeated) continue;
              if (c.actedRound >= before.round || c.passedRound >= before.round) continue;
              // Per part, a player who chose slow acts in the slow part, after the fast GM creatures (FS-R2);
              // players first, every player character still to act goes first, fast or slow.
              const waitsForSlowPart = part?.speed === "fast" && c.speed === "slow";
              expect(order === "perPart" && waitsForSlowPart, `${c.id} was still to act`).toBe(true);
            }
          });
        }),
        RUNS,
      );
    });

    it(`FS-R2 FS-R3 the tracker's 'ready' is exactly who the engine lets claim a turn (${order})`, () => {
      fc.assert(
        fc.property(roster, commands({ overrides: true, max: 30 }), (people, cmds) => {
          drive(fs, startedCombat(fs, people), cmds, ({ after }) => {
            if (after.current !== null || fs.phases[after.phase]?.policy !== "claim") return;
            for (const entry of describeRound(fs, after).entries) {
              const claim = reduce(fs, after, { type: "takeTurn", id: entry.id });
              expect(claim.ok, `${entry.id} is ${entry.status}`).toBe(entry.status === "ready");
            }
          });
        }),
        runs(300),
      );
    });
  }

  for (const { name, structure } of VARIANTS) {
    const family = structure.family;
    const ids = structure.phases.map((p) => p.id);

    it(`phases run in order and each exactly once per round (${name})`, () => {
      fc.assert(
        fc.property(roster, commands({ overrides: true, reorder: true }), (people, cmds) => {
          const start = startedCombat(structure, people);
          const started = new Map<number, string[]>([
            [1, [...start.notices.flatMap((n) => (n.kind === "phaseStarted" ? [n.phase] : []))]],
          ]);
          const ended: number[] = [];
          drive(structure, start, cmds, ({ after }) => {
            for (const n of after.notices) {
              if (n.kind === "phaseStarted") started.set(n.round, [...(started.get(n.round) ?? []), n.phase]);
              if (n.kind === "roundEnded") ended.push(n.round);
            }
          });
          expect(ended).toEqual(ended.map((_, i) => i + 1));
          for (const [round, phases] of started) {
            if (ended.includes(round)) expect(phases).toEqual(ids);
            else expect(phases).toEqual(ids.slice(0, phases.length));
          }
        }),
        RUNS,
      );
    });

    it(`no combatant completes two turns in one phase of a round (${name})`, () => {
      fc.assert(
        fc.property(roster, commands({ overrides: true, reorder: true }), (people, cmds) => {
          const seen = new Map<string, number>();
          drive(structure, startedCombat(structure, people), cmds, ({ after }) => {
            for (const t of completedTurns(after.notices)) {
              const key = `${t.round}:${t.phase}:${t.id}`;
              seen.set(key, (seen.get(key) ?? 0) + 1);
            }
          });
          // PR-P10 allows a second strike (pass 2) with an extra weapon; everywhere else, one turn.
          const limit = family === "phased-round" ? 2 : 1;
          for (const [key, count] of seen) expect(count, key).toBeLessThanOrEqual(limit);
        }),
        RUNS,
      );
    });

    it(`states stay plain JSON and the reducer never changes its input (${name})`, () => {
      fc.assert(
        fc.property(
          roster,
          commands({ overrides: true, reorder: true, max: 100, settle: 5 }),
          (people, cmds) => {
            // `drive` deep-freezes every state: an in-place change would throw here. Every state is one the
            // Foundry layer reads back from its stored JSON (ids it names exist, indexes in range).
            const end = drive(structure, startedCombat(structure, people), cmds, ({ after }) => {
              const stored = JSON.parse(JSON.stringify(after)) as unknown;
              expect(readRoundState(stored, family, structure.phases.length)).toEqual(after);
            });
            expect(JSON.parse(JSON.stringify(end))).toEqual(end);
          },
        ),
        runs(200),
      );
    });

    it(`reduceAll is the same as reducing the events one by one (${name})`, () => {
      fc.assert(
        fc.property(roster, commands({ overrides: true, reorder: true }), (people, cmds) => {
          const start = startedCombat(structure, people);
          const events: RoundEvent[] = [];
          const notices: RoundNotice[] = [];
          const end = drive(structure, start, cmds, ({ event, after }) => {
            events.push(event);
            notices.push(...after.notices);
          });
          const all = reduceAll(structure, start, events);
          expect(all.ok).toBe(true);
          if (!all.ok) return;
          expect({ ...all.value, notices: [] }).toEqual({ ...end, notices: [] });
          expect(all.value.notices).toEqual(notices);
        }),
        RUNS,
      );
    });
  }

  for (const family of ["classic-d20", "opposed-d20", "active-defense-3d6"] as const) {
    const structure = structureOf(family);

    it(`CD-I2 OD-I3 AD-T1 initiative orders never increase down the list, with adds and removes mid-round (${family})`, () => {
      fc.assert(
        fc.property(roster, commands({ overrides: true, reorder: false }), (people, cmds) => {
          const check = (state: RoundState) => {
            const list = state.order.map((id) => byId(state, id) as TurnCombatant);
            for (let i = 1; i < list.length; i++) {
              expect(
                compareInitiativeKeys(list[i - 1] as TurnCombatant, list[i] as TurnCombatant),
              ).toBeLessThanOrEqual(0);
            }
            expect([...state.order].sort()).toEqual(state.combatants.map((c) => c.id).sort());
          };
          const start = startedCombat(structure, people);
          check(start);
          drive(structure, start, cmds, ({ after }) => check(after));
        }),
        RUNS,
      );
    });

    it(`every combatant there for the whole round gets its turn (${family})`, () => {
      fc.assert(
        fc.property(roster, commands({ overrides: false, settle: 4 }), (people, cmds) => {
          // Those present when the round started and never defeated, removed or re-rolled in it.
          let round = 1;
          let steady = new Set(startedCombat(structure, people).combatants.map((c) => c.id));
          drive(structure, startedCombat(structure, people), cmds, ({ before, event, after }: Step) => {
            if (
              event.type === "setDefeated" ||
              event.type === "removeCombatant" ||
              event.type === "setInitiative"
            ) {
              steady.delete(event.id);
            }
            if (event.type === "rollOff") for (const id of Object.keys(event.faces)) steady.delete(id);
            if (after.round !== round) {
              for (const id of steady) {
                expect(byId(before, id)?.actedRound, `${id} in round ${round}`).toBe(round);
              }
              round = after.round;
              steady = new Set(after.combatants.filter((c) => !c.defeated).map((c) => c.id));
            }
          });
        }),
        RUNS,
      );
    });
  }

  it("PR-P10 strikes go by initiative within each group, every striker once, again with an extra weapon", () => {
    const pr = structureOf("phased-round");
    fc.assert(
      fc.property(roster, commands({ overrides: true, max: 120, settle: 6 }), (people, cmds) => {
        drive(pr, startedCombat(pr, people), cmds, ({ before, after }) => {
          const entering = pr.phases[after.phase]?.id === "meleeResolution" && before.phase !== after.phase;
          if (!entering) return;
          const strikers = after.combatants.filter((c) => !c.defeated && c.sheet?.melee);
          for (const pass of [1, 2] as const) {
            const expected = strikers.filter((c) => pass === 1 || (c.sheet?.melee?.extraWeapons ?? 0) > 0);
            const queued = after.queue.filter((q) => q.pass === pass);
            expect(queued.map((q) => q.id).sort()).toEqual(expected.map((c) => c.id).sort());
            for (let i = 1; i < queued.length; i++) {
              const [p, q] = [queued[i - 1], queued[i]] as [(typeof queued)[number], (typeof queued)[number]];
              if (p.group !== q.group) continue;
              const keys = compareInitiativeKeys(
                byId(after, p.id) as TurnCombatant,
                byId(after, q.id) as TurnCombatant,
              );
              expect(keys).toBeLessThanOrEqual(0);
            }
          }
        });
      }),
      RUNS,
    );
  });

  it("the commands reach every part of a round (the properties above are not vacuous)", () => {
    const count = {
      fsSlowLeft: 0,
      fsTurnsLeft: 0,
      gmAfterPlayers: 0,
      roundsEnded: 0,
      meleeEntered: 0,
      strikes: 0,
      lateJoiners: 0,
    };
    const fsFirst = structureOf("fast-slow", { fsTurnOrder: "playersFirst" });
    fc.assert(
      fc.property(roster, commands({ overrides: false, settle: 6, max: 120 }), (people, cmds) => {
        drive(fsFirst, startedCombat(fsFirst, people), cmds, ({ before, event, after }) => {
          if (event.type === "advancePhase" && before.phase === 0 && after.phase === 1)
            count.fsTurnsLeft += 1;
          const side = (id: string) => before.combatants.find((c) => c.id === id)?.side;
          const players = before.combatants.filter((c) => c.side === "players" && !c.defeated).length;
          for (const n of after.notices)
            if (n.kind === "turnStarted" && side(n.id) === "gm" && players) count.gmAfterPlayers += 1;
        });
        for (const family of FAMILIES) {
          const structure = structureOf(family);
          drive(structure, startedCombat(structure, people), cmds, ({ before, event, after }) => {
            if (event.type === "addCombatant" && after.round > 0) count.lateJoiners += 1;
            if (family === "fast-slow" && event.type === "advancePhase" && before.phase === 1)
              count.fsSlowLeft += 1;
            for (const n of after.notices) {
              if (n.kind === "roundEnded") count.roundsEnded += 1;
              if (n.kind === "phaseStarted" && n.phase === "meleeResolution" && after.queue.length)
                count.meleeEntered += 1;
              if (n.kind === "turnStarted" && n.phase === "meleeResolution") count.strikes += 1;
            }
          });
        }
      }),
      runs(200),
    );
    expect(count.fsSlowLeft).toBeGreaterThan(50);
    expect(count.fsTurnsLeft).toBeGreaterThan(50);
    expect(count.gmAfterPlayers).toBeGreaterThan(50);
    expect(count.roundsEnded).toBeGreaterThan(300);
    expect(count.meleeEntered).toBeGreaterThan(20);
    expect(count.strikes).toBeGreaterThan(40);
    expect(count.lateJoiners).toBeGreaterThan(100);
    const one = startedCombat(fs, [{ players: true, total: 1, dex: 0 }]);
    expect(toEvent(fs, one, { kind: KIND.endTurn, a: 0, b: 0, flag: false }, () => "x")).toEqual({
      type: "endTurn",
    });
  });
});
