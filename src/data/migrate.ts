import { repairNumber } from "./repair-number";

const { NumberField, SchemaField } = foundry.data.fields;

type Source = Record<string, unknown>;

/**
 * The data-level migration every Fray model runs from `migrateData`: repairs numbers against the schema
 * (see repair-number.ts). Renames of fields between versions go in `renames` as "old.path" → "new.path". The
 * top-level fields named in `keep` are records (a card's entries, a check's result) and are not repaired: a record
 * that does not hold is refused by its schema, never altered into one that does.
 */
export function migrateSource(
  schema: foundry.data.fields.SchemaField.Any,
  source: Source,
  renames: Readonly<Record<string, string>> = {},
  keep: readonly string[] = [],
): Source {
  for (const [from, to] of Object.entries(renames)) moveValue(source, from, to);
  repairFields(schema, source, keep);
  return source;
}

function repairFields(
  schema: foundry.data.fields.SchemaField.Any,
  source: Source,
  keep: readonly string[] = [],
): void {
  for (const [name, field] of Object.entries(
    schema.fields as Record<string, foundry.data.fields.DataField.Any>,
  )) {
    if (!(name in source) || keep.includes(name)) continue;
    if (field instanceof NumberField) {
      const initial = typeof field.initial === "number" ? field.initial : null;
      source[name] = repairNumber(source[name], {
        initial,
        nullable: Boolean(field.nullable),
        integer: Boolean(field.integer),
        min: field.min ?? undefined,
        max: field.max ?? undefined,
      });
    } else if (field instanceof SchemaField) {
      const inner = source[name];
      if (inner && typeof inner === "object") repairFields(field, inner as Source);
    }
  }
}

function moveValue(source: Source, from: string, to: string): void {
  const fromPath = from.split(".");
  const last = fromPath.pop() as string;
  let holder: unknown = source;
  for (const key of fromPath) holder = (holder as Source | undefined)?.[key];
  if (!holder || typeof holder !== "object" || !(last in holder)) return;
  const value = (holder as Source)[last];
  delete (holder as Source)[last];
  const toPath = to.split(".");
  const toLast = toPath.pop() as string;
  let target = source;
  for (const key of toPath) {
    const next = target[key];
    target = (next && typeof next === "object" ? next : (target[key] = {})) as Source;
  }
  if (!(toLast in target)) target[toLast] = value;
}
