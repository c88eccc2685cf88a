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
  /**
   * Points of the round at which the effect applies again while it lasts (OD-R1 start-of-round effects,
   * OD-R5 and FS-R7 end-of-round effects). The round engine lists them in its round notices.
   */
  readonly triggers?: readonly RoundPoint[];
  readonly data?: D;
}

/** The two points of a round at which effects apply (OD-R1, OD-R5, FS-R7). */
export type RoundPoint = "roundStart" | "roundEnd";

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

/** Whose effect a state is when it does not say: the caller may look at the holder's side. */
export type SideOf<D> = (state: TimedState<D>) => "players" | "gm" | undefined;

/**
 * FS-R7 resolution order, in place: the players' side first, then the GM's; a stable sort, so within a side
 * the list order (creation order) stays. A state without `side` takes `sideOf(state)`, else the players'.
 */
export function sortForResolution<D>(states: TimedState<D>[], sideOf?: SideOf<D>): TimedState<D>[] {
  const rank = (s: TimedState<D>) => ((s.side ?? sideOf?.(s)) === "gm" ? 1 : 0);
  return states.sort((a, b) => rank(a) - rank(b));
}

/** Whether a state ends at the end-of-round step of `round` (FS-R8 counting, see `endOfRoundAfter`). */
export function endsAtRoundEnd(state: TimedState<unknown>, round: number): boolean {
  return state.expiry.kind === "endOfRound" && state.expiry.round <= round;
}

/**
 * The states that end at the end-of-round step of `round`, in resolution order: the players' side first,
 * then the GM's (FS-R7); within a side, in creation order. And those that stay.
 */
export function splitAtRoundEnd<D>(
  states: readonly TimedState<D>[],
  round: number,
  sideOf?: SideOf<D>,
): { expired: TimedState<D>[]; kept: TimedState<D>[] } {
  const expired: TimedState<D>[] = [];
  const kept: TimedState<D>[] = [];
  for (const state of states) {
    (endsAtRoundEnd(state, round) ? expired : kept).push(state);
  }
  sortForResolution(expired, sideOf);
  return { expired, kept };
}

/** The states that apply at `point` of the round (OD-R1, OD-R5), in FS-R7 resolution order. */
export function triggeredAt<D>(
  states: readonly TimedState<D>[],
  point: RoundPoint,
  sideOf?: SideOf<D>,
): TimedState<D>[] {
  return sortForResolution(
    states.filter((s) => s.triggers?.includes(point) === true),
    sideOf,
  );
}
