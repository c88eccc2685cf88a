/**
 * The budgets' side of the GM's round lifecycle (round-lifecycle.ts calls it with the engine's notices): the
 * budgets the notices reset or open or close (rules/budget/budget-lifecycle.ts), as combatant update data
 * written in the same batch as the lifecycle's other combatant updates.
 */
import { replaceWhole } from "../compat/replace-whole";
import { budgetsAfterNotices } from "../rules/budget/budget-lifecycle";
import type { OpposedD20Budget } from "../rules/families/opposed-d20/budget";
import type { RoundNotice } from "../rules/turns/round-state";
import { budgetInputOf, storedBudgetOf } from "./budget-store";
import { familyOf, roundStateOf } from "./combat-api";

/** Combatant id → the update data of its new budget. */
export function budgetUpdates(
  combat: Combat.Implementation,
  notices: readonly RoundNotice[],
): Map<string, Record<string, unknown>> {
  const family = familyOf(combat);
  const updates = new Map<string, Record<string, unknown>>();
  if (family === "phased-round" || !notices.length) return updates;
  const byId = new Map([...combat.combatants.values()].map((c) => [c.id ?? "", c]));
  const changed = budgetsAfterNotices(family, notices, {
    ids: [...byId.keys()],
    round: roundStateOf(combat).round,
    stored: (id) => {
      const c = byId.get(id);
      return c ? storedBudgetOf(combat, c) : null;
    },
    input: (id) => {
      const c = byId.get(id);
      return c ? budgetInputOf(combat, c) : { speed: 0 };
    },
  });
  for (const [id, state] of changed) {
    // OD-R3: the counts are the engine's; they are not stored.
    const stored =
      family === "opposed-d20"
        ? { ...(state as OpposedD20Budget), counts: { active: 0, passive: 0 } }
        : state;
    updates.set(id, replaceWhole("system.budget", stored));
  }
  return updates;
}
