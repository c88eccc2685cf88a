/**
 * Field builders shared by Fray's data models. Every number is finite, non-null and bounded, so a bad
 * number is rejected by the schema (and repaired by `migrateData`, see `sanitize.ts`) — never stored as NaN.
 */
import { isDiceFormula } from "../rules/dice/formula-shape";

const { NumberField, StringField, BooleanField, HTMLField } = foundry.data.fields;

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
