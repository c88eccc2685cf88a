/**
 * Boons and banes (FS-D1): they cancel one for one; for N net boons roll Nd6 and add the highest,
 * for N net banes roll Nd6 and subtract the highest. Dice arrive as faces, so this stays pure.
 */

/** Net boons: positive for boons, negative for banes. */
export function netBoons(boons: number, banes: number): number {
  return Math.max(0, Math.trunc(boons)) - Math.max(0, Math.trunc(banes));
}

/** The Roll formula term for a net boon count, e.g. "+ 2d6kh" or "- 3d6kh"; "" for none. */
export function boonTerm(net: number, die = 6): string {
  if (net === 0) return "";
  const count = Math.abs(net);
  const pool = count === 1 ? `1d${die}` : `${count}d${die}kh`;
  // Stryker disable next-line EqualityOperator: net is never 0 here (returned above), so > 0 and >= 0 agree
  return net > 0 ? ` + ${pool}` : ` - ${pool}`;
}

/** The signed value the boon/bane dice add: the highest face, with the sign of `net`. */
export function boonValue(net: number, faces: readonly number[]): number {
  if (net === 0) return 0;
  if (faces.length !== Math.abs(net)) {
    // Stryker disable next-line StringLiteral: the text of a programmer-error RangeError, never shown to a user
    throw new RangeError(`expected ${Math.abs(net)} boon/bane dice, got ${faces.length}`);
  }
  const best = Math.max(...faces);
  // Stryker disable next-line EqualityOperator: net is never 0 here (returned above), so > 0 and >= 0 agree
  return net > 0 ? best : -best;
}
