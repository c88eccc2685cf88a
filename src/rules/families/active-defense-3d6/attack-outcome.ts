/**
 * The outcome of one active-defense-3d6 attack from its hit roll and the defense rolls made against it
 * (AD-A1, AD-A2, AD-A4, AD-C1, AD-C2, AD-M3): damage is rolled when the hit succeeds and no defense succeeds
 * (at once on a critical); the attacker rolls on the fumble table after its own fumble or a critical defense.
 */
import type { NextRoll } from "../../attack/next-roll";
import type { ActiveDefenseHitResult } from "./attack";
import type { ActiveDefenseRollResult } from "./defense-roll";

export interface ActiveDefenseAttackOutcome {
  /** `FRAY.Attack.Outcome.<outcome>`. */
  readonly outcome: "miss" | "fumble" | "defended" | "hit" | "critical";
  readonly damageDue: boolean;
  /** AD-C2: the attacker rolls 3d6 on the fumble table. */
  readonly fumbleTable: boolean;
  /** The defense that stopped the attack. */
  readonly defendedBy: ActiveDefenseRollResult["id"] | null;
  /** Damage and/or the fumble table. */
  readonly next: readonly NextRoll[];
}

export function activeDefenseAttackOutcome(
  hit: ActiveDefenseHitResult,
  defenses: readonly ActiveDefenseRollResult[],
): ActiveDefenseAttackOutcome {
  const fumbleRoll: NextRoll = { purpose: "fumbleTable", formula: "3d6" };
  const damageRoll: NextRoll = { purpose: "damage", formula: hit.damageFormula };
  if (hit.fumble) {
    return { outcome: "fumble", damageDue: false, fumbleTable: true, defendedBy: null, next: [fumbleRoll] };
  }
  if (!hit.success)
    return { outcome: "miss", damageDue: false, fumbleTable: false, defendedBy: null, next: [] };
  if (hit.critical) {
    return { outcome: "critical", damageDue: true, fumbleTable: false, defendedBy: null, next: [damageRoll] };
  }
  const fumbleTable = defenses.some((d) => d.attackerFumbles);
  const stopped = defenses.find((d) => d.success);
  if (stopped) {
    return {
      outcome: "defended",
      damageDue: false,
      fumbleTable,
      defendedBy: stopped.id,
      next: fumbleTable ? [fumbleRoll] : [],
    };
  }
  return { outcome: "hit", damageDue: true, fumbleTable: false, defendedBy: null, next: [damageRoll] };
}
