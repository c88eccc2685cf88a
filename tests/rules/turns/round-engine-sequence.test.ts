/**
 * The round engine's sequenced phases (PR-P10 melee resolution): the queue of strikes, its cursor, strikers who
 * leave, and re-sorts when an initiative changes mid-phase. Also a generic structure with an initiative phase
 * followed by a sequenced one, which is how the engine serves any family: each phase keeps its own order.
 */
import { describe, expect, it } from "vitest";
import { phasedRoundStructure } from "../../../src/rules/families/phased-round/structure";
import { accept } from "../../../src/rules/outcome";
import { sortByInitiative } from "../../../src/rules/turns/initiative-order";
import { reduce } from "../../../src/rules/turns/round-engine";
import type { RoundEvent } from "../../../src/rules/turns/round-event";
import { emptyRoundState, type RoundState } from "../../../src/rules/turns/round-state";
import type { RoundStructure } from "../../../src/rules/turns/round-structure";
import { combat, phaseId, playOut, run } from "./helpers";

const pr = phasedRoundStructure();

const melee = (id: string, group: string, initiative: number, extraWeapons = 0): RoundEvent => ({
  type: "declareMelee",
  id,
  melee: { group, extraWeapons, initiative },
});

/** Advances (without override) until `phase` is the current one. */
function to(state: RoundState, phase: string): RoundState {
  let s = state;
  for (let i = 0; i < 12 && phaseId(pr, s) !== phase; i++) s = run(pr, s, { type: "advancePhase" });
  expect(phaseId(pr, s)).toBe(phase);
  return s;
}

/** Strikers declared in the melee phase (PR-P9), then melee resolution begins (PR-P10). */
function strikes(...declarations: RoundEvent[]): RoundState {
  const ids = declarations.map((e) => (e as { id: string }).id);
  let s = run(
    pr,
    combat(
      pr,
      ids.map((id) => ({ id, side: "players" as const })),
    ),
    { type: "startCombat" },
  );
  s = to(s, "melee");
  s = run(pr, s, ...declarations);
  return to(s, "meleeResolution");
}

const queueOf = (s: RoundState) => s.queue.map((q) => `${q.group}:${q.id}:${q.pass}`);
const init = (id: string, total: number): RoundEvent => ({ type: "setInitiative", id, roll: { total } });

describe("round engine: sequenced phases (PR-P10)", () => {
  it("PR-P10 PR-P11 the strikes' queue belongs to melee resolution: empty before it and after it", () => {
    let s = strikes(melee("orc", "g", 17, 1), melee("knight", "g", 14));
    expect(queueOf(s)).toEqual(["g:orc:1", "g:knight:1", "g:orc:2"]);
    s = playOut(pr, s).state;
    s = run(pr, s, { type: "advancePhase" });
    expect(phaseId(pr, s)).toBe("finalOrientation");
    expect([s.queue, s.cursor, s.current]).toEqual([[], -1, null]);
    // Before it: the declarations are there, the queue is not.
    let m = run(pr, combat(pr, [{ id: "orc", side: "gm" }]), { type: "startCombat" });
    m = to(m, "melee");
    m = run(pr, m, melee("orc", "g", 17));
    expect(m.queue).toEqual([]);
  });

  it("PR-P10 a strike is not a claimed turn: strikers keep their round's turn count untouched", () => {
    const s = strikes(melee("orc", "g", 17, 1), melee("knight", "g", 14));
    const { state, acted } = playOut(pr, s);
    expect(acted).toEqual(["orc", "knight", "orc"]);
    expect(state.combatants.map((c) => [c.id, c.actedRound, c.passedRound])).toEqual([
      ["orc", 0, 0],
      ["knight", 0, 0],
    ]);
  });

  it("PR-P10 the only striker leaving the fight empties the queue", () => {
    let s = strikes(melee("orc", "g", 17, 1));
    expect(queueOf(s)).toEqual(["g:orc:1", "g:orc:2"]);
    s = run(pr, s, { type: "endTurn" }, { type: "removeCombatant", id: "orc" });
    expect([s.queue, s.current]).toEqual([[], null]);
  });

  it("PR-P10 a striker leaving after its first strike: the next striker's strikes keep their places", () => {
    let s = strikes(melee("orc", "g", 17, 1), melee("knight", "g", 14, 1));
    expect(queueOf(s)).toEqual(["g:orc:1", "g:knight:1", "g:orc:2", "g:knight:2"]);
    s = run(pr, s, { type: "endTurn" });
    expect([s.current, s.cursor]).toEqual(["knight", 1]);
    s = run(pr, s, { type: "removeCombatant", id: "orc" });
    expect(queueOf(s)).toEqual(["g:knight:1", "g:knight:2"]);
    expect([s.current, s.cursor]).toEqual(["knight", 0]);
    // PR-P10 (4)-(5): the knight still strikes again with its extra weapon.
    expect(playOut(pr, s).acted).toEqual(["knight", "knight"]);
  });

  it("PR-P10 the striker whose strike is under way is re-rolled: its strike stays, the rest re-sort", () => {
    let s = strikes(melee("orc", "g", 17), melee("knight", "g", 14), melee("archer", "g", 9));
    s = run(pr, s, init("orc", 1));
    expect([s.current, s.cursor]).toEqual(["orc", 0]);
    expect(queueOf(s)).toEqual(["g:orc:1", "g:knight:1", "g:archer:1"]);
    expect(playOut(pr, s).acted).toEqual(["orc", "knight", "archer"]);
  });

  it("PR-P10 a re-roll after the last strike changes nothing in the queue already played", () => {
    let s = strikes(melee("orc", "g", 17), melee("knight", "g", 14));
    s = playOut(pr, s).state;
    expect([s.current, s.cursor]).toEqual([null, 2]);
    s = run(pr, s, init("knight", 20));
    expect(queueOf(s)).toEqual(["g:orc:1", "g:knight:1"]);
    // PR-P10 orders strikes, not turns: the phased round keeps no initiative order.
    expect(s.order).toEqual([]);
    expect([s.current, s.cursor]).toEqual([null, 2]);
  });

  it("PR-P10 groups keep their order when a striker is re-rolled; within a group, initiative", () => {
    // Group "gate" resolves first (its best striker, 10, beats the bridge's 8).
    let s = strikes(
      melee("orc", "gate", 10),
      melee("goblin", "bridge", 8),
      melee("archer", "gate", 2),
      melee("troll", "bridge", 7),
    );
    expect(queueOf(s)).toEqual(["gate:orc:1", "gate:archer:1", "bridge:goblin:1", "bridge:troll:1"]);
    s = run(pr, s, init("archer", 3));
    expect(queueOf(s)).toEqual(["gate:orc:1", "gate:archer:1", "bridge:goblin:1", "bridge:troll:1"]);
    s = run(pr, s, init("troll", 9));
    expect(queueOf(s)).toEqual(["gate:orc:1", "gate:archer:1", "bridge:troll:1", "bridge:goblin:1"]);
    expect(playOut(pr, s).acted).toEqual(["orc", "archer", "troll", "goblin"]);
  });

  it("PR-P10 (4) second strikes come after every first strike of the group, whatever the initiative", () => {
    let s = strikes(melee("orc", "g", 10, 1), melee("knight", "g", 5, 1), melee("archer", "g", 3));
    expect(queueOf(s)).toEqual(["g:orc:1", "g:knight:1", "g:archer:1", "g:orc:2", "g:knight:2"]);
    s = run(pr, s, init("archer", 4));
    expect(queueOf(s)).toEqual(["g:orc:1", "g:knight:1", "g:archer:1", "g:orc:2", "g:knight:2"]);
    s = run(pr, s, init("archer", 8));
    expect(queueOf(s)).toEqual(["g:orc:1", "g:archer:1", "g:knight:1", "g:orc:2", "g:knight:2"]);
    expect(playOut(pr, s).acted).toEqual(["orc", "archer", "knight", "orc", "knight"]);
  });

  it("PR-P10 PR-B3 a tie among strikers still to strike is rolled off mid-phase: the strikes re-sort", () => {
    let s = strikes(melee("orc", "g", 12), melee("knight", "g", 9), melee("archer", "g", 9));
    expect(queueOf(s)).toEqual(["g:orc:1", "g:knight:1", "g:archer:1"]);
    s = run(pr, s, { type: "rollOff", faces: { archer: 6, knight: 1 } });
    expect(queueOf(s)).toEqual(["g:orc:1", "g:archer:1", "g:knight:1"]);
    expect(playOut(pr, s).acted).toEqual(["orc", "archer", "knight"]);
  });
});

// --- a generic structure: an initiative phase, then a sequenced phase ---------------------------------------

/** "held" is barred from acting (as PR-P9 bars some strikers). No strikes listed. */
const bare: RoundStructure = {
  family: "classic-d20",
  phases: [
    { id: "turns", policy: "initiative", label: "turns" },
    { id: "strikes", policy: "sequence", label: "strikes" },
    { id: "endOfRound", policy: "endOfRound", label: "endOfRound" },
  ],
  initiative: "combat",
  ties: "rollOff",
  readInitiative: () => accept({ tieKeys: [], critical: false }),
  newCombatant: () => ({ speed: null, actions: null, sheet: null }),
  barred: (_d, c) => (c.id === "held" ? "unableToAct" : null),
};

/** The same, and the strikes are everyone standing and not held, by initiative. */
const hybrid: RoundStructure = {
  ...bare,
  sequence: (d) =>
    sortByInitiative(d.combatants.filter((c) => !c.defeated && c.id !== "held")).map((c) => ({
      id: c.id,
      group: "all",
      pass: 1,
    })),
};

function hybridCombat(...people: [string, number][]): RoundState {
  let s = emptyRoundState("classic-d20");
  for (const [id, total] of people) {
    s = run(hybrid, s, { type: "addCombatant", combatant: { id, side: "gm", initiative: { total } } });
  }
  return run(hybrid, s, { type: "startCombat" });
}

/** The turns phase played out, the strikes phase begun. */
function atStrikes(...people: [string, number][]): RoundState {
  const s = playOut(hybrid, hybridCombat(...people)).state;
  return run(hybrid, s, { type: "advancePhase" });
}

describe("round engine: an initiative phase then a sequenced one", () => {
  it("CD-I2 a barred combatant is skipped in the order, and the GM cannot force its turn", () => {
    const s = hybridCombat(["a", 15], ["held", 10], ["c", 5]);
    expect(s.queue).toEqual([]);
    expect(playOut(hybrid, s).acted).toEqual(["a", "c"]);
    expect(reduce(hybrid, s, { type: "takeTurn", id: "held", gmOverride: true })).toEqual({
      ok: false,
      reason: "notEligible",
    });
  });

  it("PR-P10 turns taken in an earlier phase do not bar the strikes", () => {
    const s = atStrikes(["a", 15], ["b", 10]);
    expect([s.queue.map((q) => q.id), s.current, s.cursor]).toEqual([["a", "b"], "a", 0]);
    expect(playOut(hybrid, s).acted).toEqual(["a", "b"]);
  });

  it("PR-P10 a re-roll during the strikes keeps the strike under way where it is", () => {
    let s = atStrikes(["a", 15], ["b", 10], ["c", 5]);
    s = run(hybrid, s, { type: "setInitiative", id: "c", roll: { total: 12 } });
    expect([s.current, s.cursor]).toEqual(["a", 0]);
    expect(s.queue.map((q) => q.id)).toEqual(["a", "c", "b"]);
    expect(playOut(hybrid, s).acted).toEqual(["a", "c", "b"]);
  });

  it("PR-P10 a roll-off during the strikes keeps the strike under way where it is", () => {
    let s = atStrikes(["a", 15], ["b", 5], ["c", 5]);
    s = run(hybrid, s, { type: "rollOff", faces: { c: 6, b: 2 } });
    expect([s.current, s.cursor]).toEqual(["a", 0]);
    expect(s.queue.map((q) => q.id)).toEqual(["a", "c", "b"]);
    expect(playOut(hybrid, s).acted).toEqual(["a", "c", "b"]);
  });

  it("PR-P10 a striker leaving after its strike: the next strikes are not played twice", () => {
    let s = atStrikes(["a", 15], ["b", 10], ["c", 5]);
    s = run(hybrid, s, { type: "endTurn" });
    expect([s.current, s.cursor]).toEqual(["b", 1]);
    s = run(hybrid, s, { type: "removeCombatant", id: "a" });
    expect([s.current, s.cursor, s.order]).toEqual(["b", 0, ["b", "c"]]);
    expect(playOut(hybrid, s).acted).toEqual(["b", "c"]);
  });

  it("PR-P10 a sequenced phase whose structure lists no strikes has nobody to play and may end", () => {
    let s = run(bare, emptyRoundState("classic-d20"), {
      type: "addCombatant",
      combatant: { id: "a", side: "gm", initiative: { total: 3 } },
    });
    s = run(bare, s, { type: "startCombat" }, { type: "endTurn" }, { type: "advancePhase" });
    expect([s.phase, s.queue, s.current, s.cursor]).toEqual([1, [], null, 0]);
    expect(run(bare, s, { type: "advancePhase" }).phase).toBe(2);
  });
});
