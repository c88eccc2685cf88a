/**
 * FS-D1/FS-D2 as an exact distribution: 1d20 + modifier, plus the highest of N boon dice (or minus the
 * highest of N bane dice), and the chance that it reaches a target (a Defense, an attribute, or 10).
 */
import {
  addDistributions,
  chanceAtLeast,
  constant,
  die,
  mapDistribution,
  type Distribution,
} from "./distribution";
import { keepHighest } from "./keep-highest";
import type { Probability } from "./probability";

export interface BoonRollSpec {
  /** The attribute modifier plus any flat modifiers. */
  readonly modifier: number;
  /** Net boons (negative for net banes), from `netBoons`. */
  readonly net: number;
  /** The boon/bane die (world setting `boonDie`, 6 by default). */
  readonly boonDie?: number;
}

export function boonRollDistribution({ modifier, net, boonDie = 6 }: BoonRollSpec): Distribution {
  const base = addDistributions(die(20), constant(modifier));
  if (net === 0) return base;
  const best = keepHighest(Math.abs(net), boonDie);
  // Stryker disable next-line EqualityOperator: net is never 0 here (returned above), so > 0 and >= 0 agree
  return addDistributions(base, net > 0 ? best : mapDistribution(best, (x) => -x));
}

/** P(1d20 + modifier ± highest boon/bane die ≥ target). */
export function boonRollChance(spec: BoonRollSpec, target: number): Probability {
  return chanceAtLeast(boonRollDistribution(spec), target);
}
