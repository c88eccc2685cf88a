/**
 * The classic-d20 action budget of one combatant's turn (CD-A1…CD-A6): a standard action and a move action,
 * or one full-round action; a move action may replace the standard (CD-A2); a 1.5 m step only when the
 * combatant moves no distance this round (CD-A3), and the only movement a full-round action allows (CD-A4);
 * free actions (CD-A1). There is one turn per round, so the turn's budget is the round's.
 */
import { decide, outsideTurn } from "../../budget/override";
import type { BudgetEventBase, BudgetLine, BudgetRules, OverrideRecord } from "../../budget/budget-rules";
import { accept, refuse, type Outcome, type Refusal } from "../../outcome";

/** CD-A3: the step «1,5-metrowy krok». */
export const STEP_METRES = 1.5;

export interface ClassicD20TurnBudget {
  /** Metres one move action covers. */
  readonly speed: number;
  /** CD-A5: limited to a standard action only (no move action this turn). */
  readonly standardOnly: boolean;
  readonly standardLeft: number;
  readonly moveLeft: number;
  /** What the standard action went to: "move" when it was used as a move action (CD-A2). */
  readonly standardUsedAs: "standard" | "move" | "fullRound" | null;
  readonly fullRound: boolean;
  /** Metres left of the move action in progress. */
  readonly metresLeft: number;
  /** CD-A3: moved some distance this round (a step no longer allowed). */
  readonly moved: boolean;
  readonly stepTaken: boolean;
  /** CD-A4: a full-round action that allows no step was taken. */
  readonly stepBarred: boolean;
  readonly freeActions: number;
}

export interface ClassicD20Budget {
  readonly round: number;
  readonly turn: ClassicD20TurnBudget | null;
  readonly overrides: readonly OverrideRecord[];
}

export type ClassicD20Event =
  /** CD-A6: an attack, a spell, or another standard action. */
  | { readonly type: "standard"; readonly kind?: "attack" | "cast" | "other"; readonly override?: boolean }
  /**
   * A move action that covers no distance (standing up, drawing a weapon…): CD-A3 keeps the step. Uses the move
   * action, or with `useStandard` the standard action in its place (CD-A2).
   */
  | { readonly type: "moveAction"; readonly useStandard?: boolean; readonly override?: boolean }
  /**
   * Token movement of `metres`: spends the move action in progress, then opens the move action, then — only
   * with `useStandard` (CD-A2, the double move) — the standard action as a second move.
   */
  | {
      readonly type: "move";
      readonly metres: number;
      readonly useStandard?: boolean;
      readonly override?: boolean;
    }
  /**
   * Start a move action now (its metres are then spent by token movement): the move action, or with
   * `useStandard` the standard action in its place when the move action is gone (CD-A2, the double move).
   */
  | { readonly type: "openMove"; readonly useStandard?: boolean; readonly override?: boolean }
  /** CD-A3: the 1.5 m step. */
  | { readonly type: "step"; readonly metres?: number; readonly override?: boolean }
  /**
   * CD-A1/CD-A4: a full-round action; `allowsStep: false` for those that allow no step. CD-A5: `canBeStandard`
   * for one that may be taken as a standard action when the combatant is limited to a standard action.
   */
  | {
      readonly type: "fullRound";
      readonly allowsStep?: boolean;
      readonly canBeStandard?: boolean;
      readonly override?: boolean;
    }
  /** CD-A1: free actions, within reason (the GM's call). */
  | { readonly type: "free"; readonly override?: boolean };

/** Every reason code this budget refuses with (`FRAY.Refusal.<code>`). */
export const CLASSIC_D20_REFUSALS = [
  "notYourTurn",
  "standardActionUsed",
  "noMoveAction",
  "notEnoughMovement",
  "wouldUseStandard",
  "steppedThisRound",
  "movedThisRound",
  "stepTaken",
  "stepTooLong",
  "noStepWithThisAction",
  "fullRoundNeedsWholeTurn",
  "limitedToStandard",
  "fullRoundTaken",
] as const;

export type ClassicD20Refusal = (typeof CLASSIC_D20_REFUSALS)[number];

export function initialClassicD20Budget(): ClassicD20Budget {
  return { round: 0, turn: null, overrides: [] };
}

export function startClassicD20Round(
  _state: ClassicD20Budget,
  input: { readonly round: number },
): ClassicD20Budget {
  return { ...initialClassicD20Budget(), round: input.round };
}

/** The combatant's turn starts; `standardOnly` (CD-A5) when a condition limits it to a standard action. */
export function startClassicD20Turn(
  state: ClassicD20Budget,
  input: { readonly speed: number; readonly standardOnly?: boolean },
): ClassicD20Budget {
  const standardOnly = input.standardOnly === true;
  return {
    ...state,
    turn: {
      speed: Math.max(0, input.speed),
      standardOnly,
      standardLeft: 1,
      moveLeft: standardOnly ? 0 : 1,
      standardUsedAs: null,
      fullRound: false,
      metresLeft: 0,
      moved: false,
      stepTaken: false,
      stepBarred: false,
      freeActions: 0,
    },
  };
}

export function endClassicD20Turn(state: ClassicD20Budget): ClassicD20Budget {
  return { ...state, turn: null };
}

function roundMetres(metres: number): number {
  return Math.round(metres * 100) / 100;
}

/** Use the move action, or else the standard action as a move (CD-A2). */
function useMoveSlot(turn: ClassicD20TurnBudget): ClassicD20TurnBudget {
  if (turn.moveLeft > 0) return { ...turn, moveLeft: 0 };
  return { ...turn, standardLeft: 0, standardUsedAs: "move" };
}

function moveSlotRefusal(
  turn: ClassicD20TurnBudget,
  useStandard: boolean,
): Refusal<ClassicD20Refusal> | null {
  if (turn.fullRound) return refuse("fullRoundTaken");
  if (turn.moveLeft > 0) return null;
  if (turn.standardLeft <= 0) return refuse("noMoveAction");
  return useStandard ? null : refuse("wouldUseStandard");
}

function spendMove(
  state: ClassicD20Budget,
  turn: ClassicD20TurnBudget,
  event: Extract<ClassicD20Event, { type: "move" }>,
): Outcome<ClassicD20Budget> {
  const metres = roundMetres(Math.max(0, event.metres));
  let refusal: Refusal | null = null;
  if (turn.fullRound) refusal = refuse("fullRoundTaken");
  else if (turn.stepTaken && metres > 0) refusal = refuse("steppedThisRound"); // CD-A3
  let after = turn;
  let need = metres;
  // Open move actions until the distance fits: the move action first, the standard only if asked (CD-A2).
  while (need > after.metresLeft && !refusal) {
    if (after.moveLeft > 0)
      after = { ...useMoveSlot(after), metresLeft: roundMetres(after.metresLeft + after.speed) };
    else if (after.standardLeft > 0 && event.useStandard)
      after = { ...useMoveSlot(after), metresLeft: roundMetres(after.metresLeft + after.speed) };
    else if (after.standardLeft > 0 && need <= after.metresLeft + after.speed)
      refusal = refuse("wouldUseStandard");
    else refusal = refuse("notEnoughMovement", { left: roundMetres(after.metresLeft) });
  }
  const overspent = roundMetres(Math.max(0, need - after.metresLeft));
  need = Math.min(need, after.metresLeft);
  const spent: ClassicD20TurnBudget = {
    ...after,
    metresLeft: roundMetres(after.metresLeft - need),
    moved: turn.moved || metres > 0,
  };
  return decide(event, refusal, () => ({ ...state, turn: spent }), overspent || undefined);
}

export function spendClassicD20(
  state: ClassicD20Budget,
  event: ClassicD20Event,
  _ctx?: unknown,
): Outcome<ClassicD20Budget> {
  const turn = state.turn;
  // A GM forcing an action outside the creature's turn spends nothing.
  if (!turn) return outsideTurn(state, event);
  const withTurn = (t: ClassicD20TurnBudget) => ({ ...state, turn: t });
  switch (event.type) {
    case "standard": {
      const refusal = turn.fullRound
        ? refuse("fullRoundTaken")
        : turn.standardLeft > 0
          ? null
          : refuse("standardActionUsed");
      return decide(event, refusal, () => withTurn({ ...turn, standardLeft: 0, standardUsedAs: "standard" }));
    }
    case "moveAction":
      return decide(event, moveSlotRefusal(turn, event.useStandard === true), () =>
        withTurn(turn.moveLeft > 0 || turn.standardLeft > 0 ? useMoveSlot(turn) : turn),
      );
    case "move":
      return spendMove(state, turn, event);
    case "openMove":
      return decide(event, moveSlotRefusal(turn, event.useStandard === true), () =>
        withTurn({
          ...(turn.moveLeft > 0 || turn.standardLeft > 0 ? useMoveSlot(turn) : turn),
          metresLeft: roundMetres(turn.metresLeft + turn.speed),
        }),
      );
    case "step": {
      const metres = event.metres ?? STEP_METRES;
      let refusal: Refusal | null = null;
      if (metres > STEP_METRES) refusal = refuse("stepTooLong", { max: STEP_METRES });
      else if (turn.stepTaken) refusal = refuse("stepTaken");
      else if (turn.moved) refusal = refuse("movedThisRound");
      else if (turn.stepBarred) refusal = refuse("noStepWithThisAction");
      return decide(event, refusal, () => withTurn({ ...turn, stepTaken: true }));
    }
    case "fullRound": {
      let refusal: Refusal | null = null;
      const asStandard = turn.standardOnly;
      if (turn.fullRound) refusal = refuse("fullRoundTaken");
      else if (turn.stepTaken && event.allowsStep === false)
        refusal = refuse("steppedThisRound"); // CD-A4
      else if (asStandard && !event.canBeStandard)
        refusal = refuse("limitedToStandard"); // CD-A5
      else if (turn.standardLeft <= 0 || (!asStandard && turn.moveLeft <= 0) || turn.moved)
        refusal = refuse("fullRoundNeedsWholeTurn"); // CD-A1
      return decide(event, refusal, () =>
        withTurn({
          ...turn,
          standardLeft: 0,
          moveLeft: 0,
          metresLeft: 0,
          standardUsedAs: "fullRound",
          fullRound: true,
          stepBarred: event.allowsStep === false,
        }),
      );
    }
    case "free":
      return accept(withTurn({ ...turn, freeActions: turn.freeActions + 1 }));
  }
}

/** CD-A3: a step is still possible. */
export function stepAvailable(turn: ClassicD20TurnBudget): boolean {
  return !turn.stepTaken && !turn.moved && !turn.stepBarred;
}

/** What is left of the turn (and so of the round): standard, move, metres of the open move, step, full-round. */
export function classicD20Remaining(state: ClassicD20Budget) {
  const t = state.turn;
  const turn: BudgetLine[] = t
    ? [
        { key: "standard", left: t.standardLeft, max: 1, unit: "count" },
        { key: "moveAction", left: t.moveLeft, max: t.standardOnly ? 0 : 1, unit: "count" },
        { key: "metres", left: t.metresLeft, max: t.speed, unit: "metres" },
        { key: "step", left: stepAvailable(t) ? 1 : 0, max: 1, unit: "count" },
        {
          key: "fullRound",
          left: !t.fullRound && !t.moved && t.standardLeft > 0 && (t.standardOnly || t.moveLeft > 0) ? 1 : 0,
          max: 1,
          unit: "count",
        },
      ]
    : [];
  return { turn, round: [] as BudgetLine[] };
}

export const classicD20Budget: BudgetRules<
  ClassicD20Budget,
  ClassicD20Event & BudgetEventBase,
  unknown,
  { readonly round: number },
  { readonly speed: number; readonly standardOnly?: boolean }
> = {
  family: "classic-d20",
  initial: initialClassicD20Budget,
  startRound: startClassicD20Round,
  startTurn: startClassicD20Turn,
  endTurn: endClassicD20Turn,
  spend: spendClassicD20,
  remaining: classicD20Remaining,
};
