import fc from "fast-check";
import { runs } from "../../property-runs";
import { describe, expect, it } from "vitest";
import { sumOfDice } from "../../../src/rules/dice/dice-sum";
import { chanceAtLeast, chanceAtMost, die } from "../../../src/rules/dice/distribution";
import { keepHighest } from "../../../src/rules/dice/keep-highest";
import { probability } from "../../../src/rules/dice/probability";

/** Every ordered tuple of `count` faces of a d`sides`: the brute-force reference. */
function tuples(count: number, sides: number): number[][] {
  let out: number[][] = [[]];
  for (let i = 0; i < count; i += 1) {
    out = out.flatMap((t) => Array.from({ length: sides }, (_, f) => [...t, f + 1]));
  }
  return out;
}

describe("exact dice distributions", () => {
  it("reduces fractions: 108/216 is 1/2", () => {
    expect(probability(108, 216)).toEqual({ numerator: 1, denominator: 2 });
    expect(() => probability(3, 2)).toThrow(RangeError);
  });

  it("AD-A1 P(3d6 ≤ 10) = 108/216 = 1/2, P(3d6 ≤ 4) = 4/216, P(3d6 ≥ 17) = 4/216", () => {
    const d = sumOfDice(3, 6);
    expect(d.total).toBe(216);
    expect(chanceAtMost(d, 10)).toEqual({ numerator: 1, denominator: 2 });
    expect(chanceAtMost(d, 4)).toEqual(probability(4, 216));
    expect(chanceAtLeast(d, 17)).toEqual(probability(4, 216));
    // 3d6 = 9 in 25 ways (the classic table), 3d6 = 10 in 27.
    expect(d.weights.get(9)).toBe(25);
    expect(d.weights.get(10)).toBe(27);
  });

  it("NdM sums agree with brute-force enumeration", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 2, max: 8 }), (count, sides) => {
        const d = sumOfDice(count, sides);
        const all = tuples(count, sides);
        expect(d.total).toBe(all.length);
        for (const [value, ways] of d.weights) {
          expect(all.filter((t) => t.reduce((a, b) => a + b, 0) === value).length).toBe(ways);
        }
      }),
      runs(1000),
    );
  });

  it("FS-D1 the highest of 2d6: faces 1…6 in 1, 3, 5, 7, 9, 11 ways out of 36", () => {
    const d = keepHighest(2, 6);
    expect(d.total).toBe(36);
    expect([1, 2, 3, 4, 5, 6].map((k) => d.weights.get(k))).toEqual([1, 3, 5, 7, 9, 11]);
  });

  it("FS-D1 keep-highest agrees with brute-force enumeration", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 2, max: 8 }), (count, sides) => {
        const d = keepHighest(count, sides);
        const all = tuples(count, sides);
        expect(d.total).toBe(all.length);
        for (let k = 1; k <= sides; k += 1) {
          expect(d.weights.get(k)).toBe(all.filter((t) => Math.max(...t) === k).length);
        }
      }),
      runs(1000),
    );
  });

  it("a single die is uniform", () => {
    expect(chanceAtLeast(die(20), 11)).toEqual({ numerator: 1, denominator: 2 });
  });
});

describe("exact dice distributions refuse what is not a roll", () => {
  it("AD-A1 NdM: zero dice is the constant 0; a negative or fractional count is refused", () => {
    expect(sumOfDice(0, 6)).toEqual({ weights: new Map([[0, 1]]), total: 1 });
    expect(() => sumOfDice(-1, 6)).toThrow(RangeError);
    expect(() => sumOfDice(1.5, 6)).toThrow(RangeError);
  });

  it("AD-A1 a die has whole faces, at least one: a d1 always shows 1, a d0 or a d2.5 is refused", () => {
    expect(die(1)).toEqual({ weights: new Map([[1, 1]]), total: 1 });
    expect(() => die(0)).toThrow(RangeError);
    expect(() => die(2.5)).toThrow(RangeError);
  });

  it("AD-A1 a sum whose count of ways leaves the safe integers is refused, not rounded (21d6: 6^21 > 2^53)", () => {
    expect(sumOfDice(20, 6).total).toBe(6 ** 20);
    expect(() => sumOfDice(21, 6)).toThrow(RangeError);
  });

  it("FS-D1 the highest of N dice needs a whole N ≥ 1 and whole faces ≥ 1", () => {
    expect(keepHighest(3, 1)).toEqual({ weights: new Map([[1, 1]]), total: 1 });
    expect(() => keepHighest(0, 6)).toThrow(RangeError);
    expect(() => keepHighest(1.5, 6)).toThrow(RangeError);
    expect(() => keepHighest(2, 0)).toThrow(RangeError);
    expect(() => keepHighest(2, 2.5)).toThrow(RangeError);
  });

  it("FS-D1 the highest of 21 boon dice is refused rather than rounded (6^21 > 2^53)", () => {
    expect(keepHighest(20, 6).total).toBe(6 ** 20);
    expect(() => keepHighest(21, 6)).toThrow(RangeError);
  });

  it("AD-A1 fractions are reduced by their greatest common divisor: 4/6 is 2/3, 0/5 is 0/1", () => {
    expect(probability(4, 6)).toEqual({ numerator: 2, denominator: 3 });
    expect(probability(15, 216)).toEqual({ numerator: 5, denominator: 72 });
    expect(probability(0, 5)).toEqual({ numerator: 0, denominator: 1 });
    expect(probability(7, 7)).toEqual({ numerator: 1, denominator: 1 });
  });

  it("AD-A1 a probability lies in [0, 1] over a positive whole count of ways", () => {
    expect(() => probability(0, 0)).toThrow(RangeError);
    expect(() => probability(-1, 2)).toThrow(RangeError);
    expect(() => probability(1, -2)).toThrow(RangeError);
    expect(() => probability(1, 1.5)).toThrow(RangeError);
    expect(() => probability(0.5, 1)).toThrow(RangeError);
    expect(() => probability(1, 2 ** 53)).toThrow(RangeError);
  });
});
