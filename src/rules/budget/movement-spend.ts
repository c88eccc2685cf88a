/**
 * What a token's move spends, per family, from the stretches of the move (movement-stretches.ts):
 * - fast-slow (FS-R5, FS-R6, FS-M1…FS-M6, FS-A12, FS-A13): each stretch in turn through `spendMovement`, a jump
 *   with the Agility modifier and its run-up; a balance stretch waits for its Agility roll (FS-M1); a jump that
 *   runs out of move, or a drop of 5 m or more, ends prone or in a fall;
 * - classic-d20 (CD-A1…CD-A4): the metres against the open move action, opening the move action if needed; a
 *   move of at most 1.5 m is the CD-A3 step when no move action is left to open;
 * - phased-round (PR-P6, PR-P2, PR-B1): the share of the movement potential, declared in the movement phase;
 * - active-defense-3d6 (AD-M7): the turn's Move manoeuvre;
 * - opposed-d20: its rules count actions, not metres: a move spends nothing.
 * Being pushed or teleported ("displace", "blink") is never the creature's own move and spends nothing.
 */
import { accept, refuse, type Outcome } from "../outcome";
import { spendMovement, type FastSlowBudget, type FastSlowMoveEvent } from "../families/fast-slow/budget";
import { roundMetres, traversalRollNeeded, type TraversalCheck } from "../families/fast-slow/movement";
import type { JumpPlan } from "../families/fast-slow/jump";
import {
  spendClassicD20,
  STEP_METRES,
  stepAvailable,
  type ClassicD20Budget,
  type ClassicD20Event,
} from "../families/classic-d20/budget";
import { spendActiveDefense, type ActiveDefenseBudget } from "../families/active-defense-3d6/budget";
import { ownMetres, type MovementStretch } from "./movement-stretches";

/** What the move did beyond the new state: the rolls it asks, how it ended. */
export interface MoveResult<S> {
  readonly state: S;
  /** FS-M2 climbing rolls the GM may ask for (the required FS-M1 roll refuses the move until it passes). */
  readonly checks: readonly TraversalCheck[];
  readonly jumps: readonly JumpPlan[];
  /** FS-M5/FS-M6: the creature ends prone (a long jump cut short) or falls (a drop, a high jump cut short). */
  readonly landing: "safe" | "prone" | "fall";
  /** FS-A12: the whole move was Retreat movement (no opportunity attacks). */
  readonly noOpportunity: boolean;
}

export interface FastSlowMoveContext {
  readonly prone: boolean;
  /** FS-M5/FS-M6: the creature's Agility modifier. */
  readonly agilityModifier: number;
  readonly override?: boolean;
}

/** FS-M1…FS-M6: spend each stretch in turn; the first refusal refuses the whole move (nothing is spent). */
export function fastSlowMove(
  state: FastSlowBudget,
  stretches: readonly MovementStretch[],
  ctx: FastSlowMoveContext,
): Outcome<MoveResult<FastSlowBudget>> {
  let current = state;
  const checks: TraversalCheck[] = [];
  const jumps: JumpPlan[] = [];
  let landing: "safe" | "prone" | "fall" = "safe";
  let noOpportunity = true;
  const override = ctx.override === true;
  for (const stretch of stretches) {
    const event: FastSlowMoveEvent = {
      type: "move",
      metres: stretch.metres,
      action: stretch.action,
      ...(stretch.balance
        ? { terrain: "balance" as const }
        : stretch.narrow
          ? { terrain: "narrow" as const }
          : {}),
      ...(stretch.jump
        ? {
            jump: {
              kind: stretch.jump.kind,
              agilityModifier: ctx.agilityModifier,
              runUpMetres: stretch.jump.runUpMetres,
              ...(stretch.jump.overGap ? { overGap: true } : {}),
              ...(stretch.jump.measure !== undefined ? { measure: stretch.jump.measure } : {}),
              ...(stretch.jump.across !== undefined ? { across: stretch.jump.across } : {}),
            },
          }
        : {}),
      ...(override ? { override: true } : {}),
    };
    const step = spendMovement(current, event, { prone: ctx.prone });
    if (!step.ok) return step;
    // FS-M1: the Agility roll comes before the creature sets foot on the surface.
    if (!override && traversalRollNeeded(step.value.check, current.turn)) return refuse("balanceRollNeeded");
    if (step.value.check && !step.value.check.required) checks.push(step.value.check);
    if (step.value.jump) {
      jumps.push(step.value.jump);
      // Until now every stretch landed safely (the loop stops at the first that does not).
      landing = step.value.jump.landing;
    }
    if (step.value.cost > 0 && !step.value.noOpportunity) noOpportunity = false;
    current = step.value.state;
    if (landing !== "safe") break;
  }
  return accept({ state: current, checks, jumps, landing, noOpportunity });
}

/**
 * CD-A1…CD-A4: the move's metres against the move action in progress (opened as needed; the standard action is
 * used as a second move action only when the combatant asked for it, CD-A2); a move of at most 1.5 m is the
 * step (CD-A3) when no move action is open or left to open.
 */
export function classicD20Move(
  state: ClassicD20Budget,
  stretches: readonly MovementStretch[],
  ctx: { readonly override?: boolean },
): Outcome<MoveResult<ClassicD20Budget>> {
  const metres = ownMetres(stretches);
  const turn = state.turn;
  const override = ctx.override === true ? { override: true } : {};
  const result = (s: ClassicD20Budget): MoveResult<ClassicD20Budget> => ({
    state: s,
    checks: [],
    jumps: [],
    landing: "safe",
    noOpportunity: false,
  });
  if (metres <= 0) return accept(result(state));
  let event: ClassicD20Event = { type: "move", metres, ...override };
  // After a full-round action the step is the only movement (CD-A4: the rules say why when it is barred).
  if (
    turn &&
    metres <= STEP_METRES &&
    turn.metresLeft === 0 &&
    (turn.fullRound || (turn.moveLeft === 0 && stepAvailable(turn)))
  )
    event = { type: "step", metres, ...override };
  const out = spendClassicD20(state, event);
  return out.ok ? accept(result(out.value)) : out;
}

/**
 * AD-M7: moving is the turn's Move manoeuvre: the first move of a turn with no manoeuvre yet takes it; more
 * moving under the same manoeuvre is free; after another manoeuvre it is refused.
 */
export function activeDefenseMove(
  state: ActiveDefenseBudget,
  stretches: readonly MovementStretch[],
  ctx: { readonly override?: boolean },
): Outcome<MoveResult<ActiveDefenseBudget>> {
  const result = (s: ActiveDefenseBudget): MoveResult<ActiveDefenseBudget> => ({
    state: s,
    checks: [],
    jumps: [],
    landing: "safe",
    noOpportunity: false,
  });
  if (ownMetres(stretches) <= 0) return accept(result(state));
  if (state.inTurn && state.maneuver === "move") return accept(result(state));
  const out = spendActiveDefense(state, {
    type: "maneuver",
    maneuver: "move",
    ...(ctx.override ? { override: true } : {}),
  });
  return out.ok ? accept(result(out.value)) : out;
}

/** PR-P6: the movement potential a move uses, in percent (rounded up: a started percent counts). */
export function movementPercent(metres: number, potentialMetres: number): number {
  if (metres <= 0) return 0;
  if (potentialMetres <= 0) return 100;
  return Math.min(100, Math.ceil(roundMetres((metres / potentialMetres) * 100)));
}

/** PR-P6: the declaration a move adds to what the combatant declared this round (its share of the potential). */
export function phasedMoveDeclaration(
  declared: {
    readonly percent: number;
    readonly manoeuvre: "none" | "succeeded" | "failed";
    readonly draw: boolean;
    readonly change: boolean;
  } | null,
  stretches: readonly MovementStretch[],
  potentialMetres: number,
): {
  readonly percent: number;
  readonly manoeuvre: "none" | "succeeded" | "failed";
  readonly draw: boolean;
  readonly change: boolean;
} | null {
  const added = movementPercent(ownMetres(stretches), potentialMetres);
  if (added === 0) return null;
  return {
    percent: Math.min(100, (declared?.percent ?? 0) + added),
    manoeuvre: declared?.manoeuvre ?? "none",
    draw: declared?.draw ?? false,
    change: declared?.change ?? false,
  };
}
