/**
 * The budget panel's context for the actor sheet (`sheetBudgetContext`, one call in the sheet's context) and
 * for the tracker rows (`withBudgetRows`, over the tracker's own context). Each reads the budget where it
 * lives (budget-store.ts) and lets budget-view.ts decide what to show; a viewer sees the budgets of what it
 * owns (a GM, every one).
 */
import { budgetFingerprint } from "../../rules/budget/fingerprint";
import { budgetOf, isProne } from "../../documents/budget-store";
import { activeCombatFor, combatantFor, roundStateOf } from "../../documents/combat-api";
import { buildBudgetView, type BudgetView } from "./budget-view";

function weaponNames(actor: Actor.Implementation | null | undefined): Record<string, string> {
  const names: Record<string, string> = {};
  for (const item of actor?.items ?? [])
    if (item.type === "weapon" && item.id) names[item.id] = item.name ?? "";
  return names;
}

/** The panel of `combatant`'s budget in `combat`, or null when the fight has not begun. */
export function budgetViewFor(
  combat: Combat.Implementation,
  combatant: Combatant.Implementation,
  compact: boolean,
): BudgetView | null {
  if (roundStateOf(combat).round === 0) return null;
  const budget = budgetOf(combat, combatant);
  if (!budget) return null;
  const owner = game.user?.isGM === true || combatant.isOwner === true;
  return buildBudgetView({
    family: budget.family,
    state: budget.state,
    combatId: combat.id ?? "",
    combatantId: combatant.id ?? "",
    name: combatant.name ?? "",
    fingerprint: budgetFingerprint(budget.state),
    owner,
    isGM: game.user?.isGM === true,
    compact,
    prone: isProne(combatant.actor),
    weaponNames: weaponNames(combatant.actor),
  });
}

/** The actor sheet's budget panel: the fight the actor (or its token) is in, when it has begun. */
export function sheetBudgetContext(
  actor: Actor.Implementation | null | undefined,
  token?: { readonly id: string | null } | null,
): BudgetView | null {
  if (!actor) return null;
  const combat = activeCombatFor(actor, token ?? null);
  if (!combat) return null;
  const combatant = combatantFor(combat, { actorId: actor.id, tokenId: token?.id ?? null });
  return combatant ? budgetViewFor(combat, combatant, false) : null;
}

/** The tracker's context with a compact budget on each row the viewer owns. */
export function withBudgetRows<C extends { rows: readonly { id: string }[] } | null>(
  combat: Combat.Implementation | undefined,
  context: C,
): C {
  if (!combat || !context) return context;
  const rows = context.rows.map((row) => {
    const combatant = combat.combatants.get(row.id);
    const mine = combatant && (game.user?.isGM === true || combatant.isOwner === true);
    const budget = mine ? budgetViewFor(combat, combatant, true) : null;
    return budget ? { ...row, budget } : row;
  });
  return { ...context, rows };
}
