/** The five rule families Fray runs (DESIGN.md). A world picks one; each Combat records its own. */
export const FAMILY_IDS = [
  "fast-slow",
  "classic-d20",
  "opposed-d20",
  "phased-round",
  "active-defense-3d6",
] as const;

export type FamilyId = (typeof FAMILY_IDS)[number];

export const DEFAULT_FAMILY: FamilyId = "fast-slow";

/** The key under which an actor keeps each family's statistics (`actor.system.<key>`). */
export const FAMILY_DATA_KEYS = {
  "fast-slow": "fastSlow",
  "classic-d20": "classicD20",
  "opposed-d20": "opposedD20",
  "phased-round": "phasedRound",
  "active-defense-3d6": "activeDefense",
} as const satisfies Record<FamilyId, string>;

export type FamilyDataKey = (typeof FAMILY_DATA_KEYS)[FamilyId];

export function isFamilyId(value: unknown): value is FamilyId {
  return (FAMILY_IDS as readonly unknown[]).includes(value);
}
