// Typed Foundry configuration for fvtt-types: settings, document classes and data models.
import type { CharacterModel } from "../data/actor/character";
import type { CreatureModel } from "../data/actor/creature";
import type { ArmorModel } from "../data/item/armor";
import type { GearModel } from "../data/item/gear";
import type { ShieldModel } from "../data/item/shield";
import type { SpellModel } from "../data/item/spell";
import type { TalentModel } from "../data/item/talent";
import type { WeaponModel } from "../data/item/weapon";
import type { CombatModel } from "../data/combat/combat-model";
import type { CombatantModel } from "../data/combat/combatant-model";
import type { FrayCombat } from "../documents/fray-combat";
import type { FrayCombatant } from "../documents/fray-combatant";
import type { SettingValues } from "./settings";
import type { FamilyId } from "../rules/families/ids";
import type { IndependentFlag, PinFlag } from "../documents/mounts/mount-store";

declare module "fvtt-types/configuration" {
  interface AssumeHookRan {
    init: never;
    setup: never;
    ready: never;
  }

  interface SettingConfig {
    "fray.ruleset": SettingValues["ruleset"];
    "fray.boonDie": SettingValues["boonDie"];
    "fray.fsTurnOrder": SettingValues["fsTurnOrder"];
    "fray.fsMinorBonus": SettingValues["fsMinorBonus"];
    "fray.cdInitiativeTies": SettingValues["cdInitiativeTies"];
    "fray.cdConfirmCriticals": SettingValues["cdConfirmCriticals"];
    "fray.cdMinimumDamage": SettingValues["cdMinimumDamage"];
    "fray.odInitiativeTies": SettingValues["odInitiativeTies"];
    "fray.odCriticalOn": SettingValues["odCriticalOn"];
    "fray.odFumbleOn": SettingValues["odFumbleOn"];
    "fray.odFumbleMissesUndefended": SettingValues["odFumbleMissesUndefended"];
    "fray.prInitiativeFormula": SettingValues["prInitiativeFormula"];
    "fray.prOpenEnded": SettingValues["prOpenEnded"];
    "fray.prOpenHigh": SettingValues["prOpenHigh"];
    "fray.prOpenLow": SettingValues["prOpenLow"];
    "fray.prHitThreshold": SettingValues["prHitThreshold"];
    "fray.prDamageMode": SettingValues["prDamageMode"];
    "fray.prDamageStep": SettingValues["prDamageStep"];
    "fray.prDrawCost": SettingValues["prDrawCost"];
    "fray.prChangeCost": SettingValues["prChangeCost"];
    "fray.prOrientationLow": SettingValues["prOrientationLow"];
    "fray.adCriticalSuccess": SettingValues["adCriticalSuccess"];
    "fray.adCriticalFailure": SettingValues["adCriticalFailure"];
    "fray.adSpeedScore": SettingValues["adSpeedScore"];
    "fray.adDefenseUsageReset": SettingValues["adDefenseUsageReset"];
    "fray.adMajorWoundFraction": SettingValues["adMajorWoundFraction"];
    "fray.adDeathThresholdMultiple": SettingValues["adDeathThresholdMultiple"];
    "fray.adDamageChecksAuto": SettingValues["adDamageChecksAuto"];
    "fray.npcAutoDefense": SettingValues["npcAutoDefense"];
  }
}

declare module "fvtt-types/configuration" {
  interface DataModelConfig {
    Actor: {
      character: typeof CharacterModel;
      creature: typeof CreatureModel;
    };
    Item: {
      weapon: typeof WeaponModel;
      armor: typeof ArmorModel;
      shield: typeof ShieldModel;
      spell: typeof SpellModel;
      talent: typeof TalentModel;
      gear: typeof GearModel;
    };
    Combat: {
      base: typeof CombatModel;
    };
    Combatant: {
      base: typeof CombatantModel;
    };
  }
}

declare module "fvtt-types/configuration" {
  interface DocumentClassConfig {
    Combat: typeof FrayCombat;
    Combatant: typeof FrayCombatant;
  }
}

declare module "fvtt-types/configuration" {
  /** The flags Fray writes, by document: `flags.fray.<key>`. */
  interface FlagConfig {
    ChatMessage: {
      fray?: {
        /** A spell's card (chat/spell-card.ts): the item and the family it was cast under. */
        spellCard?: { itemId: string; family: FamilyId };
        /** A roll from the sheet (applications/sheets/sheet-rolls.ts): the label's i18n key. */
        sheetRoll?: string;
        /** An initiative or orientation roll (documents/initiative-rolls.ts): whose. */
        combatant?: string | null;
      };
    };
    Token: {
      fray?: {
        /** FS-MT: the mount's token id the rider rides (documents/mounts/mount-store.ts). */
        rides?: string | null;
        pinnedUnder?: PinFlag | null;
        independentAttack?: IndependentFlag | null;
      };
    };
  }
}

declare module "fvtt-types/configuration" {
  namespace Hooks {
    interface HookConfig {
      /** A Fray card was drawn into a rendered chat message (documents/chat-message.ts; README, module authors). */
      "fray.renderChatMessage": (message: ChatMessage.Implementation, html: HTMLElement) => void;
    }
  }
}
