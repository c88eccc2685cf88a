import { boolField, htmlField, intField, numberField } from "../fields";

/** Every item: a description. */
export function describedSchema() {
  return { description: htmlField() };
}

/** Items that are carried and worn or wielded. */
export function physicalSchema() {
  return {
    equipped: boolField(false),
    quantity: intField(1, { min: 0, max: 9999 }),
    weight: numberField(0, { min: 0, max: 1000 }),
  };
}
