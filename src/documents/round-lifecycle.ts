/**
 * The GM's work after the round engine moved (run by `applyRoundEvents`, active GM only):
 * - AD-A3: Parry and Block counts start again as the holder's turn starts (the AD-T1 clock);
 * - the action budgets reset, open and close with the round and the turns (budget-lifecycle.ts);
 * - Foundry's `combatant.initiative` follows the engine's (PR-B3 melee initiative resets each round);
 * - the notices go out on the `fray.roundNotices` hook, where the applications layer posts the chat note of
 *   what ended (AD-T1 turn start, FS-R7/FS-R8 end of round, players' effects first) and FS-R9's offer.
 */
import { getSetting } from "../config/settings";
import { defenseUsageResets } from "../rules/families/active-defense-3d6/defense-usage";
import type { RoundNotice, RoundState } from "../rules/turns/round-state";
import { budgetUpdates } from "./budget-lifecycle";
import { combatantData, familyOf } from "./combat-api";

/** The hook the notices are announced on (GM client only): `(combat, notices, { before, after })`. */
export const ROUND_NOTICES_HOOK = "fray.roundNotices";

export interface RoundTransition {
  readonly before: RoundState;
  readonly after: RoundState;
}

export async function roundLifecycle(
  combat: Combat.Implementation,
  before: RoundState,
  after: RoundState,
  notices: readonly RoundNotice[],
): Promise<void> {
  const updates = new Map<string, Record<string, unknown>>();
  const patch = (id: string, data: Record<string, unknown>) =>
    updates.set(id, { ...(updates.get(id) ?? { _id: id }), ...data });

  if (familyOf(combat) === "active-defense-3d6") {
    // AD-A3 says "once per turn"; when the count starts again is a convention (world setting).
    const reset = getSetting("adDefenseUsageReset");
    for (const notice of notices) {
      // An interrupted turn that resumes is the same turn: its count goes on.
      const event =
        notice.kind === "turnStarted" && notice.resumed !== true
          ? ({ kind: "turnStart", combatant: notice.id } as const)
          : notice.kind === "roundStarted"
            ? ({ kind: "roundStart" } as const)
            : null;
      if (!event) continue;
      for (const combatant of combat.combatants.values()) {
        const id = combatant.id ?? "";
        if (!defenseUsageResets(reset, event, id)) continue;
        const usage = combatantData(combatant).defenseUsage;
        if (usage && (usage.parry || usage.block))
          patch(id, { "system.defenseUsage": { parry: 0, block: 0 } });
      }
    }
  }

  for (const [id, data] of budgetUpdates(combat, notices)) patch(id, data);

  for (const c of after.combatants) {
    const doc = combat.combatants.get(c.id);
    if (doc && (doc.initiative ?? null) !== c.initiative) patch(c.id, { initiative: c.initiative });
  }

  if (updates.size) {
    await combat.updateEmbeddedDocuments("Combatant", [...updates.values()]);
  }
  const transition: RoundTransition = { before, after };
  (Hooks.callAll as (name: string, ...args: unknown[]) => boolean)(
    ROUND_NOTICES_HOOK,
    combat,
    notices,
    transition,
  );
}
