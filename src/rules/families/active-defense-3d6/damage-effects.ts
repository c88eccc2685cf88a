/**
 * What one blow's damage sets off in active-defense-3d6 (AD-A4): "damage can cause stun «朦朧», knockdown
 * «転倒», unconsciousness «気絶» and death «死亡»". The text gives no thresholds (**convention**, world
 * settings); the family's usual convention, every number a parameter:
 * - a major wound — one blow's final damage above a fraction of max Health (`adMajorWoundFraction`, 1/2) — calls
 *   for a stun check and a knockdown check; a failure leaves the creature stunned until its next turn (AD-T1)
 *   or knocked prone;
 * - Health at or below 0 after the blow calls for an unconsciousness check (failure: unconscious);
 * - Health at or below −(a multiple of max Health) (`adDeathThresholdMultiple`, 1×) calls for a death check
 *   (failure: dead).
 * Every check is a 3d6 roll-under against WL «意志力»: the AD block has no separate health statistic, and WL is
 * the statistic the family already resists with (the AD-M6 maintenance roll), so the target is WL unmodified.
 * The AD-C3 criticals apply (a critical success always resists, a critical failure never does).
 * Each blow that deals damage and leaves Health at or below a threshold calls for that threshold's check again
 * (not only the blow that crosses it); a condition the creature already has is not checked again, and a dead
 * creature checks nothing. A blow that deals no damage sets nothing off.
 */
import { resolveRollUnder, type RollUnderCriticals, type RollUnderResult } from "../../dice/roll-under";

/** The checks, in the order they are made. */
export const DAMAGE_EFFECT_CHECKS = ["stun", "knockdown", "unconsciousness", "death"] as const;
export type DamageEffectCheck = (typeof DAMAGE_EFFECT_CHECKS)[number];

/** What a failed check leaves the creature with (status ids: `stunned`, `prone`, `unconscious`, `dead`). */
export type DamageEffect = "stunned" | "prone" | "unconscious" | "dead";

/** The round engine's key of the stun: a timed state until the holder's next turn (AD-T1). */
export const STUN_STATE = "stunned";

export const DAMAGE_CHECK_EFFECT: Readonly<Record<DamageEffectCheck, DamageEffect>> = {
  stun: "stunned",
  knockdown: "prone",
  unconsciousness: "unconscious",
  death: "dead",
};

/** Why a check is due. */
export type DamageCheckReason = "majorWound" | "zeroHealth" | "deathThreshold";

export const DAMAGE_CHECK_REASON: Readonly<Record<DamageEffectCheck, DamageCheckReason>> = {
  stun: "majorWound",
  knockdown: "majorWound",
  unconsciousness: "zeroHealth",
  death: "deathThreshold",
};

/** AD-A4 thresholds (convention): the world settings `adMajorWoundFraction`, `adDeathThresholdMultiple`. */
export interface DamageEffectThresholds {
  /** A blow whose final damage is above this fraction of max Health is a major wound (1/2). */
  readonly majorWoundFraction: number;
  /** Health at or below −(this × max Health) calls for a death check (1). */
  readonly deathThresholdMultiple: number;
}

export const DEFAULT_DAMAGE_EFFECT_THRESHOLDS: DamageEffectThresholds = {
  majorWoundFraction: 0.5,
  deathThresholdMultiple: 1,
};

export interface BlowInput {
  /** The blow's final damage (after DR, AD-A4). */
  readonly damage: number;
  readonly healthBefore: number;
  /** Health after the blow: may be below 0. */
  readonly healthAfter: number;
  readonly healthMax: number;
  /** WL «意志力»: the checks' target value. */
  readonly wl: number;
  /** Conditions the creature has already: their checks are not made again; a dead creature makes none. */
  readonly already?: Readonly<Partial<Record<DamageEffect, boolean>>>;
}

export interface DueDamageCheck {
  readonly check: DamageEffectCheck;
  readonly reason: DamageCheckReason;
  /** What a failure leaves. */
  readonly effect: DamageEffect;
  /** The 3d6 target value «目標値» (WL). */
  readonly target: number;
}

function checkThresholds(t: DamageEffectThresholds): void {
  for (const [name, value] of Object.entries(t)) {
    if (!Number.isFinite(value) || value < 0)
      // Stryker disable next-line StringLiteral: the text of a programmer-error RangeError, never shown to a user
      throw new RangeError(`${name} must be a number ≥ 0, got ${value}`);
  }
}

/** AD-A4: the final damage a blow must exceed to be a major wound. */
export function majorWoundLimit(healthMax: number, thresholds: DamageEffectThresholds): number {
  checkThresholds(thresholds);
  return Math.max(0, healthMax) * thresholds.majorWoundFraction;
}

/** AD-A4: the Health at or below which a death check is due (−multiple × max). */
export function deathThreshold(healthMax: number, thresholds: DamageEffectThresholds): number {
  checkThresholds(thresholds);
  // `0 - x` keeps a zero threshold a plain 0 rather than −0.
  return 0 - Math.max(0, healthMax) * thresholds.deathThresholdMultiple;
}

/** AD-A4: the checks one blow calls for, in order (stun, knockdown, unconsciousness, death). */
export function damageEffectChecksDue(
  blow: BlowInput,
  thresholds: DamageEffectThresholds = DEFAULT_DAMAGE_EFFECT_THRESHOLDS,
): DueDamageCheck[] {
  const already = blow.already ?? {};
  if (!(blow.damage > 0) || already.dead) return [];
  const due = new Set<DamageEffectCheck>();
  if (blow.damage > majorWoundLimit(blow.healthMax, thresholds)) {
    due.add("stun");
    due.add("knockdown");
  }
  if (blow.healthAfter <= 0) due.add("unconsciousness");
  if (blow.healthAfter <= deathThreshold(blow.healthMax, thresholds)) due.add("death");
  const target = Math.trunc(blow.wl);
  return DAMAGE_EFFECT_CHECKS.filter((check) => due.has(check) && !already[DAMAGE_CHECK_EFFECT[check]]).map(
    (check) => ({ check, reason: DAMAGE_CHECK_REASON[check], effect: DAMAGE_CHECK_EFFECT[check], target }),
  );
}

export interface DamageCheckResult {
  readonly check: DamageEffectCheck;
  readonly roll: RollUnderResult;
  /** Resisted: nothing happens. */
  readonly success: boolean;
  /** What the failure leaves; null on a success. */
  readonly effect: DamageEffect | null;
}

/** AD-A4, AD-C3: a due check resolved from its three d6 faces. */
export function resolveDamageEffectCheck(
  due: Pick<DueDamageCheck, "check" | "target">,
  faces: readonly number[],
  criticals: RollUnderCriticals,
): DamageCheckResult {
  const roll = resolveRollUnder(faces, due.target, criticals);
  return {
    check: due.check,
    roll,
    success: roll.success,
    effect: roll.success ? null : DAMAGE_CHECK_EFFECT[due.check],
  };
}
