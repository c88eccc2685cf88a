/** The weapon skills an active-defense-3d6 actor holds; a weapon names the one it uses. */
export const AD_WEAPON_SKILLS = [
  "unarmed",
  "blade",
  "axeMace",
  "polearm",
  "bow",
  "crossbow",
  "thrown",
] as const;
export type AdWeaponSkill = (typeof AD_WEAPON_SKILLS)[number];
