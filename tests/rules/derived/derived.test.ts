import { describe, expect, it } from "vitest";
import { fsDefense, fsModifier } from "../../../src/rules/families/fast-slow/derived";
import {
  cdAbilityModifier,
  cdArmorClass,
  cdSizeModifier,
} from "../../../src/rules/families/classic-d20/derived";
import { adDefenseTargets } from "../../../src/rules/families/active-defense-3d6/derived";
import { durationInRounds } from "../../../src/rules/items/durations";

describe("derived statistics", () => {
  it("FS-D1 the attribute modifier is the score minus 10", () => {
    expect(fsModifier(10)).toBe(0);
    expect(fsModifier(13)).toBe(3);
    expect(fsModifier(7)).toBe(-3);
  });

  it("FS-D2 Defense is the creature's own plus its armour and shield bonuses, never below 0", () => {
    expect(fsDefense({ base: 11, bonuses: [2, 1] })).toBe(14);
    expect(fsDefense({ base: 0, bonuses: [] })).toBe(0);
  });

  it("CD-I1 ability modifiers: (score − 10) / 2 rounded down", () => {
    expect([1, 8, 9, 10, 11, 12, 18, 19].map(cdAbilityModifier)).toEqual([-5, -1, -1, 0, 0, 1, 4, 4]);
  });

  it("CD-AT4 size modifiers: small +1, medium 0, large −1, colossal −8", () => {
    expect(cdSizeModifier("small")).toBe(1);
    expect(cdSizeModifier("medium")).toBe(0);
    expect(cdSizeModifier("large")).toBe(-1);
    expect(cdSizeModifier("colossal")).toBe(-8);
    expect(cdSizeModifier("fine")).toBe(8);
  });

  it("CD-AC1 Armor Class: 10 + armour + shield + Dexterity (capped by armour) + size + natural + misc", () => {
    const base = { dexModifier: 3, sizeModifier: -1, armorBonus: 4, shieldBonus: 2, natural: 1, misc: 0 };
    expect(cdArmorClass({ ...base, maxDex: null })).toBe(19);
    expect(cdArmorClass({ ...base, maxDex: 1 })).toBe(17);
    expect(cdArmorClass({ ...base, dexModifier: -2, maxDex: 1 })).toBe(14);
  });

  it("AD-A2 Parry DEV+PEV, Block DEV+BEV, Dodge DEV−WT from the equipment, AD-A4 DR worn", () => {
    const own = { dev: 6, pev: 0, bev: 0, wt: 2, dr: 1 };
    const targets = adDefenseTargets(own, { weaponParry: [1, 3], shieldBlock: [2], armorDr: [2, 1] });
    expect(targets).toEqual({ pev: 3, bev: 2, dr: 4, parry: 9, block: 8, dodge: 4 });
  });

  it("AD-A2 a defender with two shields or two parrying weapons ready defends with the better one", () => {
    // Block is DEV + the BEV of the shield it stops with, Parry DEV + the PEV of the weapon it deflects with:
    // holding a worse second one never lowers the defense.
    const own = { dev: 6, pev: 0, bev: 0, wt: 0, dr: 0 };
    const targets = adDefenseTargets(own, { weaponParry: [2, 1], shieldBlock: [1, 3], armorDr: [] });
    expect(targets).toMatchObject({ pev: 2, bev: 3, parry: 8, block: 9 });
  });

  it("AD-A2 without a parrying weapon or a shield there is no Parry or Block, unless the creature has its own", () => {
    const none = adDefenseTargets(
      { dev: 5, pev: 0, bev: 0, wt: 0, dr: 0 },
      { weaponParry: [], shieldBlock: [], armorDr: [] },
    );
    expect(none.parry).toBeNull();
    expect(none.block).toBeNull();
    const natural = adDefenseTargets(
      { dev: 5, pev: 2, bev: 0, wt: 0, dr: 0 },
      { weaponParry: [], shieldBlock: [], armorDr: [] },
    );
    expect(natural.parry).toBe(7);
  });

  it("FS-R1 durations in 10-second rounds: a minute is 6 rounds", () => {
    expect(durationInRounds(1, "minutes")).toBe(6);
    expect(durationInRounds(3, "rounds")).toBe(3);
    expect(durationInRounds(5, "instant")).toBe(0);
  });
});
