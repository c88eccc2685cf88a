/**
 * The budget panel as a person meets it: the real template rendered from the fight's budget as `user` sees it
 * (budget-context.ts), mounted in the page, and a button pressed by its visible label, so the panel's delegated
 * click listener (budget-actions.ts) gets the browser's event, target and dataset.
 */
import { as, type ChatUser, type FightDoc } from "../../harness/chat";
import { buttonByLabel, clickThrough, renderDom } from "../../harness/dom";
import { budgetViewFor } from "../../../src/applications/budget/budget-context";
import { onBudgetClick } from "../../../src/applications/budget/budget-actions";

/** The sheet's budget panel of `combatantId` as `user` sees it now, mounted in the page. */
export async function budgetPanel(
  user: ChatUser,
  fight: FightDoc,
  combatantId: string,
): Promise<HTMLElement> {
  const view = await as(user, () =>
    budgetViewFor(fight as never, fight.combatants.get(combatantId) as never, false),
  );
  if (!view) throw new Error("no budget panel");
  return renderDom("templates/budget/budget.hbs", view);
}

/**
 * `user` presses the panel's button labelled `label`; what the panel's click listener resolved with. The panel
 * is drawn as `seenBy` sees it (by default the presser: a stale or forged page is the other case).
 */
export async function pressBudget(
  user: ChatUser,
  fight: FightDoc,
  combatantId: string,
  label: string,
  seenBy: ChatUser = user,
): Promise<boolean | null> {
  const root = await budgetPanel(seenBy, fight, combatantId);
  return as(user, () => clickThrough(root, buttonByLabel(root, label), onBudgetClick));
}
