/**
 * How far a situational choice may go. The rules let the table add situational modifiers (OD-A2 "both apply
 * situational modifiers", FS-D1 situational boons and banes, the dialogs of attacks, defenses and checks) but name
 * no limit; a player's choice is the player's word, so it is held to a **convention** a table would not call
 * cheating — about half a die's spread (a d20's ±10, 3d6's ±10, a d100's ±50) and 3 situational boons. A GM
 * may go as far as a card stores (±100, 10 boons and banes). Banes only hurt the roller: up to 10 for anyone.
 */
import type { FamilyId } from "../families/ids";
import { accept, refuse, type Outcome } from "../outcome";

export interface SituationBounds {
  /** |modifier| at most this. */
  readonly modifier: number;
  readonly boons: number;
  readonly banes: number;
}

/** What a card can store (the attack message schema's bounds). */
export const GM_SITUATION: SituationBounds = { modifier: 100, boons: 10, banes: 10 };

const PLAYER_MODIFIER: Record<FamilyId, number> = {
  "fast-slow": 10,
  "classic-d20": 10,
  "opposed-d20": 10,
  "active-defense-3d6": 10,
  "phased-round": 50,
};

export function situationBounds(family: FamilyId, gm: boolean): SituationBounds {
  if (gm) return GM_SITUATION;
  return { modifier: PLAYER_MODIFIER[family], boons: 3, banes: 10 };
}

/** `Number.isInteger` is false for anything but a number: it only needs to tell TypeScript so. */
function isWhole(value: unknown): value is number {
  return Number.isInteger(value);
}

/** A whole number within [min, max], or a refusal naming the limit. */
export function boundedWhole(value: unknown, min: number, max: number): Outcome<number> {
  if (!isWhole(value) || value < min || value > max) return refuse("outOfBounds", { min, max });
  return accept(value);
}

/**
 * The total a d20 check must reach outside fast-slow (FS-D2 fixes 10 there). The classic-d20 and opposed-d20
 * digests name no check difficulty and no statistic holds one: it is the table's, said by the GM and typed by
 * whoever rolls. **convention**: a player may type 1–30 (a d20 check's span, from a sure thing to the nearly
 * impossible); a GM 0–100 (what a card stores). A 3d6 check's target is its statistic's (AD: roll at or under).
 */
export interface CheckTargetBounds {
  readonly min: number;
  readonly max: number;
}

export function checkTargetBounds(gm: boolean): CheckTargetBounds {
  return gm ? { min: 0, max: 100 } : { min: 1, max: 30 };
}
