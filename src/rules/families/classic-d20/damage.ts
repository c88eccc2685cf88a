/**
 * Classic-d20 damage (CD-AT1 "then you deal damage", CD-AT3 the critical multiplier ×2, ×3…): a critical hit
 * multiplies the weapon's rolled damage; extra damage that is not the weapon's (e.g. bonus dice from a
 * power) may be kept out of the multiplication. Damage on a hit is never below `minimum` — a convention the
 * text does not state (the family's usual rule is 1); callers pass 0 to drop it. The card rolls the weapon's
 * own formula once and shows the multiplier next to the total this returns.
 */
export interface ClassicD20DamageInput {
  /** The weapon's rolled damage (dice + modifiers). */
  readonly rolled: number;
  readonly critical: boolean;
  /** The weapon's critical multiplier (×2 by default). */
  readonly multiplier?: number;
  /** Damage added after the multiplier. */
  readonly unmultiplied?: number;
  readonly minimum?: number;
}

export interface ClassicD20Damage {
  readonly multiplier: number;
  readonly damage: number;
}

export function classicD20Damage(input: ClassicD20DamageInput): ClassicD20Damage {
  const multiplier = input.critical ? Math.max(1, Math.trunc(input.multiplier ?? 2)) : 1;
  const raw = input.rolled * multiplier + (input.unmultiplied ?? 0);
  return { multiplier, damage: Math.max(input.minimum ?? 1, raw) };
}
