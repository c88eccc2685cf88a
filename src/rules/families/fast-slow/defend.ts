/**
 * FS-A5 Defend «défense»: until the end of the round, attack rolls against the defender take 1 bane and its
 * rolls to resist attacks get 1 boon. It ends early when the defender can no longer take actions (Dazed
 * «Hébété», Stunned «Stupéfait», Unconscious «inconscient»). Kept as a timed state (turns/timed-states.ts)
 * that the round engine expires at the end-of-round step of the round it was taken in.
 */
import type { BoonSource } from "../../dice/boon-tally";
import { endOfRoundAfter, type TimedState } from "../../turns/timed-states";

export const DEFEND_STATE = "defend";

/** The Defend state taken by `holder` in `round`: it ends at the end of that same round (FS-A5). */
export function defendState(holder: string, round: number, side?: "players" | "gm"): TimedState {
  const state = { key: DEFEND_STATE, holder, createdRound: round, expiry: endOfRoundAfter(round, 0) };
  return side ? { ...state, side } : state;
}

/** FS-A5: whether `holder` benefits from Defend now; never while it cannot take actions. */
export function isDefending(states: readonly TimedState[], holder: string, canAct: boolean): boolean {
  return canAct && states.some((s) => s.key === DEFEND_STATE && s.holder === holder);
}

/** FS-A5: drop `holder`'s Defend when it becomes unable to take actions (it does not come back). */
export function endDefendIfUnableToAct(
  states: readonly TimedState[],
  holder: string,
  canAct: boolean,
): { ended: TimedState[]; states: TimedState[] } {
  if (canAct) return { ended: [], states: [...states] };
  const ends = (s: TimedState) => s.key === DEFEND_STATE && s.holder === holder;
  return { ended: states.filter(ends), states: states.filter((s) => !ends(s)) };
}

/** FS-A5: 1 bane on an attack roll against a defending creature. */
export function defendAttackBane(defending: boolean): BoonSource[] {
  return defending ? [{ source: "defend", boons: 0, banes: 1 }] : [];
}

/** FS-A5: 1 boon on a defending creature's roll to resist an attack (a challenge roll, FS-D2). */
export function defendResistBoon(defending: boolean): BoonSource[] {
  return defending ? [{ source: "defend", boons: 1, banes: 0 }] : [];
}
