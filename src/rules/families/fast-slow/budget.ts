/**
 * The fast-slow action budget of one creature: its turn (FS-R5 fast: an action OR a move; FS-R6 slow: an action
 * AND a move, the action at any moment of the move), its minor activities (FS-A17: 1 fast, 2 slow), its one
 * reaction per round (FS-A16) and its prepared activity (FS-A10). The round engine picks the turn kind; the
 * Foundry layer calls `startRound` at round start, `startTurn` when the creature takes its turn, `endTurn` when
 * it finishes, and `spend` for everything it does. Movement costs come from `movement.ts` and `jump.ts`.
 * Mounted combat spends from it too: mounting or dismounting uses the whole move (FS-MT2), the escape from
 * under a fallen mount an action (FS-MT10).
 */
import { decide, outsideTurn } from "../../budget/override";
import type { BudgetEventBase, BudgetLine, BudgetRules, OverrideRecord } from "../../budget/budget-rules";
import { accept, refuse, type Outcome, type Refusal } from "../../outcome";
import { ACTIVITY_MOVEMENT, isPreparable, type FsActivity } from "./activities";
import { planJump, type JumpKind, type JumpPlan } from "./jump";
import {
  movementCost,
  roundMetres,
  type MovementAction,
  type Terrain,
  type TraversalCheck,
  type TraversalResult,
} from "./movement";

export type TurnKind = "fast" | "slow";

/** FS-A17: minor activities a turn allows without the GM's agreement. */
export const MINOR_ACTIVITIES: Readonly<Record<TurnKind, number>> = { fast: 1, slow: 2 };
/**
 * FS-A17 "possibly more if you do not move or do not use an action on your turn": how many more is not said
 * (a convention, the `fsMinorBonus` world setting). Fray's default: one more. A slow turn earns it by giving up
 * its move or its action; a fast turn, which already allows only one of them, by using neither.
 */
export const DEFAULT_MINOR_BONUS = 1;
/** FS-A16: reactions per round. */
export const REACTIONS_PER_ROUND = 1;

export interface PreparedActivity {
  readonly activity: FsActivity;
  /** The trigger, in the player's words. */
  readonly trigger: string;
}

export interface FastSlowTurnBudget {
  readonly kind: TurnKind;
  /** Speed in metres when the turn started. */
  readonly speed: number;
  readonly actionLeft: number;
  /** What the action went to (Stand up may use it, FS-M3). */
  readonly actionUsedFor: FsActivity | "standUp" | null;
  /** Metres of the turn's move still available (0 once a fast turn acted, FS-R5). */
  readonly moveLeft: number;
  /** The move has been started or spent (standing up uses it whole, FS-M3). */
  readonly moveUsed: boolean;
  /** Metres left of movement the action granted: Rush (FS-A13) or Retreat (FS-A12). */
  readonly bonusMoveLeft: number;
  readonly bonusMoveMax: number;
  readonly bonusMoveFrom: "rush" | "retreat" | null;
  readonly minorLeft: number;
  /**
   * FS-A17: the minor activities more this turn allows when the creature gives up its move or its action (a
   * fast turn: both); absent in budgets stored before the rule (none).
   */
  readonly minorBonus?: number;
  /** FS-A17: how many of them it has done: from the first one, it must keep giving that up this turn. */
  readonly minorBonusUsed?: number;
  /** A failed balance or climb roll stopped all movement for this turn (FS-M1, FS-M2). */
  readonly stopped: boolean;
  /** A balance or climb roll succeeded this turn: the surface asks no new roll before the next turn. */
  readonly traversalPassed: boolean;
}

export interface FastSlowBudget {
  readonly round: number;
  /** The turn in progress, or null outside the creature's turn. */
  readonly turn: FastSlowTurnBudget | null;
  readonly reactionLeft: number;
  /** FS-A10: the prepared activity, until it is used or the round ends. */
  readonly prepared: PreparedActivity | null;
  /** GM overrides this round. */
  readonly overrides: readonly OverrideRecord[];
}

export type FastSlowActivityEvent =
  | {
      readonly type: "activity";
      readonly activity: Exclude<FsActivity, "prepare" | "reload">;
      readonly override?: boolean;
    }
  | {
      readonly type: "activity";
      readonly activity: "prepare";
      readonly prepared: PreparedActivity;
      readonly override?: boolean;
    }
  | {
      readonly type: "activity";
      readonly activity: "reload";
      /** FS-A11: the weapon has the reload property. */
      readonly weaponHasReload: boolean;
      readonly hasAmmunition: boolean;
      readonly override?: boolean;
    };

export interface FastSlowMoveEvent extends BudgetEventBase {
  readonly type: "move";
  /**
   * Metres moved (for a jump: the metres it covers, counted against the move — FS-M5/FS-M6; never less than its
   * height, drop or length).
   */
  readonly metres: number;
  readonly action: MovementAction;
  readonly terrain?: Terrain;
  /** Required when `action` is "jump". */
  readonly jump?: {
    readonly kind: JumpKind;
    readonly agilityModifier: number;
    readonly runUpMetres: number;
    readonly overGap?: boolean;
    /**
     * The jump's own measure compared with FS-M5/FS-M6's limits (height, drop or horizontal length); absent,
     * `metres`.
     */
    readonly measure?: number;
    /** A high jump or a jump down: the horizontal metres it also crosses (see `planJump`'s convention). */
    readonly across?: number;
  };
}

export type FastSlowEvent =
  | FastSlowActivityEvent
  | FastSlowMoveEvent
  /** The balance or climb roll came back (FS-M1, FS-M2): see `traversalResult`. */
  | { readonly type: "traversal"; readonly result: TraversalResult; readonly override?: boolean }
  /** FS-M3: standing up uses the action or the move. */
  | { readonly type: "standUp"; readonly using: "action" | "move"; readonly override?: boolean }
  /** FS-M3: dropping prone is free. */
  | { readonly type: "dropProne"; readonly override?: boolean }
  /** FS-MT2: mounting or dismounting uses the move, all of it. */
  | { readonly type: "mountMove"; readonly override?: boolean }
  /** FS-MT10: the escape from under a fallen mount uses an action. */
  | { readonly type: "escape"; readonly override?: boolean }
  /** FS-A17 */
  | { readonly type: "minor"; readonly override?: boolean }
  /** FS-A16 opportunity attack, FS-A10 prepared activity, or a talent's or spell's reaction. */
  | {
      readonly type: "reaction";
      readonly kind: "opportunityAttack" | "prepared" | "other";
      readonly override?: boolean;
    };

export interface FastSlowContext {
  /** The creature is prone (FS-M3). */
  readonly prone: boolean;
}

/** Every reason code this budget refuses with (`FRAY.Refusal.<code>`). */
export const FAST_SLOW_REFUSALS = [
  "notYourTurn",
  "actionUsed",
  "fastTurnMoved",
  "fastTurnActed",
  "notPreparable",
  "triggerRequired",
  "notReloadable",
  "noAmmunition",
  "notEnoughMovement",
  "movementStopped",
  "moveAlreadyUsed",
  "notProne",
  "minorActivitiesUsed",
  "minorBonusNeedsForgo",
  "minorBonusTaken",
  "reactionUsed",
  "nothingPrepared",
  "jumpDetailsMissing",
  "noSpeed",
  "proneMustCrawl",
  "proneCannotFly",
] as const;

export type FastSlowRefusal = (typeof FAST_SLOW_REFUSALS)[number];

/** What one stretch of movement did, for the token-movement hook. */
export interface MovementStep {
  readonly state: FastSlowBudget;
  /** Metres of the move it used. */
  readonly cost: number;
  /** Metres of movement left this turn after it. */
  readonly metresLeft: number;
  /** FS-A12: the whole stretch was Retreat movement, which provokes no opportunity attack. */
  readonly noOpportunity: boolean;
  /** FS-M1/FS-M2: the roll this stretch asks for; its result goes back as a "traversal" event. */
  readonly check: TraversalCheck | null;
  /** FS-M5/FS-M6: the jump, when it was one. */
  readonly jump: JumpPlan | null;
}

export function initialFastSlowBudget(): FastSlowBudget {
  return { round: 0, turn: null, reactionLeft: REACTIONS_PER_ROUND, prepared: null, overrides: [] };
}

/** A new round: the reaction comes back (FS-A16), an unused prepared activity lapses (FS-A10). */
export function startFastSlowRound(
  _state: FastSlowBudget,
  input: { readonly round: number },
): FastSlowBudget {
  return { ...initialFastSlowBudget(), round: input.round };
}

/**
 * The creature takes a fast or a slow turn (FS-R5, FS-R6) with its current Speed in metres; `minorBonus` is the
 * FS-A17 convention (the `fsMinorBonus` setting; `DEFAULT_MINOR_BONUS` when not given).
 */
export function startFastSlowTurn(
  state: FastSlowBudget,
  input: { readonly kind: TurnKind; readonly speed: number; readonly minorBonus?: number },
): FastSlowBudget {
  const speed = Math.max(0, input.speed);
  const bonus = Math.max(0, Math.trunc(input.minorBonus ?? DEFAULT_MINOR_BONUS));
  return {
    ...state,
    turn: {
      kind: input.kind,
      speed,
      actionLeft: 1,
      actionUsedFor: null,
      moveLeft: speed,
      moveUsed: false,
      bonusMoveLeft: 0,
      bonusMoveMax: 0,
      bonusMoveFrom: null,
      minorLeft: MINOR_ACTIVITIES[input.kind],
      minorBonus: bonus,
      minorBonusUsed: 0,
      stopped: false,
      traversalPassed: false,
    },
  };
}

export function endFastSlowTurn(state: FastSlowBudget): FastSlowBudget {
  return { ...state, turn: null };
}

/** FS-A17: the minor activities the turn may still do now (its own, then the extra ones it has earned). */
export function minorActivitiesLeft(turn: FastSlowTurnBudget): number {
  const extra = forgoesMoveOrAction(turn) || (turn.minorBonusUsed ?? 0) > 0 ? minorBonusLeft(turn) : 0;
  return turn.minorLeft + extra;
}

/** FS-A17: the minor activities more this turn still has (0 for budgets stored before the rule). */
function minorBonusLeft(turn: FastSlowTurnBudget): number {
  return Math.max(0, (turn.minorBonus ?? 0) - (turn.minorBonusUsed ?? 0));
}

/**
 * FS-A17: whether the turn, as it stands (and after `using` its move or action), still leaves out what earns
 * the extra minor activities: a slow turn its move or its action, a fast turn both.
 */
export function forgoesMoveOrAction(
  turn: FastSlowTurnBudget,
  using: "move" | "action" | null = null,
): boolean {
  const moved = turn.moveUsed || using === "move";
  const acted = turn.actionLeft <= 0 || using === "action";
  return turn.kind === "fast" ? !moved && !acted : !(moved && acted);
}

/** FS-A17: an extra minor activity was done, so the move or action `using` would take back what earned it. */
function forgoRefusal(
  turn: FastSlowTurnBudget,
  using: "move" | "action" | null,
): Refusal<FastSlowRefusal> | null {
  if (!using || (turn.minorBonusUsed ?? 0) <= 0) return null;
  return forgoesMoveOrAction(turn, using) ? null : refuse("minorBonusTaken");
}

/** What an event inside the turn uses of the move and the action (moves are checked by `spendMovement`). */
function usesOf(event: FastSlowEvent): "move" | "action" | null {
  switch (event.type) {
    case "activity":
    case "escape":
      return "action";
    case "standUp":
      return event.using;
    case "mountMove":
      return "move";
  }
  return null;
}

function actionRefusal(turn: FastSlowTurnBudget): Refusal<FastSlowRefusal> | null {
  if (turn.actionLeft > 0) return null;
  return turn.kind === "fast" && turn.moveUsed ? refuse("fastTurnMoved") : refuse("actionUsed");
}

function activityRefusal(
  turn: FastSlowTurnBudget,
  event: FastSlowActivityEvent,
): Refusal<FastSlowRefusal> | null {
  const spent = actionRefusal(turn);
  if (spent) return spent;
  if (event.activity === "prepare") {
    if (!isPreparable(event.prepared.activity)) return refuse("notPreparable");
    if (event.prepared.trigger.trim() === "") return refuse("triggerRequired");
  }
  if (event.activity === "reload") {
    if (!event.weaponHasReload) return refuse("notReloadable");
    if (!event.hasAmmunition) return refuse("noAmmunition");
  }
  return null;
}

/** The action is spent; a fast turn loses its move (FS-R5). */
function spendAction(turn: FastSlowTurnBudget): FastSlowTurnBudget {
  return { ...turn, actionLeft: 0, moveLeft: turn.kind === "fast" ? 0 : turn.moveLeft };
}

/** The action is used for `usedFor` (FS-R5, see `spendAction`); Rush and Retreat open their own movement. */
function useAction(turn: FastSlowTurnBudget, usedFor: FsActivity | "standUp"): FastSlowTurnBudget {
  // Stryker disable next-line StringLiteral: "standUp" has no entry in ACTIVITY_MOVEMENT either (undefined both ways)
  const granted = usedFor === "standUp" ? undefined : ACTIVITY_MOVEMENT[usedFor];
  const after: FastSlowTurnBudget = { ...spendAction(turn), actionUsedFor: usedFor };
  if (!granted || turn.stopped || (usedFor !== "rush" && usedFor !== "retreat")) return after;
  const metres = roundMetres(turn.speed * granted.speedFactor);
  return { ...after, bonusMoveLeft: metres, bonusMoveMax: metres, bonusMoveFrom: usedFor };
}

function spendActivity(
  state: FastSlowBudget,
  turn: FastSlowTurnBudget,
  event: FastSlowActivityEvent,
): Outcome<FastSlowBudget> {
  return decide(event, activityRefusal(turn, event), () => ({
    ...state,
    turn: useAction(turn, event.activity),
    prepared: event.activity === "prepare" ? event.prepared : state.prepared,
  }));
}

/**
 * Spend a stretch of movement and say what it did. Retreat or Rush movement is used first (the creature chose
 * it), then the turn's move; in a fast turn, touching the move gives up the action (FS-R5).
 */
export function spendMovement(
  state: FastSlowBudget,
  event: FastSlowMoveEvent,
  ctx: FastSlowContext,
): Outcome<MovementStep> {
  const turn = state.turn;
  if (!turn) {
    // A GM moving a creature outside its turn: nothing is spent, no roll is asked (the override is recorded).
    const forced = outsideTurn(state, event);
    if (!forced.ok) return forced;
    return accept({
      state: forced.value,
      cost: 0,
      metresLeft: 0,
      noOpportunity: false,
      check: null,
      jump: null,
    });
  }
  const available = roundMetres(turn.moveLeft + turn.bonusMoveLeft);

  let cost: number;
  let check: TraversalCheck | null = null;
  let jump: JumpPlan | null = null;
  let refusal: Refusal | null = null;
  if (event.action === "jump") {
    if (!event.jump) return refuse("jumpDetailsMissing");
    const { measure, ...details } = event.jump;
    // FS-M5/FS-M6: the limits read the jump's height, drop or length; the move pays every metre it covers.
    jump = planJump({
      ...details,
      distance: measure ?? event.metres,
      metres: event.metres,
      metresLeft: available,
    });
    cost = jump.cost;
  } else {
    const priced = movementCost({
      distance: event.metres,
      action: event.action,
      speed: turn.speed,
      prone: ctx.prone,
      ...(event.terrain ? { terrain: event.terrain } : {}),
    });
    if (priced.ok) {
      cost = priced.value.cost;
      check = priced.value.check;
    } else {
      // Forced by the GM: the creature moves as if on open ground.
      cost = roundMetres(Math.max(0, event.metres));
      refusal = priced;
    }
  }
  // Being pushed or teleported (cost 0) is not the creature's move; anything else needs movement left.
  if (!refusal && (cost > 0 || jump)) {
    if (turn.stopped) refusal = refuse("movementStopped");
    else if (turn.kind === "fast" && turn.actionUsedFor !== null && turn.bonusMoveFrom === null)
      refusal = refuse("fastTurnActed");
    else if (cost > available || available <= 0) refusal = refuse("notEnoughMovement", { left: available });
    // FS-A17: the creature did an extra minor activity by giving up this move.
    else refusal = forgoRefusal(turn, "move");
  }

  const fromBonus = Math.min(cost, turn.bonusMoveLeft);
  const fromMove = roundMetres(cost - fromBonus);
  const moveLeft = roundMetres(Math.max(0, turn.moveLeft - fromMove));
  const overspent = roundMetres(Math.max(0, fromMove - turn.moveLeft));
  const touchedMove = fromMove > 0;
  const ranOut = jump !== null && jump.landing !== "safe";
  let after: FastSlowTurnBudget = {
    ...turn,
    bonusMoveLeft: roundMetres(turn.bonusMoveLeft - fromBonus),
    moveLeft,
    moveUsed: turn.moveUsed || touchedMove,
    actionLeft: turn.kind === "fast" && touchedMove ? 0 : turn.actionLeft,
  };
  // FS-M5/FS-M6: a jump cut short by the move ends the creature's movement (it fell or is prone).
  if (ranOut) after = { ...after, moveLeft: 0, bonusMoveLeft: 0, stopped: true };

  const outcome = decide(event, refusal, () => ({ ...state, turn: after }), overspent || undefined);
  if (!outcome.ok) return outcome;
  return accept({
    // An accepted or forced move leaves the turn at `after`.
    state: outcome.value,
    cost,
    metresLeft: roundMetres(after.moveLeft + after.bonusMoveLeft),
    noOpportunity: turn.bonusMoveFrom === "retreat" && cost <= turn.bonusMoveLeft,
    check,
    jump,
  });
}

/** Why the whole move cannot be used now (standing up with it, FS-M3; mounting or dismounting, FS-MT2). */
function wholeMoveRefusal(turn: FastSlowTurnBudget): Refusal<FastSlowRefusal> | null {
  if (turn.stopped) return refuse("movementStopped");
  if (turn.kind === "fast" && turn.actionUsedFor !== null) return refuse("fastTurnActed");
  if (turn.moveUsed || turn.moveLeft <= 0) return refuse("moveAlreadyUsed");
  return null;
}

/** The whole move is used; in a fast turn, using the move gives up the action (FS-R5). */
function useWholeMove(
  state: FastSlowBudget,
  turn: FastSlowTurnBudget,
  event: BudgetEventBase,
  refusal: Refusal | null,
): Outcome<FastSlowBudget> {
  return decide(event, refusal, () => ({
    ...state,
    turn: {
      ...turn,
      moveLeft: 0,
      moveUsed: true,
      actionLeft: turn.kind === "fast" ? 0 : turn.actionLeft,
    },
  }));
}

function spendStandUp(
  state: FastSlowBudget,
  turn: FastSlowTurnBudget,
  event: { readonly type: "standUp"; readonly using: "action" | "move"; readonly override?: boolean },
  ctx: FastSlowContext,
): Outcome<FastSlowBudget> {
  const refusal: Refusal | null = ctx.prone ? null : refuse("notProne");
  if (event.using === "action")
    return decide(event, refusal ?? actionRefusal(turn), () => ({
      ...state,
      turn: useAction(turn, "standUp"),
    }));
  return useWholeMove(state, turn, event, refusal ?? wholeMoveRefusal(turn));
}

export function spendFastSlow(
  state: FastSlowBudget,
  event: FastSlowEvent,
  ctx: FastSlowContext,
): Outcome<FastSlowBudget> {
  if (event.type === "reaction") {
    let refusal: Refusal | null = state.reactionLeft > 0 ? null : refuse("reactionUsed");
    if (!refusal && event.kind === "prepared" && !state.prepared) refusal = refuse("nothingPrepared");
    return decide(event, refusal, () => ({
      ...state,
      reactionLeft: Math.max(0, state.reactionLeft - 1),
      prepared: event.kind === "prepared" ? null : state.prepared,
    }));
  }
  if (event.type === "dropProne") return accept(state);
  const turn = state.turn;
  // A GM forcing an activity outside the creature's turn (seating or freeing a rider, FS-MT2, FS-MT10; a
  // concentration placed by hand, FS-A3…) spends nothing.
  if (!turn) return outsideTurn(state, event);
  const forgo = forgoRefusal(turn, usesOf(event));
  if (!forgo) return spendInTurn(state, turn, event, ctx);
  // FS-A17: the GM may still let it through (its agreement is the seed's other way to more minor activities).
  if (!event.override) return forgo;
  const out = spendInTurn(state, turn, event, ctx);
  if (!out.ok) return out;
  return accept({
    ...out.value,
    overrides: [...out.value.overrides, { event: event.type, reason: forgo.reason }],
  });
}

/** FS-A17: a minor activity: one of the turn's own, else an extra one while the turn gives up what earns it. */
function spendMinor(
  state: FastSlowBudget,
  turn: FastSlowTurnBudget,
  event: BudgetEventBase,
): Outcome<FastSlowBudget> {
  if (turn.minorLeft > 0)
    return accept({ ...state, turn: { ...turn, minorLeft: Math.max(0, turn.minorLeft - 1) } });
  const bonus = minorBonusLeft(turn) > 0;
  const refusal = !bonus
    ? refuse("minorActivitiesUsed")
    : forgoesMoveOrAction(turn)
      ? null
      : refuse("minorBonusNeedsForgo");
  return decide(event, refusal, () => ({
    ...state,
    turn: bonus ? { ...turn, minorBonusUsed: (turn.minorBonusUsed ?? 0) + 1 } : turn,
  }));
}

function spendInTurn(
  state: FastSlowBudget,
  turn: FastSlowTurnBudget,
  event: Exclude<FastSlowEvent, { type: "reaction" | "dropProne" }>,
  ctx: FastSlowContext,
): Outcome<FastSlowBudget> {
  switch (event.type) {
    case "activity":
      return spendActivity(state, turn, event);
    case "move": {
      const step = spendMovement(state, event, ctx);
      return step.ok ? accept(step.value.state) : step;
    }
    case "traversal":
      if (event.result === "continue") return accept({ ...state, turn: { ...turn, traversalPassed: true } });
      return accept({ ...state, turn: { ...turn, moveLeft: 0, bonusMoveLeft: 0, stopped: true } });
    case "standUp":
      return spendStandUp(state, turn, event, ctx);
    case "mountMove":
      return useWholeMove(state, turn, event, wholeMoveRefusal(turn));
    case "escape":
      return decide(event, actionRefusal(turn), () => ({ ...state, turn: spendAction(turn) }));
    case "minor":
      return spendMinor(state, turn, event);
  }
}

const withOverride = <E extends BudgetEventBase>(event: E, override: boolean): E =>
  override ? { ...event, override } : event;
/** Mounting and dismounting, and the escape, read nothing of the context. */
// Stryker disable next-line ObjectLiteral,BooleanLiteral: mountMove and escape never read the context (spendInTurn passes it only to moves and standing up)
const NO_CONTEXT: FastSlowContext = { prone: false };

/** FS-MT2: the move goes to mounting or dismounting. A GM forces it (`override`), recorded as "mountMove". */
export function spendMountMove(state: FastSlowBudget, override = false): Outcome<FastSlowBudget> {
  return spendFastSlow(state, withOverride({ type: "mountMove" }, override), NO_CONTEXT);
}

/** FS-MT10: the action goes to the escape roll. A GM forces it (`override`), recorded as "escape". */
export function spendEscapeAction(state: FastSlowBudget, override = false): Outcome<FastSlowBudget> {
  return spendFastSlow(state, withOverride({ type: "escape" }, override), NO_CONTEXT);
}

/** What is left this turn (action, move, Rush/Retreat movement, minor activities) and this round (reaction). */
export function fastSlowRemaining(state: FastSlowBudget) {
  const turn: BudgetLine[] = [];
  const t = state.turn;
  if (t) {
    turn.push({ key: "action", left: t.actionLeft, max: 1, unit: "count" });
    turn.push({ key: "move", left: t.moveLeft, max: t.speed, unit: "metres" });
    if (t.bonusMoveFrom)
      turn.push({ key: t.bonusMoveFrom, left: t.bonusMoveLeft, max: t.bonusMoveMax, unit: "metres" });
    // FS-A17: the extra minor activities count while the turn still gives up what earns them.
    const max = MINOR_ACTIVITIES[t.kind] + (t.minorBonus ?? 0);
    turn.push({ key: "minor", left: minorActivitiesLeft(t), max, unit: "count" });
  }
  const round: BudgetLine[] = [
    { key: "reaction", left: state.reactionLeft, max: REACTIONS_PER_ROUND, unit: "count" },
  ];
  return { turn, round };
}

export const fastSlowBudget: BudgetRules<
  FastSlowBudget,
  FastSlowEvent,
  FastSlowContext,
  { readonly round: number },
  { readonly kind: TurnKind; readonly speed: number }
> = {
  family: "fast-slow",
  initial: initialFastSlowBudget,
  startRound: startFastSlowRound,
  startTurn: startFastSlowTurn,
  endTurn: endFastSlowTurn,
  spend: spendFastSlow,
  remaining: fastSlowRemaining,
};
