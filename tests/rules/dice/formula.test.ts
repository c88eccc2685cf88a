import { describe, expect, it } from "vitest";
import { d20Formula, diceFormula, modifierTerm, plusBonus } from "../../../src/rules/dice/formula";

describe("roll formula builders", () => {
  it("FS-D1 1d20 + modifier with the highest boon die added or the highest bane die subtracted", () => {
    expect(d20Formula(3, 2)).toBe("1d20 + 3 + 2d6kh");
    expect(d20Formula(-1, -1)).toBe("1d20 - 1 - 1d6");
    expect(d20Formula(0, -3, 4)).toBe("1d20 - 3d4kh");
    expect(d20Formula(0)).toBe("1d20");
  });

  it("flat terms", () => {
    expect(modifierTerm(0)).toBe("");
    expect(modifierTerm(-4)).toBe(" - 4");
    expect(diceFormula(3, 6)).toBe("3d6");
    expect(diceFormula(2, 6, 1)).toBe("2d6 + 1");
    expect(diceFormula(0, 6, 6)).toBe("6");
    expect(plusBonus("1d8", 2)).toBe("1d8 + 2");
  });
});
