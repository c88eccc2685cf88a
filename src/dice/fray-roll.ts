/**
 * Fray's Roll subclasses: real Foundry Rolls (Dice So Nice animates them, roll modes hide them), each with a
 * `purpose` in its options so a card rebuilt after a reload knows what every roll on it was. They must be
 * listed in `CONFIG.Dice.rolls` (see `registerRolls`), or a message cannot rebuild them.
 */
export type AttackRollPurpose =
  "attack" | "confirm" | "openEndedUp" | "openEndedDown" | "fumbleTable" | "feint";
export type DefenseRollPurpose = "defense" | "maintenance" | "feint";

export interface FrayRollOptions {
  /** What the roll is for (see the purposes above; "damage" for a damage roll). */
  purpose?: string;
  /** The card entry it belongs to. */
  entry?: string;
}

/**
 * Fray's options as a Roll constructor takes them. Foundry keeps any option on `roll.options` and in the
 * roll's JSON; fvtt-types' `Roll.Options` lists core's only, so Fray's are declared here, once.
 */
export function rollOptions(options: FrayRollOptions): Roll.Options {
  return options as Roll.Options;
}

/**
 * The attacker's rolls: the attack itself, a CD-AT3 confirmation, open-ended d100 rerolls, AD-C2 fumble table,
 * its side of an AD-M2 feint-and-attack contest.
 */
export class AttackRoll extends Roll {}

/** The defender's rolls: an active defense (OD-A2, AD-A2), an AD-M6 maintenance roll, its side of a feint contest. */
export class DefenseRoll extends Roll {}

/** A damage roll (CD-AT1, OD-A7, AD-A4, phased-round and fast-slow weapon damage). */
export class DamageRoll extends Roll {}

/** Every Roll class Fray defines, for `CONFIG.Dice.rolls`. */
export const FRAY_ROLL_CLASSES = [AttackRoll, DefenseRoll, DamageRoll] as const;

/** Adds Fray's Roll classes to `CONFIG.Dice.rolls`, once. */
export function registerRolls(): void {
  const rolls = CONFIG.Dice.rolls;
  for (const cls of FRAY_ROLL_CLASSES) if (!rolls.includes(cls)) rolls.push(cls);
}
