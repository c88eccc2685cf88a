/**
 * The manoeuvres of active-defense-3d6 (AD-M1…AD-M8): what a combatant does with its turn, one per turn, and
 * the all-out attack options (AD-M2) as data. What an option allows in the hit and damage rolls is resolved in
 * attack.ts; here the choice is recorded and marked "until the combatant's next turn" (AD-T1).
 */
import type { Expiry, TimedState } from "../../turns/timed-states";

export const AD_MANEUVERS = [
  "attack",
  "feint", // AD-M1
  "allOutAttack", // AD-M2
  "allOutDefense", // AD-M3
  "ready", // AD-M4
  "aim", // AD-M5
  "concentrate", // AD-M6
  "move", // AD-M7
  "pickUp", // AD-M8: picking up a dropped weapon, two turns
  "other", // AD-M8
] as const;

export type AdManeuver = (typeof AD_MANEUVERS)[number];

/**
 * AD-M2: (a) one damage die at its maximum, (b) +4 to skill, (c) feint and attack at once, (d) two attacks — or,
 * the other form of (d), ready the weapon and attack at once. Same strings as attack.ts's options, plus the
 * second form of (d).
 */
export const ALL_OUT_ATTACK_OPTIONS = [
  "maxDamage",
  "plusFour",
  "feintAndAttack",
  "twoAttacks",
  "readyAndAttack",
] as const;

export type AllOutAttackChoice = (typeof ALL_OUT_ATTACK_OPTIONS)[number];

/** The letter of the option in the rules text, for labels. */
export const ALL_OUT_ATTACK_LETTER: Readonly<Record<AllOutAttackChoice, "a" | "b" | "c" | "d">> = {
  maxDamage: "a",
  plusFour: "b",
  feintAndAttack: "c",
  twoAttacks: "d",
  readyAndAttack: "d",
};

/** How many attacks an all-out attack option makes (AD-M2 d: two). */
export function allOutAttackCount(option: AllOutAttackChoice): number {
  return option === "twoAttacks" ? 2 : 1;
}

/** Timed-state keys for the "until the next turn" manoeuvres (AD-T1). */
export const MANEUVER_STATE_KEYS = {
  allOutAttack: "allOutAttack",
  allOutDefense: "allOutDefense",
  feint: "feint",
  aim: "aim",
} as const;

const UNTIL_NEXT_TURN: Expiry = { kind: "holderNextTurn" };

type ManeuverMark =
  | { readonly maneuver: "allOutAttack"; readonly option: AllOutAttackChoice }
  | { readonly maneuver: "allOutDefense" }
  | { readonly maneuver: "feint"; readonly target: string; readonly effect: number }
  | { readonly maneuver: "aim"; readonly weaponId: string; readonly margin: number };

/**
 * AD-T1: the timed state a manoeuvre leaves on its holder until its next turn, for the round engine's list (the
 * tracker shows it; others' attack and defense cards read it). Data is flat JSON.
 */
export function maneuverTimedState(
  holder: string,
  round: number,
  mark: ManeuverMark,
  side?: "players" | "gm",
): TimedState<Readonly<Record<string, string | number>>> {
  const { maneuver, ...data } = mark;
  const base = {
    key: MANEUVER_STATE_KEYS[maneuver],
    holder,
    createdRound: round,
    expiry: UNTIL_NEXT_TURN,
    data,
  };
  return side ? { ...base, side } : base;
}
