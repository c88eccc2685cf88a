/**
 * `ObjectField` holds what the database can store: a document's source goes to the server as JSON, so a Set, a
 * Map, a class instance, a function, `undefined` or a non-finite number would not come back as it went in. The
 * harness kept such contents as they were (its fidelity row said "kinder"); now validation refuses them, naming
 * the place (stricter: core does not check, it loses the value on the way).
 */
import { describe, expect, it } from "vitest";
import { ObjectField } from "../../harness/fields";

describe("ObjectField contents", () => {
  const field = new ObjectField({ required: true, nullable: false });

  it("accepts JSON data at any depth", () => {
    expect(field.validate({ a: [1, "x", true, null, { b: 2.5 }] })).toBeUndefined();
  });

  it("refuses what JSON cannot carry, naming where", () => {
    expect(field.validate({ seen: new Set(["a"]) })?.message).toMatch(/JSON data only \(seen is not\)/);
    expect(field.validate({ a: [{ b: undefined }] })?.message).toMatch(/a\.0\.b is not/);
    expect(field.validate({ n: Number.NaN })?.message).toMatch(/n is not/);
    expect(field.validate({ at: new Date(0) })?.message).toMatch(/at is not/);
  });
});
