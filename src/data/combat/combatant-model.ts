import { intField } from "../fields";
import { migrateSource } from "../migrate";

const { ObjectField, SchemaField } = foundry.data.fields;

function combatantSchema() {
  return {
    /**
     * The combatant's action budget in its combat's family (rules/families/<id>/budget.ts): plain JSON,
     * null until the budget module first writes it. Written whole by `updateCombatantData` (GM only).
     */
    budget: new ObjectField({ required: true, nullable: true, initial: null }),
    /** AD-A3: Parry and Block tries since the holder's turn started (reset then, AD-T1 clock). */
    defenseUsage: new SchemaField({
      parry: intField(0, { min: 0, max: 99 }),
      block: intField(0, { min: 0, max: 99 }),
    }),
  };
}

export type CombatantSchema = ReturnType<typeof combatantSchema>;

/**
 * Combatant `base`: per-combatant data other parts of Fray keep on `combatant.system`. The turn state
 * itself (acted, fast/slow, declarations, initiative keys) lives in the Combat's engine state, so one
 * update moves a whole round forward.
 */
export class CombatantModel extends foundry.abstract.TypeDataModel<CombatantSchema, Combatant> {
  static readonly metadata = { documentName: "Combatant", type: "base" } as const;

  static override defineSchema(): CombatantSchema {
    return combatantSchema();
  }

  static override migrateData(source: Record<string, unknown>) {
    return super.migrateData(migrateSource(this.schema, source));
  }
}
