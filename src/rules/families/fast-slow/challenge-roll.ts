/**
 * A fast-slow challenge roll (FS-D1, FS-D2 — conventions the text assumes): 1d20 + the attribute modifier,
 * plus the highest of N d6 for N net boons (minus it for N net banes); it succeeds on a total that reaches
 * the target, 10 by convention. Used by the Will roll of a concentration check (FS-A4) and the Agility and
 * Strength rolls of mounted combat (FS-MT9, FS-MT10). Dice arrive as faces.
 */
import { boonValue, netBoons } from "../../dice/boons";
import { d20Formula } from "../../dice/formula";

/** FS-D2 (convention): the total a challenge roll must reach. */
export const CHALLENGE_TARGET = 10;

export interface ChallengeRoll {
  /** The attribute modifier (FS-D1: score − 10, see `fsModifier`). */
  readonly modifier: number;
  readonly boons: number;
  readonly banes: number;
}

export interface ChallengeFaces {
  /** The d20 face, 1–20. */
  readonly d20: number;
  /** The boon or bane dice faces: exactly as many as the net boons or banes (FS-D1). */
  readonly boonDice: readonly number[];
}

export interface ChallengeResult {
  readonly d20: number;
  readonly modifier: number;
  /** Net boons: positive for boons, negative for banes. */
  readonly net: number;
  /** What the boon/bane dice add (negative for banes). */
  readonly boonValue: number;
  readonly total: number;
  readonly target: number;
  readonly success: boolean;
}

/** The Roll formula for a challenge roll, e.g. "1d20 + 2 - 2d6kh". `boonDie` is the world setting. */
export function challengeFormula(roll: ChallengeRoll, boonDie = 6): string {
  return d20Formula(Math.trunc(roll.modifier), netBoons(roll.boons, roll.banes), boonDie);
}

/** FS-D1/FS-D2: the total and success of a challenge roll from its faces. */
export function resolveChallengeRoll(
  roll: ChallengeRoll,
  faces: ChallengeFaces,
  target: number = CHALLENGE_TARGET,
): ChallengeResult {
  if (!Number.isInteger(faces.d20) || faces.d20 < 1 || faces.d20 > 20) {
    // Stryker disable next-line StringLiteral: the text of a programmer-error RangeError, never shown to a user
    throw new RangeError(`a d20 face must be 1–20, got ${faces.d20}`);
  }
  if (faces.boonDice.some((f) => !Number.isInteger(f) || f < 1)) {
    // Stryker disable next-line StringLiteral: the text of a programmer-error RangeError, never shown to a user
    throw new RangeError(`boon/bane faces must be positive integers, got ${faces.boonDice.join(", ")}`);
  }
  const net = netBoons(roll.boons, roll.banes);
  const added = boonValue(net, faces.boonDice);
  const modifier = Math.trunc(roll.modifier);
  const total = faces.d20 + modifier + added;
  return { d20: faces.d20, modifier, net, boonValue: added, total, target, success: total >= target };
}
