import fc from "fast-check";
import { runs } from "../../property-runs";
import { describe, expect, it } from "vitest";
import {
  classicD20AttackBonus,
  classicD20RangePenalty,
} from "../../../src/rules/families/classic-d20/attack-bonus";
import {
  classicD20AttackFormula,
  resolveClassicD20Attack,
  resolveClassicD20Confirmation,
} from "../../../src/rules/families/classic-d20/attack";
import { classicD20Damage } from "../../../src/rules/families/classic-d20/damage";
import { classicD20LegalDefenses } from "../../../src/rules/families/classic-d20/defenses";

const stats = { baseAttackBonus: 3, strengthModifier: 2, dexterityModifier: 4, sizeModifier: 1 };

describe("classic-d20 attacks", () => {
  it("CD-AT4 melee bonus = base attack bonus + Strength + size", () => {
    const bonus = classicD20AttackBonus({ kind: "melee", ...stats, rangePenalty: 4 });
    expect(bonus.total).toBe(6);
    expect(bonus.parts.map((p) => p.part)).toEqual(["baseAttackBonus", "strength", "size"]);
  });

  it("CD-AT5 ranged bonus = base attack bonus + Dexterity + size + range penalty", () => {
    expect(classicD20AttackBonus({ kind: "ranged", ...stats, rangePenalty: 2 }).total).toBe(6);
    expect(classicD20AttackBonus({ kind: "ranged", ...stats, rangePenalty: -2 }).total).toBe(6);
    expect(classicD20AttackBonus({ kind: "thrown", ...stats, sizeModifier: -1 }).total).toBe(6);
    const ranged = classicD20AttackBonus({ kind: "ranged", ...stats, rangePenalty: 2, other: 1 });
    expect(ranged.total).toBe(7);
    expect(ranged.parts.map((p) => [p.part, p.value])).toEqual([
      ["baseAttackBonus", 3],
      ["dexterity", 4],
      ["size", 1],
      ["range", -2],
      ["other", 1],
    ]);
  });

  it("CD-AT5 the range penalty: none within the first range increment, then a step per increment beyond", () => {
    expect(classicD20RangePenalty(1.5, 18)).toBe(0);
    expect(classicD20RangePenalty(18, 18)).toBe(0);
    expect(classicD20RangePenalty(19.5, 18)).toBe(2);
    expect(classicD20RangePenalty(36, 18)).toBe(2);
    expect(classicD20RangePenalty(37.5, 18)).toBe(4);
    expect(classicD20RangePenalty(0.3 * 10, 0.3)).toBe(2 * 9);
    expect(classicD20RangePenalty(40, 0)).toBe(0);
    expect(classicD20RangePenalty(null, 18)).toBe(0);
    expect(classicD20RangePenalty(Number.NaN, 18)).toBe(0);
    expect(classicD20RangePenalty(0, 18)).toBe(0);
    expect(classicD20RangePenalty(-20, 18)).toBe(0);
    const far = classicD20AttackBonus({
      kind: "ranged",
      ...stats,
      rangePenalty: classicD20RangePenalty(40, 18),
    });
    expect(far).toMatchObject({ total: 4 });
    expect(far.parts).toContainEqual({ part: "range", value: -4 });
  });

  it("CD-AC1/CD-AT1 1d20 + attack bonus hits when it equals or exceeds the Armor Class", () => {
    expect(classicD20AttackFormula(6)).toBe("1d20 + 6");
    expect(resolveClassicD20Attack({ attackBonus: 6, armorClass: 16 }, 10)).toMatchObject({
      total: 16,
      hit: true,
      automatic: null,
      threat: false,
      outcome: "hit",
      next: null,
    });
    expect(resolveClassicD20Attack({ attackBonus: 6, armorClass: 16 }, 9)).toMatchObject({
      total: 15,
      hit: false,
      outcome: "miss",
    });
    expect(classicD20LegalDefenses(16)).toMatchObject({
      mode: "passive",
      options: [],
      passive: { labelKey: "FRAY.Defense.armorClass", value: 16 },
    });
  });

  it("CD-AT1 the attack roll is one d20: a face outside 1–20 is refused", () => {
    for (const face of [0, 21, 2.5, Number.NaN])
      expect(() => resolveClassicD20Attack({ attackBonus: 0, armorClass: 10 }, face)).toThrow(RangeError);
    for (const face of [0, 21])
      expect(() => resolveClassicD20Confirmation({ attackBonus: 0, armorClass: 10 }, face)).toThrow(
        RangeError,
      );
  });

  it("CD-AT2 a natural 1 always misses and a natural 20 always hits", () => {
    expect(resolveClassicD20Attack({ attackBonus: 30, armorClass: 10 }, 1)).toMatchObject({
      hit: false,
      automatic: "miss",
    });
    expect(resolveClassicD20Attack({ attackBonus: -5, armorClass: 40 }, 20)).toMatchObject({
      hit: true,
      automatic: "hit",
    });
  });

  it("CD-AT3 a natural 20 is a threat, confirmed by a second roll with the same bonus against the AC", () => {
    const input = { attackBonus: 6, armorClass: 18 };
    const first = resolveClassicD20Attack(input, 20);
    expect(first).toMatchObject({ threat: true, critical: false, outcome: "threat" });
    expect(first.next).toEqual({ purpose: "confirm", formula: "1d20 + 6" });
    expect(resolveClassicD20Confirmation(input, 12)).toMatchObject({
      total: 18,
      confirmed: true,
      outcome: "critical",
    });
    expect(resolveClassicD20Confirmation(input, 11)).toMatchObject({ confirmed: false, outcome: "hit" });
    expect(resolveClassicD20Confirmation(input, 1).confirmed).toBe(false);
  });

  it("CD-AT3 the weapon's threat range: a 19 threatens when it hits", () => {
    const wide = { attackBonus: 2, armorClass: 22, threatRange: 19 };
    expect(resolveClassicD20Attack({ ...wide, armorClass: 15 }, 19)).toMatchObject({ threat: true });
    expect(resolveClassicD20Attack(wide, 19)).toMatchObject({ hit: false, threat: false });
    expect(resolveClassicD20Attack({ ...wide, armorClass: 10 }, 18).threat).toBe(false);
    expect(resolveClassicD20Attack({ attackBonus: 2, armorClass: 10 }, 19).threat).toBe(false);
  });

  it("CD-AT3 without confirmation (a setting) a threat is a critical hit at once", () => {
    const r = resolveClassicD20Attack({ attackBonus: 2, armorClass: 10, confirmCriticals: false }, 20);
    expect(r).toMatchObject({ threat: true, critical: true, outcome: "critical", next: null });
  });

  it("CD-AT3 the critical multiplier applies to the damage", () => {
    expect(classicD20Damage({ rolled: 7, critical: true })).toEqual({ multiplier: 2, damage: 14 });
    expect(classicD20Damage({ rolled: 7, critical: true, multiplier: 3 })).toEqual({
      multiplier: 3,
      damage: 21,
    });
    expect(classicD20Damage({ rolled: 7, critical: true, multiplier: 3, unmultiplied: 4 }).damage).toBe(25);
    expect(classicD20Damage({ rolled: 7, critical: false, multiplier: 3 })).toEqual({
      multiplier: 1,
      damage: 7,
    });
    expect(classicD20Damage({ rolled: -1, critical: false }).damage).toBe(1);
    expect(classicD20Damage({ rolled: -1, critical: false, minimum: 0 }).damage).toBe(0);
  });

  it("CD-AT2/CD-AT3 for any bonus and AC: a 20 hits and threatens, a 1 misses, others compare with AC", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: -10, max: 30 }),
        fc.integer({ min: 0, max: 45 }),
        (d20, attackBonus, armorClass) => {
          const r = resolveClassicD20Attack({ attackBonus, armorClass }, d20);
          if (d20 === 20) expect(r).toMatchObject({ hit: true, threat: true });
          else if (d20 === 1) expect(r).toMatchObject({ hit: false, threat: false });
          else expect(r.hit).toBe(d20 + attackBonus >= armorClass);
        },
      ),
      runs(1000),
    );
  });
});
