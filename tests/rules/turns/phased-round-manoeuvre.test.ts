import { describe, expect, it } from "vitest";
import { MANOEUVRE_SUCCESS_AT, manoeuvreResult } from "../../../src/rules/families/phased-round/manoeuvre";
import { compromisePenalty, compromiseState } from "../../../src/rules/families/phased-round/orientation";

describe("phased-round manoeuvre roll", () => {
  it("PR-P6 an extraordinary manoeuvre's roll: open-ended d100 + the manoeuvre bonus; 100 or more succeeds (convention)", () => {
    expect(MANOEUVRE_SUCCESS_AT).toBe(100);
    expect(manoeuvreResult({ d100: 70, bonus: 30 })).toEqual({
      d100: 70,
      bonus: 30,
      penalty: 0,
      total: 100,
      succeeded: true,
    });
    expect(manoeuvreResult({ d100: 69, bonus: 30 })).toMatchObject({ total: 99, succeeded: false });
    // An open-ended roll past 100 succeeds with no bonus; a low one that opened downward fails.
    expect(manoeuvreResult({ d100: 131, bonus: 0 })).toMatchObject({ succeeded: true });
    expect(manoeuvreResult({ d100: -40, bonus: 60 })).toMatchObject({ total: 20, succeeded: false });
  });

  it("PR-P3 a compromised character's manoeuvre roll this round takes the GM's penalty, as its attack and orientation rolls do", () => {
    // The GM compromised the mage's next round (round 2) by 15 after a low orientation roll in round 1.
    const states = [compromiseState({ holder: "mage", round: 1, penalty: 15 })];
    expect(compromisePenalty(states, "mage", 1)).toBe(0);
    const penalty = compromisePenalty(states, "mage", 2);
    expect(penalty).toBe(15);
    // 80 + 25 = 105 succeeds for anyone else; the compromised mage's 105 − 15 = 90 fails.
    expect(manoeuvreResult({ d100: 80, bonus: 25 })).toMatchObject({ total: 105, succeeded: true });
    expect(manoeuvreResult({ d100: 80, bonus: 25, penalty })).toEqual({
      d100: 80,
      bonus: 25,
      penalty: 15,
      total: 90,
      succeeded: false,
    });
    // A penalty is never a bonus.
    expect(manoeuvreResult({ d100: 80, bonus: 25, penalty: -30 })).toMatchObject({ total: 105 });
  });
});
