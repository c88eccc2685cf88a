import fc from "fast-check";
import { runs } from "../../property-runs";
import { describe, expect, it } from "vitest";
import {
  CHALLENGE_TARGET,
  challengeFormula,
  resolveChallengeRoll,
} from "../../../src/rules/families/fast-slow/challenge-roll";

describe("fast-slow challenge roll (FS-D1, FS-D2)", () => {
  it("FS-D1 a roll is 1d20 plus the attribute modifier", () => {
    const result = resolveChallengeRoll({ modifier: 3, boons: 0, banes: 0 }, { d20: 8, boonDice: [] });
    expect(result.total).toBe(11);
    expect(challengeFormula({ modifier: 3, boons: 0, banes: 0 })).toBe("1d20 + 3");
    expect(challengeFormula({ modifier: -2, boons: 0, banes: 0 })).toBe("1d20 - 2");
    expect(challengeFormula({ modifier: 0, boons: 0, banes: 0 })).toBe("1d20");
  });

  it("FS-D1 boons and banes cancel; net boons add the highest d6, net banes subtract it", () => {
    const boons = resolveChallengeRoll({ modifier: 0, boons: 3, banes: 1 }, { d20: 5, boonDice: [2, 6] });
    expect(boons.net).toBe(2);
    expect(boons.total).toBe(11);
    const banes = resolveChallengeRoll({ modifier: 0, boons: 1, banes: 3 }, { d20: 15, boonDice: [4, 1] });
    expect(banes.total).toBe(11);
    expect(challengeFormula({ modifier: 1, boons: 0, banes: 2 })).toBe("1d20 + 1 - 2d6kh");
    expect(challengeFormula({ modifier: 1, boons: 1, banes: 0 }, 8)).toBe("1d20 + 1 + 1d8");
  });

  it("FS-D2 a challenge roll succeeds on a total of 10 or more (the target is a parameter)", () => {
    expect(CHALLENGE_TARGET).toBe(10);
    expect(resolveChallengeRoll({ modifier: 0, boons: 0, banes: 0 }, { d20: 10, boonDice: [] }).success).toBe(
      true,
    );
    expect(resolveChallengeRoll({ modifier: 0, boons: 0, banes: 0 }, { d20: 9, boonDice: [] }).success).toBe(
      false,
    );
    expect(
      resolveChallengeRoll({ modifier: 0, boons: 0, banes: 0 }, { d20: 10, boonDice: [] }, 11).success,
    ).toBe(false);
  });

  it("FS-D2 success is exactly total ≥ target, for every roll", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: -5, max: 5 }),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 0, max: 4 }),
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 4, maxLength: 4 }),
        (d20, modifier, boons, banes, pool) => {
          const n = Math.abs(boons - banes);
          const r = resolveChallengeRoll({ modifier, boons, banes }, { d20, boonDice: pool.slice(0, n) });
          const extra = n === 0 ? 0 : Math.sign(boons - banes) * Math.max(...pool.slice(0, n));
          expect(r.total).toBe(d20 + modifier + extra);
          expect(r.success).toBe(r.total >= 10);
        },
      ),
      runs(1000),
    );
  });

  it("FS-D1 refuses faces that cannot come from the dice", () => {
    expect(() =>
      resolveChallengeRoll({ modifier: 0, boons: 0, banes: 0 }, { d20: 21, boonDice: [] }),
    ).toThrow(RangeError);
    expect(() =>
      resolveChallengeRoll({ modifier: 0, boons: 2, banes: 0 }, { d20: 5, boonDice: [3] }),
    ).toThrow(RangeError);
  });
});

describe("fast-slow challenge roll: the faces it accepts", () => {
  it("FS-D1 the d20 shows 1–20: a 0, a 21 or a fraction is refused", () => {
    const plain = { modifier: 0, boons: 0, banes: 0 };
    expect(resolveChallengeRoll(plain, { d20: 1, boonDice: [] }).total).toBe(1);
    expect(resolveChallengeRoll(plain, { d20: 20, boonDice: [] }).total).toBe(20);
    expect(() => resolveChallengeRoll(plain, { d20: 0, boonDice: [] })).toThrow(RangeError);
    expect(() => resolveChallengeRoll(plain, { d20: 21, boonDice: [] })).toThrow(RangeError);
    expect(() => resolveChallengeRoll(plain, { d20: 10.5, boonDice: [] })).toThrow(RangeError);
  });

  it("FS-D1 a boon or bane die shows a whole face of at least 1: a 0 or a fraction is refused", () => {
    const boon = { modifier: 0, boons: 1, banes: 0 };
    expect(resolveChallengeRoll(boon, { d20: 9, boonDice: [1] })).toMatchObject({ total: 10, success: true });
    expect(() => resolveChallengeRoll(boon, { d20: 9, boonDice: [0] })).toThrow(RangeError);
    expect(() => resolveChallengeRoll(boon, { d20: 9, boonDice: [2.5] })).toThrow(RangeError);
    const bane = { modifier: 0, boons: 0, banes: 2 };
    expect(() => resolveChallengeRoll(bane, { d20: 15, boonDice: [3, -1] })).toThrow(RangeError);
  });
});
