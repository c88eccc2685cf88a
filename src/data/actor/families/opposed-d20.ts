import { intField } from "../../fields";

const { SchemaField } = foundry.data.fields;

/** opposed-d20 statistics: Initiative «Iniciativa», attack and defense skills, protection, action counters (OD-R3). */
export function opposedD20Schema() {
  return new SchemaField({
    initiative: intField(0, { min: -10, max: 30 }),
    attack: new SchemaField({
      melee: intField(0, { min: -10, max: 30 }),
      ranged: intField(0, { min: -10, max: 30 }),
    }),
    defense: new SchemaField({
      block: intField(0, { min: -10, max: 30 }),
      dodge: intField(0, { min: -10, max: 30 }),
    }),
    protection: intField(0, { min: 0, max: 50 }),
    actions: new SchemaField({
      active: intField(1, { min: 0, max: 10 }),
      passive: intField(1, { min: 0, max: 10 }),
    }),
  });
}
