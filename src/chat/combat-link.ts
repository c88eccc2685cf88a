/**
 * Where an attack's creatures stand in a fight, read through combat-api.ts: the combat and combatant, the
 * timed states held (FS-A5 Defend, AD-T1 states, AD-M6 concentration), the round, the action counters
 * (OD-R3), the budget (AD-M1…AD-M5) and the Parry/Block tries (AD-A3). Outside a combat everything reads as
 * "no state": no modifier comes from it.
 */
import {
  activeCombatFor,
  combatantData,
  combatantFor,
  familyOf,
  roundStateOf,
  timedStatesOf,
} from "../documents/combat-api";
import { NO_DEFENSE_USED, type DefenseUsage } from "../rules/families/active-defense-3d6/defense-usage";
import type { FamilyId } from "../rules/families/ids";
import type { RoundTimedState, TurnCombatant } from "../rules/turns/round-state";
import type { Party } from "./parties";

export interface CombatLink {
  readonly combat: Combat.Implementation;
  readonly combatant: Combatant.Implementation;
  /** The combatant id: the holder of timed states and the engine's id. */
  readonly id: string;
}

/** `combat` undefined: the fight the creature is in, if any; null: none (a card made outside a fight). */
export function combatLinkOf(party: Party, combat?: Combat.Implementation | null): CombatLink | null {
  const fight =
    combat === undefined ? activeCombatFor(party.actor, party.token ? { id: party.token.id } : null) : combat;
  if (!fight) return null;
  const combatant = combatantFor(fight, { actorId: party.actor.id, tokenId: party.token?.id ?? null });
  return combatant?.id ? { combat: fight, combatant, id: combatant.id } : null;
}

/** The combat's recorded family when in a fight, else the world's. */
export function familyFor(link: CombatLink | null, world: FamilyId): FamilyId {
  return link ? familyOf(link.combat) : world;
}

export function timedStates(link: CombatLink | null): RoundTimedState[] {
  return link ? timedStatesOf(link.combat, link.id) : [];
}

export function currentRound(link: CombatLink | null): number {
  return link ? roundStateOf(link.combat).round : 0;
}

/** The engine's record of the combatant (action counters OD-R3, phased-round declarations). */
export function turnCombatant(link: CombatLink | null): TurnCombatant | null {
  if (!link) return null;
  return roundStateOf(link.combat).combatants.find((c) => c.id === link.id) ?? null;
}

/** The family budget stored on the combatant (null until the budget module writes it). */
export function budgetOf<T>(link: CombatLink | null): T | null {
  return link ? ((combatantData(link.combatant).budget as T | null) ?? null) : null;
}

/** AD-A3: Parry and Block tries this turn. */
export function defenseUsageOf(link: CombatLink | null): DefenseUsage {
  return link ? (combatantData(link.combatant).defenseUsage ?? NO_DEFENSE_USED) : NO_DEFENSE_USED;
}
