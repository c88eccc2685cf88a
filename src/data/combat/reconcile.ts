/**
 * Brings the engine's list of combatants back in line with the Combat's Combatant documents: a combatant
 * created or deleted while no GM was connected (so no hook added or removed it), or a combat whose stored
 * state was unreadable and fell back to an empty one. The events are ordinary engine events, so the round
 * stays valid mid-round exactly as for a live add or remove. Pure: no Foundry.
 */
import type { NewCombatant, RoundEvent } from "../../rules/turns/round-event";
import type { RoundState } from "../../rules/turns/round-state";

/** What the GM's client knows of a Combatant document. */
export type LiveCombatant = NewCombatant;

export function reconcileEvents(state: RoundState, live: readonly LiveCombatant[]): RoundEvent[] {
  const liveIds = new Set(live.map((c) => c.id));
  const known = new Set(state.combatants.map((c) => c.id));
  const events: RoundEvent[] = [];
  for (const c of state.combatants)
    if (!liveIds.has(c.id)) events.push({ type: "removeCombatant", id: c.id });
  for (const c of live) if (!known.has(c.id)) events.push({ type: "addCombatant", combatant: c });
  for (const c of live) {
    const stored = state.combatants.find((s) => s.id === c.id);
    const defeated = c.defeated === true;
    if (stored && stored.defeated !== defeated) events.push({ type: "setDefeated", id: c.id, defeated });
  }
  return events;
}
