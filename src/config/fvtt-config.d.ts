// Typed Foundry configuration for fvtt-types: settings, document classes and data models.
import type { SettingValues } from "./settings";

declare module "fvtt-types/configuration" {
  interface AssumeHookRan {
    init: never;
    setup: never;
    ready: never;
  }

  interface SettingConfig {
    "fray.ruleset": SettingValues["ruleset"];
    "fray.boonDie": SettingValues["boonDie"];
    "fray.cdInitiativeTies": SettingValues["cdInitiativeTies"];
    "fray.cdConfirmCriticals": SettingValues["cdConfirmCriticals"];
    "fray.odInitiativeTies": SettingValues["odInitiativeTies"];
    "fray.odCriticalOn": SettingValues["odCriticalOn"];
    "fray.odFumbleOn": SettingValues["odFumbleOn"];
    "fray.prInitiativeFormula": SettingValues["prInitiativeFormula"];
    "fray.prOpenEnded": SettingValues["prOpenEnded"];
    "fray.prHitThreshold": SettingValues["prHitThreshold"];
    "fray.prDamageMode": SettingValues["prDamageMode"];
    "fray.prDamageStep": SettingValues["prDamageStep"];
    "fray.adCriticalSuccess": SettingValues["adCriticalSuccess"];
    "fray.adCriticalFailure": SettingValues["adCriticalFailure"];
    "fray.adSpeedScore": SettingValues["adSpeedScore"];
    "fray.npcAutoDefense": SettingValues["npcAutoDefense"];
  }
}

declare module "fvtt-types/configuration" {
  interface DataModelConfig {
    Actor: {
      character: typeof import("../data/actor/character").CharacterModel;
      creature: typeof import("../data/actor/creature").CreatureModel;
    };
    Item: {
      weapon: typeof import("../data/item/weapon").WeaponModel;
      armor: typeof import("../data/item/armor").ArmorModel;
      shield: typeof import("../data/item/shield").ShieldModel;
      spell: typeof import("../data/item/spell").SpellModel;
      talent: typeof import("../data/item/talent").TalentModel;
      gear: typeof import("../data/item/gear").GearModel;
    };
  }
}
