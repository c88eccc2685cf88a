/**
 * The shape every family's action budget shares, so the tracker and the sheets render and spend all five the
 * same way. A budget is plain serialisable data held per combatant; the Foundry layer resets it at round and
 * turn start (`startRound`, `startTurn`) and spends it with `spend`, which refuses illegal events with a reason
 * code (`FRAY.Refusal.<reason>`). An event with `override: true` (GM only, see `authorizeSpend`) is applied
 * even when a rule refuses it; the refusal it bypassed is recorded in `overrides`, and every counter is clamped
 * at zero, so a budget never goes negative (the overspend is the recorded `amount`).
 */
import type { FamilyId } from "../families/ids";
import type { Outcome } from "../outcome";

/** Every budget event may carry the GM override. */
export interface BudgetEventBase {
  readonly type: string;
  /** GM only: apply the event even if a rule refuses it. */
  readonly override?: boolean;
}

/** A refusal the GM bypassed, kept so the table can see what was allowed by hand. */
export interface OverrideRecord {
  /** The event type that was forced, e.g. "activity", "move", "declare". */
  readonly event: string;
  /** The reason code the rules gave (`FRAY.Refusal.<reason>`). */
  readonly reason: string;
  /** How much was spent beyond what was left (metres, percent, count), when the refusal was about running out. */
  readonly amount?: number;
}

/** One line of "what is left" for the tracker row or the sheet; `key` localizes as `FRAY.Budget.<key>`. */
export interface BudgetLine {
  readonly key: string;
  readonly left: number;
  readonly max: number;
  readonly unit: "count" | "metres" | "percent";
}

/** What is left this turn and this round. Numbers are never negative. */
export interface BudgetSummary {
  readonly turn: readonly BudgetLine[];
  readonly round: readonly BudgetLine[];
}

/**
 * A family's budget module. `S` is its state, `E` its events, `C` the context a spend needs (nothing for most),
 * `RS`/`TS` what round and turn start need (the round number, the turn kind, the limits from the actor…).
 */
export interface BudgetRules<S, E extends BudgetEventBase, C, RS, TS> {
  readonly family: FamilyId;
  // Function-typed properties, not methods: these are pure functions that never use `this`, so passing one
  // around (`fc.constant({ apply: rules.endTurn })`) is safe and `unbound-method` has nothing to say.
  /** The state of a combatant that has not acted yet. */
  readonly initial: () => S;
  readonly startRound: (state: S, input: RS) => S;
  readonly startTurn: (state: S, input: TS) => S;
  readonly endTurn: (state: S) => S;
  readonly spend: (state: S, event: E, ctx: C) => Outcome<S>;
  readonly remaining: (state: S) => BudgetSummary;
}
