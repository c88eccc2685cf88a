import { adDefenseTargets, type AdDefenseTargets } from "../../rules/families/active-defense-3d6/derived";
import {
  CD_ABILITIES,
  cdAbilityModifier,
  cdArmorClass,
  cdSizeModifier,
  type CdAbility,
  type CdSizeCategory,
} from "../../rules/families/classic-d20/derived";
import {
  FS_ATTRIBUTES,
  fsDefense,
  fsModifier,
  type FsAttribute,
} from "../../rules/families/fast-slow/derived";

/** What the actor's equipped items contribute; gathered by the adapter, summed by the rules. */
export interface EquippedItems {
  readonly armor: readonly {
    acBonus: number;
    maxDex: number | null;
    dr: number;
    protection: number;
    db: number;
    defense: number;
  }[];
  readonly shields: readonly {
    block: number;
    acBonus: number;
    db: number;
    defense: number;
    blockBonus: number;
  }[];
  readonly weapons: readonly { parry: number }[];
}

/** The statistics an actor's data model exposes to sheets, rolls and cards as `system.derived`. */
export interface ActorDerived {
  fastSlow: { modifiers: Record<FsAttribute, number>; defense: number };
  classicD20: { modifiers: Record<CdAbility, number>; sizeModifier: number; ac: number };
  opposedD20: { protection: number; block: number };
  phasedRound: { db: number };
  activeDefense: AdDefenseTargets;
}

/** The stored statistics `deriveActor` reads (a structural view of the actor schema). */
export interface ActorStatistics {
  fastSlow: Record<FsAttribute, { value: number }> & { defense: { base: number } };
  classicD20: {
    abilities: Record<CdAbility, { value: number }>;
    sizeCategory: CdSizeCategory;
    ac: { natural: number; misc: number };
  };
  opposedD20: { protection: number; defense: { block: number } };
  phasedRound: { db: number };
  activeDefense: { dev: number; pev: number; bev: number; wt: number; dr: number };
}

const sum = (values: readonly number[]) => values.reduce((total, v) => total + v, 0);

export function deriveActor(stats: ActorStatistics, items: EquippedItems): ActorDerived {
  const fsModifiers = Object.fromEntries(
    FS_ATTRIBUTES.map((a) => [a, fsModifier(stats.fastSlow[a].value)]),
  ) as Record<FsAttribute, number>;
  const cdModifiers = Object.fromEntries(
    CD_ABILITIES.map((a) => [a, cdAbilityModifier(stats.classicD20.abilities[a].value)]),
  ) as Record<CdAbility, number>;
  const sizeModifier = cdSizeModifier(stats.classicD20.sizeCategory);
  const maxDexLimits = items.armor.map((a) => a.maxDex).filter((m): m is number => m !== null);

  return {
    fastSlow: {
      modifiers: fsModifiers,
      defense: fsDefense({
        base: stats.fastSlow.defense.base,
        bonuses: [...items.armor.map((a) => a.defense), ...items.shields.map((s) => s.defense)],
      }),
    },
    classicD20: {
      modifiers: cdModifiers,
      sizeModifier,
      ac: cdArmorClass({
        dexModifier: cdModifiers.dex,
        sizeModifier,
        armorBonus: sum(items.armor.map((a) => a.acBonus)),
        shieldBonus: sum(items.shields.map((s) => s.acBonus)),
        natural: stats.classicD20.ac.natural,
        misc: stats.classicD20.ac.misc,
        maxDex: maxDexLimits.length ? Math.min(...maxDexLimits) : null,
      }),
    },
    opposedD20: {
      protection: stats.opposedD20.protection + sum(items.armor.map((a) => a.protection)),
      block: stats.opposedD20.defense.block + sum(items.shields.map((s) => s.blockBonus)),
    },
    phasedRound: {
      db: stats.phasedRound.db + sum(items.armor.map((a) => a.db)) + sum(items.shields.map((s) => s.db)),
    },
    activeDefense: adDefenseTargets(stats.activeDefense, {
      weaponParry: items.weapons.map((w) => w.parry).filter((p) => p > 0),
      shieldBlock: items.shields.map((s) => s.block).filter((b) => b > 0),
      armorDr: items.armor.map((a) => a.dr),
    }),
  };
}
