/**
 * Feint «フェイント» (AD-M1, AD-M2): a quick contest «技能勝負» of the feinter's weapon skill (or AG) against the
 * enemy's; each margin «成功度» is target − 3d6 total. Effect = feinter's margin − enemy's margin. The feint
 * fails if the feinter's margin is below 1 or it does not win the contest (a tie does not win). No critical
 * or fumble processing. The effect is a penalty on that enemy's defense roll against the feinter's attack on
 * its next turn — not later turns, not allies' attacks. With two attacks (all-out attack) the earlier feint
 * applies to the first attack only; a feint-and-attack does not stack with an earlier feint: the larger wins.
 */
export interface FeintSide {
  /** The three d6 faces. */
  readonly faces: readonly number[];
  /** Weapon skill or AG target value. */
  readonly target: number;
}

export interface FeintResult {
  readonly feinterMargin: number;
  readonly enemyMargin: number;
  readonly success: boolean;
  /** The penalty to the enemy's defense roll: 0 on a failure. */
  readonly effect: number;
}

function margin(side: FeintSide): number {
  if (side.faces.length !== 3 || side.faces.some((f) => !Number.isInteger(f) || f < 1 || f > 6)) {
    // Stryker disable next-line StringLiteral: the text of a programmer-error RangeError, never shown to a user
    throw new RangeError(`expected three d6 faces, got ${side.faces.join(", ")}`);
  }
  return side.target - side.faces.reduce((sum, f) => sum + f, 0);
}

/**
 * AD-M1: the target value a side of the contest rolls against: the weapon skill it holds ready — the best of
 * them when it holds several — or AG «敏捷さ» when it holds none.
 */
export function feintTargetValue(weaponSkills: readonly number[], ag: number): number {
  return weaponSkills.length ? Math.max(...weaponSkills) : ag;
}

/** AD-M1: the feint contest. */
export function resolveFeint(feinter: FeintSide, enemy: FeintSide): FeintResult {
  const feinterMargin = margin(feinter);
  const enemyMargin = margin(enemy);
  const success = feinterMargin >= 1 && feinterMargin > enemyMargin;
  return { feinterMargin, enemyMargin, success, effect: success ? feinterMargin - enemyMargin : 0 };
}

export interface FeintPenaltyInput {
  /** The effect of the feint this attacker made on its previous turn against this same enemy. */
  readonly earlierFeint?: number;
  /** The effect of an all-out attack's feint-and-attack (AD-M2 c) made now against this enemy. */
  readonly feintAndAttack?: number;
  /** 0 for the first attack this turn, 1 for the second (AD-M2 d). */
  readonly attackIndex?: number;
}

/**
 * AD-M1/AD-M2: the penalty the enemy's defense roll takes against this attack. An earlier feint counts for the
 * first attack of the turn only; a feint-and-attack (made with that one attack) does not stack with it: the
 * larger effect applies.
 */
export function feintPenalty(input: FeintPenaltyInput): number {
  if ((input.attackIndex ?? 0) > 0) return 0;
  return Math.max(0, input.earlierFeint ?? 0, input.feintAndAttack ?? 0);
}
