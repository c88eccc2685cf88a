/**
 * Field builders for the records a card keeps (an attack card's target entries, a check card's lines, result and
 * consequence). A card is a record of what happened: a value out of its bounds is a forged or broken card, so
 * these fields REFUSE it (the `validate` option, foundryvtt.com/api/types/foundry.data.types.DataFieldValidator.html)
 * instead of clamping it as a NumberField's `min`/`max` do when data is cleaned (foundryvtt#12487), and give no
 * initial value to a required field (a record missing a part is refused, not filled in).
 */
import { formulaSize, withinDiceCaps } from "../../rules/dice/formula-shape";

const { NumberField, StringField, BooleanField, ObjectField, SchemaField } = foundry.data.fields;

/**
 * The largest number a card holds. The largest roll `DICE_CAPS` allow is 100 dice of 1000 faces plus 20
 * constants of 10,000 (300,000); a CD-AT3 critical multiplies damage by at most 6 (data/item/weapon.ts), so no
 * total, margin, damage or Health change of an honest card comes near 10,000,000.
 */
export const CARD_NUMBER_LIMIT = 10_000_000;

/** A whole number in [min, max], refused (not clamped) outside; null too when `nullable`. */
export function recordInt(min = -CARD_NUMBER_LIMIT, max = CARD_NUMBER_LIMIT, nullable = false) {
  return new NumberField({
    required: true,
    nullable,
    integer: true,
    ...(nullable ? { initial: null } : {}),
    validate: (value: unknown) =>
      value === null ? nullable : typeof value === "number" && value >= min && value <= max,
    validationError: `is not a whole number from ${min} to ${max}`,
  });
}

/** A whole number in [min, max] a record may leave out: then `initial` (cleaning fills it in). */
export function recordIntOr(initial: number, min = -CARD_NUMBER_LIMIT, max = CARD_NUMBER_LIMIT) {
  return new NumberField({
    required: true,
    nullable: false,
    integer: true,
    initial,
    validate: (value: unknown) => typeof value === "number" && value >= min && value <= max,
    validationError: `is not a whole number from ${min} to ${max}`,
  });
}

/** A whole number in [min, max] or null (see `recordInt`). */
export function recordIntOrNull(min = -CARD_NUMBER_LIMIT, max = CARD_NUMBER_LIMIT) {
  return recordInt(min, max, true);
}

export function recordBool() {
  return new BooleanField({ required: true, nullable: false });
}

export interface TextRules {
  /** The longest value accepted. */
  readonly max: number;
  /** Whether "" is accepted. */
  readonly blank?: boolean;
  readonly nullable?: boolean;
  /** A shape the whole value must have (an i18n key, an id). */
  readonly pattern?: RegExp;
  readonly choices?: readonly string[];
}

/** A string of at most `max` characters, of the given shape; refused otherwise. */
export function recordText(rules: TextRules) {
  const { max, blank = false, nullable = false, pattern, choices } = rules;
  return new StringField({
    required: true,
    nullable,
    blank,
    ...(nullable ? { initial: null } : {}),
    ...(choices ? { choices: [...choices] } : {}),
    validate: (value: unknown) => {
      if (value === null) return nullable;
      if (typeof value !== "string" || value.length > max) return false;
      if (value === "") return blank;
      return pattern ? pattern.test(value) : true;
    },
    validationError: `is not a string of at most ${max} characters of the expected shape`,
  });
}

/**
 * An i18n key (`FRAY.Attack.Outcome.hit`) or a part of one: letters, digits, `.`, `_`, `-` only — it is looked up,
 * never shown raw. 200 characters: Fray's longest key is under 80.
 */
export const KEY_PATTERN = /^[A-Za-z0-9_.-]+$/;
export const KEY_MAX = 200;
export const keyText = (blank = false) => recordText({ max: KEY_MAX, blank, pattern: KEY_PATTERN });

/** A document id (16 characters in Foundry) or a UUID such as `Scene.x.Token.y.Actor.z` (a few ids joined). */
export const ID_MAX = 16;
export const UUID_MAX = 200;
const ID_PATTERN = /^[A-Za-z0-9]+$/;
const UUID_PATTERN = /^[A-Za-z0-9.]+$/;
export const idText = (nullable = false) => recordText({ max: ID_MAX, nullable, pattern: ID_PATTERN });
export const uuidText = (nullable = false, blank = false) =>
  recordText({ max: UUID_MAX, nullable, blank, pattern: UUID_PATTERN });

/**
 * A name or image path shown on the card (escaped). Foundry sets no length to a document's name; 1000 characters
 * is far above any name a table uses and keeps a card's size bounded.
 */
export const NAME_MAX = 1000;
export const nameText = () => recordText({ max: NAME_MAX, blank: true });

/** What ends a name cut to fit a card. */
export const NAME_CUT = "…";

/**
 * A name as a card stores it (F-trust §3.5, names never break a card): whole when it fits `NAME_MAX`, otherwise
 * cut by code points (never inside a surrogate pair) and ended with "…", at most `NAME_MAX` characters in all. Every
 * writer of a card shortens with it; the schemas still refuse a longer name, so a forged card is refused.
 */
export function cardName(text: string): string {
  if (text.length <= NAME_MAX) return text;
  let kept = "";
  for (const point of text) {
    if (kept.length + point.length > NAME_MAX - NAME_CUT.length) break;
    kept += point;
  }
  return kept + NAME_CUT;
}

/**
 * The whole name to show in a tooltip over a card's shortened one: the live document's name, when the card's stored
 * name is that name shortened (a document renamed since gives none); null when nothing was cut.
 */
export function wholeName(stored: string, live: string | null | undefined): string | null {
  return live && live !== stored && cardName(live) === stored ? live : null;
}

/** An image path as a card stores it: one longer than `NAME_MAX` is left out (the card draws no image). */
export const cardImg = (path: string): string => (path.length <= NAME_MAX ? path : "");

/**
 * A formula as Foundry prints an evaluated Roll (`1d20 + 7`, `3d6kh`): the shape the rules build, within
 * `DICE_CAPS`; 500 characters hold 20 terms of the largest size.
 */
export const FORMULA_MAX = 500;
export function formulaText(blank = false) {
  return new StringField({
    required: true,
    nullable: false,
    blank,
    validate: (value: unknown) =>
      typeof value === "string" &&
      value.length <= FORMULA_MAX &&
      (value === "" ? blank : withinDiceCaps(value)),
    validationError: "is not a dice formula within the dice caps",
  });
}

/**
 * The faces and total a formula of the accepted shape gives: each die term's faces in order (every result,
 * discarded ones included, as `dice/faces.ts` notes them), each within its die, and the total the terms make
 * (`kh`/`kl` keep that many of the term's faces, 1 when no number follows). Null when the formula has another shape
 * or the faces do not fit it.
 */
export function totalOfFaces(formula: string, faces: readonly number[]): number | null {
  if (formulaSize(formula) === null) return null;
  let at = 0;
  let total = 0;
  for (const match of formula.matchAll(/([+-]?)\s*(?:(\d*)d(\d+)(?:(k[hl])(\d*))?|(\d+))/gi)) {
    const sign = match[1] === "-" ? -1 : 1;
    if (match[6] !== undefined) {
      total += sign * Number(match[6]);
      continue;
    }
    const count = match[2] ? Number(match[2]) : 1;
    const sides = Number(match[3]);
    const rolled = faces.slice(at, at + count);
    at += count;
    if (rolled.length !== count || rolled.some((f) => !Number.isInteger(f) || f < 1 || f > sides))
      return null;
    let kept = rolled;
    if (match[4]) {
      const keep = Math.min(count, match[5] ? Number(match[5]) : 1);
      const sorted = [...rolled].sort((a, b) => a - b);
      kept = match[4].toLowerCase() === "kh" ? sorted.slice(count - keep) : sorted.slice(0, keep);
    }
    total += sign * kept.reduce((sum, f) => sum + f, 0);
  }
  return at === faces.length ? total : null;
}

/**
 * A SchemaField that also refuses a value its fields accept one by one but that does not hold together (the faces
 * of a roll that its formula cannot give). The check runs in `_validateType`, the documented hook of a field's own
 * type validation, so it does not rest on whether a container field runs a `validate` option after its fields.
 * `joint` runs first and must itself pass over parts of the wrong type (the fields name those); it throws to refuse.
 */
export function jointSchema(
  fields: foundry.data.fields.DataSchema,
  joint: (value: Record<string, unknown>) => void,
  options: { nullable?: boolean } = {},
) {
  const field = options.nullable
    ? new SchemaField(fields, { required: true, nullable: true, initial: null })
    : new SchemaField(fields, { required: true, nullable: false });
  // The instance's own `_validateType` runs `joint`, then the SchemaField's (the prototype's, which fvtt-types keeps
  // protected; a subclass of SchemaField cannot be typed against its generic options).
  const hook = field as unknown as { _validateType(value: unknown, options?: unknown): unknown };
  const base = hook._validateType.bind(field);
  hook._validateType = (value: unknown, validateOptions?: unknown) => {
    if (value && typeof value === "object" && !Array.isArray(value)) joint(value as Record<string, unknown>);
    return base(value, validateOptions);
  };
  return field;
}

/**
 * Plain JSON a family or a consequence keeps for itself (OD-A2's attack roll, a consequence's input): its shape is
 * the family's or the consequence's own, checked by its reader before use ("plain JSON: check it before use",
 * checks/consequences.ts). The data model bounds it: at most `JSON_MAX_CHARS` characters written, `JSON_MAX_DEPTH`
 * levels deep, every number finite within `CARD_NUMBER_LIMIT`, every string at most `NAME_MAX`.
 */
export const JSON_MAX_CHARS = 4000;
export const JSON_MAX_DEPTH = 4;
export function boundedJsonField() {
  return new ObjectField({
    required: true,
    nullable: false,
    validate: (value: unknown) => {
      let text: string;
      try {
        text = JSON.stringify(value);
      } catch {
        return false;
      }
      return text.length <= JSON_MAX_CHARS && boundedJson(value, 0);
    },
    validationError: `is not plain JSON of at most ${JSON_MAX_CHARS} characters`,
  });
}

function boundedJson(value: unknown, depth: number): boolean {
  if (value === null || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value) && Math.abs(value) <= CARD_NUMBER_LIMIT;
  if (typeof value === "string") return value.length <= NAME_MAX;
  if (depth >= JSON_MAX_DEPTH || typeof value !== "object") return false;
  const inner = Array.isArray(value) ? value : Object.values(value);
  return inner.every((v) => boundedJson(v, depth + 1));
}
