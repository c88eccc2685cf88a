/**
 * Active-defense-3d6 damage «ダメージ判定» (AD-A4): roll the weapon's damage dice and subtract the target's
 * armour DR «ダメージ抵抗»; the rest is the final damage (never below zero). All-out attack option (a)
 * (AD-M2) counts one damage die as its maximum: roll one die fewer and add that die's maximum.
 */
import { reduceDamage, type ReducedDamage } from "../../attack/damage-reduction";
import { diceFormula } from "../../dice/formula";

export interface AdDamageDice {
  readonly count: number;
  /** Faces of each die (6 by default). */
  readonly sides?: number;
  readonly bonus?: number;
}

/** The damage Roll formula, e.g. "2d6 + 1", or "1d6 + 7" when one die counts as its maximum (AD-M2 a). */
export function activeDefenseDamageFormula(dice: AdDamageDice, maxOneDie = false): string {
  const sides = dice.sides ?? 6;
  const bonus = dice.bonus ?? 0;
  if (maxOneDie && dice.count >= 1) return diceFormula(dice.count - 1, sides, bonus + sides);
  return diceFormula(dice.count, sides, bonus);
}

/** AD-A4: the rolled damage minus DR. */
export function activeDefenseFinalDamage(rolled: number, dr: number): ReducedDamage {
  return reduceDamage(rolled, dr);
}
