/**
 * Shared set-up for the budget adapter tests: the chat stand-ins and Fray's models (through the attack cards'
 * set-up), the budget stand-ins, the check cards and the budgets wired as index.ts does, the GM requests
 * registered as v13 queries; fights started through the round engine as the active GM.
 */
import { budgetWorld, dragToken } from "../../harness/budget";
import { alice, as, bob, creature, fightWith, gm, setSetting, settle, weapon, world } from "../chat/setup";
import { registerBudgets } from "../../../src/applications/budget/register";
import { registerCheckCards } from "../../../src/chat/checks/register";
import "../../../src/documents/combat-requests";
import { registerGmRequests } from "../../../src/net/gm-requests";
import { applyRoundEvents, roundStateOf } from "../../../src/documents/combat-api";
import { storedBudgetOf } from "../../../src/documents/budget-store";
import type { FamilyId } from "../../../src/rules/families/ids";
import type { RoundEvent } from "../../../src/rules/turns/round-event";
import type { ActorDoc, FightDoc, TokenDoc } from "../../harness/chat";

registerCheckCards();
registerBudgets();
registerGmRequests();

export { alice, as, bob, budgetWorld, creature, dragToken, gm, setSetting, settle, weapon, world };

/** Engine events applied by the active GM; throws on a refusal. */
export async function events(fight: FightDoc, list: RoundEvent[]): Promise<void> {
  const out = await as(gm, () => applyRoundEvents(fight as never, list));
  await settle();
  if (!out.ok) throw new Error(`refused: ${out.reason}`);
}

/** A fight under `family` with these creatures, started by the GM (round 1). */
export async function startedFight(family: FamilyId, ...fighters: { actor: ActorDoc; token: TokenDoc }[]) {
  setSetting("ruleset", family);
  const { fight, ids } = fightWith(family, ...fighters);
  await events(fight, [{ type: "startCombat", gmOverride: true }]);
  return { fight, ids };
}

/** The budget the GM holds now for a combatant. */
export function budgetNow<T>(fight: FightDoc, id: string): T {
  return storedBudgetOf(fight as never, fight.combatants.get(id) as never) as T;
}

export function engineOf(fight: FightDoc) {
  return roundStateOf(fight as never);
}

/** Clears the records between tests; every fight ends. */
export function resetWorld(): void {
  budgetWorld.reset();
  world.warnings.length = 0;
  world.combats.clear();
  world.messages.clear();
}
