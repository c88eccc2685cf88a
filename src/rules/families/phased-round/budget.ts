/**
 * The phased-round declarations of one combatant and its 100 % activity budget (PR-P2, PR-P4…PR-P9, PR-B1,
 * PR-B2). Declarations come in phase order — spell (PR-P1), missile (A) (PR-P4), movement and manoeuvre
 * (PR-P6), missile (B) (PR-P7), melee (PR-P9) — and each is checked against what the combatant declared before
 * in the round, with a precise reason code when the rules forbid it; the GM may override (recorded).
 *
 * Activity (PR-B1): 100 % a round. Casting a spell leaves 25 % (movement ≤ 25 %), preparing one 10 % (movement
 * ≤ 10 %) (PR-P2); firing in (A) leaves 50 % (PR-P5), and so does firing in (B) (the same shot, by symmetry);
 * moving spends its share of the movement potential; drawing a weapon 20 %, changing weapons 50 % (PR-P6);
 * melee uses what is left and needs some left.
 *
 * The round engine may keep the declarations in its own sheet: `phasedBudgetFromSheet` rebuilds this state
 * from those plain fields, so `mayDeclare` answers "may this combatant declare that now" for it.
 */
import { decide } from "../../budget/override";
import type { BudgetLine, BudgetRules, OverrideRecord } from "../../budget/budget-rules";
import { refuse, type Outcome, type Refusal } from "../../outcome";

/** PR-P4/PR-P7: the missile weapon a declaration uses. */
export type MissileWeapon =
  /** Self-reloading: may fire in both (A) and (B). */
  | "selfReloading"
  /** Any other missile or thrown weapon: fires in (A) or (B), not both. */
  | "single"
  /** A thrown weapon in each hand: one in (A), the other in (B). */
  | "thrownPair";

export type SpellDeclaration = "cast" | "prepare";

/** The phases (PR-P1…PR-P11 numbering) in which each declaration is made. */
export const DECLARATION_PHASE = {
  spell: 1,
  missileA: 4,
  move: 6,
  draw: 6,
  change: 6,
  missileB: 7,
  melee: 9,
} as const;

export type DeclarationKind = keyof typeof DECLARATION_PHASE;

/** PR-B1 */
export const ACTIVITY_PER_ROUND = 100;
/** PR-P2: the movement cap a spell leaves. */
export const SPELL_MOVEMENT_CAP: Readonly<Record<SpellDeclaration, number>> = { prepare: 10, cast: 25 };
/** PR-P5: a shot leaves half the round's activity. */
export const MISSILE_ACTIVITY = 50;
/** PR-P6 "Normalement": drawing a weapon 20 % of the round's activity, changing weapons 50 % (defaults). */
export const DRAW_ACTIVITY = 20;
export const CHANGE_WEAPON_ACTIVITY = 50;

/**
 * PR-P6: what drawing and changing weapons cost, in percent of the round's activity. The seed says "normally"
 * 20 % and 50 %: a GM may rule otherwise (the `prDrawCost` and `prChangeCost` world settings, recorded on the
 * Combat).
 */
export interface WeaponCosts {
  readonly draw: number;
  readonly change: number;
}

export const DEFAULT_WEAPON_COSTS: WeaponCosts = Object.freeze({
  draw: DRAW_ACTIVITY,
  change: CHANGE_WEAPON_ACTIVITY,
});
/** PR-P7/PR-P9: moving more than this share of the movement potential bars (B) fire and melee. */
export const MOVED_TOO_FAR_PERCENT = 50;
/** PR-P5: an (A) shooter melees at half its OB. */
export const A_SHOOTER_OB_PERCENT = 50;

export interface PhasedBudget {
  readonly round: number;
  readonly spell: SpellDeclaration | null;
  readonly missileA: MissileWeapon | null;
  readonly missileB: MissileWeapon | null;
  /** Share of the movement potential used, in percent. */
  readonly movedPercent: number;
  /** PR-P6: an extraordinary manoeuvre and its roll. */
  readonly manoeuvre: "none" | "succeeded" | "failed";
  readonly draws: number;
  readonly changes: number;
  readonly melee: boolean;
  /** PR-P3/PR-P11: a failed orientation roll this round. */
  readonly failedOrientation: boolean;
  readonly unableToAct: boolean;
  /** PR-B1: activity left, percent, never below 0. */
  readonly activityLeft: number;
  /** PR-P6: the table's costs of drawing and changing weapons (absent: the seed's 20 % and 50 %). */
  readonly weaponCosts?: WeaponCosts;
  /** The phase of the latest declaration (0 before any). */
  readonly lastPhase: number;
  readonly overrides: readonly OverrideRecord[];
}

/** A budget being built in this module, before anyone else sees it. */
type WritableBudget = { -readonly [K in keyof PhasedBudget]: PhasedBudget[K] };

export type PhasedEvent =
  | { readonly type: "spell"; readonly spell: SpellDeclaration; readonly override?: boolean }
  | {
      readonly type: "missile";
      readonly phase: "A" | "B";
      readonly weapon: MissileWeapon;
      readonly override?: boolean;
    }
  /** PR-P6: move `percent` of the movement potential (declarations in the phase add up). */
  | {
      readonly type: "move";
      readonly percent: number;
      readonly manoeuvre?: "succeeded" | "failed";
      readonly override?: boolean;
    }
  | { readonly type: "draw"; readonly override?: boolean }
  | { readonly type: "change"; readonly override?: boolean }
  | { readonly type: "melee"; readonly override?: boolean }
  /** PR-P3/PR-P11: the orientation roll's outcome (a failure bars (B) fire and melee). */
  | { readonly type: "orientation"; readonly failed: boolean; readonly override?: boolean }
  /** The GM marks the combatant unable to act (or able again). */
  | { readonly type: "unableToAct"; readonly unable: boolean; readonly override?: boolean };

export interface PhasedContext {
  /** The current phase (1–11), when the caller wants declarations held to it. */
  readonly phase?: number;
}

/** Every reason code this budget refuses with (`FRAY.Refusal.<code>`). */
export const PHASED_REFUSALS = [
  "unableToAct",
  "notThisPhase",
  "phasePassed",
  "alreadyDeclared",
  "casterCannotShoot",
  "casterCannotMelee",
  "alreadyFired",
  "shotThenMoved",
  "movedThenShot",
  "firedTwice",
  "movedTooFar",
  "failedOrientation",
  "failedManoeuvre",
  "movementCapped",
  "notEnoughActivity",
  "noActivityLeft",
] as const;

export type PhasedRefusal = (typeof PHASED_REFUSALS)[number];

/** Shared: override lists are replaced, never changed in place (override.ts). */
const NO_OVERRIDES: readonly OverrideRecord[] = Object.freeze([]);

export function initialPhasedBudget(weaponCosts: WeaponCosts = DEFAULT_WEAPON_COSTS): PhasedBudget {
  return {
    weaponCosts,
    round: 0,
    spell: null,
    missileA: null,
    missileB: null,
    movedPercent: 0,
    manoeuvre: "none",
    draws: 0,
    changes: 0,
    melee: false,
    failedOrientation: false,
    unableToAct: false,
    activityLeft: ACTIVITY_PER_ROUND,
    lastPhase: 0,
    overrides: NO_OVERRIDES,
  };
}

/** A new round: a fresh 100 %. Being unable to act is the GM's to lift, so it carries over. */
export function startPhasedRound(state: PhasedBudget, input: { readonly round: number }): PhasedBudget {
  return {
    ...initialPhasedBudget(state.weaponCosts),
    round: input.round,
    unableToAct: state.unableToAct,
  };
}

/** Moved or manoeuvred this round (PR-P7, PR-P9). Drawing or changing a weapon is not a move. */
export function hasMoved(state: PhasedBudget): boolean {
  return state.movedPercent > 0 || state.manoeuvre !== "none";
}

/** PR-P2: the most of its movement potential the combatant may use this round. */
export function movementCap(state: PhasedBudget): number {
  return state.spell ? SPELL_MOVEMENT_CAP[state.spell] : ACTIVITY_PER_ROUND;
}

/** PR-P5: the share of its OB a melee attack uses. */
export function meleeObPercent(state: PhasedBudget): number {
  return state.missileA ? A_SHOOTER_OB_PERCENT : 100;
}

/** The phase (PR-P1…PR-P11) in which `event` is declared; 0 for what is not a declaration. */
function phaseOf(event: PhasedEvent): number {
  switch (event.type) {
    case "spell":
      return DECLARATION_PHASE.spell;
    case "missile":
      return event.phase === "A" ? DECLARATION_PHASE.missileA : DECLARATION_PHASE.missileB;
    // Stryker disable next-line ConditionalExpression: move and draw are both declared in phase 6 (DECLARATION_PHASE), so falling through to the draw case returns the same phase
    case "move":
      return DECLARATION_PHASE.move;
    // Stryker disable next-line ConditionalExpression: draw and change are both declared in phase 6, so falling through to the change case returns the same phase
    case "draw":
      return DECLARATION_PHASE.draw;
    case "change":
      return DECLARATION_PHASE.change;
    case "melee":
      return DECLARATION_PHASE.melee;
    // Stryker disable next-line StringLiteral: an unmatched orientation event falls off the switch and yields undefined, read as falsy (no declaration) exactly like 0 by every caller
    case "orientation":
    // Stryker disable next-line ConditionalExpression,StringLiteral: orientation falls through to this case; an unmatched unableToAct event yields undefined, read as falsy (no declaration) exactly like 0 by every caller
    case "unableToAct":
      return 0;
  }
}

/** The activity a declaration spends (melee: whatever is left). */
function activityCost(state: PhasedBudget, event: PhasedEvent): number {
  switch (event.type) {
    case "spell":
      return ACTIVITY_PER_ROUND - SPELL_MOVEMENT_CAP[event.spell];
    case "missile":
      return MISSILE_ACTIVITY;
    case "move":
      return Math.max(0, event.percent);
    case "draw":
      return (state.weaponCosts ?? DEFAULT_WEAPON_COSTS).draw;
    case "change":
      return (state.weaponCosts ?? DEFAULT_WEAPON_COSTS).change;
    case "melee":
      return state.activityLeft;
    // Stryker disable next-line ConditionalExpression: only orientation and unableToAct reach the default; they are no declaration, so mayDeclare and record never use their cost, and spendPhased turns NaN and 0 alike into no overrun
    default:
      return 0;
  }
}

/** B after A: only a self-reloading weapon fires in both, or the second of a pair of thrown weapons (PR-P4). */
function secondShotAllowed(a: MissileWeapon, b: MissileWeapon): boolean {
  return (a === "selfReloading" && b === "selfReloading") || (a === "thrownPair" && b === "thrownPair");
}

/** PR-B2: why the rules forbid `event` now, or null if they allow it. */
export function mayDeclare(
  state: PhasedBudget,
  event: PhasedEvent,
  ctx: PhasedContext = {},
): Refusal<PhasedRefusal> | null {
  const phase = phaseOf(event);
  if (!phase) return null;
  if (state.unableToAct) return refuse("unableToAct");
  if (ctx.phase !== undefined && ctx.phase !== phase) return refuse("notThisPhase", { phase });
  if (phase < state.lastPhase) return refuse("phasePassed");
  const moved = hasMoved(state);
  switch (event.type) {
    case "spell":
      if (state.spell) return refuse("alreadyDeclared");
      break;
    case "missile":
      if (state.spell) return refuse("casterCannotShoot"); // PR-P4, PR-P7
      if (event.phase === "A") {
        if (state.missileA) return refuse("alreadyDeclared");
        break;
      }
      if (state.missileB) return refuse("alreadyDeclared");
      if (state.failedOrientation) return refuse("failedOrientation"); // PR-P7
      if (state.missileA && moved) return refuse("shotThenMoved");
      if (state.movedPercent > MOVED_TOO_FAR_PERCENT) return refuse("movedTooFar");
      if (state.missileA && !secondShotAllowed(state.missileA, event.weapon)) return refuse("alreadyFired");
      break;
    case "move": {
      const cap = movementCap(state); // PR-P2
      if (state.movedPercent + Math.max(0, event.percent) > cap) return refuse("movementCapped", { cap });
      break;
    }
    case "melee":
      if (state.melee) return refuse("alreadyDeclared");
      if (state.spell) return refuse("casterCannotMelee"); // PR-P9
      if (state.missileA && state.missileB) return refuse("firedTwice");
      if (state.missileA && moved) return refuse("shotThenMoved");
      if (moved && state.missileB) return refuse("movedThenShot");
      if (state.movedPercent > MOVED_TOO_FAR_PERCENT) return refuse("movedTooFar");
      if (state.failedOrientation) return refuse("failedOrientation");
      if (state.manoeuvre === "failed") return refuse("failedManoeuvre");
      if (state.activityLeft <= 0) return refuse("noActivityLeft");
      return null;
    // Stryker disable next-line ConditionalExpression: the default case only breaks out of the switch, which an empty default does too
    default:
      break;
  }
  const cost = activityCost(state, event);
  if (cost > state.activityLeft) return refuse("notEnoughActivity", { left: state.activityLeft });
  return null;
}

/** Record a declaration without checking it; the activity never goes below 0. */
function applyDeclaration(state: PhasedBudget, event: PhasedEvent): PhasedBudget {
  const next = { ...state };
  record(next, event);
  return next;
}

/** `applyDeclaration` in place, on a budget this module built and has not handed out yet. */
function record(into: WritableBudget, event: PhasedEvent): void {
  const phase = phaseOf(event);
  if (phase) {
    into.activityLeft = Math.max(0, into.activityLeft - activityCost(into, event));
    into.lastPhase = Math.max(into.lastPhase, phase);
  }
  switch (event.type) {
    case "spell":
      into.spell = event.spell;
      break;
    case "missile":
      if (event.phase === "A") into.missileA = event.weapon;
      else into.missileB = event.weapon;
      break;
    case "move":
      into.movedPercent += Math.max(0, event.percent);
      into.manoeuvre = event.manoeuvre ?? into.manoeuvre;
      break;
    case "draw":
      into.draws += 1;
      break;
    case "change":
      into.changes += 1;
      break;
    case "melee":
      into.melee = true;
      break;
    case "orientation":
      into.failedOrientation ||= event.failed;
      break;
    case "unableToAct":
      into.unableToAct = event.unable;
      break;
  }
}

export function spendPhased(
  state: PhasedBudget,
  event: PhasedEvent,
  ctx: PhasedContext = {},
): Outcome<PhasedBudget> {
  const refusal = mayDeclare(state, event, ctx);
  const over = Math.max(0, activityCost(state, event) - state.activityLeft);
  return decide(event, refusal, () => applyDeclaration(state, event), over || undefined);
}

/** The plain fields of a round-engine declaration sheet this module reads. */
export interface PhasedSheetLike {
  readonly spell: SpellDeclaration | null;
  readonly missileA: MissileWeapon | null;
  readonly missileB: MissileWeapon | null;
  readonly movement: {
    readonly percent: number;
    readonly manoeuvre: "none" | "succeeded" | "failed";
    readonly draw: boolean;
    readonly change: boolean;
  } | null;
  readonly melee: unknown;
  readonly spellOrientation: { readonly failed: boolean } | null;
  readonly finalOrientation: { readonly failed: boolean } | null;
  readonly unableToAct: boolean;
}

// The declarations a sheet replays that carry no value: shared, so a replay allocates none of them.
const DRAW: PhasedEvent = { type: "draw" };
const CHANGE: PhasedEvent = { type: "change" };
const MELEE: PhasedEvent = { type: "melee" };
const ORIENTATION_FAILED: PhasedEvent = { type: "orientation", failed: true };
// Stryker disable next-line ObjectLiteral,StringLiteral: a passed orientation changes nothing (failedOrientation ||= false), and neither does an event with no type or an unknown one
const ORIENTATION_PASSED: PhasedEvent = { type: "orientation", failed: false };

/**
 * This state rebuilt from a round-engine sheet: its declarations replayed in phase order (no checks, no
 * overrides) on one new budget. The round engine asks for it on every declaration, so it copies nothing.
 */
export function phasedBudgetFromSheet(
  sheet: PhasedSheetLike,
  round: number,
  weaponCosts: WeaponCosts = DEFAULT_WEAPON_COSTS,
): PhasedBudget {
  const budget: WritableBudget = initialPhasedBudget(weaponCosts);
  budget.round = round;
  budget.unableToAct = sheet.unableToAct;
  if (sheet.spell) record(budget, { type: "spell", spell: sheet.spell });
  if (sheet.spellOrientation) record(budget, orientation(sheet.spellOrientation));
  if (sheet.missileA) record(budget, { type: "missile", phase: "A", weapon: sheet.missileA });
  const m = sheet.movement;
  if (m) {
    if (m.percent > 0 || m.manoeuvre !== "none")
      record(
        budget,
        m.manoeuvre === "none"
          ? { type: "move", percent: m.percent }
          : { type: "move", percent: m.percent, manoeuvre: m.manoeuvre },
      );
    if (m.draw) record(budget, DRAW);
    if (m.change) record(budget, CHANGE);
  }
  if (sheet.missileB) record(budget, { type: "missile", phase: "B", weapon: sheet.missileB });
  if (sheet.melee !== null && sheet.melee !== undefined && sheet.melee !== false) record(budget, MELEE);
  if (sheet.finalOrientation) record(budget, orientation(sheet.finalOrientation));
  return budget;
}

function orientation(result: { readonly failed: boolean }): PhasedEvent {
  return result.failed ? ORIENTATION_FAILED : ORIENTATION_PASSED;
}

/** What is left this round: activity, and movement within its cap (there is no turn in this family). */
export function phasedRemaining(state: PhasedBudget) {
  const cap = movementCap(state);
  const round: BudgetLine[] = [
    { key: "activity", left: state.activityLeft, max: ACTIVITY_PER_ROUND, unit: "percent" },
    {
      key: "movement",
      // Stryker disable next-line ArithmeticOperator: activityLeft never exceeds max(0, cap − movedPercent) (a spell spends 100 − its cap, a move its percent, draws and changes 0–100 by the settings), so the min is activityLeft whether cap − or cap + movedPercent
      left: Math.max(0, Math.min(cap - state.movedPercent, state.activityLeft)),
      max: cap,
      unit: "percent",
    },
  ];
  return { turn: [] as BudgetLine[], round };
}

export const phasedRoundBudget: BudgetRules<
  PhasedBudget,
  PhasedEvent,
  PhasedContext,
  { readonly round: number },
  void
> = {
  family: "phased-round",
  initial: initialPhasedBudget,
  startRound: startPhasedRound,
  startTurn: (state) => state,
  endTurn: (state) => state,
  spend: spendPhased,
  remaining: phasedRemaining,
};
