/** Fray's item types, in the order the sheets list them. */
export const ITEM_TYPES = ["weapon", "armor", "shield", "spell", "talent", "gear"] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

/** Item types that can be equipped (worn or wielded). */
export const EQUIPPABLE_TYPES: readonly ItemType[] = ["weapon", "armor", "shield"];
