import { describe, expect, it } from "vitest";
import { ACTIVITY_MOVEMENT } from "../../../src/rules/families/fast-slow/activities";
import {
  defendState,
  endDefendIfUnableToAct,
  isDefending,
} from "../../../src/rules/families/fast-slow/defend";
import { planJump } from "../../../src/rules/families/fast-slow/jump";

const help = {
  key: "help",
  holder: "bob",
  createdRound: 2,
  expiry: { kind: "endOfRound", round: 2 },
} as const;

describe("fast-slow Defend, Retreat and Rush, jumps (FS-A5, FS-A12, FS-A13, FS-M5, FS-M6)", () => {
  it("FS-A5 a creature defends only with its own Defend, whatever else it holds", () => {
    expect(isDefending([help, defendState("bob", 2)], "bob", true)).toBe(true);
    expect(isDefending([defendState("cid", 2)], "bob", true)).toBe(false);
    expect(isDefending([help], "bob", true)).toBe(false);
  });

  it("FS-A5 Defend ends when its holder cannot act, and nothing else does", () => {
    const mine = defendState("bob", 2);
    const theirs = defendState("cid", 2);
    expect(endDefendIfUnableToAct([help, mine, theirs], "bob", false)).toEqual({
      ended: [mine],
      states: [help, theirs],
    });
    expect(endDefendIfUnableToAct([help, mine], "bob", true)).toEqual({ ended: [], states: [help, mine] });
  });

  it("FS-A12 Retreat moves half Speed without opportunity attacks; FS-A13 Rush moves double Speed and may provoke", () => {
    expect(ACTIVITY_MOVEMENT.retreat).toEqual({ speedFactor: 0.5, noOpportunity: true });
    expect(ACTIVITY_MOVEMENT.rush).toEqual({ speedFactor: 2, noOpportunity: false });
  });

  it("FS-M5 jumping down asks no Agility roll: under 5 m it lands, from 5 m it falls", () => {
    const down = { kind: "down", agilityModifier: 0, runUpMetres: 0, metresLeft: 10 } as const;
    expect(planJump({ ...down, distance: 4 })).toEqual({
      cost: 4,
      withoutRoll: 5,
      agilityRollAsked: false,
      landing: "safe",
    });
    expect(planJump({ ...down, distance: 6 })).toMatchObject({ agilityRollAsked: false, landing: "fall" });
  });

  it("FS-M5 a high jump the move cannot finish is a fall, even with no gap below", () => {
    // Agility modifier +4 after a run-up: 1.2 m without a roll; 1 m of move left.
    const plan = planJump({ kind: "high", distance: 1.2, agilityModifier: 4, runUpMetres: 2, metresLeft: 1 });
    expect(plan).toEqual({ cost: 1, withoutRoll: 1.2, agilityRollAsked: false, landing: "fall" });
  });

  it("FS-M6 a long jump of exactly its distance asks no roll; a longer one may", () => {
    // Agility modifier +1, no run-up: 3 m.
    const long = { kind: "long", agilityModifier: 1, runUpMetres: 0, metresLeft: 10 } as const;
    expect(planJump({ ...long, distance: 3 })).toMatchObject({
      withoutRoll: 3,
      agilityRollAsked: false,
      landing: "safe",
    });
    expect(planJump({ ...long, distance: 3.5 })).toMatchObject({ agilityRollAsked: true });
    expect(planJump({ ...long, distance: 4, metresLeft: 2 })).toMatchObject({ cost: 2, landing: "prone" });
  });
});
