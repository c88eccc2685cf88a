import { FS_ATTRIBUTES } from "../../rules/families/fast-slow/derived";
import { AD_WEAPON_SKILLS } from "../../rules/families/active-defense-3d6/skills";
import { WEAPON_KINDS, WEAPON_PROPERTIES, type WeaponProperty } from "../../rules/items/weapon-kinds";
import { boolField, choiceField, formulaField, intField, numberField } from "../fields";
import { migrateSource } from "../migrate";
import { describedSchema, physicalSchema } from "./common";

const { SchemaField } = foundry.data.fields;

function weaponSchema() {
  return {
    ...describedSchema(),
    ...physicalSchema(),
    /** melee, ranged (missile «射撃») or thrown. */
    kind: choiceField(WEAPON_KINDS, "melee"),
    damage: formulaField("1d6"),
    /** fast-slow: the attribute the attack roll adds (FS-A1). */
    attribute: choiceField(FS_ATTRIBUTES, "strength"),
    /** active-defense-3d6: the weapon skill the hit roll uses. */
    skill: choiceField(AD_WEAPON_SKILLS, "blade"),
    /** phased-round: the Offensive Bonus «BO» (OB). */
    ob: intField(0, { min: -100, max: 300 }),
    /** active-defense-3d6: the parry value PEV «受け»; 0 cannot parry. */
    parry: intField(0, { min: 0, max: 10 }),
    /** Metres. */
    reach: numberField(1.5, { min: 0, max: 30 }),
    range: numberField(0, { min: 0, max: 2000 }),
    /** classic-d20: range penalty grows by one step per full increment beyond the first (CD-AT5). */
    rangeIncrement: numberField(0, { min: 0, max: 500 }),
    /** classic-d20 threat range (lowest natural face that threatens) and critical multiplier (CD-AT3). */
    threat: new SchemaField({
      min: intField(20, { min: 2, max: 20 }),
      multiplier: intField(2, { min: 2, max: 6 }),
    }),
    properties: new SchemaField(
      Object.fromEntries(WEAPON_PROPERTIES.map((id) => [id, boolField()])) as Record<
        WeaponProperty,
        ReturnType<typeof boolField>
      >,
    ),
    /** active-defense-3d6: turns to ready again after each shot (bow 1, crossbow 2 or more) (AD-M4). */
    readyTurns: intField(0, { min: 0, max: 10 }),
  };
}

export type WeaponSchema = ReturnType<typeof weaponSchema>;

export class WeaponModel extends foundry.abstract.TypeDataModel<WeaponSchema, Item.Implementation> {
  static readonly metadata = { documentName: "Item", type: "weapon" } as const;

  static override defineSchema(): WeaponSchema {
    return weaponSchema();
  }

  static override migrateData(source: Record<string, unknown>) {
    return super.migrateData(migrateSource(this.schema, source));
  }
}
