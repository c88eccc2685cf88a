import { describe, expect, it } from "vitest";
import { resolveFeint } from "../../../src/rules/families/active-defense-3d6/feint";

describe("active-defense-3d6 feint «フェイント» (AD-M1)", () => {
  it("AD-M1 a margin of exactly 1 that wins the contest is a feint: effect = 1 − 0", () => {
    // Feinter: skill 10, rolls 9 → margin 1. Enemy: skill 9, rolls 9 → margin 0.
    expect(resolveFeint({ faces: [3, 3, 3], target: 10 }, { faces: [3, 3, 3], target: 9 })).toEqual({
      feinterMargin: 1,
      enemyMargin: 0,
      success: true,
      effect: 1,
    });
  });

  it("AD-M1 each side rolls three d6: a 0, a 7, a fraction or a wrong count is refused", () => {
    const fair = { faces: [3, 3, 3], target: 12 };
    for (const faces of [
      [0, 3, 3],
      [7, 3, 3],
      [2.5, 3, 3],
      [3, 3],
      [3, 3, 3, 3],
    ]) {
      expect(() => resolveFeint({ faces, target: 12 }, fair)).toThrow(RangeError);
      expect(() => resolveFeint(fair, { faces, target: 12 })).toThrow(RangeError);
    }
  });
});
