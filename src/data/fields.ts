/**
 * Field builders shared by Fray's data models. Every number is finite, non-null and bounded, so a bad
 * number is rejected by the schema (and repaired by `migrateData`, see `sanitize.ts`) — never stored as NaN.
 */
import { isDiceFormula } from "../rules/dice/formula-shape";

const { NumberField, StringField, BooleanField, HTMLField, ObjectField } = foundry.data.fields;

export interface Bounds {
  readonly min?: number;
  readonly max?: number;
}

/** A whole number with an initial value and bounds. */
export function intField(initial: number, bounds: Bounds = {}) {
  return new NumberField({
    required: true,
    nullable: false,
    integer: true,
    initial,
    ...(bounds.min === undefined ? {} : { min: bounds.min }),
    ...(bounds.max === undefined ? {} : { max: bounds.max }),
  });
}

/** A number that may be fractional (sizes such as 1/2, metres). */
export function numberField(initial: number, bounds: Bounds = {}) {
  return new NumberField({
    required: true,
    nullable: false,
    integer: false,
    initial,
    ...(bounds.min === undefined ? {} : { min: bounds.min }),
    ...(bounds.max === undefined ? {} : { max: bounds.max }),
  });
}

export function boolField(initial = false) {
  return new BooleanField({ required: true, nullable: false, initial });
}

/** A string restricted to a list of values (stored values; labels come from i18n). */
export function choiceField<const T extends string>(choices: readonly T[], initial: T) {
  return new StringField({ required: true, nullable: false, blank: false, choices: [...choices], initial });
}

export function textField(initial = "") {
  return new StringField({ required: true, nullable: false, blank: true, initial });
}

/** A dice formula such as "1d8 + 2": validated by shape (digits, dice, + and −, keep-highest). */
export function formulaField(initial: string) {
  return new StringField({
    required: true,
    nullable: false,
    blank: true,
    initial,
    validate: (value: unknown) => typeof value === "string" && isDiceFormula(value),
    validationError: "is not a dice formula",
  });
}

export function htmlField() {
  return new HTMLField({ required: true, nullable: false, blank: true, initial: "" });
}

/**
 * A JSON object stored and read whole (a card entry, a check's result): the rules' own record `T`, written only
 * by the active GM from what the rules returned. Foundry checks nothing inside an ObjectField, so `T` is what
 * Fray's own writers put there; typing the field says so once, here, instead of at every read.
 */
export function jsonField<T extends object>() {
  return new ObjectField<{ required: true; nullable: false }, T, T, T & Record<string, unknown>>({
    required: true,
    nullable: false,
  });
}

/** `jsonField`, or null (nothing written yet). */
export function nullableJsonField<T extends object>() {
  return new ObjectField<
    { required: true; nullable: true; initial: null },
    T | null,
    T | null,
    (T & Record<string, unknown>) | null
  >({ required: true, nullable: true, initial: null });
}

/**
 * A card record validated part by part by `schema` (data/chat/card-schema.ts) and read as the rules' own type `T`
 * (chat/card-data.ts): the schema is the runtime check, `T` the type the code reads and writes, and
 * tests/foundry/data/card-schema.test.ts holds them together (a full sample of each `T` round-trips unchanged).
 */
export function recordField<T extends object>(schema: foundry.data.fields.DataField.Any) {
  return schema as unknown as ReturnType<typeof jsonField<T>>;
}

/** `recordField`, or null (nothing written yet). */
export function nullableRecordField<T extends object>(schema: foundry.data.fields.DataField.Any) {
  return schema as unknown as ReturnType<typeof nullableJsonField<T>>;
}
