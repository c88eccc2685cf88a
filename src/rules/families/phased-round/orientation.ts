/**
 * PR-P3 / PR-P11 orientation roll «jet d'orientation», 1d100: 05 or less, unable to act for the rest of the
 * round; 96 or more, the best possible outcome; in between, the GM's judgement (who rules it a failure or not).
 */
import type { OrientationBand, OrientationResult } from "../../turns/round-state";

export const ORIENTATION_INCAPACITATED_AT_MOST = 5;
export const ORIENTATION_BEST_AT_LEAST = 96;

export function orientationBand(roll: number): OrientationBand {
  if (roll <= ORIENTATION_INCAPACITATED_AT_MOST) return "incapacitated";
  if (roll >= ORIENTATION_BEST_AT_LEAST) return "best";
  return "judgement";
}

/** The recorded result; `gmRulesFailed` matters only for the judgement band. */
export function orientationResult(roll: number, gmRulesFailed: boolean): OrientationResult {
  const band = orientationBand(roll);
  return { roll, band, failed: band === "incapacitated" || (band === "judgement" && gmRulesFailed) };
}
