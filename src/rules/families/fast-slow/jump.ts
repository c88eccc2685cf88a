/**
 * Jumps (FS-M5, FS-M6): how high and how far a creature jumps without a roll, from its Agility modifier and a
 * run-up, and what a jump does to the turn's move: its metres count against the move, and a creature whose move
 * runs out mid-jump falls prone (or falls, over a gap or in a high jump).
 */
import { roundMetres, type TraversalResult } from "./movement";

/** FS-M5/FS-M6: the run-up that lengthens a jump. */
export const RUN_UP_METRES = 2;
/** FS-M5: a high jump rises in steps of 30 cm. */
export const HIGH_JUMP_STEP_METRES = 0.3;
/** FS-M5: a drop shorter than this is landed safely. */
export const SAFE_DROP_METRES = 5;
/** FS-M6: a long jump's bonus after a run-up. */
export const LONG_JUMP_RUN_UP_BONUS = 2;

/**
 * FS-M5: 30 cm per point of half the Agility modifier (rounded down), or of the whole modifier after a run-up of
 * at least 2 m; never less than 30 cm.
 */
export function highJumpHeight(agilityModifier: number, runUpMetres: number): number {
  const steps = runUpMetres >= RUN_UP_METRES ? agilityModifier : Math.floor(agilityModifier / 2);
  return roundMetres(HIGH_JUMP_STEP_METRES * Math.max(1, steps));
}

/** FS-M6: 2 + the Agility modifier metres, never less than 1 m; 2 m more after a run-up of at least 2 m. */
export function longJumpDistance(agilityModifier: number, runUpMetres: number): number {
  const base = Math.max(1, 2 + agilityModifier);
  return base + (runUpMetres >= RUN_UP_METRES ? LONG_JUMP_RUN_UP_BONUS : 0);
}

/** FS-M5: jumping down lands safely when the surface is less than 5 m below; further is a fall. */
export function safeDrop(metres: number): boolean {
  return metres < SAFE_DROP_METRES;
}

export type JumpKind = "high" | "long" | "down";

export interface JumpInput {
  readonly kind: JumpKind;
  /**
   * The jump's own measure, compared with FS-M5/FS-M6's limits: the height of a high jump, the drop of a jump
   * down, the horizontal length of a long jump.
   */
  readonly distance: number;
  /**
   * The metres the jump covers (its measured cost, rise included), counted against the move (FS-M5 "vertical
   * metres", FS-M6 "metres" count against your move): never less than `distance`; absent, `distance`.
   */
  readonly metres?: number;
  /**
   * A high jump or a jump down: the horizontal metres it also crosses (absent, 0: straight up or down). Judged
   * against FS-M6's long-jump length — see `planJump`.
   */
  readonly across?: number;
  readonly agilityModifier: number;
  readonly runUpMetres: number;
  /** The metres of movement left this turn. */
  readonly metresLeft: number;
  /** A long jump across a pit or other open space: running out of move there is a fall, not a landing. */
  readonly overGap?: boolean;
}

export interface JumpPlan {
  /**
   * The metres the jump uses from the move (FS-M5/FS-M6: the metres it covers — never less than its height, drop
   * or length — up to what is left).
   */
  readonly cost: number;
  /** How far or high the creature jumps without a roll (a jump down has no such limit: 5 m is its safe drop). */
  readonly withoutRoll: number;
  /**
   * Jumping further or higher than `withoutRoll` — or, for a high jump or a jump down, across more horizontal
   * metres than a long jump allows — the GM may ask an Agility roll.
   */
  readonly agilityRollAsked: boolean;
  /**
   * `safe`: lands; `prone`: the move ran out mid long-jump (FS-M6); `fall`: a drop of 5 m or more (FS-M5), a high
   * jump the move could not finish, or a long jump over a gap the move could not finish.
   */
  readonly landing: "safe" | "prone" | "fall";
}

/**
 * FS-M5/FS-M6: what a jump costs and how it lands.
 *
 * **Convention** (the digest is silent on a jump that both rises or drops and travels horizontally): such a jump is
 * judged by the stricter of both readings. It stays a high jump (or a jump down) — cut short by the move it is a
 * fall, not a prone landing — and it is also a long jump: horizontal metres beyond FS-M6's long-jump length (with
 * its run-up bonus) let the GM ask the Agility roll, as a height beyond FS-M5's does. Whatever its kind, the move
 * pays every metre the jump covers (never only its height or drop): a jump is never cheaper than walking there.
 */
export function planJump(input: JumpInput): JumpPlan {
  const distance = Math.max(0, finiteOr0(input.distance));
  const covered = Math.max(distance, finiteOr0(input.metres ?? distance));
  const left = Math.max(0, input.metresLeft);
  const completes = covered <= left;
  const cost = roundMetres(Math.min(covered, left));
  // Convention above: a high jump or a drop that also travels is held to the long jump's length too (a long jump's
  // length is its distance, read against `withoutRoll` below).
  const across = Math.max(0, finiteOr0(input.across ?? 0));
  const tooFar = input.kind !== "long" && across > longJumpDistance(input.agilityModifier, input.runUpMetres);
  if (input.kind === "down") {
    const landing = !safeDrop(distance) || !completes ? "fall" : "safe";
    return { cost, withoutRoll: SAFE_DROP_METRES, agilityRollAsked: tooFar, landing };
  }
  const withoutRoll =
    input.kind === "high"
      ? highJumpHeight(input.agilityModifier, input.runUpMetres)
      : longJumpDistance(input.agilityModifier, input.runUpMetres);
  const short = completes ? "safe" : input.kind === "high" || input.overGap ? "fall" : "prone";
  return { cost, withoutRoll, agilityRollAsked: distance > withoutRoll || tooFar, landing: short };
}

function finiteOr0(n: number): number {
  return Number.isFinite(n) ? n : 0;
}

/**
 * FS-M5/FS-M6: a jump past what the creature jumps without a roll, when the GM asks its Agility roll. The seed
 * says only that the GM *may* ask the roll («peut demander»), that running out of move mid-jump is a fall prone,
 * and that crossing open space (a pit) may end in a fall; **convention**: a success lands the jump, a failure is
 * a fall — prone, its movement over for this turn.
 */
export function jumpResult(success: boolean): Exclude<TraversalResult, "stop"> {
  return success ? "continue" : "fall";
}
