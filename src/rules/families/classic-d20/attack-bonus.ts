/**
 * Classic-d20 attack bonuses: melee = base attack bonus «bazowa premia do ataku» + Strength modifier + size
 * modifier (CD-AT4); ranged = base attack bonus + Dexterity modifier + size modifier + range penalty «kara z
 * zasięgu» (CD-AT5). Thrown weapons are ranged attacks. Other modifiers (CD-AT1) are added last.
 */
/**
 * CD-AT5: the range penalty step per full range increment beyond the first. The text names the penalty «kara z
 * zasięgu» without its size; this is the family's usual one.
 */
export const RANGE_PENALTY_STEP = 2;

/**
 * CD-AT5: the range penalty «kara z zasięgu», as a magnitude, of a ranged or thrown attack at `distance` with a
 * weapon of range increment `rangeIncrement` (same unit): none within the first increment, then one step per
 * increment the target stands beyond it (a distance just past 1 increment is in the second: one step). No
 * increment (0) or no distance known: none.
 */
export function classicD20RangePenalty(
  distance: number | null,
  rangeIncrement: number,
  step = RANGE_PENALTY_STEP,
): number {
  if (!(rangeIncrement > 0) || !Number.isFinite(distance)) return 0;
  // The increment the target stands in (a rounding error must not push an exact multiple into the next one);
  // no distance, or none at all, is within the first increment.
  const increment = Math.ceil(Number(distance) / rangeIncrement - 1e-9);
  return step * Math.max(0, increment - 1);
}

export interface ClassicD20AttackBonusInput {
  readonly kind: "melee" | "ranged" | "thrown";
  readonly baseAttackBonus: number;
  readonly strengthModifier: number;
  readonly dexterityModifier: number;
  /** The attacker's size modifier (small +1, large −1…). */
  readonly sizeModifier: number;
  /** The range penalty of a ranged attack, as a magnitude: 2 and −2 both take 2 off. Ignored in melee. */
  readonly rangePenalty?: number;
  /** Other modifiers (CD-AT1): the weapon's, the situation's. */
  readonly other?: number;
}

export type AttackBonusPart = "baseAttackBonus" | "strength" | "dexterity" | "size" | "range" | "other";

export interface ClassicD20AttackBonus {
  readonly total: number;
  /** Each term, for the card's breakdown (`FRAY.Attack.Bonus.<part>`). Zero terms are left out. */
  readonly parts: readonly { readonly part: AttackBonusPart; readonly value: number }[];
}

export function classicD20AttackBonus(input: ClassicD20AttackBonusInput): ClassicD20AttackBonus {
  const melee = input.kind === "melee";
  const parts: { part: AttackBonusPart; value: number }[] = [
    { part: "baseAttackBonus", value: input.baseAttackBonus },
    melee
      ? { part: "strength", value: input.strengthModifier }
      : { part: "dexterity", value: input.dexterityModifier },
    { part: "size", value: input.sizeModifier },
    { part: "range", value: melee ? 0 : -Math.abs(input.rangePenalty ?? 0) },
    { part: "other", value: input.other ?? 0 },
  ];
  const kept = parts.filter((p) => p.value !== 0);
  return { total: kept.reduce((sum, p) => sum + p.value, 0), parts: kept };
}
