/**
 * Damage after protections (OD-A7: protections, armour and reductions → the loss of Health; AD-A4: damage
 * minus the armour's DR). Never below zero: a reduction cannot heal.
 */
export interface ReducedDamage {
  readonly rolled: number;
  readonly reduction: number;
  readonly final: number;
}

export function reduceDamage(rolled: number, reductions: number | readonly number[] = 0): ReducedDamage {
  const list = typeof reductions === "number" ? [reductions] : reductions;
  const reduction = list.reduce((sum, r) => sum + Math.max(0, r), 0);
  return { rolled, reduction, final: Math.max(0, rolled - reduction) };
}
