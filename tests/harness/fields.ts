/**
 * Stand-ins for the few `foundry.data.fields` classes Fray's schemas use. They only *record* the options
 * a schema passes (so tests can read defaults and bounds) and expose them the way Foundry's fields do
 * (`initial`, `min`, `max`, `integer`, `nullable`, `choices`, `fields`). No validation logic lives here.
 */
export class DataField {
  options: Record<string, unknown>;
  constructor(options: Record<string, unknown> = {}) {
    this.options = options;
    Object.assign(this, options);
  }
}
export class NumberField extends DataField {}
export class StringField extends DataField {}
export class BooleanField extends DataField {}
export class HTMLField extends StringField {}
export class SchemaField extends DataField {
  fields: Record<string, DataField>;
  constructor(fields: Record<string, DataField>, options: Record<string, unknown> = {}) {
    super(options);
    this.fields = fields;
  }
}
export class ArrayField extends DataField {
  element: DataField;
  constructor(element: DataField, options: Record<string, unknown> = {}) {
    super(options);
    this.element = element;
  }
}
export class ObjectField extends DataField {}
export class TypedObjectField extends DataField {
  element: DataField;
  constructor(element: DataField, options: Record<string, unknown> = {}) {
    super(options);
    this.element = element;
  }
}

/** The TypeDataModel base: the schema built from `defineSchema`, and a pass-through `migrateData`. */
export class TypeDataModel {
  static defineSchema(): Record<string, DataField> {
    return {};
  }
  static get schema(): SchemaField {
    return new SchemaField(this.defineSchema());
  }
  static migrateData(source: Record<string, unknown>): Record<string, unknown> {
    return source;
  }
  parent: unknown;
  constructor(data: Record<string, unknown> = {}, options: { parent?: unknown } = {}) {
    Object.assign(this, data);
    this.parent = options.parent ?? null;
  }
}
