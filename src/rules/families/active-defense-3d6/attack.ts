/**
 * Active-defense-3d6 hit roll «命中判定» (AD-A1, AD-C1, AD-C2, AD-C3): the attacker rolls 3d6; at or under its
 * target value the attack "nearly hits" and the defender may try a defense roll. A critical «クリティカル»
 * allows no defense: roll damage at once. A fumble «ファンブル» makes the attacker roll 3d6 on the fumble table.
 *
 * The target value is the weapon skill plus modifiers: all-out attack «全力攻撃» option (b) +4 (AD-M2); for a
 * bow or crossbow (AD-M5) the aim «狙い» roll's margin as a bonus, or −4 for a shot without aim.
 */
import type { NextRoll } from "../../attack/next-roll";
import { resolveRollUnder, type RollUnderCriticals, type RollUnderResult } from "../../dice/roll-under";
import { activeDefenseDamageFormula, type AdDamageDice } from "./damage";

/** AD-M2: (a) one damage die at maximum, (b) +4 to skill, (c) feint and attack, (d) two attacks. */
export type AllOutAttackOption = "maxDamage" | "plusFour" | "feintAndAttack" | "twoAttacks";

export interface ActiveDefenseAttackInput {
  /** The weapon skill's target value. */
  readonly skill: number;
  /** Situational modifiers. */
  readonly modifier?: number;
  /** The all-out attack option taken for this attack, if any. */
  readonly allOutAttack?: AllOutAttackOption | null;
  /** AD-M5, bows and crossbows only: aimed (bonus = the aim roll's margin) or not (−4). */
  readonly aim?: { readonly aimed: true; readonly margin: number } | { readonly aimed: false };
  readonly damage: AdDamageDice;
}

export type HitTargetPart = "skill" | "modifier" | "allOutAttack" | "aim" | "noAim";

/** AD-M5: a bow or crossbow shot without aim takes −4. */
export const UNAIMED_SHOT_PENALTY = 4;
/** AD-M2 (b): all-out attack +4 to skill. */
export const ALL_OUT_ATTACK_BONUS = 4;

/** The hit roll's target value and its terms. */
export function activeDefenseHitTarget(input: ActiveDefenseAttackInput): {
  target: number;
  parts: readonly { readonly part: HitTargetPart; readonly value: number }[];
} {
  const parts: { part: HitTargetPart; value: number }[] = [{ part: "skill", value: input.skill }];
  if (input.modifier) parts.push({ part: "modifier", value: input.modifier });
  if (input.allOutAttack === "plusFour") parts.push({ part: "allOutAttack", value: ALL_OUT_ATTACK_BONUS });
  if (input.aim?.aimed === true && input.aim.margin !== 0)
    parts.push({ part: "aim", value: input.aim.margin });
  if (input.aim?.aimed === false) parts.push({ part: "noAim", value: -UNAIMED_SHOT_PENALTY });
  return { target: parts.reduce((sum, p) => sum + p.value, 0), parts };
}

/** The hit roll's formula. */
export const HIT_ROLL_FORMULA = "3d6";

export interface ActiveDefenseHitResult {
  readonly roll: RollUnderResult;
  /** The attack nearly hits: a defense may still stop it (unless critical). */
  readonly success: boolean;
  /** AD-C1: no defense; damage at once. */
  readonly critical: boolean;
  /** AD-C2: the attacker rolls on the fumble table. */
  readonly fumble: boolean;
  /** The defender may try a defense roll now. */
  readonly defensePossible: boolean;
  /** The damage formula, with all-out attack (a) applied. */
  readonly damageFormula: string;
  /** Damage at once (critical) or the fumble table; null when a defense roll comes first, or on a miss. */
  readonly next: NextRoll | null;
  /** `FRAY.Attack.Outcome.<outcome>`: "nearHit" waits for the defense. */
  readonly outcome: "miss" | "fumble" | "critical" | "nearHit";
}

export function resolveActiveDefenseHit(
  input: ActiveDefenseAttackInput,
  faces: readonly number[],
  criticals: RollUnderCriticals,
): ActiveDefenseHitResult {
  const roll = resolveRollUnder(faces, activeDefenseHitTarget(input).target, criticals);
  const critical = roll.critical === "success";
  const fumble = roll.critical === "failure";
  const damageFormula = activeDefenseDamageFormula(input.damage, input.allOutAttack === "maxDamage");
  let next: NextRoll | null = null;
  if (critical) next = { purpose: "damage", formula: damageFormula };
  if (fumble) next = { purpose: "fumbleTable", formula: HIT_ROLL_FORMULA };
  return {
    roll,
    success: roll.success,
    critical,
    fumble,
    defensePossible: roll.success && !critical,
    damageFormula,
    next,
    outcome: fumble ? "fumble" : critical ? "critical" : roll.success ? "nearHit" : "miss",
  };
}
