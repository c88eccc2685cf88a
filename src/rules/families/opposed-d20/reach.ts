/**
 * OD-A1 declaring an attack «Declarar el ataque»: the attacker checks that it can reach the target «comprueba que
 * puede alcanzar al objetivo» before the action is counted. A melee weapon reaches as far as its reach; a ranged
 * or thrown one as far as its range (a weapon whose range is not set is not checked). When the distance is not
 * known (no tokens on one scene) nothing is checked. Distances in the scene's units.
 */
import { accept, refuse, type Outcome } from "../../outcome";
import type { WeaponKind } from "../../items/weapon-kinds";

export interface OpposedD20ReachInput {
  readonly kind: WeaponKind;
  /** The weapon's reach (melee). */
  readonly reach: number;
  /** The weapon's range (ranged, thrown); 0: not set. */
  readonly range: number;
  /** From the attacker to the target; null: not known. */
  readonly distance: number | null;
}

export type OpposedD20ReachRefusal = "targetOutOfReach" | "targetOutOfRange";

export function opposedD20CanReach(input: OpposedD20ReachInput): Outcome<null, OpposedD20ReachRefusal> {
  const { distance } = input;
  // Stryker disable next-line ConditionalExpression: null compares as 0, which is within any reach or set range, so the early return only narrows the type
  if (distance === null) return accept(null);
  const melee = input.kind === "melee";
  const limit = melee ? input.reach : input.range;
  if (!melee && !(limit > 0)) return accept(null);
  // A rounding error in the measure must not put a target exactly at the limit out of it.
  // Stryker disable next-line EqualityOperator: < and <= differ only at exactly limit + 1e-9, a distance no measure gives
  if (distance <= limit + 1e-9) return accept(null);
  return refuse(melee ? "targetOutOfReach" : "targetOutOfRange", { distance, limit });
}
