/**
 * Exact discrete distributions of dice results: integer weights over a common total, so every probability
 * is an exact fraction (see probability.ts). Used by the exact-probability tests and by cards that show
 * a chance to hit. Weights stay safe integers (a d20 with ten boon dice is 20 × 6^10 ≈ 1.2e9).
 */
import { probability, type Probability } from "./probability";

export interface Distribution {
  /** Outcome → number of equally likely ways to get it. */
  readonly weights: ReadonlyMap<number, number>;
  /** The number of equally likely ways in all (the sum of the weights). */
  readonly total: number;
}

function checked(value: number): number {
  // Stryker disable next-line StringLiteral: the text of a programmer-error RangeError, never shown to a user
  if (!Number.isSafeInteger(value)) throw new RangeError("distribution weight overflow");
  return value;
}

/** One die with faces 1…sides. */
export function die(sides: number): Distribution {
  // Stryker disable next-line StringLiteral: the text of a programmer-error RangeError, never shown to a user
  if (!Number.isInteger(sides) || sides < 1) throw new RangeError(`a die needs at least one face: ${sides}`);
  const weights = new Map<number, number>();
  for (let face = 1; face <= sides; face += 1) weights.set(face, 1);
  return { weights, total: sides };
}

/** A fixed value (a modifier). */
export function constant(value: number): Distribution {
  return { weights: new Map([[value, 1]]), total: 1 };
}

/** Two independent results combined by `combine` (every pair of outcomes, weights multiplied). */
export function combineDistributions(
  a: Distribution,
  b: Distribution,
  combine: (x: number, y: number) => number,
): Distribution {
  const weights = new Map<number, number>();
  for (const [x, wx] of a.weights) {
    for (const [y, wy] of b.weights) {
      const value = combine(x, y);
      weights.set(value, checked((weights.get(value) ?? 0) + checked(wx * wy)));
    }
  }
  return { weights, total: checked(a.total * b.total) };
}

/** The sum of two independent results. */
export function addDistributions(a: Distribution, b: Distribution): Distribution {
  return combineDistributions(a, b, (x, y) => x + y);
}

/** Each outcome transformed by `f` (weights kept). */
export function mapDistribution(d: Distribution, f: (x: number) => number): Distribution {
  const weights = new Map<number, number>();
  for (const [x, w] of d.weights) weights.set(f(x), (weights.get(f(x)) ?? 0) + w);
  return { weights, total: d.total };
}

/** The exact probability that an outcome satisfies `predicate`. */
export function chance(d: Distribution, predicate: (x: number) => boolean): Probability {
  let ways = 0;
  for (const [x, w] of d.weights) if (predicate(x)) ways += w;
  return probability(ways, d.total);
}

/** P(result ≥ target). */
export function chanceAtLeast(d: Distribution, target: number): Probability {
  return chance(d, (x) => x >= target);
}

/** P(result ≤ target). */
export function chanceAtMost(d: Distribution, target: number): Probability {
  return chance(d, (x) => x <= target);
}
