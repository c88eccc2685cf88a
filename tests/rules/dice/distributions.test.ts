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
