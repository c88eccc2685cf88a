/**
 * Checks a pack document's `system` data the way Foundry takes it on import: through the harness's data model
 * (tests/harness/fields.ts) — `migrateData`, then `cleanData`, then validation. A source is valid when the model
 * refuses nothing AND stores it exactly as written: nothing dropped (a field the model does not know), filled in
 * (a missing field), repaired by `migrateData` or changed by cleaning (a number clamped to its bounds, a string
 * cast). Returns one message per problem (empty: valid).
 */
import { DataModelValidationError, type DataModel } from "../../harness/fields";

type Data = Record<string, unknown>;

/** The model class of a pack document's type, as Fray defines it. */
export interface SourceModel {
  migrateData(source: Data): Data;
  cleanData(source: Data): Data;
  readonly schema: unknown;
}

const isObject = (v: unknown): v is Data => typeof v === "object" && v !== null && !Array.isArray(v);
const show = (v: unknown) => JSON.stringify(v) ?? String(v);

export function sourceProblems(model: SourceModel, source: unknown, path = "system"): string[] {
  if (!isObject(source)) return [`${path} is not an object`];
  const cls = model as unknown as typeof DataModel;
  const stored = cls.cleanData(cls.migrateData(structuredClone(source)));
  const problems: string[] = [];
  const failure = cls.schema.validate(stored, {});
  if (failure)
    for (const [at, f] of Object.entries(new DataModelValidationError(failure).getAllFailures()))
      problems.push(`${path}.${at}: ${f.message} (${show(f.invalidValue)})`);
  problems.push(...differences(source, stored, path));
  return problems;
}

/** Where what the model stores differs from what the source says. */
function differences(given: unknown, stored: unknown, path: string): string[] {
  if (isObject(given) && isObject(stored)) {
    const out: string[] = [];
    for (const key of Object.keys(given))
      if (!(key in stored)) out.push(`${path}.${key} is not a field of the model (dropped)`);
    for (const key of Object.keys(stored)) {
      if (!(key in given)) out.push(`${path}.${key} is missing (the model fills in ${show(stored[key])})`);
      else out.push(...differences(given[key], stored[key], `${path}.${key}`));
    }
    return out;
  }
  return show(given) === show(stored) ? [] : [`${path} = ${show(given)} is stored as ${show(stored)}`];
}
