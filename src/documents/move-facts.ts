/**
 * What the movement budgets read from the moving creature's actor: its Agility modifier for jumps (FS-M5,
 * FS-M6) and its movement potential in metres for phased-round (PR-P6, 100 %).
 */
import { actorSystemOf } from "../data/system-of";
import type { MoveFacts } from "./budget-spend";

export function moveFactsOf(combatant: Combatant.Implementation): MoveFacts {
  const actor = combatant.actor;
  const system = actor ? actorSystemOf(actor) : undefined;
  return {
    override: false,
    agilityModifier: Number(system?.derived?.fastSlow?.modifiers?.agility ?? 0) || 0,
    potentialMetres: Math.max(0, Number(system?.phasedRound?.movement ?? 0) || 0),
  };
}
