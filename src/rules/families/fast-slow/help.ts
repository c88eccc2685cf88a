/**
 * Help (FS-A8): a successful Intellect roll gives the helped creature 1 boon on its next roll made before the
 * end of the round. Kept as a timed state on the target that the end-of-round step expires (FS-R7) and that its
 * next roll consumes.
 */
import type { TimedState } from "../../turns/timed-states";

export const HELP_STATE_KEY = "help";
export const HELP_BOONS = 1;
/** FS-A8: the helper reaches a creature within 4.5 m that can see and understand it. */
export const HELP_RANGE_METRES = 4.5;

export interface HelpData {
  readonly helper: string;
  readonly boons: number;
}

/** The state a successful Help puts on `target` in `round`; it ends at that round's end. */
export function helpState(input: {
  readonly target: string;
  readonly helper: string;
  readonly round: number;
  readonly side?: "players" | "gm";
}): TimedState<HelpData> {
  const base = {
    key: HELP_STATE_KEY,
    holder: input.target,
    createdRound: input.round,
    expiry: { kind: "endOfRound", round: input.round },
    data: { helper: input.helper, boons: HELP_BOONS },
  } as const;
  return input.side ? { ...base, side: input.side } : base;
}

/**
 * The boons Help gives `holder`'s roll now, and the states without the Help it used. Every Help on the holder
 * applies to its next roll (each helper's boon is "on its next roll"), so all are consumed at once.
 */
export function consumeHelp<D>(
  states: readonly TimedState<D>[],
  holder: string,
): { boons: number; states: TimedState<D>[] } {
  let boons = 0;
  const kept: TimedState<D>[] = [];
  for (const state of states) {
    if (state.key === HELP_STATE_KEY && state.holder === holder) {
      const data = state.data as Partial<HelpData> | undefined;
      // Stryker disable next-line ConditionalExpression,StringLiteral: every Help state records HELP_BOONS (FS-A8: 1 boon), so reading data.boons or the constant gives the same count
      boons += typeof data?.boons === "number" ? data.boons : HELP_BOONS;
    } else kept.push(state);
  }
  return { boons, states: kept };
}
