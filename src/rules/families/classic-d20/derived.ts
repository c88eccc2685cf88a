/** Derived statistics for classic-d20 actors: ability modifiers, size modifier, Armor Class (CD-AC1). */
export const CD_ABILITIES = ["str", "dex", "con", "int", "wis", "cha"] as const;
export type CdAbility = (typeof CD_ABILITIES)[number];

export const CD_SIZE_CATEGORIES = [
  "fine",
  "diminutive",
  "tiny",
  "small",
  "medium",
  "large",
  "huge",
  "gargantuan",
  "colossal",
] as const;
export type CdSizeCategory = (typeof CD_SIZE_CATEGORIES)[number];

/** The size modifier to attack rolls and Armor Class (the family's usual table). */
const SIZE_MODIFIERS: Record<CdSizeCategory, number> = {
  fine: 8,
  diminutive: 4,
  tiny: 2,
  small: 1,
  medium: 0,
  large: -1,
  huge: -2,
  gargantuan: -4,
  colossal: -8,
};

/** Ability modifier: (score − 10) / 2, rounded down. */
export function cdAbilityModifier(score: number): number {
  return Math.floor((Math.trunc(score) - 10) / 2);
}

export function cdSizeModifier(category: CdSizeCategory): number {
  return SIZE_MODIFIERS[category];
}

export interface CdArmorClassInput {
  readonly dexModifier: number;
  readonly sizeModifier: number;
  /** Equipped armour's bonus. */
  readonly armorBonus: number;
  /** Equipped shields' bonus. */
  readonly shieldBonus: number;
  readonly natural: number;
  readonly misc: number;
  /** The most Dexterity bonus the armour worn allows (null: no limit). */
  readonly maxDex: number | null;
}

/** CD-AC1 Armor Class: 10 + armour + shield + Dexterity (capped by the armour) + size + natural + misc. */
export function cdArmorClass(input: CdArmorClassInput): number {
  const dex = input.maxDex === null ? input.dexModifier : Math.min(input.dexModifier, input.maxDex);
  return 10 + input.armorBonus + input.shieldBonus + dex + input.sizeModifier + input.natural + input.misc;
}
