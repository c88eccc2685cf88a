import { describe, expect, it } from "vitest";
import { DICE_CAPS, formulaSize, isDiceFormula, withinDiceCaps } from "../../../src/rules/dice/formula-shape";

describe("damage formula size (issue 12: the GM rolls what an item's owner wrote)", () => {
  it("counts the dice of each term and in all", () => {
    expect(formulaSize("2d6 + d8 - 3")).toEqual({ dice: 3, largestTerm: 2, terms: 3, faces: 8, constant: 3 });
    expect(formulaSize("")).toMatchObject({ dice: 0, terms: 0 });
    expect(formulaSize("2d6 * 3")).toBeNull();
    expect(withinDiceCaps("2d6 * 3")).toBe(false);
    // Spaces around a formula are not part of it.
    expect(formulaSize("  2d6 + 1 ")).toEqual({ dice: 2, largestTerm: 2, terms: 2, faces: 6, constant: 1 });
  });

  it("reads a keep-highest or keep-lowest term as one term of its dice", () => {
    expect(formulaSize("4d6kh3 + 5")).toEqual({ dice: 4, largestTerm: 4, terms: 2, faces: 6, constant: 5 });
    expect(formulaSize("2d20kl1")).toEqual({ dice: 2, largestTerm: 2, terms: 1, faces: 20, constant: 0 });
    expect(formulaSize("3d6kh12 - 1")).toEqual({ dice: 3, largestTerm: 3, terms: 2, faces: 6, constant: 1 });
    expect(formulaSize("2d6kx1")).toBeNull();
    // Capitals are read as their lower-case terms: writing "2D6" cannot slip dice past the cap.
    expect(formulaSize("4D6KH3 + 5")).toEqual(formulaSize("4d6kh3 + 5"));
  });

  it("keeps a formula exactly at each cap", () => {
    expect(DICE_CAPS).toEqual({ perTerm: 50, total: 100, terms: 20, faces: 1000, constant: 10_000 });
    expect(withinDiceCaps("50d6 + 50d6")).toBe(true);
    expect(withinDiceCaps(Array.from({ length: 20 }, () => "1").join(" + "))).toBe(true);
    expect(withinDiceCaps("1d1000")).toBe(true);
    expect(withinDiceCaps("1d6 + 10000")).toBe(true);
  });

  it("refuses twenty 999-dice terms, a term past the cap, too many dice in all, huge dice or constants", () => {
    expect(isDiceFormula(Array.from({ length: 20 }, () => "999d6").join(" + "))).toBe(false);
    expect(withinDiceCaps(`${DICE_CAPS.perTerm + 1}d6`)).toBe(false);
    expect(withinDiceCaps(`${DICE_CAPS.perTerm}d6`)).toBe(true);
    expect(withinDiceCaps("50d6 + 50d6 + 1d6")).toBe(false);
    expect(withinDiceCaps("1d1001")).toBe(false);
    expect(withinDiceCaps("1d6 + 10001")).toBe(false);
    expect(withinDiceCaps(Array.from({ length: 21 }, () => "1").join(" + "))).toBe(false);
  });

  it("keeps every ordinary weapon formula", () => {
    for (const f of ["1d8", "2d6 + 3", "3d6kh2", "d100", "1d4 - 3", "4d10 + 2d6 + 5", ""])
      expect(isDiceFormula(f), f).toBe(true);
  });
});
