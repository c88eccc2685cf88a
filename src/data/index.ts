import { CharacterModel } from "./actor/character";
import { CreatureModel } from "./actor/creature";
import { ArmorModel } from "./item/armor";
import { GearModel } from "./item/gear";
import { ShieldModel } from "./item/shield";
import { SpellModel } from "./item/spell";
import { TalentModel } from "./item/talent";
import { WeaponModel } from "./item/weapon";
import { CombatModel } from "./combat/combat-model";
import { CombatantModel } from "./combat/combatant-model";
import { AttackMessageModel } from "./chat/attack-message";
import { CheckMessageModel } from "./chat/check-message";

/** Every data model Fray defines; `index.ts` registers each under `CONFIG[documentName].dataModels[type]`. */
export const DATA_MODELS = [
  CharacterModel,
  CreatureModel,
  WeaponModel,
  ArmorModel,
  ShieldModel,
  SpellModel,
  TalentModel,
  GearModel,
  CombatModel,
  CombatantModel,
  AttackMessageModel,
  CheckMessageModel,
] as const;
