import { CD_SIZE_CATEGORIES } from "../../../rules/families/classic-d20/derived";
import { choiceField, intField } from "../../fields";

const { SchemaField } = foundry.data.fields;

const ability = () => new SchemaField({ value: intField(10, { min: 0, max: 60 }) });

/** classic-d20 statistics: six abilities, base attack bonus, Armor Class parts, size category. */
export function classicD20Schema() {
  return new SchemaField({
    abilities: new SchemaField({
      str: ability(),
      dex: ability(),
      con: ability(),
      int: ability(),
      wis: ability(),
      cha: ability(),
    }),
    bab: intField(0, { min: 0, max: 40 }),
    sizeCategory: choiceField(CD_SIZE_CATEGORIES, "medium"),
    ac: new SchemaField({
      natural: intField(0, { min: 0, max: 50 }),
      misc: intField(0, { min: -20, max: 50 }),
    }),
  });
}
