/** How a weapon attacks: in melee, as a missile weapon, or thrown. */
export const WEAPON_KINDS = ["melee", "ranged", "thrown"] as const;
export type WeaponKind = (typeof WEAPON_KINDS)[number];

/** Missile attacks (ranged or thrown) take the missile modifiers (AD-A3) and phase rules (PR-P4). */
export function isMissile(kind: WeaponKind): boolean {
  return kind !== "melee";
}
