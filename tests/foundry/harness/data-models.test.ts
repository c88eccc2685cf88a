/**
 * The harness's data models behave as v13's (tests/harness/fields.ts; evidence in tests/harness/README.md):
 * construction migrates, cleans and validates; cleaning fills initial values, drops unknown keys, casts strings
 * and clamps numbers; validation names the field that failed; an invalid update of a document throws and writes
 * nothing, and the stored `system` is the cleaned data.
 */
import { afterEach, describe, expect, it } from "vitest";
import { failures } from "../../harness/core";
import { V14 } from "../../harness/generation";
import {
  ArrayField,
  BooleanField,
  cleanUpdate,
  DataModelValidationError,
  HTMLField,
  NumberField,
  ObjectField,
  SchemaField,
  StringField,
  TypeDataModel,
  TypedObjectField,
} from "../../harness/fields";
import { ActorDoc, ChatMessageDoc, FightDoc, ItemDoc } from "../../harness/chat";
import "../chat/setup";

type Data = Record<string, unknown>;

/** A model of the shapes Fray's schemas use, with no Fray logic. */
class Sample extends TypeDataModel {
  static order: string[] = [];
  declare count: number;
  declare ratio: number;
  declare label: string;
  declare mode: string;
  declare flag: boolean;
  declare note: string | null;
  declare nested: { a: number; b: string };
  declare bag: Data | null;
  declare list: Data[];
  declare map: Record<string, number>;
  static override defineSchema() {
    return {
      count: new NumberField({ required: true, nullable: false, integer: true, min: 0, max: 10, initial: 3 }),
      ratio: new NumberField({ required: true, nullable: false, initial: () => 0.5 }),
      label: new StringField({ required: true, nullable: false, blank: true, initial: "" }),
      mode: new StringField({
        required: true,
        nullable: false,
        blank: false,
        choices: ["a", "b"],
        initial: "a",
      }),
      flag: new BooleanField({ required: true, nullable: false, initial: false }),
      note: new StringField({ required: true, nullable: true, blank: false, initial: null }),
      nested: new SchemaField({
        a: new NumberField({ required: true, nullable: false, integer: true, initial: 1 }),
        b: new StringField({
          required: true,
          nullable: false,
          blank: true,
          initial: "x",
          validate: (v: unknown) => v !== "bad",
          validationError: "is bad",
        }),
      }),
      bag: new ObjectField({ required: true, nullable: true, initial: null }),
      list: new ArrayField(new ObjectField({ required: true, nullable: false })),
      map: new TypedObjectField(new NumberField({ required: true, nullable: false, integer: true })),
      html: new HTMLField({ required: true, nullable: false, blank: true, initial: "" }),
    };
  }
  static override migrateData(source: Data): Data {
    Sample.order.push("migrateData");
    if ("old" in source) source.label = source.old;
    return super.migrateData(source);
  }
  static override cleanData(source?: Data, options?: Data): Data {
    Sample.order.push("cleanData");
    return super.cleanData(source, options);
  }
  override prepareBaseData(): void {
    Sample.order.push("prepareBaseData");
  }
  override prepareDerivedData(): void {
    Sample.order.push("prepareDerivedData");
  }
}

const CONFIG = (globalThis as unknown as { CONFIG: Record<string, { dataModels: Record<string, unknown> }> })
  .CONFIG;
CONFIG.Item!.dataModels.sample = Sample;

/** v14's `foundry.data.operators` (the harness installs them on v14 only). */
const operators = () =>
  (
    globalThis as unknown as {
      foundry: { data: { operators: { ForcedReplacement: { create(value: unknown): unknown } } } };
    }
  ).foundry.data.operators;

afterEach(() => {
  // The refusals these tests provoke on purpose (the harness records each, as Foundry reports it).
  failures.length = 0;
});

/** The error `fn` throws (it must throw a DataModelValidationError). */
function validationError(fn: () => unknown): DataModelValidationError {
  try {
    fn();
  } catch (error) {
    if (error instanceof DataModelValidationError) return error;
    throw error;
  }
  throw new Error("no validation error was thrown");
}

describe("construction: migrateData, then cleanData, then validation", () => {
  it("missing fields take their initial value (a value or a function), unknown keys are dropped", () => {
    Sample.order = [];
    const model = new Sample({ old: "kept", junk: 1, nested: { a: 2, extra: true } });
    expect(Sample.order).toEqual(["migrateData", "cleanData"]);
    expect(model._source).toEqual({
      count: 3,
      ratio: 0.5,
      label: "kept",
      mode: "a",
      flag: false,
      note: null,
      nested: { a: 2, b: "x" },
      bag: null,
      list: [],
      map: {},
      html: "",
    });
    expect(model.toObject()).toEqual(model._source);
    expect(model.toObject()).not.toBe(model._source);
  });

  it("strings are cast to numbers and booleans, numbers to strings; numbers are clamped to min and max", () => {
    const model = new Sample({ count: " 12 ", label: 7, flag: "true", nested: { a: "4" }, map: { x: "2" } });
    expect(model._source).toMatchObject({
      count: 10,
      label: "7",
      flag: true,
      nested: { a: 4 },
      map: { x: 2 },
    });
    expect(new Sample({ count: -5 })._source.count).toBe(0);
  });

  it("strings are trimmed; a blank string is refused where blank is not allowed", () => {
    expect(new Sample({ label: "  hi  " })._source.label).toBe("hi");
    expect(validationError(() => new Sample({ mode: "  " })).getFailure("mode")?.message).toBe(
      "may not be a blank string",
    );
  });

  it.each([
    [{ count: 2.5 }, "count", "must be an integer"],
    [{ count: "many" }, "count", "must be a finite number"],
    [{ count: true }, "count", "must be a number"],
    [{ count: null }, "count", "may not be null"],
    [{ mode: "c" }, "mode", '"c" is not a valid choice'],
    [{ flag: 1 }, "flag", "must be a boolean"],
    [{ label: { a: 1 } }, "label", "must be a string"],
    [{ nested: { b: "bad" } }, "nested.b", "is bad"],
    [{ nested: 3 }, "nested", "must be an object"],
    [{ bag: [1] }, "bag", "must be an object"],
    [{ list: { a: 1 } }, "list", "must be an Array"],
    [{ list: [{}, 3] }, "list.1", "must be an object"],
    [{ map: { x: 1.5 } }, "map.x", "must be an integer"],
  ])("%j is refused, naming %s", (data, path, message) => {
    const error = validationError(() => new Sample(data as Data));
    expect(error.getFailure(path)?.message).toBe(message);
    expect(error.message).toContain(`${path}: ${message}`);
    expect(Object.keys(error.getAllFailures())).toEqual([path]);
  });

  it("null is kept where the field is nullable; `strict: false` records the failure instead of throwing", () => {
    expect(new Sample({ note: null, bag: null })._source).toMatchObject({ note: null, bag: null });
    const lenient = new Sample({ mode: "z" }, { strict: false });
    expect(lenient.invalid).toBe(true);
  });

  it("parent and _source are not enumerable; the source is sealed; the instance holds copies", () => {
    const parent = { id: "p" };
    const model = new Sample({ bag: { deep: { n: 1 } } }, { parent });
    expect(model.parent).toBe(parent);
    expect(Object.keys(model)).not.toContain("parent");
    expect(Object.keys(model)).not.toContain("_source");
    expect(Object.isSealed(model._source)).toBe(true);
    (model.bag as { deep: { n: number } }).deep.n = 2;
    expect(model._source.bag).toEqual({ deep: { n: 1 } });
  });

  it("a field's `validate` is the method (the option stays in `options`), as in Foundry", () => {
    const field = Sample.schema.getField("nested.b") as StringField;
    expect(field.validate("ok")).toBeUndefined();
    expect(field.validate("bad")?.message).toBe("is bad");
    expect(typeof field.options.validate).toBe("function");
    expect(field.fieldPath).toBe("nested.b");
  });
});

describe("updateSource: the changes cleaned and validated, then written", () => {
  it("dotted keys are expanded, partial changes leave the rest, unknown keys are dropped", () => {
    const model = new Sample({ nested: { a: 5, b: "y" } });
    // A whole replacement in the running generation's form: v13 `==bag`, v14 `ForcedReplacement.create`.
    const replace = V14 ? { bag: operators().ForcedReplacement.create({ z: 1 }) } : { "==bag": { z: 1 } };
    const diff = model.updateSource({ "nested.a": "6", junk: 1, ...replace });
    expect(diff).toEqual({ nested: { a: 6 }, ...replace });
    expect(model._source.nested).toEqual({ a: 6, b: "y" });
    expect(model._source.bag).toEqual({ z: 1 });
    expect(model.nested.a).toBe(6);
  });

  it.runIf(V14)(
    "v14: the legacy `==key` throws as deprecated and writes nothing; ForcedReplacement replaces whole",
    () => {
      const model = new Sample({ bag: { y: 2 } });
      expect(() => model.updateSource({ "==bag": { z: 1 } })).toThrow(
        /v14 deprecates the legacy forced replacement key "==bag"/,
      );
      expect(model._source.bag).toEqual({ y: 2 });
      model.updateSource({ bag: operators().ForcedReplacement.create({ z: 1 }) });
      expect(model._source.bag, "replaced whole, not merged").toEqual({ z: 1 });
    },
  );

  it("an invalid change throws and writes nothing", () => {
    const model = new Sample({ count: 4 });
    expect(() => model.updateSource({ count: 4, mode: "nope" })).toThrow(DataModelValidationError);
    expect(model._source).toMatchObject({ count: 4, mode: "a" });
  });
});

describe("harness documents build `system` through the registered model", () => {
  it("an item's stored system is the cleaned data; the model's hooks run in order", () => {
    Sample.order = [];
    const item = new ItemDoc("Thing", "sample", { count: "7", junk: true });
    expect(item._source.system).toMatchObject({ count: 7, mode: "a" });
    expect(item._source.system).not.toHaveProperty("junk");
    expect(item.system).toBeInstanceOf(Sample);
    expect(Sample.order).toEqual(["migrateData", "cleanData", "prepareBaseData", "prepareDerivedData"]);
  });

  it("creating a document with invalid system data throws, naming the field, and Foundry's report is kept", () => {
    expect(() => new ItemDoc("Thing", "sample", { mode: "c" })).toThrow(
      /system\.mode: "c" is not a valid choice/,
    );
    expect(failures.length).toBe(1);
  });

  it("an invalid update throws, names the field, and leaves the stored data as it was", async () => {
    const item = new ItemDoc("Thing", "sample", { count: 2 });
    await expect(item.update({ "system.count": 1.5 })).rejects.toThrow(/system\.count: must be an integer/);
    await expect(item.update({ system: { nested: { b: "bad" } } })).rejects.toThrow(
      /system\.nested\.b: is bad/,
    );
    expect(item._source.system).toMatchObject({ count: 2, nested: { b: "x" } });
  });

  it("a valid update is stored cleaned: cast, clamped, unknown keys dropped, other fields kept", async () => {
    const item = new ItemDoc("Thing", "sample", { label: "keep" });
    await item.update({ "system.count": "99", "system.nested.a": 8, "system.ghost": 1 });
    expect(item._source.system).toMatchObject({ count: 10, label: "keep", nested: { a: 8, b: "x" } });
    expect(item._source.system).not.toHaveProperty("ghost");
    expect((item.system as unknown as Sample).count).toBe(10);
  });

  it("cleanUpdate hands back the cleaned, expanded system part and leaves other keys as given", () => {
    const item = new ItemDoc("Thing", "sample", {});
    const cleaned = cleanUpdate("Item", "sample", item, { name: "New", "system.count": "4", "flags.x.y": 1 });
    expect(cleaned).toEqual({ name: "New", "flags.x.y": 1, system: { count: 4 } });
  });

  it("Fray's models refuse what they must: an actor's fraction of Health, a card's unknown family", async () => {
    const actor = new ActorDoc("Hero", { health: { value: 5, max: 10 } });
    await expect(actor.update({ "system.health.value": 2.5 })).rejects.toThrow(/system\.health\.value/);
    expect(actor._source.system).toMatchObject({ health: { value: 5, max: 10 } });
    expect(() => new ChatMessageDoc({ type: "attack", system: { family: "chess" } })).toThrow(
      /system\.family/,
    );
    const fight = new FightDoc({ family: "fast-slow", options: {}, engine: null });
    await expect(fight.update({ "system.options.odCriticalOn": "high" })).rejects.toThrow(
      /system\.options\.odCriticalOn: must be a finite number/,
    );
  });
});
