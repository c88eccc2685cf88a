import { intField } from "../fields";
import { migrateSource } from "../migrate";
import { describedSchema, physicalSchema } from "./common";

function shieldSchema() {
  return {
    ...describedSchema(),
    ...physicalSchema(),
    /** active-defense-3d6: block value BEV «止め» (AD-A2). */
    block: intField(1, { min: 0, max: 10 }),
    /** classic-d20: shield bonus to Armor Class. */
    acBonus: intField(1, { min: 0, max: 10 }),
    /** phased-round: bonus to DB. */
    db: intField(0, { min: 0, max: 100 }),
    /** fast-slow: bonus to Defense. */
    defense: intField(1, { min: 0, max: 10 }),
    /** opposed-d20: bonus to the block defense. */
    blockBonus: intField(0, { min: 0, max: 20 }),
  };
}

export type ShieldSchema = ReturnType<typeof shieldSchema>;

export class ShieldModel extends foundry.abstract.TypeDataModel<ShieldSchema, Item.Implementation> {
  static readonly metadata = { documentName: "Item", type: "shield" } as const;

  static override defineSchema(): ShieldSchema {
    return shieldSchema();
  }

  static override migrateData(source: Record<string, unknown>) {
    return super.migrateData(migrateSource(this.schema, source));
  }
}
