/**
 * An exact probability as a reduced fraction of safe integers, so dice tests can compare with closed forms
 * (P(3d6 ≤ 10) = 1/2) without floating-point tolerance.
 */
export interface Probability {
  readonly numerator: number;
  readonly denominator: number;
}

function gcd(a: number, b: number): number {
  let x = Math.abs(a);
  let y = Math.abs(b);
  while (y !== 0) [x, y] = [y, x % y];
  return x;
}

/** The reduced fraction numerator/denominator; throws on a value outside [0, 1] or an unsafe integer. */
export function probability(numerator: number, denominator: number): Probability {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator)) {
    // Stryker disable next-line StringLiteral: the text of a programmer-error RangeError, never shown to a user
    throw new RangeError(`probability needs safe integers, got ${numerator}/${denominator}`);
  }
  if (denominator <= 0 || numerator < 0 || numerator > denominator) {
    // Stryker disable next-line StringLiteral: the text of a programmer-error RangeError, never shown to a user
    throw new RangeError(`not a probability: ${numerator}/${denominator}`);
  }
  const divisor = gcd(numerator, denominator) || 1;
  return { numerator: numerator / divisor, denominator: denominator / divisor };
}

/** The probability as a JavaScript number, for display ("42 %"). */
export function probabilityValue(p: Probability): number {
  return p.numerator / p.denominator;
}
