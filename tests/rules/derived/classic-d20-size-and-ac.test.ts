import { describe, expect, it } from "vitest";
import { cdArmorClass, cdSizeModifier } from "../../../src/rules/families/classic-d20/derived";

describe("classic-d20 size and Armor Class (CD-AT4, CD-AC1)", () => {
  it("CD-AT4 the larger the creature the worse its size modifier: huge −2, gargantuan −4", () => {
    expect(cdSizeModifier("large")).toBe(-1);
    expect(cdSizeModifier("huge")).toBe(-2);
    expect(cdSizeModifier("gargantuan")).toBe(-4);
    expect(cdSizeModifier("colossal")).toBe(-8);
  });

  it("CD-AC1 a miscellaneous bonus raises Armor Class", () => {
    const base = { dexModifier: 0, sizeModifier: 0, armorBonus: 0, shieldBonus: 0, natural: 0, maxDex: null };
    expect(cdArmorClass({ ...base, misc: 0 })).toBe(10);
    expect(cdArmorClass({ ...base, misc: 2 })).toBe(12);
  });
});
