/**
 * `foundry.data.fields`, `foundry.abstract.DataModel`/`TypeDataModel` and `foundry.data.validation` as far as
 * Fray's schemas reach: fields that clean (`clean` → `_cast` → `_cleanType`), give initial values, validate
 * (`validate` → `_validateSpecial` → `_validateType` → the `validate` option) and initialize, and models that
 * migrate, clean and validate their source on construction and on `updateSource`. Documents of the harness build
 * `system` through `prepareSystem` and write it through `cleanUpdate`. Where v13's exact behaviour is not
 * documented the harness is stricter (it refuses what Foundry might coerce); each choice and its evidence is in
 * tests/harness/README.md. No Fray logic lives here.
 */
import { expandObject, failures } from "./core";
import { legacyKey, operatorOf, refuseSerialized, setReplacementValue } from "./operators";

type Data = Record<string, unknown>;

const isPlainObject = (v: unknown): v is Data =>
  typeof v === "object" && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;
const deepClone = <T>(v: T): T => (v === undefined ? v : structuredClone(v));
const show = (v: unknown) => {
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
};

export interface CleanOptions {
  /** An update's changes: absent fields stay absent. */
  partial?: boolean;
  /** The whole source being cleaned (what a function `initial` receives). */
  source?: Data;
}

export interface ValidateOptions {
  /** An update's changes: absent fields are not checked. */
  partial?: boolean;
  source?: Data;
}

// --- validation failures and errors (foundry.data.validation) -------------------------------------------------

/** What failed for one field, with the failures of the fields and elements it contains. */
export class DataModelValidationFailure {
  invalidValue: unknown;
  message: string | undefined;
  fields: Record<string, DataModelValidationFailure> = {};
  elements: { id: string | number; failure: DataModelValidationFailure }[] = [];
  unresolved = true;
  constructor({ invalidValue, message }: { invalidValue?: unknown; message?: string } = {}) {
    this.invalidValue = invalidValue;
    this.message = message;
  }
  get empty(): boolean {
    return !this.message && !Object.keys(this.fields).length && !this.elements.length;
  }
}

/** Every failed leaf of a failure tree by dotted path ("system.health.value", "entries.2"). */
function flatten(
  failure: DataModelValidationFailure,
  prefix = "",
): Record<string, DataModelValidationFailure> {
  const out: Record<string, DataModelValidationFailure> = {};
  if (failure.message && prefix) out[prefix] = failure;
  const join = (key: string | number) => (prefix ? `${prefix}.${key}` : String(key));
  for (const [name, inner] of Object.entries(failure.fields)) Object.assign(out, flatten(inner, join(name)));
  for (const { id, failure: inner } of failure.elements) Object.assign(out, flatten(inner, join(id)));
  if (failure.message && !prefix) out[""] = failure;
  return out;
}

/** v13 DataModelValidationError: the message names each failed field; `getFailure`, `getAllFailures`. */
export class DataModelValidationError extends Error {
  readonly #failure: DataModelValidationFailure;
  constructor(failure: DataModelValidationFailure, label = "DataModel") {
    const lines = Object.entries(flatten(failure)).map(
      ([path, f]) => `  ${path || "(model)"}: ${f.message} (got ${show(f.invalidValue)})`,
    );
    super(`${label} validation errors:\n${lines.join("\n")}`);
    this.name = "DataModelValidationError";
    this.#failure = failure;
  }
  /** The root failure, or the one at a dotted path. */
  getFailure(path?: string): DataModelValidationFailure | undefined {
    if (!path) return this.#failure;
    return flatten(this.#failure)[path];
  }
  /** Every failed field by dotted path. */
  getAllFailures(): Record<string, DataModelValidationFailure> {
    return flatten(this.#failure);
  }
}

// --- fields ---------------------------------------------------------------------------------------------------

type Choices =
  readonly unknown[] | Record<string, unknown> | (() => readonly unknown[] | Record<string, unknown>);

function isValidChoice(choices: Choices, value: unknown): boolean {
  const resolved = typeof choices === "function" ? choices() : choices;
  if (Array.isArray(resolved)) return resolved.includes(value);
  return (typeof value === "string" || typeof value === "number") && Object.hasOwn(resolved, value);
}

/**
 * The base field. Options named in `_defaults` become properties (`required`, `nullable`, `initial`…); the rest
 * (such as a `validate` function) stay in `options` only, so `field.validate` is the method, as in Foundry.
 */
export class DataField {
  options: Data;
  name: string | undefined;
  parent: DataField | undefined;
  declare required: boolean;
  declare nullable: boolean;
  declare initial: unknown;
  declare readonly: boolean;
  declare gmOnly: boolean;
  declare label: string;
  declare hint: string;
  declare validationError: string;

  static get _defaults(): Data {
    return {
      required: false,
      nullable: false,
      initial: undefined,
      readonly: false,
      gmOnly: false,
      label: "",
      hint: "",
      validationError: "is not a valid value",
    };
  }

  constructor(options: Data = {}) {
    this.options = options;
    this.name = undefined;
    this.parent = undefined;
    const defaults = (this.constructor as typeof DataField)._defaults;
    for (const key of Object.keys(defaults))
      (this as unknown as Data)[key] = key in options ? options[key] : defaults[key];
  }

  /** The dotted path of this field in its schema. */
  get fieldPath(): string {
    const parentPath = this.parent?.fieldPath;
    return [parentPath, this.name].filter(Boolean).join(".");
  }

  getInitialValue(data?: Data): unknown {
    return typeof this.initial === "function"
      ? (this.initial as (d?: Data) => unknown)(data)
      : deepClone(this.initial);
  }

  /**
   * Missing → the initial value (not in a partial update); null stays null (whether it is allowed is for
   * `validate` to say: stricter than substituting the initial value); anything else is cast, then cleaned.
   */
  clean(value: unknown, options: CleanOptions = {}): unknown {
    // v14: a ForcedReplacement's value is cleaned as the field's whole value; a ForcedDeletion stays as it is.
    const operator = operatorOf(value);
    if (operator?.kind === "ForcedReplacement") {
      setReplacementValue(value as object, this.clean(operator.value, { ...options, partial: false }));
      return value;
    }
    if (operator) return value;
    if (value === undefined) return options.partial ? undefined : this.getInitialValue(options.source);
    if (value === null) return null;
    return this._cleanType(this._cast(value), options);
  }

  protected _cast(value: unknown): unknown {
    return value;
  }

  protected _cleanType(value: unknown, _options: CleanOptions): unknown {
    return value;
  }

  /** A failure, or undefined when the value is valid. */
  validate(value: unknown, options: ValidateOptions = {}): DataModelValidationFailure | undefined {
    // v14: a ForcedReplacement is validated as the field's whole value. Deleting a schema field is not imitated.
    const operator = operatorOf(value);
    if (operator?.kind === "ForcedReplacement")
      return this.validate(operator.value, { ...options, partial: false });
    if (operator)
      return new DataModelValidationFailure({
        invalidValue: value,
        message: "harness: a ForcedDeletion of a schema field is not imitated",
      });
    try {
      if (this._validateSpecial(value) === true) return undefined;
      const inner = this._validateType(value, options);
      // A container whose fields all validate goes on to its own `validate` option (DataFieldValidator: only an
      // explicit true or false stops the chain).
      if (inner instanceof DataModelValidationFailure && !inner.empty) return inner;
      const custom = this.options.validate;
      if (
        typeof custom === "function" &&
        (custom as (v: unknown, o: unknown) => unknown)(value, options) === false
      )
        throw new Error(this.validationError);
      return undefined;
    } catch (error) {
      return new DataModelValidationFailure({
        invalidValue: value,
        message: error instanceof Error ? error.message : String(error),
      });
    }
  }

  /** null and undefined: valid (true) when allowed, an error when not. */
  protected _validateSpecial(value: unknown): boolean | void {
    if (value === null) {
      if (this.nullable) return true;
      throw new Error("may not be null");
    }
    if (value === undefined) {
      if (this.required) throw new Error("may not be undefined");
      return true;
    }
  }

  protected _validateType(_value: unknown, _options: ValidateOptions): DataModelValidationFailure | void {}

  /** The prepared value a model instance holds. */
  initialize(value: unknown, _model?: unknown): unknown {
    return value;
  }

  toObject(value: unknown): unknown {
    return deepClone(value);
  }
}

export class NumberField extends DataField {
  declare min: number | undefined;
  declare max: number | undefined;
  declare step: number | undefined;
  declare integer: boolean;
  declare positive: boolean;
  declare choices: Choices | undefined;

  static override get _defaults(): Data {
    return {
      ...super._defaults,
      initial: null,
      nullable: true,
      min: undefined,
      max: undefined,
      step: undefined,
      integer: false,
      positive: false,
      choices: undefined,
    };
  }

  /** A numeric string becomes a number; other types are left for validation to refuse (stricter). */
  protected override _cast(value: unknown): unknown {
    if (typeof value === "string" && value.trim() !== "") return Number(value);
    return value;
  }

  /** v13 clamps to `min`/`max` when cleaning (foundryvtt#12487); a fraction is not rounded (stricter). */
  protected override _cleanType(value: unknown): unknown {
    if (typeof value !== "number" || !Number.isFinite(value)) return value;
    let n = value;
    if (typeof this.min === "number") n = Math.max(n, this.min);
    if (typeof this.max === "number") n = Math.min(n, this.max);
    return n;
  }

  protected override _validateType(value: unknown): void {
    if (typeof value !== "number") throw new Error("must be a number");
    if (!Number.isFinite(value)) throw new Error("must be a finite number");
    if (this.integer && !Number.isInteger(value)) throw new Error("must be an integer");
    if (typeof this.min === "number" && value < this.min) throw new Error(`must be at least ${this.min}`);
    if (typeof this.max === "number" && value > this.max) throw new Error(`must be at most ${this.max}`);
    if (this.positive && value <= 0) throw new Error("must be a positive number");
    if (typeof this.step === "number") {
      const base = typeof this.min === "number" ? this.min : 0;
      const steps = (value - base) / this.step;
      if (Math.abs(steps - Math.round(steps)) > 1e-9) throw new Error(`must be an increment of ${this.step}`);
    }
    if (this.choices && !isValidChoice(this.choices, value)) throw new Error("is not a valid choice");
  }
}

export class StringField extends DataField {
  declare blank: boolean;
  declare trim: boolean;
  declare choices: Choices | undefined;
  declare textSearch: boolean;

  static override get _defaults(): Data {
    return {
      ...super._defaults,
      blank: true,
      trim: true,
      nullable: false,
      initial: undefined,
      choices: undefined,
      textSearch: false,
    };
  }

  constructor(options: Data = {}) {
    super(options);
    // With choices, neither null nor blank is allowed unless asked for.
    if (this.choices) {
      this.nullable = (options.nullable as boolean | undefined) ?? false;
      this.blank = (options.blank as boolean | undefined) ?? false;
    }
  }

  override clean(value: unknown, options: CleanOptions = {}): unknown {
    if (typeof value === "string" && this.trim) value = value.trim();
    return super.clean(value, options);
  }

  /** Numbers and booleans become strings; objects are left for validation to refuse (stricter). */
  protected override _cast(value: unknown): unknown {
    return typeof value === "number" || typeof value === "boolean" ? String(value) : value;
  }

  protected override _validateType(value: unknown): void {
    if (typeof value !== "string") throw new Error("must be a string");
    if (value === "" && !this.blank) throw new Error("may not be a blank string");
    if (this.choices && !(value === "" && this.blank) && !isValidChoice(this.choices, value))
      throw new Error(`${show(value)} is not a valid choice`);
  }
}

export class HTMLField extends StringField {
  static override get _defaults(): Data {
    return { ...super._defaults, required: true, blank: true };
  }
}

export class BooleanField extends DataField {
  static override get _defaults(): Data {
    return { ...super._defaults, required: true, nullable: false, initial: false };
  }

  /** "true"/"false" (a form's value) become booleans; other types are left for validation (stricter). */
  protected override _cast(value: unknown): unknown {
    if (value === "true") return true;
    if (value === "false") return false;
    return value;
  }

  protected override _validateType(value: unknown): void {
    if (typeof value !== "boolean") throw new Error("must be a boolean");
  }
}

export class ObjectField extends DataField {
  static override get _defaults(): Data {
    return { ...super._defaults, required: true, nullable: false };
  }

  override getInitialValue(data?: Data): unknown {
    const initial = super.getInitialValue(data);
    if (initial !== undefined) return initial;
    if (!this.required) return undefined;
    return this.nullable ? null : {};
  }

  protected override _validateType(
    value: unknown,
    _options: ValidateOptions = {},
  ): DataModelValidationFailure | void {
    if (!isPlainObject(value)) throw new Error("must be an object");
    const where = notJsonData(value);
    if (where !== null) throw new Error(`must hold JSON data only (${where || "the value"} is not)`);
  }

  override initialize(value: unknown): unknown {
    return deepClone(value);
  }
}

/**
 * Where `value` stops being JSON data (the path, "" for the value itself), or null when it is all JSON: plain
 * objects, arrays, strings, finite numbers, booleans, null. The database stores a document's source as JSON; a
 * Set, a Map, a class instance, a function or `undefined` would not come back as it went in.
 */
function notJsonData(value: unknown, path = ""): string | null {
  if (value === null || typeof value === "string" || typeof value === "boolean") return null;
  if (typeof value === "number") return Number.isFinite(value) ? null : path;
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const found = notJsonData(v, path ? `${path}.${i}` : String(i));
      if (found !== null) return found;
    }
    return null;
  }
  if (isPlainObject(value)) {
    for (const [k, v] of Object.entries(value)) {
      const found = notJsonData(v, path ? `${path}.${k}` : k);
      if (found !== null) return found;
    }
    return null;
  }
  return path;
}

/** An object whose values are all of one field (`element`), under any keys. */
export class TypedObjectField extends ObjectField {
  element: DataField;
  constructor(element: DataField, options: Data = {}) {
    super(options);
    this.element = element;
    element.parent = this;
  }

  static override get _defaults(): Data {
    return { ...super._defaults, initial: () => ({}) };
  }

  protected override _cleanType(value: unknown, options: CleanOptions): unknown {
    if (!isPlainObject(value)) return value;
    for (const [key, v] of Object.entries(value))
      value[key] = this.element.clean(v, { ...options, partial: false });
    return value;
  }

  protected override _validateType(
    value: unknown,
    options: ValidateOptions,
  ): DataModelValidationFailure | void {
    super._validateType(value, options);
    const failure = new DataModelValidationFailure({ invalidValue: value });
    const validateKey = this.options.validateKey as ((k: string) => boolean) | undefined;
    for (const [key, v] of Object.entries(value as Data)) {
      if (validateKey && validateKey(key) === false) {
        failure.fields[key] = new DataModelValidationFailure({
          invalidValue: key,
          message: "is not a valid key",
        });
        continue;
      }
      const inner = this.element.validate(v, { ...options, partial: false });
      if (inner) failure.fields[key] = inner;
    }
    return failure;
  }

  override initialize(value: unknown, model?: unknown): unknown {
    if (!isPlainObject(value)) return value;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.element.initialize(v, model)]));
  }
}

export class ArrayField extends DataField {
  element: DataField;
  declare min: number;
  declare max: number;
  declare empty: boolean;
  declare exact: number | undefined;

  constructor(element: DataField, options: Data = {}) {
    super(options);
    this.element = element;
    element.parent = this;
  }

  static override get _defaults(): Data {
    return {
      ...super._defaults,
      required: true,
      nullable: false,
      empty: true,
      exact: undefined,
      min: 0,
      max: Infinity,
      initial: () => [],
    };
  }

  /** A Set becomes an array; a lone value is not wrapped in one (stricter: validation refuses it). */
  protected override _cast(value: unknown): unknown {
    return value instanceof Set ? [...value] : value;
  }

  protected override _cleanType(value: unknown, options: CleanOptions): unknown {
    if (!Array.isArray(value)) return value;
    return value.map((v) => this.element.clean(v, { ...options, partial: false }));
  }

  protected override _validateType(
    value: unknown,
    options: ValidateOptions,
  ): DataModelValidationFailure | void {
    if (!Array.isArray(value)) throw new Error("must be an Array");
    if (!this.empty && !value.length) throw new Error("may not be empty");
    if (value.length < this.min) throw new Error(`must have at least ${this.min} elements`);
    if (value.length > this.max) throw new Error(`must have at most ${this.max} elements`);
    if (this.exact !== undefined && value.length !== this.exact)
      throw new Error(`must have exactly ${this.exact} elements`);
    const failure = new DataModelValidationFailure({ invalidValue: value });
    value.forEach((v, i) => {
      const inner = this.element.validate(v, { ...options, partial: false });
      if (inner) failure.elements.push({ id: i, failure: inner });
    });
    return failure;
  }

  override initialize(value: unknown, model?: unknown): unknown {
    return Array.isArray(value) ? value.map((v) => this.element.initialize(v, model)) : value;
  }
}

/**
 * A nested schema. Cleaning fills missing fields with their initial values (a partial update leaves them out)
 * and DROPS every key the schema does not define; `==key` (v13's forced replacement) is kept in an update and
 * cleaned as a whole value of `key`.
 */
export class SchemaField extends DataField {
  fields: Record<string, DataField>;

  constructor(fields: Record<string, DataField>, options: Data = {}) {
    super(options);
    this.fields = fields;
    for (const [name, field] of Object.entries(fields)) {
      field.name = name;
      field.parent = this;
    }
  }

  static override get _defaults(): Data {
    return { ...super._defaults, required: true, nullable: false };
  }

  override getInitialValue(data?: Data): unknown {
    if (this.initial !== undefined) return super.getInitialValue(data);
    return this.clean({}, {});
  }

  keys(): string[] {
    return Object.keys(this.fields);
  }

  has(name: string): boolean {
    return Object.hasOwn(this.fields, name);
  }

  get(name: string): DataField | undefined {
    return this.fields[name];
  }

  /** The field at a dotted path (Foundry's `getField`). */
  getField(path: string | string[]): DataField | undefined {
    const [head, ...rest] = typeof path === "string" ? path.split(".") : path;
    const field = head === undefined ? undefined : this.fields[head];
    if (!rest.length || !field) return field;
    return field instanceof SchemaField ? field.getField(rest) : undefined;
  }

  protected override _cleanType(value: unknown, options: CleanOptions): unknown {
    if (!isPlainObject(value)) return value;
    const inner = { ...options, source: options.source ?? value };
    for (const [name, field] of Object.entries(this.fields)) {
      if (options.partial && !(name in value)) continue;
      value[name] = field.clean(value[name], inner);
    }
    for (const key of Object.keys(value)) {
      if (this.has(key)) continue;
      if (options.partial && legacyKey(key) && key.startsWith("==") && this.has(key.slice(2))) {
        value[key] = this.fields[key.slice(2)]!.clean(value[key], { ...inner, partial: false });
        continue;
      }
      if (options.partial && key.startsWith("-="))
        throw new Error(`harness: the deletion key "${key}" in an update of a schema is not imitated`);
      delete value[key];
    }
    return value;
  }

  protected override _validateType(
    value: unknown,
    options: ValidateOptions,
  ): DataModelValidationFailure | void {
    if (!isPlainObject(value)) throw new Error("must be an object");
    const failure = new DataModelValidationFailure({ invalidValue: value });
    for (const [name, field] of Object.entries(this.fields)) {
      if (options.partial && !(name in value)) continue;
      const inner = field.validate(value[name], options);
      if (inner) failure.fields[name] = inner;
    }
    for (const key of Object.keys(value)) {
      if (this.has(key)) continue;
      const field = key.startsWith("==") ? this.fields[key.slice(2)] : undefined;
      const inner = field
        ? field.validate(value[key], { ...options, partial: false })
        : new DataModelValidationFailure({
            invalidValue: value[key],
            message: "is not a field of the schema",
          });
      if (inner) failure.fields[key] = inner;
    }
    return failure;
  }

  override initialize(value: unknown, model?: unknown): unknown {
    if (!isPlainObject(value)) return value;
    return Object.fromEntries(
      Object.entries(this.fields).map(([name, field]) => [name, field.initialize(value[name], model)]),
    );
  }

  override toObject(value: unknown): unknown {
    if (!isPlainObject(value)) return deepClone(value);
    return Object.fromEntries(
      Object.entries(this.fields).map(([name, field]) => [name, field.toObject(value[name])]),
    );
  }
}

// --- models (foundry.abstract) --------------------------------------------------------------------------------

/**
 * An update applied to a source: nested objects merged; v13's `==key` or v14's ForcedReplacement replaces the whole
 * value, v14's ForcedDeletion deletes the key (the legacy keys throw on v14: operators.ts `legacyKey`).
 */
function applyChanges(target: Data, changes: Data): void {
  for (const [rawKey, value] of Object.entries(changes)) {
    refuseSerialized(rawKey, value);
    const operator = operatorOf(value);
    if (operator?.kind === "ForcedDeletion") {
      delete target[rawKey];
      continue;
    }
    if (operator?.kind === "ForcedReplacement") {
      target[rawKey] = deepClone(operator.value);
      continue;
    }
    const replace = legacyKey(rawKey) && rawKey.startsWith("==");
    const key = replace ? rawKey.slice(2) : rawKey;
    if (!replace && isPlainObject(value) && isPlainObject(target[key]))
      applyChanges(target[key] as Data, value);
    else target[key] = deepClone(value);
  }
}

const schemas = new WeakMap<object, SchemaField>();

/**
 * foundry.abstract.DataModel: construction migrates (`migrateData`), cleans (`cleanData`) and validates the
 * source — an invalid one throws a DataModelValidationError (`strict`, the default) — then initializes the
 * instance from it. `parent` and `_source` are non-enumerable, and the source is sealed, as documented.
 */
export class DataModel {
  declare readonly parent: unknown;
  declare readonly _source: Data;
  #failure: DataModelValidationFailure | null = null;

  static defineSchema(): Record<string, DataField> {
    return {};
  }

  static get schema(): SchemaField {
    let schema = schemas.get(this);
    if (!schema) schemas.set(this, (schema = new SchemaField(this.defineSchema())));
    return schema;
  }

  static migrateData(source: Data): Data {
    return source;
  }

  static cleanData(source: Data = {}, options: CleanOptions = {}): Data {
    return this.schema.clean(source, options) as Data;
  }

  static shimData(source: Data): Data {
    return source;
  }

  constructor(
    data: Data = {},
    { parent = null, strict = true }: { parent?: unknown; strict?: boolean } = {},
  ) {
    Object.defineProperty(this, "parent", { value: parent, writable: false, enumerable: false });
    const source = this._initializeSource(data);
    Object.defineProperty(this, "_source", {
      value: Object.seal(source),
      writable: false,
      enumerable: false,
    });
    this.validate({ strict });
    this._initialize();
  }

  get schema(): SchemaField {
    return (this.constructor as typeof DataModel).schema;
  }

  /** Not an object → an error (stricter than Foundry's logged error and empty source); then migrate, clean. */
  protected _initializeSource(data: unknown): Data {
    if (data instanceof DataModel) data = data.toObject();
    if (!isPlainObject(data)) throw new Error(`${this.constructor.name}: the source data must be an object`);
    const cls = this.constructor as typeof DataModel;
    const migrated = cls.migrateData(data);
    const cleaned = cls.cleanData(migrated);
    cls.shimData(cleaned);
    return cleaned;
  }

  /** The instance's own properties, one per schema field, prepared from the source. */
  protected _initialize(): void {
    for (const [name, field] of Object.entries(this.schema.fields))
      (this as unknown as Data)[name] = field.initialize(this._source[name], this);
  }

  /** Prepared values back to what the source says. */
  reset(): void {
    this._initialize();
  }

  get invalid(): boolean {
    return this.#failure !== null;
  }

  get validationFailures(): { fields: DataModelValidationFailure | null } {
    return { fields: this.#failure };
  }

  /**
   * Validates the source (or `changes`, an update's partial data, cleaned first when `clean`). Throws a
   * DataModelValidationError when `strict`; otherwise records the failure and answers whether it is valid.
   */
  validate({
    changes,
    clean = false,
    strict = true,
  }: { changes?: Data; clean?: boolean; strict?: boolean } = {}): boolean {
    const partial = changes !== undefined;
    const data = partial ? changes : this._source;
    if (partial && clean) this.schema.clean(data, { partial: true, source: this._source });
    const failure = this.schema.validate(data, { partial });
    if (!partial) this.#failure = failure ?? null;
    if (failure && strict) throw new DataModelValidationError(failure, this.constructor.name);
    return !failure;
  }

  /**
   * v13 updateSource: dotted keys expanded, the changes cleaned and validated (an invalid change throws and
   * nothing is written), the whole result validated, then written and the instance prepared again. Returns the
   * cleaned changes.
   */
  updateSource(changes: Data = {}, { dryRun = false }: { dryRun?: boolean } = {}): Data {
    const diff = expandObject(changes);
    this.validate({ changes: diff, clean: true, strict: true });
    const candidate = deepClone(this._source);
    applyChanges(candidate, diff);
    const failure = this.schema.validate(candidate, {});
    if (failure) throw new DataModelValidationError(failure, this.constructor.name);
    if (dryRun) return diff;
    applyChanges(this._source, diff);
    this._initialize();
    return diff;
  }

  /** The source (a copy), or the prepared data as plain objects. */
  toObject(source = true): Data {
    if (source) return deepClone(this._source);
    return this.schema.toObject(this) as Data;
  }

  toJSON(): Data {
    return this.toObject();
  }

  clone(data: Data = {}, context: { parent?: unknown } = {}): this {
    const merged = this.toObject();
    applyChanges(merged, expandObject(data));
    const cls = this.constructor as new (d: Data, o: { parent?: unknown }) => this;
    return new cls(merged, { parent: this.parent, ...context });
  }
}

/** foundry.abstract.TypeDataModel: a DataModel for a document's `system`, with the preparation hooks. */
export class TypeDataModel extends DataModel {
  prepareBaseData(): void {}
  prepareDerivedData(): void {}
}

// --- the documents' `system` ---------------------------------------------------------------------------------

type ModelClass = typeof DataModel & (new (data: Data, options: { parent?: unknown }) => DataModel);

/** The model registered for a document sub-type (`CONFIG[documentName].dataModels[type]`), if any. */
function registeredModel(documentName: string, type: string): ModelClass | undefined {
  const config = (
    globalThis as { CONFIG?: Record<string, { dataModels?: Record<string, unknown> } | undefined> }
  ).CONFIG?.[documentName];
  return config?.dataModels?.[type] as ModelClass | undefined;
}

interface SystemHolder {
  _source: Data;
  readonly id?: unknown;
}

/** A validation error of a document's `system`, its fields named from the document ("system.health.value"). */
function documentError(documentName: string, doc: SystemHolder, failure: DataModelValidationFailure) {
  const root = new DataModelValidationFailure({ invalidValue: doc._source });
  root.fields.system = failure;
  return new DataModelValidationError(root, `${documentName} [${String(doc.id ?? "new")}]`);
}

/** Foundry reports a refused write through Hooks.onError; here the test fails even if the caller catches it. */
function refuse(error: unknown): never {
  failures.push(error instanceof Error ? error.message : String(error));
  throw error;
}

/**
 * `doc.system` as Foundry prepares a document's data: the model registered for its type is built over
 * `doc._source.system` (migrated, cleaned and validated in place, so the stored source IS the cleaned data, and
 * an invalid one throws), then `prepareBaseData` and `prepareDerivedData` run. No model registered: a copy.
 */
export function prepareSystem(documentName: string, type: string, doc: SystemHolder): Data {
  const Model = registeredModel(documentName, type);
  if (!Model) return deepClone((doc._source.system ?? {}) as Data);
  let system: DataModel;
  try {
    system = new Model((doc._source.system ?? {}) as Data, { parent: doc });
  } catch (error) {
    if (!(error instanceof DataModelValidationError)) throw error;
    return refuse(documentError(documentName, doc, error.getFailure() as DataModelValidationFailure));
  }
  doc._source.system = system._source;
  const typed = system as TypeDataModel;
  typed.prepareBaseData?.();
  typed.prepareDerivedData?.();
  return system as unknown as Data;
}

/**
 * An update of a document as Foundry's server takes it: the `system` part (a `system` object and `system.…`
 * dotted keys) is expanded, cleaned against the registered model (unknown keys dropped, strings cast, numbers
 * clamped) and validated; the whole `system` after the change must validate too. An invalid change throws a
 * DataModelValidationError naming the field and nothing is written. Returns the changes with `system` cleaned
 * (the other keys as given).
 */
export function cleanUpdate(documentName: string, type: string, doc: SystemHolder, changes: Data): Data {
  const Model = registeredModel(documentName, type);
  const systemKeys = Object.keys(changes).filter((k) => k === "system" || k.startsWith("system."));
  if (!Model || !systemKeys.length) return changes;
  const rest: Data = {};
  const asked: Data = {};
  for (const [key, value] of Object.entries(changes)) {
    if (systemKeys.includes(key)) asked[key] = value;
    else rest[key] = value;
  }
  const system = expandObject(asked).system as Data;
  const schema = Model.schema;
  const current = (doc._source.system ?? {}) as Data;
  const cleaned = schema.clean(system, { partial: true, source: current }) as Data;
  const failure = schema.validate(cleaned, { partial: true });
  if (failure) return refuse(documentError(documentName, doc, failure));
  const candidate = deepClone(current);
  if (isPlainObject(cleaned)) applyChanges(candidate, cleaned);
  const whole = schema.validate(candidate, {});
  if (whole) return refuse(documentError(documentName, doc, whole));
  return { ...rest, system: cleaned };
}
