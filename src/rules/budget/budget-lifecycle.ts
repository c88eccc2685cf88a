/**
 * The budgets' round and turn clock, driven by the round engine's notices (round-state `RoundNotice`): a round
 * start resets every budget of the fight (FS-A16 the reaction back, FS-A10 a prepared activity lapses, CD-A1
 * the turn's actions, OD-R1 counts to 0 with the round's limits, AD overrides log); a turn start opens the turn
 * (FS-R5/FS-R6 fast or slow with the creature's Speed, CD-A5 standard-only, OD-R3 passive actions before the
 * turn counted, AD-T1 the manoeuvre slot, with readiness, aim and feint carried from turn to turn); a turn end
 * closes it. A turn the GM interrupts (an out-of-order turn, a roll-off or a hand order above it) stays open and
 * resumes as it was: one budget per turn, not two. Phased-round has no stored budget: its declarations live in
 * the round engine (PR-B1) and its budget is rebuilt from them (`phasedBudgetFromSheet`).
 */
import type { FamilyId } from "../families/ids";
import type { RoundNotice } from "../turns/round-state";
import {
  endFastSlowTurn,
  initialFastSlowBudget,
  startFastSlowRound,
  startFastSlowTurn,
  type FastSlowBudget,
  type TurnKind,
} from "../families/fast-slow/budget";
import {
  endClassicD20Turn,
  initialClassicD20Budget,
  startClassicD20Round,
  startClassicD20Turn,
  type ClassicD20Budget,
} from "../families/classic-d20/budget";
import {
  endOpposedD20Turn,
  initialOpposedD20Budget,
  startOpposedD20Round,
  startOpposedD20Turn,
  type ActionLimits,
  type OpposedD20Budget,
} from "../families/opposed-d20/budget";
import {
  endActiveDefenseTurn,
  initialActiveDefenseBudget,
  startActiveDefenseRound,
  startActiveDefenseTurn,
  type ActiveDefenseBudget,
} from "../families/active-defense-3d6/budget";
import { adWeapon, type AdWeaponSpec, type AdWeaponStatus } from "../families/active-defense-3d6/readiness";

/** A stored budget of the families that store one (phased-round does not). */
export type StoredBudget = FastSlowBudget | ClassicD20Budget | OpposedD20Budget | ActiveDefenseBudget;

/** What a combatant's actor says when its round or turn starts. */
export interface BudgetInput {
  /** Speed in metres (FS turn move, CD move action). */
  readonly speed: number;
  /** FS-R1: the kind of turn the engine gave it (slow when undecided). */
  readonly kind?: TurnKind | null;
  /** FS-A17: the minor activities more a turn that gives up its move or action allows (`fsMinorBonus`). */
  readonly minorBonus?: number;
  /** CD-A5: limited to a standard action this turn. */
  readonly standardOnly?: boolean;
  /** OD-R3: the character's counters. */
  readonly limits?: ActionLimits;
  /** AD-M4: the weapons it carries, as combat finds them (kept as they are once known). */
  readonly weapons?: Readonly<
    Record<string, { readonly spec: AdWeaponSpec; readonly status: AdWeaponStatus }>
  >;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === "object" && !Array.isArray(v);
const isNumber = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

/** Whether `raw` is plausibly a stored budget of `family` (its marker fields present, the right types). */
export function isStoredBudget(family: FamilyId, raw: unknown): boolean {
  if (!isObject(raw) || !Array.isArray(raw.overrides)) return false;
  switch (family) {
    case "fast-slow":
      return isNumber(raw.round) && isNumber(raw.reactionLeft) && "turn" in raw && "prepared" in raw;
    case "classic-d20":
      return isNumber(raw.round) && (raw.turn === null || isObject(raw.turn)) && !("reactionLeft" in raw);
    case "opposed-d20":
      return (
        isNumber(raw.round) && isObject(raw.limits) && isObject(raw.counts) && typeof raw.turn === "string"
      );
    case "active-defense-3d6":
      return isNumber(raw.turnNumber) && isObject(raw.weapons) && typeof raw.inTurn === "boolean";
    case "phased-round":
      return false;
  }
}

/** A budget that has not seen this fight yet: fresh, and started for `round` when the fight has begun. */
export function freshBudget(family: FamilyId, round: number, input: BudgetInput): StoredBudget | null {
  switch (family) {
    case "fast-slow":
      return round > 0 ? startFastSlowRound(initialFastSlowBudget(), { round }) : initialFastSlowBudget();
    case "classic-d20":
      return round > 0
        ? startClassicD20Round(initialClassicD20Budget(), { round })
        : initialClassicD20Budget();
    case "opposed-d20":
      return startOpposedD20Round(initialOpposedD20Budget(), {
        round,
        limits: input.limits ?? { active: 0, passive: 0 },
      });
    case "active-defense-3d6":
      return withWeapons(initialActiveDefenseBudget(), input);
    case "phased-round":
      return null;
  }
}

/** The stored budget when it is one of `family`'s, otherwise a fresh one. */
export function readBudget(
  family: FamilyId,
  raw: unknown,
  round: number,
  input: BudgetInput,
): StoredBudget | null {
  return isStoredBudget(family, raw) ? (raw as StoredBudget) : freshBudget(family, round, input);
}

/** AD-M4: weapons not yet known join as combat finds them; known ones keep their readiness. */
function withWeapons(state: ActiveDefenseBudget, input: BudgetInput): ActiveDefenseBudget {
  const given = input.weapons ?? {};
  const missing = Object.keys(given).filter((id) => !state.weapons[id]);
  if (!missing.length) return state;
  const weapons = { ...state.weapons };
  for (const id of missing) {
    const w = given[id] as { spec: AdWeaponSpec; status: AdWeaponStatus };
    weapons[id] = adWeapon(w.spec, w.status);
  }
  return { ...state, weapons };
}

function startRound(family: FamilyId, state: StoredBudget, round: number, input: BudgetInput): StoredBudget {
  switch (family) {
    case "fast-slow":
      return startFastSlowRound(state as FastSlowBudget, { round });
    case "classic-d20":
      return startClassicD20Round(state as ClassicD20Budget, { round });
    case "opposed-d20":
      return startOpposedD20Round(state as OpposedD20Budget, {
        round,
        limits: input.limits ?? (state as OpposedD20Budget).limits,
      });
    default:
      return startActiveDefenseRound(withWeapons(state as ActiveDefenseBudget, input));
  }
}

function startTurn(family: FamilyId, state: StoredBudget, input: BudgetInput): StoredBudget {
  switch (family) {
    case "fast-slow":
      return startFastSlowTurn(state as FastSlowBudget, {
        kind: input.kind ?? "slow",
        speed: input.speed,
        ...(input.minorBonus === undefined ? {} : { minorBonus: input.minorBonus }),
      });
    case "classic-d20":
      return startClassicD20Turn(state as ClassicD20Budget, {
        speed: input.speed,
        standardOnly: input.standardOnly === true,
      });
    case "opposed-d20":
      return startOpposedD20Turn(state as OpposedD20Budget);
    default:
      return startActiveDefenseTurn(withWeapons(state as ActiveDefenseBudget, input));
  }
}

function endTurn(family: FamilyId, state: StoredBudget): StoredBudget {
  switch (family) {
    case "fast-slow":
      return endFastSlowTurn(state as FastSlowBudget);
    case "classic-d20":
      return endClassicD20Turn(state as ClassicD20Budget);
    case "opposed-d20":
      return endOpposedD20Turn(state as OpposedD20Budget);
    default:
      return endActiveDefenseTurn(state as ActiveDefenseBudget);
  }
}

export interface LifecycleSource {
  /** Every combatant of the fight, by id. */
  readonly ids: readonly string[];
  /** The round the fight is in after the notices (for a budget that was never written). */
  readonly round: number;
  /** The stored budget of a combatant (any JSON, or null). */
  stored(id: string): unknown;
  input(id: string): BudgetInput;
}

/**
 * The budgets the notices change, in notice order (a batch may start a round and a turn at once). Only changed
 * budgets are returned; a combatant the notices do not touch keeps its stored budget as it is.
 */
export function budgetsAfterNotices(
  family: FamilyId,
  notices: readonly RoundNotice[],
  source: LifecycleSource,
): Map<string, StoredBudget> {
  const changed = new Map<string, StoredBudget>();
  if (family === "phased-round") return changed;
  const current = (id: string): StoredBudget => {
    const done = changed.get(id);
    if (done) return done;
    return readBudget(family, source.stored(id), source.round, source.input(id)) as StoredBudget;
  };
  const known = new Set(source.ids);
  for (const notice of notices) {
    switch (notice.kind) {
      case "roundStarted":
        for (const id of source.ids)
          changed.set(id, startRound(family, current(id), notice.round, source.input(id)));
        break;
      case "turnStarted":
        // An interrupted turn that resumes is the same turn: its budget goes on as it was (CD-A1, AD-T1).
        if (known.has(notice.id) && notice.resumed !== true)
          changed.set(notice.id, startTurn(family, current(notice.id), source.input(notice.id)));
        break;
      case "turnEnded":
        // Interrupted, the turn is paused, not over: it resumes later with what it has left.
        if (known.has(notice.id) && notice.cause !== "interrupted")
          changed.set(notice.id, endTurn(family, current(notice.id)));
        break;
      default:
        break;
    }
  }
  return changed;
}
