/**
 * v14 expires ActiveEffects on combat events (`CONST.ACTIVE_EFFECT_EXPIRY_EVENTS`): core's `Combat#startCombat`
 * announces `combatStart` to `ActiveEffect.registry.refresh(event, { combat })` after its write (foundryvtt#13949
 * quotes 14.355's `startCombat`), its turn events announce the turn and round events. Fray's `startCombat` is its
 * own (the engine's start, written by the active GM), so it announces `combatStart` itself. v13 has no registry:
 * nothing happens there. Found by what the running Foundry has, so it lives in src/compat/.
 */

interface ExpiryRegistry {
  refresh?(event: string, context: { combat: Combat.Implementation }): unknown;
}

/** Tells v14's effect registry that `combat` has started (its effects with the `combatStart` expiry end). */
export async function announceCombatStart(combat: Combat.Implementation): Promise<void> {
  const documents = (foundry as { documents?: { ActiveEffect?: { registry?: ExpiryRegistry } } }).documents;
  const registry = documents?.ActiveEffect?.registry;
  if (typeof registry?.refresh !== "function") return;
  try {
    await registry.refresh("combatStart", { combat });
  } catch (error) {
    console.error(`fray | the effects of combat ${combat.id ?? ""} could not be told it started`, error);
  }
}
