/**
 * What the movement budgets read from the moving creature's actor: its Agility modifier for jumps (FS-M5,
 * FS-M6) and its movement potential in metres for phased-round (PR-P6, 100 %).
 */
import type { MoveFacts } from "./budget-spend";

interface ActorSystem {
  derived?: { fastSlow?: { modifiers?: { agility?: number } } };
  phasedRound?: { movement?: number };
}

export function moveFactsOf(combatant: Combatant.Implementation): MoveFacts {
  const system = (combatant.actor?.system ?? {}) as unknown as ActorSystem;
  return {
    override: false,
    agilityModifier: Number(system.derived?.fastSlow?.modifiers?.agility ?? 0) || 0,
    potentialMetres: Math.max(0, Number(system.phasedRound?.movement ?? 0) || 0),
  };
}
