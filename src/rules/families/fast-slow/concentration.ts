/**
 * Concentration in fast-slow (FS-A3, FS-A4).
 *
 * FS-A3: concentrating on an effect makes it last until the end of the *following* round (FS-R8 counting),
 * never past the effect's maximum duration. Concentrating again on a later turn renews it.
 * FS-A4: taking damage or gaining Insanity while concentrating calls for a Will roll; a failure ends the
 * concentration at once, and with it the effect.
 *
 * The state is a `TimedState` (key "concentration") in the combat's list of timed states, so the round
 * engine's `splitAtRoundEnd` expires it; `effectsEndingWith` tells which effects end with it. A creature may
 * hold several (one per effect, e.g. an old one not yet expired and a new one); one failed Will roll ends
 * them all, because the creature "stops concentrating".
 */
import { accept, refuse, type Outcome } from "../../outcome";
import { endOfRoundAfter, type TimedState } from "../../turns/timed-states";
import {
  resolveChallengeRoll,
  type ChallengeFaces,
  type ChallengeResult,
  type ChallengeRoll,
} from "./challenge-roll";

export const CONCENTRATION_STATE = "concentration";

export interface ConcentrationData {
  /** The effect the concentration sustains (an ActiveEffect or item id, as the caller chooses). */
  readonly effectId: string;
  /** The last round whose end the effect may reach (its maximum duration); absent when unbounded. */
  readonly maxEndRound?: number;
}

export type ConcentrationState = TimedState<ConcentrationData> & {
  readonly key: typeof CONCENTRATION_STATE;
  readonly expiry: { readonly kind: "endOfRound"; readonly round: number };
  readonly data: ConcentrationData;
};

export type ConcentrationRefusal =
  /** The effect's maximum duration is already over. */
  | "concentrationEffectEnded"
  /** The holder already concentrated on this effect this round. */
  | "concentrationAlreadyRenewed"
  /** Concentrating again would not extend the effect: it already lasts to its maximum duration. */
  | "concentrationAtMaximum";

export interface ConcentrateInput {
  readonly holder: string;
  readonly effectId: string;
  /** The current round. */
  readonly round: number;
  /**
   * The effect's maximum duration: `rounds` counted from `startRound` as FS-R8 does (created in round N,
   * lasting R rounds, it ends at the end of round N + R). Omit for an effect with no maximum; on renewal,
   * omit to keep the one recorded when concentration began.
   */
  readonly maxDuration?: { readonly startRound: number; readonly rounds: number };
  /** Whose effect it is, for the end-of-round order (FS-R7). */
  readonly side?: "players" | "gm";
}

export function isConcentrationState(state: TimedState): state is ConcentrationState {
  const data = state.data as Partial<ConcentrationData> | undefined;
  return (
    state.key === CONCENTRATION_STATE &&
    state.expiry.kind === "endOfRound" &&
    typeof data === "object" &&
    data !== null &&
    typeof data.effectId === "string"
  );
}

/** The concentrations `holder` maintains. */
export function concentrationsOf(states: readonly TimedState[], holder: string): ConcentrationState[] {
  return states.filter((s): s is ConcentrationState => s.holder === holder && isConcentrationState(s));
}

export function isConcentrating(states: readonly TimedState[], holder: string): boolean {
  return concentrationsOf(states, holder).length > 0;
}

/**
 * FS-A3: begin or renew concentration on an effect. The state expires at the end of the following round,
 * capped by the effect's maximum duration. Returns the new state and the whole updated list.
 */
export function concentrate(
  states: readonly TimedState[],
  input: ConcentrateInput,
): Outcome<{ state: ConcentrationState; states: TimedState[] }, ConcentrationRefusal> {
  const existing = concentrationsOf(states, input.holder).find((s) => s.data.effectId === input.effectId);
  const maxEndRound = input.maxDuration
    ? lastRound(input.maxDuration.startRound, input.maxDuration.rounds)
    : existing?.data.maxEndRound;
  // Stryker disable next-line ConditionalExpression: `maxEndRound !== undefined` → true is equivalent (undefined < round is false); the other mutants of this line are killed
  if (maxEndRound !== undefined && maxEndRound < input.round) return refuse("concentrationEffectEnded");
  if (existing && existing.createdRound >= input.round) return refuse("concentrationAlreadyRenewed");

  const following = lastRound(input.round, 1);
  const endRound = maxEndRound === undefined ? following : Math.min(following, maxEndRound);
  if (existing && endRound <= existing.expiry.round) return refuse("concentrationAtMaximum");

  const data: ConcentrationData =
    maxEndRound === undefined ? { effectId: input.effectId } : { effectId: input.effectId, maxEndRound };
  const base = {
    key: CONCENTRATION_STATE,
    holder: input.holder,
    createdRound: input.round,
    expiry: { kind: "endOfRound", round: endRound },
    data,
  } as const;
  const state: ConcentrationState = input.side ? { ...base, side: input.side } : base;
  return accept({ state, states: [...states.filter((s) => s !== existing), state] });
}

/** FS-R8: the round at whose end an effect lasting `rounds` rounds from `round` ends. */
function lastRound(round: number, rounds: number): number {
  const expiry = endOfRoundAfter(round, rounds);
  // Stryker disable next-line ConditionalExpression: endOfRoundAfter always returns an endOfRound expiry, so the other branch is unreachable
  return expiry.kind === "endOfRound" ? expiry.round : round;
}

export interface ConcentrationTrigger {
  /** Damage the holder has just taken (after reductions). */
  readonly damage?: number;
  /** Insanity the holder has just gained. */
  readonly insanity?: number;
}

/** FS-A4: a Will roll is due when a concentrating creature takes damage or gains Insanity. */
export function concentrationCheckDue(
  states: readonly TimedState[],
  holder: string,
  trigger: ConcentrationTrigger,
): boolean {
  const hurt = (trigger.damage ?? 0) > 0 || (trigger.insanity ?? 0) > 0;
  return hurt && isConcentrating(states, holder);
}

export interface ConcentrationCheckResult {
  /** The Will roll (FS-D1/FS-D2). */
  readonly roll: ChallengeResult;
  /** The concentrations that end now (all of the holder's on a failure, none on a success). */
  readonly ended: ConcentrationState[];
  /** The effects that end with them, at once (FS-A4). */
  readonly endedEffects: string[];
  readonly states: TimedState[];
}

/**
 * FS-A4: resolve the Will roll from its faces. `will` carries the Will modifier and any boons or banes;
 * `target` is the FS-D2 convention (10 unless a world setting says otherwise).
 */
export function resolveConcentrationCheck(
  states: readonly TimedState[],
  holder: string,
  will: ChallengeRoll,
  faces: ChallengeFaces,
  target?: number,
): ConcentrationCheckResult {
  const roll = resolveChallengeRoll(will, faces, target);
  if (roll.success) return { roll, ended: [], endedEffects: [], states: [...states] };
  const { ended, states: kept } = endConcentration(states, holder);
  return { roll, ended, endedEffects: effectsEndingWith(ended), states: kept };
}

/**
 * Ends `holder`'s concentration (on `effectId` only, when given): after a failed check, when the effect is
 * dismissed (FS-A6) or ends by other means.
 */
export function endConcentration(
  states: readonly TimedState[],
  holder: string,
  effectId?: string,
): { ended: ConcentrationState[]; states: TimedState[] } {
  const ended = concentrationsOf(states, holder).filter(
    (s) => effectId === undefined || s.data.effectId === effectId,
  );
  return { ended, states: states.filter((s) => !ended.includes(s as ConcentrationState)) };
}

/** The effects that end with these states (e.g. those `splitAtRoundEnd` expired): the concentration ones. */
export function effectsEndingWith(expired: readonly TimedState[]): string[] {
  return expired.filter(isConcentrationState).map((s) => s.data.effectId);
}
