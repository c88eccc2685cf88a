/**
 * The distribution of the highest of `count` dice (NdMkh, FS-D1 boon/bane dice): P(max ≤ k) = (k/M)^N,
 * so the face k has (k^N − (k−1)^N) ways out of M^N.
 */
import type { Distribution } from "./distribution";

export function keepHighest(count: number, sides: number): Distribution {
  if (!Number.isInteger(count) || count < 1)
    // Stryker disable next-line StringLiteral: the text of a programmer-error RangeError, never shown to a user
    throw new RangeError(`keep-highest needs at least one die: ${count}`);
  // Stryker disable next-line StringLiteral: the text of a programmer-error RangeError, never shown to a user
  if (!Number.isInteger(sides) || sides < 1) throw new RangeError(`a die needs at least one face: ${sides}`);
  const weights = new Map<number, number>();
  for (let k = 1; k <= sides; k += 1) weights.set(k, k ** count - (k - 1) ** count);
  const total = sides ** count;
  // Stryker disable next-line StringLiteral: the text of a programmer-error RangeError, never shown to a user
  if (!Number.isSafeInteger(total)) throw new RangeError("distribution weight overflow");
  return { weights, total };
}
