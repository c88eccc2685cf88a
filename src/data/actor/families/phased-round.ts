import { intField, numberField } from "../../fields";

const { SchemaField } = foundry.data.fields;

/** phased-round statistics: DB «BD», movement potential (metres per round), quickness bonus (PR-B3), manoeuvre bonus. */
export function phasedRoundSchema() {
  return new SchemaField({
    db: intField(0, { min: -100, max: 200 }),
    movement: numberField(15, { min: 0, max: 500 }),
    quickness: intField(0, { min: -50, max: 100 }),
    maneuver: intField(0, { min: -100, max: 200 }),
  });
}
