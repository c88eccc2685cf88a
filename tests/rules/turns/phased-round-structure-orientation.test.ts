import { describe, expect, it } from "vitest";
import {
  compromisePenalty,
  compromiseState,
  DEFAULT_ORIENTATION_LOW,
  lowOrientation,
  orientationResult,
} from "../../../src/rules/families/phased-round/orientation";
import { phasedRoundStructure } from "../../../src/rules/families/phased-round/structure";
import type { RoundState } from "../../../src/rules/turns/round-state";
import type { TimedState } from "../../../src/rules/turns/timed-states";
import { combat, expectRefused, phaseId, run } from "./helpers";

const table = phasedRoundStructure({ orientationLow: "gm" });

function started(): RoundState {
  return run(
    table,
    combat(table, [
      { id: "mage", side: "players" },
      { id: "orc", side: "gm" },
    ]),
    { type: "startCombat" },
  );
}

function to(state: RoundState, phase: string): RoundState {
  let s = state;
  for (let i = 0; i < 12 && phaseId(table, s) !== phase; i++) s = run(table, s, { type: "advancePhase" });
  expect(phaseId(table, s)).toBe(phase);
  return s;
}

const orientationOf = (s: RoundState, id: string) =>
  s.combatants.find((c) => c.id === id)?.sheet?.spellOrientation;
const timed = (s: RoundState) => s.timed.map((t) => [t.key, t.holder, t.createdRound, t.data]);

describe('phased-round orientation under the GM\'s reading (PR-P3, "gm")', () => {
  it("PR-P3 the GM's ruling on a low roll stands when the GM records the same roll again", () => {
    let s = to(started(), "spellOrientation");
    s = run(
      table,
      s,
      { type: "recordOrientation", id: "orc", roll: 4 },
      { type: "ruleOrientation", id: "orc", unable: false, penalty: 0 },
      { type: "recordOrientation", id: "orc", roll: 4, gmOverride: true },
    );
    expect(orientationOf(s, "orc")).toEqual({
      roll: 4,
      band: "incapacitated",
      failed: false,
      ruling: "able",
    });
    // Ruled able, the orc may still melee (PR-P9 bars only a failed roll).
    const melee = to(s, "melee");
    expect(
      run(table, melee, { type: "declareMelee", id: "orc", melee: { group: "g", initiative: 5 } })
        .combatants[1]?.sheet?.melee,
    ).toEqual({ group: "g", extraWeapons: 0 });
    // Another low roll is a new result: it waits for a new ruling.
    s = run(table, s, { type: "recordOrientation", id: "orc", roll: 2, gmOverride: true });
    expect(orientationOf(s, "orc")).toEqual({
      roll: 2,
      band: "incapacitated",
      failed: true,
      ruling: "pending",
    });
  });

  it("PR-P3 a low roll the GM ruled 'unable' and records again stays a failure, unable to act", () => {
    let s = to(started(), "spellOrientation");
    s = run(
      table,
      s,
      { type: "recordOrientation", id: "orc", roll: 5 },
      { type: "ruleOrientation", id: "orc", unable: true, penalty: 0 },
      { type: "recordOrientation", id: "orc", roll: 5, gmOverride: true },
    );
    expect(orientationOf(s, "orc")).toEqual({
      roll: 5,
      band: "incapacitated",
      failed: true,
      ruling: "unable",
    });
    expectRefused(
      table,
      to(s, "missileDeclarationA"),
      { type: "declareMissile", id: "orc", weapon: "single" },
      "unableToAct",
    );
  });

  it("PR-P3 a new ruling in the same round replaces the compromise set before; last round's and other states stay", () => {
    let s = to(started(), "spellOrientation");
    s = run(
      table,
      s,
      { type: "recordOrientation", id: "orc", roll: 3 },
      { type: "ruleOrientation", id: "orc", unable: true, penalty: 20 },
    );
    s = run(table, s, { type: "endRound", gmOverride: true });
    // Round 2: the round-1 compromise applies now; the orc also holds a state of another kind.
    s = run(table, s, {
      type: "addTimedState",
      state: { key: "stunned", holder: "orc", expiry: { kind: "manual" } },
    });
    s = to(s, "spellOrientation");
    s = run(
      table,
      s,
      { type: "recordOrientation", id: "orc", roll: 22 },
      { type: "ruleOrientation", id: "orc", unable: true, penalty: 30 },
      { type: "recordOrientation", id: "mage", roll: 1 },
      { type: "ruleOrientation", id: "mage", unable: true, penalty: 5 },
      { type: "ruleOrientation", id: "orc", unable: false, penalty: 10 },
    );
    expect(timed(s)).toEqual([
      ["compromised", "orc", 1, { penalty: 20, round: 2 }],
      ["stunned", "orc", 2, undefined],
      ["compromised", "mage", 2, { penalty: 5, round: 3 }],
      ["compromised", "orc", 2, { penalty: 10, round: 3 }],
    ]);
    // Ruled again with no penalty: no compromise ahead for the orc.
    s = run(table, s, { type: "ruleOrientation", id: "orc", unable: false, penalty: 0 });
    expect(timed(s)).toEqual([
      ["compromised", "orc", 1, { penalty: 20, round: 2 }],
      ["stunned", "orc", 2, undefined],
      ["compromised", "mage", 2, { penalty: 5, round: 3 }],
    ]);
  });
});

describe("phased-round orientation results (PR-P3, PR-P11)", () => {
  it("PR-P3 96 or more is the best outcome, never a failure, whatever the GM would rule", () => {
    expect(orientationResult(97, true)).toEqual({ roll: 97, band: "best", failed: false });
    expect(orientationResult(50, true)).toEqual({ roll: 50, band: "judgement", failed: true });
  });

  it('PR-P3 under the "gm" reading only a low roll waits for the GM\'s ruling', () => {
    expect(orientationResult(50, false, { reading: "gm" })).toEqual({
      roll: 50,
      band: "judgement",
      failed: false,
    });
    expect(orientationResult(99, false, { reading: "gm" })).toEqual({
      roll: 99,
      band: "best",
      failed: false,
    });
    expect(orientationResult(5, false, { reading: "gm" })).toEqual({
      roll: 5,
      band: "incapacitated",
      failed: true,
      ruling: "pending",
    });
  });

  it('PR-P3 the default reading of a low roll is "always unable"', () => {
    expect(DEFAULT_ORIENTATION_LOW).toBe("unable");
  });

  it("PR-P3 a combatant with no sheet has no low roll to rule on", () => {
    expect(lowOrientation(null)).toBeNull();
    expect(lowOrientation(undefined)).toBeNull();
  });

  it("PR-P3 only the holder's own compromise for that round counts, the highest one", () => {
    const mine = compromiseState({ holder: "orc", round: 1, penalty: 15 });
    const states: TimedState<unknown>[] = [
      mine,
      compromiseState({ holder: "mage", round: 1, penalty: 40 }),
      { ...mine, key: "stunned", data: { penalty: 60, round: 2 } },
      { ...mine, data: undefined },
      { ...mine, data: { round: 2 } },
      compromiseState({ holder: "orc", round: 1, penalty: 25 }),
      compromiseState({ holder: "orc", round: 2, penalty: 90 }),
    ];
    expect(compromisePenalty(states, "orc", 2)).toBe(25);
    expect(compromisePenalty(states, "mage", 2)).toBe(40);
    expect(compromisePenalty(states, "orc", 3)).toBe(90);
    expect(compromisePenalty(states, "troll", 2)).toBe(0);
  });
});
