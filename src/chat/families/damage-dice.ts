/**
 * Reads a weapon's damage formula as dice for active-defense-3d6 (AD-A4, AD-M2 a): "2d6 + 1" → 2 dice of 6
 * faces, +1. A formula of another shape (two kinds of dice, keep-highest…) gives null: it is rolled as
 * written, and AD-M2 (a) cannot count one of its dice at maximum.
 */
import type { AdDamageDice } from "../../rules/families/active-defense-3d6/damage";

const SHAPE = /^(\d*)d(\d+)(?:\s*([+-])\s*(\d+))?$/i;

export function damageDice(formula: string): AdDamageDice | null {
  const match = SHAPE.exec(formula.trim());
  if (!match) return null;
  const [, count, sides, sign, bonus] = match;
  const value = bonus ? Number(bonus) : 0;
  return {
    count: count ? Number(count) : 1,
    sides: Number(sides),
    bonus: sign === "-" ? -value : value,
  };
}
