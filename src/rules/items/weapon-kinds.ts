/** How a weapon attacks: in melee, as a missile weapon, or thrown. */
export const WEAPON_KINDS = ["melee", "ranged", "thrown"] as const;
export type WeaponKind = (typeof WEAPON_KINDS)[number];

/** Missile attacks (ranged or thrown) take the missile modifiers (AD-A3) and phase rules (PR-P4). */
export function isMissile(kind: WeaponKind): boolean {
  return kind !== "melee";
}

/** Weapon properties the rules read: reload (FS-A11), self-reloading and thrown (PR-P4), unbalanced and
 * needs-readying (AD-M4). */
export const WEAPON_PROPERTIES = [
  "reload",
  "selfReloading",
  "thrown",
  "unbalanced",
  "needsReadying",
] as const;
export type WeaponProperty = (typeof WEAPON_PROPERTIES)[number];
