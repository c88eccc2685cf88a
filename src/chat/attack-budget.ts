/**
 * Rolling an attack spends the attacker's budget (issue: "rolling an attack … spends it"), asked of the active
 * GM before any die is rolled (budget-requests.ts `budget.attack`; what each family spends: attack-spend.ts).
 * A refusal stops the attack with its localized reason; a GM may confirm an override. Outside a fight, or
 * before it begins, nothing is spent.
 */
import { sendWithOverride } from "../applications/budget/override-confirm";
import { spendAttackRequest } from "../documents/budget-requests";
import { roundStateOf } from "../documents/combat-api";
import type { CombatLink } from "./combat-link";

/** True when the attack may go ahead (spent, or nothing to spend). */
export async function spendAttackBudget(
  link: CombatLink | null,
  item: { readonly id: string | null },
): Promise<boolean> {
  if (!link || roundStateOf(link.combat).round === 0) return true;
  return sendWithOverride((override) =>
    spendAttackRequest.send({
      combatId: link.combat.id ?? "",
      combatantId: link.id,
      itemId: item.id ?? "",
      ...(override ? { override: true } : {}),
    }),
  );
}
