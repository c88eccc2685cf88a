/**
 * Parry and Block use per turn (AD-A3, AD-M3): each may be tried once per turn, twice under all-out defense
 * «全力防御»; Dodge has no limit. Plain serialisable state kept per combatant, with pure updates.
 *
 * When the count starts again is a convention (world setting `adDefenseUsageReset`): "holderTurnStart"
 * (default — the same clock as the "until your next turn" states of AD-T1) or "roundStart".
 */
export type ActiveDefenseId = "parry" | "block" | "dodge";

export const ACTIVE_DEFENSE_IDS: readonly ActiveDefenseId[] = ["parry", "block", "dodge"];

export interface DefenseUsage {
  readonly parry: number;
  readonly block: number;
}

export const NO_DEFENSE_USED: DefenseUsage = { parry: 0, block: 0 };

/** How many times `id` may be tried per turn; null: no limit (Dodge). */
export function defenseLimit(id: ActiveDefenseId, allOutDefense: boolean): number | null {
  if (id === "dodge") return null;
  return allOutDefense ? 2 : 1;
}

/** Whether `id` may still be tried this turn. */
export function defenseLeft(usage: DefenseUsage, id: ActiveDefenseId, allOutDefense: boolean): boolean {
  if (id === "dodge") return true;
  return usage[id] < (defenseLimit(id, allOutDefense) ?? Infinity);
}

/** The usage after one more try of `id` (a Dodge changes nothing). */
export function recordDefense(usage: DefenseUsage, id: ActiveDefenseId): DefenseUsage {
  if (id === "dodge") return usage;
  return { ...usage, [id]: usage[id] + 1 };
}

export type DefenseUsageReset = "holderTurnStart" | "roundStart";

export type DefenseUsageEvent =
  { readonly kind: "turnStart"; readonly combatant: string } | { readonly kind: "roundStart" };

/** Whether `event` starts `holder`'s count again (then store `NO_DEFENSE_USED`). */
export function defenseUsageResets(
  reset: DefenseUsageReset,
  event: DefenseUsageEvent,
  holder: string,
): boolean {
  if (reset === "roundStart") return event.kind === "roundStart";
  return event.kind === "turnStart" && event.combatant === holder;
}
