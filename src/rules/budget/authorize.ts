/**
 * Who may spend a budget (issue: "the GM can override; a player can never spend another's budget"). The Foundry
 * layer answers the two questions from the user and the combatant; the rule stays pure.
 */
import { accept, refuse, type Outcome } from "../outcome";

export interface Spender {
  readonly isGM: boolean;
  /** The user owns the combatant's actor (or token). */
  readonly ownsCombatant: boolean;
}

export const AUTHORIZE_REFUSALS = ["notYourBudget", "overrideNeedsGM"] as const;

export type AuthorizeRefusal = (typeof AUTHORIZE_REFUSALS)[number];

export function authorizeSpend(
  request: { readonly override?: boolean },
  who: Spender,
): Outcome<true, AuthorizeRefusal> {
  if (request.override && !who.isGM) return refuse("overrideNeedsGM");
  if (!who.isGM && !who.ownsCombatant) return refuse("notYourBudget");
  return accept(true);
}
