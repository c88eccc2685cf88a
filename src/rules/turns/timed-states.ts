/**
 * States that a combatant holds for a while and that the round engine expires: Defend (FS-A5, to the end
 * of the round), concentration (FS-A3, to the end of the following round), "lasts N rounds" effects (FS-R8),
 * and the active-defense-3d6 states that last "until your next turn" (AD-T1: all-out attack, all-out
 * defense, feint, aim, concentration). Plain serialisable data; the family modules decide the keys.
 */

export type Expiry =
  /** Ends when the holder's next turn starts (AD-T1). */
  | { readonly kind: "holderNextTurn" }
  /** Ends at the end-of-round step of `round` (FS-A5 Defend: the current round; FS-R8: a later one). */
  | { readonly kind: "endOfRound"; readonly round: number }
  /** Lasts until something removes it (a failed concentration check, a dismissal, the GM). */
  | { readonly kind: "manual" };

export interface TimedState<D = unknown> {
  /** What the state is, e.g. "defend", "allOutAttack", "concentration". */
  readonly key: string;
  /** The combatant that holds it. */
  readonly holder: string;
  /** The round it was created in. */
  readonly createdRound: number;
  readonly expiry: Expiry;
  /** Whose effect it is, for the players-first ordering of the end-of-round step (FS-R7). */
  readonly side?: "players" | "gm";
  readonly data?: D;
}

/** FS-R8: an effect that lasts `rounds` rounds, created in `round`, ends at the end of round + rounds. */
export function endOfRoundAfter(round: number, rounds: number): Expiry {
  return { kind: "endOfRound", round: round + Math.max(0, Math.trunc(rounds)) };
}

/** The states that end when `holder`'s turn starts, and those that stay. */
export function splitAtTurnStart<D>(
  states: readonly TimedState<D>[],
  holder: string,
): { expired: TimedState<D>[]; kept: TimedState<D>[] } {
  const expired: TimedState<D>[] = [];
  const kept: TimedState<D>[] = [];
  for (const state of states) {
    (state.holder === holder && state.expiry.kind === "holderNextTurn" ? expired : kept).push(state);
  }
  return { expired, kept };
}

/**
 * The states that end at the end-of-round step of `round`, in resolution order: the players' side first,
 * then the GM's (FS-R7); within a side, in creation order. And those that stay.
 */
export function splitAtRoundEnd<D>(
  states: readonly TimedState<D>[],
  round: number,
): { expired: TimedState<D>[]; kept: TimedState<D>[] } {
  const expired: TimedState<D>[] = [];
  const kept: TimedState<D>[] = [];
  for (const state of states) {
    (state.expiry.kind === "endOfRound" && state.expiry.round <= round ? expired : kept).push(state);
  }
  const rank = (s: TimedState<D>) => (s.side === "gm" ? 1 : 0);
  expired.sort((a, b) => rank(a) - rank(b));
  return { expired, kept };
}
