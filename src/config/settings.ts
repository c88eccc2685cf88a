import type { SettingConfig } from "fvtt-types/configuration";
import { SYSTEM_ID } from "../constants";
import { DEFAULT_FAMILY, FAMILY_IDS, type FamilyId } from "../rules/families/ids";

/**
 * World settings: the rule family, and the choices the digests mark "convention" (a table may differ).
 * Names and hints are i18n keys `FRAY.Settings.<key>.name` / `.hint`; choice labels `.choices.<value>`.
 */
export const SETTING_DEFAULTS = {
  ruleset: DEFAULT_FAMILY as FamilyId,
  /** FS-D1: the size of the boon/bane die. */
  boonDie: 6 as 4 | 6 | 8,
  /** FS-R2/FS-R3: per part (fast PCs, fast GM creatures, slow PCs, slow GM creatures) or players first. */
  fsTurnOrder: "perPart" as "perPart" | "playersFirst",
  /** FS-A17: minor activities more when the creature gives up its move or its action (how many: a convention). */
  fsMinorBonus: 1 as number,
  /** CD-I3: initiative ties. */
  cdInitiativeTies: "dexterity" as "dexterity" | "rolloff",
  /** CD-AT3: threats need a confirmation roll. */
  cdConfirmCriticals: true,
  /** Classic-d20 damage on a hit is never below this (the family's usual rule is 1; 0 turns it off). */
  cdMinimumDamage: 1,
  /** OD-I3: initiative ties. */
  odInitiativeTies: "random" as "random" | "initiative" | "manual",
  /** OD-A3: the natural d20 faces that are a Critical and a Fumble. */
  odCriticalOn: 20,
  odFumbleOn: 1,
  /** OD-A3: an undefended attack that fumbles misses (otherwise it hits and the Fumble applies its own rules). */
  odFumbleMissesUndefended: false,
  /** PR-B3: the melee-ordering initiative dice (plus the quickness bonus). */
  prInitiativeFormula: "2d10" as "1d10" | "2d10",
  /** Phased-round attack: open-ended d100 (96–100 roll again and add, 01–05 roll again and subtract). */
  prOpenEnded: true,
  /** Open-ended d100: the lowest face that rolls again and adds, the highest first face that subtracts. */
  prOpenHigh: 96,
  prOpenLow: 5,
  /** Phased-round attack: the total (d100 + OB − DB) that hits. */
  prHitThreshold: 100,
  /** Phased-round damage: the weapon's dice plus one per `step` points above the threshold, or weapon dice only. */
  prDamageMode: "margin" as "margin" | "weapon",
  prDamageStep: 10,
  /** PR-P6: "normally" drawing a weapon costs 20 % of the round's activity and changing weapons 50 %. */
  prDrawCost: 20 as number,
  prChangeCost: 50 as number,
  /** PR-P3: 05 or less on an orientation roll: always unable to act this round, or the GM decides (and may compromise the next round). */
  prOrientationLow: "unable" as "unable" | "gm",
  /** AD-C3: 3d6 critical success at or below, critical failure at or above. */
  adCriticalSuccess: 4,
  adCriticalFailure: 17,
  /** AD-T2: the speed score that orders turns. */
  adSpeedScore: "ag" as "ag" | "dev",
  /** AD-A3: when the count of Parry and Block uses starts again. */
  adDefenseUsageReset: "holderTurnStart" as "holderTurnStart" | "roundStart",
  /** AD-A4: a blow whose final damage is above this fraction of max Health is a major wound (stun, knockdown). */
  adMajorWoundFraction: 0.5 as number,
  /** AD-A4: Health at or below −(this × max Health) calls for a death check. */
  adDeathThresholdMultiple: 1 as number,
  /** AD-A4: the damage checks roll at once (otherwise the creature's owner rolls; with none connected, at once). */
  adDamageChecksAuto: false,
  /** Cards: creatures with no connected owner defend by themselves (best legal defense). */
  npcAutoDefense: false,
} as const;

export type SettingKey = keyof typeof SETTING_DEFAULTS;
type Widen<T> = T extends boolean ? boolean : T extends number ? T : T extends string ? T : never;
export type SettingValues = { -readonly [K in SettingKey]: Widen<(typeof SETTING_DEFAULTS)[K]> };

interface SettingSpec {
  type: typeof String | typeof Number | typeof Boolean;
  choices?: readonly (string | number)[];
  range?: { min: number; max: number; step: number };
  requiresReload?: boolean;
}

const SPECS: Record<SettingKey, SettingSpec> = {
  ruleset: { type: String, choices: FAMILY_IDS },
  boonDie: { type: Number, choices: [4, 6, 8] },
  fsTurnOrder: { type: String, choices: ["perPart", "playersFirst"] },
  fsMinorBonus: { type: Number, range: { min: 0, max: 3, step: 1 } },
  cdInitiativeTies: { type: String, choices: ["dexterity", "rolloff"] },
  cdConfirmCriticals: { type: Boolean },
  cdMinimumDamage: { type: Number, range: { min: 0, max: 5, step: 1 } },
  odInitiativeTies: { type: String, choices: ["random", "initiative", "manual"] },
  odCriticalOn: { type: Number, range: { min: 2, max: 20, step: 1 } },
  odFumbleOn: { type: Number, range: { min: 1, max: 19, step: 1 } },
  odFumbleMissesUndefended: { type: Boolean },
  prInitiativeFormula: { type: String, choices: ["1d10", "2d10"] },
  prOpenEnded: { type: Boolean },
  prOpenHigh: { type: Number, range: { min: 90, max: 100, step: 1 } },
  prOpenLow: { type: Number, range: { min: 1, max: 10, step: 1 } },
  prHitThreshold: { type: Number, range: { min: 1, max: 200, step: 1 } },
  prDamageMode: { type: String, choices: ["margin", "weapon"] },
  prDamageStep: { type: Number, range: { min: 1, max: 50, step: 1 } },
  prDrawCost: { type: Number, range: { min: 0, max: 100, step: 5 } },
  prChangeCost: { type: Number, range: { min: 0, max: 100, step: 5 } },
  prOrientationLow: { type: String, choices: ["unable", "gm"] },
  adCriticalSuccess: { type: Number, range: { min: 3, max: 6, step: 1 } },
  adCriticalFailure: { type: Number, range: { min: 15, max: 18, step: 1 } },
  adSpeedScore: { type: String, choices: ["ag", "dev"] },
  adDefenseUsageReset: { type: String, choices: ["holderTurnStart", "roundStart"] },
  adMajorWoundFraction: { type: Number, range: { min: 0.05, max: 1, step: 0.05 } },
  adDeathThresholdMultiple: { type: Number, range: { min: 0, max: 5, step: 0.5 } },
  adDamageChecksAuto: { type: Boolean },
  npcAutoDefense: { type: Boolean },
};

/** The order the settings appear in the configuration window. */
export const SETTING_KEYS = Object.keys(SPECS) as SettingKey[];

export function settingLabelKey(key: SettingKey, part: "name" | "hint"): string {
  return `FRAY.Settings.${key}.${part}`;
}

/** The i18n keys of a setting's choices, keyed by the stored value. */
export function settingChoices(key: SettingKey): Record<string, string> | undefined {
  const choices = SPECS[key].choices;
  if (!choices) return undefined;
  return Object.fromEntries(choices.map((value) => [String(value), `FRAY.Settings.${key}.choices.${value}`]));
}

export function settingSpec(key: SettingKey): Readonly<SettingSpec> {
  return SPECS[key];
}

/** Registers every setting; called from the init hook. `onChange` re-renders what shows the values. */
export function registerSettings(onChange: (key: SettingKey) => void): void {
  for (const key of SETTING_KEYS) {
    const spec = SPECS[key];
    const choices = settingChoices(key);
    const config: Record<string, unknown> = {
      name: settingLabelKey(key, "name"),
      hint: settingLabelKey(key, "hint"),
      scope: "world",
      config: true,
      type: spec.type,
      default: SETTING_DEFAULTS[key],
      requiresReload: spec.requiresReload ?? false,
      onChange: () => onChange(key),
    };
    if (choices) config.choices = choices;
    if (spec.range) config.range = spec.range;
    // The per-key types are declared in src/config/types.d.ts; the table above is checked against them.
    (game.settings.register as (ns: string, key: string, data: unknown) => void)(SYSTEM_ID, key, config);
  }
}

/** Reads a world setting with its declared type. */
export function getSetting<K extends SettingKey>(key: K): SettingValues[K] {
  // Called on game.settings itself: `get` is an instance method (a detached call has no `this` and throws).
  const value: unknown = game.settings.get(SYSTEM_ID, key);
  return (value ?? SETTING_DEFAULTS[key]) as SettingValues[K];
}

// Compile-time check: every setting above is declared in fvtt-config.d.ts (SettingConfig).
type Declared = keyof SettingConfig;
type Undeclared = Exclude<`${typeof SYSTEM_ID}.${SettingKey}`, Declared>;
export const settingsAllDeclared: [Undeclared] extends [never] ? true : Undeclared = true;
