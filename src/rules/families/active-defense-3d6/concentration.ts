/**
 * Concentration «精神集中» in active-defense-3d6 (AD-M6, AD-T1).
 *
 * A combatant concentrates on its turn to cast a spell «法術». The state lasts until its next turn (AD-T1):
 * when that turn starts the round engine's `splitAtTurnStart` expires it, and the spell is cast (the casting
 * roll «詠唱判定») at the start of that turn, leaving the rest of the turn free — even to concentrate on the
 * next spell. Trying a defense while concentrating (defending stays optional) first asks for a maintenance
 * roll «維持判定»: a WL «意志力» roll at −2, 3d6 roll-under; a failure breaks the concentration, the spell is
 * not cast. The defense itself goes ahead either way.
 */
import { accept, refuse, type Outcome } from "../../outcome";
import type { TimedState } from "../../turns/timed-states";
import { resolveRollUnder, type RollUnderCriticals } from "../../dice/roll-under";

export const SPELL_CONCENTRATION_STATE = "concentration";

export interface SpellConcentrationData {
  /** The spell being readied (an item id, as the caller chooses). */
  readonly spellId: string;
}

export type SpellConcentrationState = TimedState<SpellConcentrationData> & {
  readonly key: typeof SPELL_CONCENTRATION_STATE;
  readonly expiry: { readonly kind: "holderNextTurn" };
  readonly data: SpellConcentrationData;
};

export function isSpellConcentrationState(state: TimedState): state is SpellConcentrationState {
  const data = state.data as Partial<SpellConcentrationData> | undefined;
  return (
    state.key === SPELL_CONCENTRATION_STATE &&
    state.expiry.kind === "holderNextTurn" &&
    typeof data === "object" &&
    data !== null &&
    typeof data.spellId === "string"
  );
}

/** The spell `holder` is concentrating on, if any. */
export function spellConcentrationOf(
  states: readonly TimedState[],
  holder: string,
): SpellConcentrationState | undefined {
  return states.find(
    (s): s is SpellConcentrationState => s.holder === holder && isSpellConcentrationState(s),
  );
}

export interface ConcentrateOnSpellInput {
  readonly holder: string;
  readonly spellId: string;
  /** The current round. */
  readonly round: number;
  readonly side?: "players" | "gm";
}

/** AD-M6: concentrate on a spell until the holder's next turn. One spell at a time. */
export function concentrateOnSpell(
  states: readonly TimedState[],
  input: ConcentrateOnSpellInput,
): Outcome<{ state: SpellConcentrationState; states: TimedState[] }, "alreadyConcentrating"> {
  if (spellConcentrationOf(states, input.holder)) return refuse("alreadyConcentrating");
  const base = {
    key: SPELL_CONCENTRATION_STATE,
    holder: input.holder,
    createdRound: input.round,
    expiry: { kind: "holderNextTurn" },
    data: { spellId: input.spellId },
  } as const;
  const state: SpellConcentrationState = input.side ? { ...base, side: input.side } : base;
  return accept({ state, states: [...states, state] });
}

/** AD-M6: the spells cast at the start of `holder`'s turn: its concentrations among the states that expired. */
export function spellsToCast(expired: readonly TimedState[], holder: string): string[] {
  return expired
    .filter((s): s is SpellConcentrationState => s.holder === holder && isSpellConcentrationState(s))
    .map((s) => s.data.spellId);
}

/** AD-M6: choosing a defense while concentrating asks for a maintenance roll first. */
export function maintenanceRollDue(states: readonly TimedState[], holder: string): boolean {
  return spellConcentrationOf(states, holder) !== undefined;
}

/** AD-M6: the maintenance roll is a WL roll at −2. */
export const MAINTENANCE_PENALTY = 2;
export const MAINTENANCE_FORMULA = "3d6";

/** AD-M6: the maintenance roll's target value «目標値». */
export function maintenanceTarget(wl: number): number {
  return Math.trunc(wl) - MAINTENANCE_PENALTY;
}

export interface MaintenanceRollInput {
  /** The holder's WL «意志力». */
  readonly wl: number;
  /** The three d6 faces (`resolveRollUnder` refuses any other count, as for every AD roll). */
  readonly faces: readonly number[];
  /** AD-C3 (convention): the world settings `adCriticalSuccess`, `adCriticalFailure`. */
  readonly criticals: RollUnderCriticals;
}

export interface MaintenanceResult {
  readonly target: number;
  readonly total: number;
  /** Margin «成功度»: target − total. */
  readonly margin: number;
  readonly success: boolean;
  readonly critical: "success" | "failure" | null;
  /** The concentration broken by a failure; null on a success. */
  readonly broken: SpellConcentrationState | null;
  readonly states: TimedState[];
}

/** AD-M6: resolve the maintenance roll from its faces; a failure breaks the concentration. */
export function resolveMaintenanceRoll(
  states: readonly TimedState[],
  holder: string,
  input: MaintenanceRollInput,
): Outcome<MaintenanceResult, "notConcentrating"> {
  const held = spellConcentrationOf(states, holder);
  if (!held) return refuse("notConcentrating");
  // AD-C3: a critical success always maintains, a critical failure always breaks.
  const { target, total, margin, success, critical } = resolveRollUnder(
    input.faces,
    maintenanceTarget(input.wl),
    input.criticals,
  );
  return accept({
    target,
    total,
    margin,
    success,
    critical,
    broken: success ? null : held,
    states: success ? [...states] : states.filter((s) => s !== held),
  });
}
