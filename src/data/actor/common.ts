import { htmlField, intField, numberField } from "../fields";
import { migrateSource } from "../migrate";
import { deriveActor, type ActorDerived, type ActorStatistics, type EquippedItems } from "./derive";
import { activeDefenseSchema } from "./families/active-defense";
import { classicD20Schema } from "./families/classic-d20";
import { fastSlowSchema } from "./families/fast-slow";
import { opposedD20Schema } from "./families/opposed-d20";
import { phasedRoundSchema } from "./families/phased-round";

const { SchemaField } = foundry.data.fields;

/** The largest Health; current Health may go as far below 0 (AD-A4 counts Health below 0, down to −max). */
export const HEALTH_LIMIT = 9999;

/** The common core every actor carries, and one block per rule family (all kept; the world shows one). */
export function actorCoreSchema() {
  return {
    health: new SchemaField({
      value: intField(10, { min: -HEALTH_LIMIT, max: HEALTH_LIMIT }),
      max: intField(10, { min: 0, max: HEALTH_LIMIT }),
    }),
    /** Size as a number (1/2 = 0.5, 1, 2…): mounts must be larger than riders (FS-MT1). */
    size: numberField(1, { min: 0.125, max: 20 }),
    /** Metres per turn. */
    speed: numberField(10, { min: 0, max: 200 }),
    notes: htmlField(),
    fastSlow: fastSlowSchema(),
    classicD20: classicD20Schema(),
    opposedD20: opposedD20Schema(),
    phasedRound: phasedRoundSchema(),
    activeDefense: activeDefenseSchema(),
  };
}

interface ItemLike {
  readonly type: string;
  readonly system: unknown;
}

/** Reads the equipped armour, shields and weapons of an actor for `deriveActor`. */
export function equippedItems(items: Iterable<ItemLike>): EquippedItems {
  const armor: EquippedItems["armor"][number][] = [];
  const shields: EquippedItems["shields"][number][] = [];
  const weapons: EquippedItems["weapons"][number][] = [];
  for (const item of items) {
    const system = item.system as { equipped?: boolean } | undefined;
    if (!system?.equipped) continue;
    if (item.type === "armor") armor.push(system as EquippedItems["armor"][number]);
    else if (item.type === "shield") shields.push(system as EquippedItems["shields"][number]);
    else if (item.type === "weapon") weapons.push(system as EquippedItems["weapons"][number]);
  }
  return { armor, shields, weapons };
}

/** Shared behaviour of the character and creature models. */
export function prepareActorDerived(system: ActorStatistics, actor: { items: Iterable<ItemLike> } | null) {
  return deriveActor(system, equippedItems(actor?.items ?? []));
}

export { migrateSource };
export type { ActorDerived };
