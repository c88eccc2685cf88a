/**
 * PR-P6 manoeuvre roll «jet de manœuvre»: "the success or failure of an extraordinary manoeuvre … is determined
 * by a manoeuvre roll". The roll is Fray's phased-round d100 (open-ended, `prOpenEnded`) plus the character's
 * manoeuvre bonus (`system.phasedRound.maneuver`); the text names no number to reach, so **convention**: a total
 * of MANOEUVRE_SUCCESS_AT (100, the d100 scale's top) or more succeeds — a GM who rules otherwise records the
 * result it decides (the GM's own declaration).
 *
 * PR-P3: a compromised character's rolls this round (orientation.ts `compromisePenalty`) take the GM's penalty —
 * the manoeuvre roll as the attack and orientation rolls do.
 */

/** PR-P6 convention: the total at which an extraordinary manoeuvre succeeds. */
export const MANOEUVRE_SUCCESS_AT = 100;

export interface ManoeuvreResult {
  /** The open-ended d100 as rolled (rerolls added or taken off). */
  readonly d100: number;
  readonly bonus: number;
  /** PR-P3: the compromise penalty taken off (0 for none). */
  readonly penalty: number;
  readonly total: number;
  readonly succeeded: boolean;
}

export function manoeuvreResult(input: {
  readonly d100: number;
  readonly bonus: number;
  readonly penalty?: number;
}): ManoeuvreResult {
  const bonus = Number.isFinite(input.bonus) ? Math.trunc(input.bonus) : 0;
  const penalty = Math.max(0, Math.trunc(input.penalty ?? 0) || 0);
  const total = input.d100 + bonus - penalty;
  return { d100: input.d100, bonus, penalty, total, succeeded: total >= MANOEUVRE_SUCCESS_AT };
}
