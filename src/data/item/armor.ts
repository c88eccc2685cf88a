import { intField } from "../fields";
import { migrateSource } from "../migrate";
import { describedSchema, physicalSchema } from "./common";

const { NumberField } = foundry.data.fields;

function armorSchema() {
  return {
    ...describedSchema(),
    ...physicalSchema(),
    /** classic-d20: armour bonus to Armor Class, and the most Dexterity bonus it allows (empty: no limit). */
    acBonus: intField(0, { min: 0, max: 20 }),
    maxDex: new NumberField({
      required: true,
      nullable: true,
      integer: true,
      min: 0,
      max: 20,
      initial: null,
    }),
    /** active-defense-3d6: damage resistance DR «ダメージ抵抗» (AD-A4). */
    dr: intField(0, { min: 0, max: 30 }),
    /** opposed-d20: protection subtracted from damage (OD-A7). */
    protection: intField(0, { min: 0, max: 30 }),
    /** phased-round: bonus to DB. */
    db: intField(0, { min: 0, max: 100 }),
    /** fast-slow: bonus to Defense. */
    defense: intField(0, { min: 0, max: 20 }),
  };
}

export type ArmorSchema = ReturnType<typeof armorSchema>;

export class ArmorModel extends foundry.abstract.TypeDataModel<ArmorSchema, Item.Implementation> {
  static readonly metadata = { documentName: "Item", type: "armor" } as const;

  static override defineSchema(): ArmorSchema {
    return armorSchema();
  }

  static override migrateData(source: Record<string, unknown>) {
    return super.migrateData(migrateSource(this.schema, source));
  }
}
