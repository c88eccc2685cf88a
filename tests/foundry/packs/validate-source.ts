/**
 * Checks a document's `system` data against a Fray data model's schema, the way Foundry's validation would refuse
 * it: every field the schema defines is present (pack documents are complete), no field is unknown, numbers are
 * finite and within the field's min/max and integer-ness, strings are among the field's choices and pass its own
 * `validate` (dice formulas), booleans are booleans. Returns one message per problem (empty: valid).
 */
import type { DataField } from "../../harness/fields";
import { BooleanField, HTMLField, NumberField, SchemaField, StringField } from "../../harness/fields";

type Options = Record<string, unknown>;

export function schemaProblems(schema: SchemaField, source: unknown, path = "system"): string[] {
  if (!source || typeof source !== "object" || Array.isArray(source)) return [`${path} is not an object`];
  const record = source as Record<string, unknown>;
  const problems: string[] = [];
  for (const key of Object.keys(record))
    if (!(key in schema.fields)) problems.push(`${path}.${key} is not a field of the model`);
  for (const [name, field] of Object.entries(schema.fields)) {
    const here = `${path}.${name}`;
    if (!(name in record)) problems.push(`${here} is missing`);
    else problems.push(...fieldProblems(field, record[name], here));
  }
  return problems;
}

function fieldProblems(field: DataField, value: unknown, path: string): string[] {
  const o = field.options as Options;
  if (value === null) return o.nullable ? [] : [`${path} is null but the field is not nullable`];
  if (field instanceof SchemaField) return schemaProblems(field, value, path);
  if (field instanceof NumberField) {
    if (typeof value !== "number" || !Number.isFinite(value)) return [`${path} is not a finite number`];
    const problems: string[] = [];
    if (o.integer && !Number.isInteger(value)) problems.push(`${path} = ${value} is not an integer`);
    if (typeof o.min === "number" && value < o.min) problems.push(`${path} = ${value} is below ${o.min}`);
    if (typeof o.max === "number" && value > o.max) problems.push(`${path} = ${value} is above ${o.max}`);
    return problems;
  }
  if (field instanceof StringField || field instanceof HTMLField) {
    if (typeof value !== "string") return [`${path} is not a string`];
    const problems: string[] = [];
    if (o.blank === false && value.trim() === "") problems.push(`${path} is blank`);
    if (Array.isArray(o.choices) && !o.choices.includes(value))
      problems.push(`${path} = "${value}" is not one of ${o.choices.join(", ")}`);
    if (typeof o.validate === "function" && !(o.validate as (v: unknown) => boolean)(value))
      problems.push(`${path} = "${value}" ${String(o.validationError ?? "fails the field's validation")}`);
    return problems;
  }
  if (field instanceof BooleanField) return typeof value === "boolean" ? [] : [`${path} is not a boolean`];
  return [`${path}: the validator does not know ${field.constructor.name}`];
}
