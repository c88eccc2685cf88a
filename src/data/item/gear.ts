import { migrateSource } from "../migrate";
import { describedSchema, physicalSchema } from "./common";

function gearSchema() {
  return { ...describedSchema(), ...physicalSchema() };
}

export type GearSchema = ReturnType<typeof gearSchema>;

export class GearModel extends foundry.abstract.TypeDataModel<GearSchema, Item.Implementation> {
  static readonly metadata = { documentName: "Item", type: "gear" } as const;

  static override defineSchema(): GearSchema {
    return gearSchema();
  }

  static override migrateData(source: Record<string, unknown>) {
    return super.migrateData(migrateSource(this.schema, source));
  }
}
