/**
 * A defense roll «回避判定» (AD-A2, AD-C2): 3d6 at or under the chosen defense's target succeeds; a critical
 * success also sends the attacker to the fumble table «ファンブル表».
 */
import type { NextRoll } from "../../attack/next-roll";
import { resolveRollUnder, type RollUnderCriticals, type RollUnderResult } from "../../dice/roll-under";
import type { ActiveDefenseId } from "./defense-usage";

export interface ActiveDefenseRollResult {
  readonly id: ActiveDefenseId;
  readonly roll: RollUnderResult;
  readonly success: boolean;
  /** AD-C2: a critical defense: the attacker rolls 3d6 on the fumble table. */
  readonly attackerFumbles: boolean;
  readonly next: NextRoll | null;
}

export function resolveActiveDefenseRoll(
  defense: { readonly id: ActiveDefenseId; readonly target: number },
  faces: readonly number[],
  criticals: RollUnderCriticals,
): ActiveDefenseRollResult {
  const roll = resolveRollUnder(faces, defense.target, criticals);
  const attackerFumbles = roll.critical === "success";
  return {
    id: defense.id,
    roll,
    success: roll.success,
    attackerFumbles,
    next: attackerFumbles ? { purpose: "fumbleTable", formula: "3d6" } : null,
  };
}
