/**
 * What mounted combat spends from a fast-slow turn budget (budget.ts):
 * - FS-MT2: mounting or dismounting uses the creature's move — all of it, as standing up with the move does
 *   (FS-M3); in a fast turn, using the move gives up the action (FS-R5);
 * - FS-MT10: the escape from under a fallen mount uses an action; in a fast turn, the action gives up the move.
 * A GM may force either (`override`), which records the refusal it bypassed, as every budget does.
 */
import { decide } from "../../budget/override";
import { refuse, type Outcome, type Refusal } from "../../outcome";
import type { FastSlowBudget } from "./budget";

export type MountSpendRefusal =
  "notYourTurn" | "movementStopped" | "fastTurnActed" | "moveAlreadyUsed" | "actionUsed" | "fastTurnMoved";

/** FS-MT2: the move goes to mounting or dismounting. */
export function spendMountMove(state: FastSlowBudget, override = false): Outcome<FastSlowBudget> {
  const turn = state.turn;
  if (!turn) return override ? { ok: true, value: state } : refuse("notYourTurn");
  let refusal: Refusal<MountSpendRefusal> | null = null;
  if (turn.stopped) refusal = refuse("movementStopped");
  else if (turn.kind === "fast" && turn.actionUsedFor !== null) refusal = refuse("fastTurnActed");
  else if (turn.moveUsed || turn.moveLeft <= 0) refusal = refuse("moveAlreadyUsed");
  return decide({ type: "mountMove", ...(override ? { override } : {}) }, refusal, () => ({
    ...state,
    turn: { ...turn, moveLeft: 0, moveUsed: true, actionLeft: turn.kind === "fast" ? 0 : turn.actionLeft },
  }));
}

/** FS-MT10: the action goes to the escape roll. */
export function spendEscapeAction(state: FastSlowBudget, override = false): Outcome<FastSlowBudget> {
  const turn = state.turn;
  if (!turn) return override ? { ok: true, value: state } : refuse("notYourTurn");
  const refusal: Refusal<MountSpendRefusal> | null =
    turn.actionLeft > 0
      ? null
      : turn.kind === "fast" && turn.moveUsed
        ? refuse("fastTurnMoved")
        : refuse("actionUsed");
  return decide({ type: "escape", ...(override ? { override } : {}) }, refusal, () => ({
    ...state,
    turn: { ...turn, actionLeft: 0, moveLeft: turn.kind === "fast" ? 0 : turn.moveLeft },
  }));
}
