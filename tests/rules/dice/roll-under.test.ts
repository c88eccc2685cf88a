import fc from "fast-check";
import { runs } from "../../property-runs";
import { describe, expect, it } from "vitest";
import { probability } from "../../../src/rules/dice/probability";
import { classifyRollUnder, resolveRollUnder, rollUnderChance } from "../../../src/rules/dice/roll-under";

const conventional = { success: 4, failure: 17 };

describe("3d6 roll-under", () => {
  it("AD-A1 P(3d6 ≤ 10) = 1/2; with criticals 3–4 / 17–18 unchanged at 10", () => {
    expect(rollUnderChance(10)).toEqual(probability(108, 216));
    expect(rollUnderChance(10, conventional)).toEqual({ numerator: 1, denominator: 2 });
  });

  it("AD-C3 a 3–4 always succeeds, a 17–18 always fails", () => {
    // Target 2: only the criticals 3 and 4 succeed: 1 + 3 ways of 216.
    expect(rollUnderChance(2, conventional)).toEqual(probability(4, 216));
    // Target 20: everything but 17 and 18 (3 + 1 ways).
    expect(rollUnderChance(20, conventional)).toEqual(probability(212, 216));
    expect(classifyRollUnder(4, 2, conventional)).toMatchObject({
      success: true,
      critical: "success",
      margin: -2,
    });
    expect(classifyRollUnder(17, 20, conventional)).toMatchObject({ success: false, critical: "failure" });
  });

  it("AD-C3 the critical thresholds are parameters", () => {
    const wide = { success: 5, failure: 16 };
    expect(classifyRollUnder(5, 4, wide)).toMatchObject({ success: true, critical: "success" });
    expect(classifyRollUnder(16, 18, wide)).toMatchObject({ success: false, critical: "failure" });
    expect(classifyRollUnder(5, 4, conventional)).toMatchObject({ success: false, critical: null });
  });

  it("AD-A1 margin = target − roll, from the faces", () => {
    expect(resolveRollUnder([3, 4, 5], 14)).toMatchObject({
      total: 12,
      margin: 2,
      success: true,
      critical: null,
    });
    expect(() => resolveRollUnder([3, 4], 14)).toThrow(RangeError);
    expect(() => resolveRollUnder([3, 4, 7], 14)).toThrow(RangeError);
  });

  it("AD-A1 outside the criticals, success is exactly roll ≤ target", () => {
    fc.assert(
      fc.property(fc.integer({ min: 5, max: 16 }), fc.integer({ min: -5, max: 25 }), (total, target) => {
        expect(classifyRollUnder(total, target, conventional).success).toBe(total <= target);
      }),
      runs(1000),
    );
  });
});

describe("3d6 roll-under: conventions and faces", () => {
  it("AD-C3 by default a 3–4 is a critical success and a 17–18 a critical failure", () => {
    expect(classifyRollUnder(4, 2)).toMatchObject({ success: true, critical: "success" });
    expect(classifyRollUnder(5, 4)).toMatchObject({ success: false, critical: null });
    expect(classifyRollUnder(17, 20)).toMatchObject({ success: false, critical: "failure" });
    expect(classifyRollUnder(16, 20)).toMatchObject({ success: true, critical: null });
  });

  it("AD-A1 without criticals the chance is P(3d6 ≤ target), the target itself included", () => {
    expect(rollUnderChance(3)).toEqual(probability(1, 216));
    expect(rollUnderChance(9)).toEqual(probability(81, 216));
    expect(rollUnderChance(18)).toEqual(probability(1, 1));
  });

  it("AD-A1 the roll is three faces of a d6: a 0, a 7 or a fraction is refused", () => {
    expect(() => resolveRollUnder([0, 3, 3], 10)).toThrow(RangeError);
    expect(() => resolveRollUnder([7, 3, 3], 10)).toThrow(RangeError);
    expect(() => resolveRollUnder([1.5, 3, 3], 10)).toThrow(RangeError);
    expect(() => resolveRollUnder([3, 3], 10)).toThrow(RangeError);
  });
});
