/**
 * PR-P3 / PR-P11 orientation roll «jet d'orientation», 1d100: 05 or less *could* ("pourrait") leave the character
 * unable to act for the rest of the round and jeopardise its chances in the next round; 96 or more, the best
 * possible outcome; in between, the GM's judgement (who rules it a failure or not).
 *
 * How a low roll is read is a world setting (`prOrientationLow`, recorded on the Combat):
 * - "unable" (the digest's first reading): always unable to act for the rest of the round, no next-round effect;
 * - "gm": the GM decides — the result waits for the GM's ruling (a prompt on the GM's side), which says whether
 *   the character is unable to act for the rest of the round and what penalty, if any, compromises its rolls
 *   in the next round.
 * A compromise is a timed state on the character («compromis»): it ends with the next round, and its penalty is
 * taken off that character's rolls made in that round (attack rolls and orientation rolls).
 */
import type { OrientationBand, OrientationResult, PhasedSheet } from "../../turns/round-state";
import type { TimedState } from "../../turns/timed-states";

export const ORIENTATION_INCAPACITATED_AT_MOST = 5;
export const ORIENTATION_BEST_AT_LEAST = 96;

/** PR-P3: the two readings of "05 or less could leave them unable to act… and jeopardise the next round". */
export const ORIENTATION_LOW_READINGS = ["unable", "gm"] as const;
export type OrientationLowReading = (typeof ORIENTATION_LOW_READINGS)[number];
export const DEFAULT_ORIENTATION_LOW: OrientationLowReading = "unable";

/** The timed state of a character whose next round is compromised. */
export const COMPROMISED_STATE_KEY = "compromised";
/** The most a GM may take off a compromised character's rolls (a d100 scale). */
export const MAX_COMPROMISE_PENALTY = 100;

export interface CompromiseData {
  /** Taken off the character's rolls in `round`. */
  readonly penalty: number;
  /** The round the penalty applies to (the round after the orientation roll). */
  readonly round: number;
}

export function orientationBand(total: number): OrientationBand {
  if (total <= ORIENTATION_INCAPACITATED_AT_MOST) return "incapacitated";
  if (total >= ORIENTATION_BEST_AT_LEAST) return "best";
  return "judgement";
}

/**
 * The recorded result of the d100 face `roll`; `gmRulesFailed` matters only for the judgement band. A compromised
 * character's `penalty` is taken off the roll before the band is read; under the "gm" reading a low result waits
 * for the GM's ruling (`ruling: "pending"`).
 */
export function orientationResult(
  roll: number,
  gmRulesFailed: boolean,
  options: { readonly penalty?: number; readonly reading?: OrientationLowReading } = {},
): OrientationResult {
  const penalty = Math.max(0, Math.trunc(options.penalty ?? 0));
  const band = orientationBand(roll - penalty);
  const failed = band === "incapacitated" || (band === "judgement" && gmRulesFailed);
  return {
    roll,
    band,
    failed,
    ...(penalty ? { penalty } : {}),
    ...(band === "incapacitated" && options.reading === "gm" ? { ruling: "pending" as const } : {}),
  };
}

/**
 * PR-P3: whether the result leaves the character unable to act for the rest of the round: a low roll, unless the
 * GM ruled otherwise ("always unable" records no ruling; a ruling still pending counts as unable until the GM
 * rules).
 */
export function orientationLeavesUnable(result: OrientationResult | null | undefined): boolean {
  return result?.band === "incapacitated" && result.ruling !== "able";
}

/**
 * PR-P3 ("gm" reading): this round's latest low orientation result the GM rules on — the final orientation's,
 * else the spell orientation's — with the slot it is in; null when neither is a low roll awaiting or having a
 * ruling (the "always unable" reading records no ruling).
 */
export function lowOrientation(
  sheet: PhasedSheet | null | undefined,
): { readonly slot: "spellOrientation" | "finalOrientation"; readonly result: OrientationResult } | null {
  for (const slot of ["finalOrientation", "spellOrientation"] as const) {
    const result = sheet?.[slot];
    if (result?.band === "incapacitated" && result.ruling) return { slot, result };
  }
  return null;
}

/** PR-P3: the state that compromises `holder`'s rolls in round `round + 1` by `penalty`. */
export function compromiseState(input: {
  readonly holder: string;
  readonly round: number;
  readonly penalty: number;
}): TimedState<CompromiseData> {
  const next = input.round + 1;
  return {
    key: COMPROMISED_STATE_KEY,
    holder: input.holder,
    createdRound: input.round,
    expiry: { kind: "endOfRound", round: next },
    data: { penalty: input.penalty, round: next },
  };
}

/** The penalty a compromise takes off `holder`'s rolls in `round` (0 when none applies then). */
export function compromisePenalty(
  states: readonly TimedState<unknown>[],
  holder: string,
  round: number,
): number {
  let penalty = 0;
  for (const s of states) {
    if (s.key !== COMPROMISED_STATE_KEY || s.holder !== holder) continue;
    const data = s.data as Partial<CompromiseData> | undefined;
    if (data?.round === round && typeof data.penalty === "number") penalty = Math.max(penalty, data.penalty);
  }
  return penalty;
}

/** The compromise `holder` carries into the round after `round`, if the GM set one (for the tracker). */
export function compromiseAhead(
  states: readonly TimedState<unknown>[],
  holder: string,
  round: number,
): number {
  return compromisePenalty(states, holder, round + 1);
}
