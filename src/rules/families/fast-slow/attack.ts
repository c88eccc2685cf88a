/**
 * Fast-slow attack rolls (FS-A1, FS-D1, FS-D2): 1d20 + the attribute modifier, with boons and banes (they
 * cancel one for one; N net boons add the highest of Nd6, N net banes subtract it), against the target's
 * Defense or the attribute the attack names. The attack hits when the total reaches that value.
 *
 * Boons and banes the rules impose: the target Defends (FS-A5, 1 bane); a hidden attacker against the
 * Defense or Agility of a target that cannot see it (FS-A9, 1 boon); guessing a hidden target's position
 * (FS-A9, 3 banes, and the attack hits only if the guess was right); rider and mount attacking
 * independently (FS-MT4, 2 banes on both rolls). Others (Help FS-A8, a readied action FS-A10, the GM's
 * situational ones) arrive as `extra`.
 *
 * FS-A9: Hidden «caché» lasts until the hider reveals itself, and attacking reveals it: a Hidden attacker's
 * attack is made hidden (its boon applies), then the attacker is Hidden no more (`revealsAttacker`).
 */
import { boonValue } from "../../dice/boons";
import { tallyBoons, type BoonSource, type BoonTally } from "../../dice/boon-tally";
import { d20Formula } from "../../dice/formula";
import { defendAttackBane } from "./defend";
import { INDEPENDENT_ATTACK_BANES } from "./mounts";

/** What an attack is rolled against (FS-D2): Defense, or the attribute the attack names. */
export const FS_ATTACK_TARGETS = [
  "defense",
  "strength",
  "agility",
  "intellect",
  "will",
  "perception",
] as const;
export type FsAttackTarget = (typeof FS_ATTACK_TARGETS)[number];

export interface FastSlowAttackSituation {
  /** The attacking attribute's modifier plus flat modifiers. */
  readonly modifier: number;
  readonly against: FsAttackTarget;
  /** The target's Defense, or its score in the named attribute. */
  readonly targetValue: number;
  /** FS-A5: the target holds Defend and can act (`isDefending`). */
  readonly targetDefending?: boolean;
  /** FS-A9: the attacker is Hidden «caché». */
  readonly attackerHidden?: boolean;
  /** FS-A9: the target sees the attacker anyway (no boon then). */
  readonly targetSeesAttacker?: boolean;
  /** FS-A9: the target is Hidden: the attacker guesses its position. */
  readonly targetHidden?: boolean;
  /** FS-MT4: rider and mount attack independently (granted once per round by `independentAttack`). */
  readonly mountedIndependent?: boolean;
  /** Other boons and banes, each with its source. */
  readonly extra?: readonly BoonSource[];
}

/** The boons and banes of an attack, with their sources (FS-D1, FS-A5, FS-A9, FS-MT4). */
export function fastSlowAttackBoons(situation: FastSlowAttackSituation): BoonTally {
  const sources: BoonSource[] = [...defendAttackBane(situation.targetDefending ?? false)];
  const againstDefenseOrAgility = situation.against === "defense" || situation.against === "agility";
  if (situation.attackerHidden && !situation.targetSeesAttacker && againstDefenseOrAgility) {
    sources.push({ source: "hidden", boons: 1, banes: 0 });
  }
  if (situation.targetHidden) sources.push({ source: "guessPosition", boons: 0, banes: 3 });
  if (situation.mountedIndependent)
    sources.push({ source: "mountedIndependent", boons: 0, banes: INDEPENDENT_ATTACK_BANES });
  // Stryker disable next-line ArrayDeclaration: tallyBoons drops a source with no boons and no banes, so a stray entry in the empty default changes nothing
  sources.push(...(situation.extra ?? []));
  return tallyBoons(sources);
}

/** The Roll formula of the attack, e.g. "1d20 + 2 - 3d6kh". `boonDie` is the world setting. */
export function fastSlowAttackFormula(situation: FastSlowAttackSituation, boonDie = 6): string {
  return d20Formula(Math.trunc(situation.modifier), fastSlowAttackBoons(situation).net, boonDie);
}

export interface FastSlowAttackFaces {
  /** The d20 face. */
  readonly d20: number;
  /** The boon or bane dice: as many as the net count. */
  readonly boonDice: readonly number[];
  /** FS-A9: when the target is hidden, whether the attacker guessed its position right (the GM says;
   *  missing counts as wrong). */
  readonly guessCorrect?: boolean;
}

export interface FastSlowAttackResult {
  readonly d20: number;
  readonly modifier: number;
  readonly boons: BoonTally;
  /** What the boon/bane dice add (negative for banes). */
  readonly boonValue: number;
  readonly total: number;
  readonly against: FsAttackTarget;
  readonly targetValue: number;
  /** Total − target value (≥ 0 reaches it). */
  readonly margin: number;
  /** FS-D2: the total reaches the target value. */
  readonly reached: boolean;
  /** FS-A9: a hidden target was attacked at the wrong place: no hit whatever the roll. */
  readonly wrongGuess: boolean;
  /** FS-A9: the attacker was Hidden; attacking reveals it, so it is Hidden no more after this attack. */
  readonly revealsAttacker: boolean;
  readonly hit: boolean;
  /** `FRAY.Attack.Outcome.<outcome>`. */
  readonly outcome: "hit" | "miss";
}

export function resolveFastSlowAttack(
  situation: FastSlowAttackSituation,
  faces: FastSlowAttackFaces,
): FastSlowAttackResult {
  if (!Number.isInteger(faces.d20) || faces.d20 < 1 || faces.d20 > 20) {
    // Stryker disable next-line StringLiteral: the text of a programmer-error RangeError, never shown to a user
    throw new RangeError(`a d20 face must be 1–20, got ${faces.d20}`);
  }
  const boons = fastSlowAttackBoons(situation);
  const added = boonValue(boons.net, faces.boonDice);
  const modifier = Math.trunc(situation.modifier);
  const total = faces.d20 + modifier + added;
  const reached = total >= situation.targetValue;
  const wrongGuess = (situation.targetHidden ?? false) && faces.guessCorrect !== true;
  const hit = reached && !wrongGuess;
  return {
    d20: faces.d20,
    modifier,
    boons,
    boonValue: added,
    total,
    against: situation.against,
    targetValue: situation.targetValue,
    margin: total - situation.targetValue,
    reached,
    wrongGuess,
    revealsAttacker: situation.attackerHidden ?? false,
    hit,
    outcome: hit ? "hit" : "miss",
  };
}
