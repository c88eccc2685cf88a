/**
 * A field's `validate` option runs after the field's own type validation, for a container too: a SchemaField or an
 * ArrayField whose fields all validate goes on to its own `validate` (foundryvtt.com/api/types/
 * foundry.data.types.DataFieldValidator.html: "An undefined return indicates that the value may be valid but further
 * validation functions should be performed"). Before, the harness skipped it for containers — kinder than Foundry.
 */
import { describe, expect, it } from "vitest";
import { ArrayField, NumberField, SchemaField } from "../../harness/fields";

describe("harness: a container's validate option", () => {
  it("runs on a SchemaField whose fields are valid, and refuses what it refuses", () => {
    const pair = new SchemaField(
      {
        low: new NumberField({ required: true, nullable: false }),
        high: new NumberField({ required: true, nullable: false }),
      },
      { validate: (v: { low: number; high: number }) => v.low <= v.high, validationError: "low above high" },
    );
    expect(pair.validate({ low: 1, high: 2 })).toBeUndefined();
    expect(pair.validate({ low: 3, high: 2 })?.message).toBe("low above high");
    // A field's own failure is reported first.
    expect(pair.validate({ low: "x", high: 2 })?.fields.low?.message).toBe("must be a number");
  });

  it("runs on an ArrayField whose elements are valid", () => {
    const sorted = new ArrayField(new NumberField({ required: true, nullable: false }), {
      validate: (v: number[]) => v.every((n, i) => i === 0 || v[i - 1]! <= n),
      validationError: "not sorted",
    });
    expect(sorted.validate([1, 2, 3])).toBeUndefined();
    expect(sorted.validate([3, 1])?.message).toBe("not sorted");
  });
});
