/**
 * OD-A7: damage «Daño» minus protections, armour and reductions is the final loss of Health «Salud»; a
 * defense that only mitigates (OD-A6) adds its mitigation to the reductions. Never below zero.
 */
import { reduceDamage, type ReducedDamage } from "../../attack/damage-reduction";

export interface OpposedD20DamageInput {
  readonly damage: number;
  /** Protections, armour and other reductions, each a number. */
  readonly protections: readonly number[];
  /** OD-A6: the mitigation of a defense that succeeded without avoiding the hit. */
  readonly mitigation?: number;
}

export function opposedD20HealthLoss(input: OpposedD20DamageInput): ReducedDamage {
  return reduceDamage(input.damage, [...input.protections, input.mitigation ?? 0]);
}
