import { describe, expect, it } from "vitest";
import { statesLeftBy } from "../../../src/rules/budget/spend-states";

describe("the timed states a spend leaves on the round engine", () => {
  it("FS-A5 taking the Defend action leaves Defend until the end of this round", () => {
    expect(
      statesLeftBy({ family: "fast-slow", event: { type: "activity", activity: "defend" } }, "c1", 3),
    ).toEqual([{ key: "defend", holder: "c1", expiry: { kind: "endOfRound", round: 3 } }]);
  });

  it("FS-A5 AD-M2 AD-M3 spends that are no activity or manoeuvre, and the other families' spends, leave nothing", () => {
    expect(statesLeftBy({ family: "fast-slow", event: { type: "minor" } }, "c1", 3)).toEqual([]);
    expect(
      statesLeftBy({ family: "fast-slow", event: { type: "reaction", kind: "other" } }, "c1", 3),
    ).toEqual([]);
    expect(
      statesLeftBy({ family: "active-defense-3d6", event: { type: "shoot", weaponId: "bow" } }, "c1", 3),
    ).toEqual([]);
    expect(statesLeftBy({ family: "classic-d20", event: { type: "free" } }, "c1", 3)).toEqual([]);
    expect(
      statesLeftBy({ family: "opposed-d20", event: { type: "action", counter: "active" } }, "c1", 3),
    ).toEqual([]);
  });

  it("FS other activities leave nothing", () => {
    expect(
      statesLeftBy({ family: "fast-slow", event: { type: "activity", activity: "rush" } }, "c1", 3),
    ).toEqual([]);
  });

  it("AD-M2 and AD-M3 all-out attack and all-out defense last until the holder's next turn (AD-T1)", () => {
    const attack = statesLeftBy(
      {
        family: "active-defense-3d6",
        event: { type: "maneuver", maneuver: "allOutAttack", option: "plusFour", weaponId: "w1" },
      },
      "c2",
      1,
    );
    expect(attack).toEqual([
      { key: "allOutAttack", holder: "c2", expiry: { kind: "holderNextTurn" }, data: { option: "plusFour" } },
    ]);
    const defense = statesLeftBy(
      { family: "active-defense-3d6", event: { type: "maneuver", maneuver: "allOutDefense" } },
      "c2",
      1,
    );
    expect(defense).toMatchObject([
      { key: "allOutDefense", holder: "c2", expiry: { kind: "holderNextTurn" } },
    ]);
  });

  it("AD aim, feint and the other manoeuvres stay in the budget alone", () => {
    for (const event of [
      { type: "maneuver", maneuver: "aim", weaponId: "w", margin: 2 },
      { type: "maneuver", maneuver: "feint", target: "t", effect: 3 },
      { type: "maneuver", maneuver: "move" },
    ] as const) {
      expect(statesLeftBy({ family: "active-defense-3d6", event }, "c3", 2)).toEqual([]);
    }
  });
});
