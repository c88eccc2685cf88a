/**
 * Roll-under checks (active-defense-3d6 AD-A1, AD-A2, AD-C3): roll 3d6, succeed at or under the target value
 * «目標値»; margin «成功度» = target − roll. Criticals are a convention (world settings `adCriticalSuccess`,
 * `adCriticalFailure`): a roll at or below `success` is a critical success and always succeeds, a roll at
 * or above `failure` is a critical failure and always fails, whatever the target.
 */
import { sumOfDice } from "./dice-sum";
import { chance } from "./distribution";
import type { Probability } from "./probability";

export interface RollUnderCriticals {
  /** Critical success at or below (3–4 by convention). */
  readonly success: number;
  /** Critical failure at or above (17–18 by convention). */
  readonly failure: number;
}

export const DEFAULT_ROLL_UNDER_CRITICALS: RollUnderCriticals = { success: 4, failure: 17 };

export interface RollUnderResult {
  readonly total: number;
  readonly target: number;
  /** Target − total: ≥ 0 on an ordinary success. */
  readonly margin: number;
  readonly success: boolean;
  readonly critical: "success" | "failure" | null;
}

/** The total of `faces` (three d6 unless told otherwise) against `target`. */
export function resolveRollUnder(
  faces: readonly number[],
  target: number,
  criticals: RollUnderCriticals = DEFAULT_ROLL_UNDER_CRITICALS,
  { count = 3, sides = 6 }: { count?: number; sides?: number } = {},
): RollUnderResult {
  if (faces.length !== count || faces.some((f) => !Number.isInteger(f) || f < 1 || f > sides)) {
    // Stryker disable next-line StringLiteral: the text of a programmer-error RangeError, never shown to a user
    throw new RangeError(`expected ${count} faces of a d${sides}, got ${faces.join(", ")}`);
  }
  const total = faces.reduce((sum, f) => sum + f, 0);
  return classifyRollUnder(total, target, criticals);
}

/** The same test from a total already summed. */
export function classifyRollUnder(
  total: number,
  target: number,
  criticals: RollUnderCriticals = DEFAULT_ROLL_UNDER_CRITICALS,
): RollUnderResult {
  const critical = total <= criticals.success ? "success" : total >= criticals.failure ? "failure" : null;
  const success = critical === "success" || (critical === null && total <= target);
  return { total, target, margin: target - total, success, critical };
}

/** Exact P(success) of a 3d6 roll-under check, criticals included; `null` criticals: plain P(3d6 ≤ target). */
export function rollUnderChance(target: number, criticals: RollUnderCriticals | null = null): Probability {
  const dist = sumOfDice(3, 6);
  if (criticals === null) return chance(dist, (x) => x <= target);
  return chance(dist, (x) => classifyRollUnder(x, target, criticals).success);
}
