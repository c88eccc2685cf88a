import { DURATION_UNITS } from "../../rules/items/durations";
import { boolField, choiceField, intField } from "../fields";
import { migrateSource } from "../migrate";
import { describedSchema } from "./common";

const { SchemaField } = foundry.data.fields;

export const TALENT_ACTIVATIONS = ["passive", "action", "reaction", "minor"] as const;

function talentSchema() {
  return {
    ...describedSchema(),
    activation: choiceField(TALENT_ACTIVATIONS, "passive"),
    /** Sustained by concentration (FS-A3). */
    concentration: boolField(false),
    duration: new SchemaField({
      value: intField(0, { min: 0, max: 999 }),
      unit: choiceField(DURATION_UNITS, "instant"),
    }),
  };
}

export type TalentSchema = ReturnType<typeof talentSchema>;

export class TalentModel extends foundry.abstract.TypeDataModel<TalentSchema, Item.Implementation> {
  static readonly metadata = { documentName: "Item", type: "talent" } as const;

  static override defineSchema(): TalentSchema {
    return talentSchema();
  }

  static override migrateData(source: Record<string, unknown>) {
    return super.migrateData(migrateSource(this.schema, source));
  }
}
