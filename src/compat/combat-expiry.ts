/**
 * v14 expires ActiveEffects on combat events (`CONST.ACTIVE_EFFECT_EXPIRY_EVENTS`): core's `Combat#startCombat`
 * makes its write, then announces `combatStart` to `ActiveEffect.registry.refresh(event, { combat })` on the client
 * that started the fight (foundryvtt#13949 quotes 14.355's `startCombat`); its turn events announce the turn and
 * round events. Fray's `startCombat` is its own and never calls core's (the engine's start, written by the active
 * GM), so it announces `combatStart` itself, once the start is written; were it ever to call `super.startCombat`,
 * core's announcement would be a second one and this one must go. A start refused is not announced (the caller's
 * business). v13 has no registry: nothing happens there. Found by what the running Foundry has (the registry's
 * `refresh`), so it lives in src/compat/.
 */

interface ExpiryRegistry {
  refresh?(event: string, context: { combat: Combat.Implementation }): unknown;
}

/**
 * Tells v14's effect registry that `combat` has started (its effects with the `combatStart` expiry end). A registry
 * that throws (foundryvtt#14253: a refresh can fail) is logged: the fight has started all the same.
 */
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
