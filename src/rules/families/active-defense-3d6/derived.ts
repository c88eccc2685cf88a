/**
 * Derived statistics for active-defense-3d6 actors (AD-A2, AD-A4): the defense targets and the DR worn.
 * PEV comes from the readied weapon that parries best, BEV from the shield carried; a creature without
 * such items uses its own values (natural weapons, hide).
 */
export interface AdEquipment {
  /** Parry values «受け» of the equipped weapons that can parry now. */
  readonly weaponParry: readonly number[];
  /** Block values «止め» of the equipped shields. */
  readonly shieldBlock: readonly number[];
  /** DR of each equipped armour. */
  readonly armorDr: readonly number[];
}

export interface AdOwnValues {
  readonly dev: number;
  readonly pev: number;
  readonly bev: number;
  readonly wt: number;
  readonly dr: number;
}

export interface AdDefenseTargets {
  readonly pev: number;
  readonly bev: number;
  readonly dr: number;
  /** AD-A2 Parry «受け»: DEV + PEV; null when nothing can parry. */
  readonly parry: number | null;
  /** AD-A2 Block «止め»: DEV + BEV; null without a shield or a natural block value. */
  readonly block: number | null;
  /** AD-A2 Dodge «よけ»: DEV − WT. */
  readonly dodge: number;
}

export function adDefenseTargets(own: AdOwnValues, equipment: AdEquipment): AdDefenseTargets {
  const pev = equipment.weaponParry.length ? Math.max(...equipment.weaponParry) : own.pev;
  const bev = equipment.shieldBlock.length ? Math.max(...equipment.shieldBlock) : own.bev;
  const dr = own.dr + equipment.armorDr.reduce((sum, v) => sum + v, 0);
  return {
    pev,
    bev,
    dr,
    parry: pev > 0 ? own.dev + pev : null,
    block: bev > 0 ? own.dev + bev : null,
    dodge: own.dev - own.wt,
  };
}
