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
