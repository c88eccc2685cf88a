/**
 * The GM override shared by every budget: a rule check either passes (`null`) or names a refusal; an event with
 * `override: true` is applied anyway and the bypassed refusal is recorded. Keeps the five reducers uniform.
 */
import { accept, refuse, type Outcome, type Refusal } from "../outcome";
import type { BudgetEventBase, OverrideRecord } from "./budget-rules";

export interface WithOverrides {
  readonly overrides: readonly OverrideRecord[];
}

/**
 * Apply `apply()` if `refusal` is null; otherwise refuse, unless the event carries the GM override, in which
 * case apply it and record the refusal (with `amount`, the overspend, when the refusal was about running out).
 */
export function decide<S extends WithOverrides>(
  event: BudgetEventBase,
  refusal: Refusal | null,
  apply: () => S,
  amount?: number,
): Outcome<S> {
  if (!refusal) return accept(apply());
  if (!event.override) return refusal;
  const applied = apply();
  const overspend = amount ?? 0;
  const record: OverrideRecord =
    overspend > 0
      ? { event: event.type, reason: refusal.reason, amount: overspend }
      : { event: event.type, reason: refusal.reason };
  return accept({ ...applied, overrides: [...applied.overrides, record] });
}

/**
 * An event outside the creature's turn: refused (`notYourTurn`), unless the GM forces it — then nothing is
 * spent (there is no turn to spend from) and the bypassed refusal is recorded, as any override is.
 */
export function outsideTurn<S extends WithOverrides>(state: S, event: BudgetEventBase): Outcome<S> {
  return decide(event, refuse("notYourTurn"), () => state);
}
