import fc from "fast-check";
import { runs } from "../../property-runs";
import { describe, expect, it } from "vitest";
import { boonRollChance } from "../../../src/rules/dice/boon-roll";
import { tallyBoons } from "../../../src/rules/dice/boon-tally";
import { probability, probabilityValue } from "../../../src/rules/dice/probability";

describe("FS-D1/FS-D2 d20 with boon and bane dice", () => {
  it("FS-D2 no boons: P(d20 ≥ 10) = 11/20", () => {
    expect(boonRollChance({ modifier: 0, net: 0 }, 10)).toEqual(probability(11, 20));
  });

  it("FS-D1 two boons: P(d20 + max(2d6) ≥ 20) = Σ (2k−1)/36 × (k+1)/20 = 197/720", () => {
    // P(max = k) = (2k − 1)/36; then the d20 needs 20 − k or more: (k + 1)/20.
    let numerator = 0;
    for (let k = 1; k <= 6; k += 1) numerator += (2 * k - 1) * (k + 1);
    expect(numerator).toBe(197);
    expect(boonRollChance({ modifier: 0, net: 2 }, 20)).toEqual(probability(197, 720));
  });

  it("FS-D1 one bane: P(d20 − 1d6 ≥ 10) = Σ (11 − k)/120 = 45/120 = 3/8", () => {
    expect(boonRollChance({ modifier: 0, net: -1 }, 10)).toEqual(probability(3, 8));
  });

  it("FS-D1 with a modifier: P(d20 + 3 + 1d6 ≥ 15) = Σ_k (9 + k)/120 = 75/120 = 5/8", () => {
    // d20 ≥ 12 − k: (9 + k)/20 ways for k = 1…6: 10+11+12+13+14+15 = 75.
    expect(boonRollChance({ modifier: 3, net: 1 }, 15)).toEqual(probability(5, 8));
  });

  it("FS-D1 the boon die is a setting: P(d20 + 1d4 ≥ 21) = (1+2+3+4)/80 = 1/8", () => {
    expect(boonRollChance({ modifier: 0, net: 1, boonDie: 4 }, 21)).toEqual(probability(1, 8));
  });

  it("FS-D1 boons and banes cancel one for one", () => {
    const tally = tallyBoons([
      { source: "help", boons: 2, banes: 0 },
      { source: "defend", boons: 0, banes: 1 },
      { source: "cover", boons: 0, banes: 3 },
    ]);
    expect(tally).toMatchObject({ boons: 2, banes: 4, net: -2 });
  });

  it("FS-D1 one more net boon never lowers the chance to reach a target", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -4, max: 3 }),
        fc.integer({ min: -5, max: 5 }),
        fc.integer({ min: -5, max: 30 }),
        (net, modifier, target) => {
          const now = probabilityValue(boonRollChance({ modifier, net }, target));
          const more = probabilityValue(boonRollChance({ modifier, net: net + 1 }, target));
          expect(more).toBeGreaterThanOrEqual(now);
        },
      ),
      runs(1000),
    );
  });
});
