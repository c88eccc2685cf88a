import { intField } from "../../fields";

const { SchemaField } = foundry.data.fields;

/** An attribute score; its modifier (score − 10) is derived (FS-D1). */
const attribute = () => new SchemaField({ value: intField(10, { min: 0, max: 30 }) });

/** fast-slow statistics: Strength «Force», Agility «Agilité», Intellect, Will «Volonté», Perception, Defense, Insanity «Folie». */
export function fastSlowSchema() {
  return new SchemaField({
    strength: attribute(),
    agility: attribute(),
    intellect: attribute(),
    will: attribute(),
    perception: attribute(),
    defense: new SchemaField({ base: intField(10, { min: 0, max: 40 }) }),
    insanity: new SchemaField({ value: intField(0, { min: 0, max: 99 }) }),
  });
}
