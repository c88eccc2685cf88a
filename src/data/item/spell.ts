import { FS_ATTRIBUTES } from "../../rules/families/fast-slow/derived";
import { DURATION_UNITS } from "../../rules/items/durations";
import { boolField, choiceField, formulaField, intField } from "../fields";
import { migrateSource } from "../migrate";
import { describedSchema } from "./common";

const { SchemaField } = foundry.data.fields;

/** What a spell's attack roll is made against (fast-slow: Defense or an attribute, FS-D2). */
export const SPELL_TARGETS = ["none", "defense", ...FS_ATTRIBUTES] as const;

function spellSchema() {
  return {
    ...describedSchema(),
    /** Sustained by concentration (FS-A3, AD-M6). */
    concentration: boolField(false),
    duration: new SchemaField({
      value: intField(1, { min: 0, max: 999 }),
      unit: choiceField(DURATION_UNITS, "rounds"),
    }),
    /** fast-slow: the attribute the casting roll adds, and what it is made against. */
    attribute: choiceField(FS_ATTRIBUTES, "intellect"),
    against: choiceField(SPELL_TARGETS, "none"),
    damage: formulaField(""),
    /** active-defense-3d6: the casting roll's target value «詠唱判定». */
    castingTarget: intField(10, { min: 0, max: 30 }),
    /** phased-round: a spell is declared in phase 1 and resolved in phase 2 (PR-P1, PR-P2). */
    rank: intField(1, { min: 0, max: 50 }),
  };
}

export type SpellSchema = ReturnType<typeof spellSchema>;

export class SpellModel extends foundry.abstract.TypeDataModel<SpellSchema, Item.Implementation> {
  static readonly metadata = { documentName: "Item", type: "spell" } as const;

  static override defineSchema(): SpellSchema {
    return spellSchema();
  }

  static override migrateData(source: Record<string, unknown>) {
    return super.migrateData(migrateSource(this.schema, source));
  }
}
