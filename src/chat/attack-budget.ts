/**
 * Rolling an attack spends the attacker's budget (issue: "rolling an attack … spends it"), asked of the active
 * GM before any die is rolled (budget-requests.ts `budget.attack`; what each family spends: attack-spend.ts).
 * A refusal stops the attack with its localized reason; a GM may confirm an override. Outside a fight, or
 * before it begins, nothing is spent. The request names the budget the client saw: two clicks spend once.
 */
import { sendWithOverride } from "../applications/budget/override-confirm";
import { spendAttackRequest } from "../documents/budget-requests";
import { budgetOf } from "../documents/budget-store";
import { roundStateOf } from "../documents/combat-api";
import { budgetFingerprint } from "../rules/budget/fingerprint";
import type { CombatLink } from "./combat-link";

/** True when the attack may go ahead (spent, or nothing to spend). */
export async function spendAttackBudget(
  link: CombatLink | null,
  item: { readonly id: string | null },
): Promise<boolean> {
  if (!link || roundStateOf(link.combat).round === 0) return true;
  // The budget as this client sees it: a double click, or a second client, spends once (GM side `expect`).
  const now = budgetOf(link.combat, link.combatant);
  const expect = now ? budgetFingerprint(now.state) : null;
  return sendWithOverride((override) =>
    spendAttackRequest.send({
      combatId: link.combat.id ?? "",
      combatantId: link.id,
      itemId: item.id ?? "",
      ...(expect ? { expect } : {}),
      ...(override ? { override: true } : {}),
    }),
  );
}
