/**
 * A Combat records the world's conventions when it is created (FrayCombat `_preCreate`, `recordedOptions`): every
 * value a world setting allows must be one the Combat's data model stores as it is — a value the model refused
 * would make creating the fight fail, one it clamped would re-rule the fight behind the table's back.
 */
import { describe, expect, it } from "vitest";
import "../../harness/combat";
import { CombatModel } from "../../../src/data/combat/combat-model";
import { recordedOptions } from "../../../src/documents/fray-combat";
import { settingSpec, type SettingKey } from "../../../src/config/settings";
import { FAMILY_IDS } from "../../../src/rules/families/ids";

type Data = Record<string, unknown>;

/** Every value a setting lets a GM choose (its choices, or every step of its range). */
function allowedValues(key: SettingKey): unknown[] {
  const spec = settingSpec(key);
  if (spec.choices) return [...spec.choices];
  if (spec.range) {
    const { min, max, step } = spec.range;
    const values: number[] = [];
    for (let v = min; v <= max + 1e-9; v += step) values.push(Math.round(v * 1e6) / 1e6);
    return values;
  }
  return [true, false];
}

const RECORDED = Object.keys(recordedOptions()) as SettingKey[];

describe("the conventions a Combat records", () => {
  it("are the options of the Combat model, no more, no less", () => {
    const schema = CombatModel.schema as unknown as { fields: { options: { fields: Data } } };
    expect(RECORDED.sort()).toEqual(Object.keys(schema.fields.options.fields).sort());
  });

  it.each(RECORDED)("every value the %s setting allows is stored as it is", (key) => {
    for (const value of allowedValues(key)) {
      const model = new CombatModel({
        family: "fast-slow",
        options: { [key]: value },
        engine: null,
      } as never);
      expect((model._source as unknown as { options: Data }).options[key], `${key} = ${String(value)}`).toBe(
        value,
      );
    }
  });

  it("every family the ruleset setting allows is stored as it is", () => {
    for (const family of allowedValues("ruleset")) {
      expect(FAMILY_IDS).toContain(family);
      const model = new CombatModel({ family, options: {}, engine: null } as never);
      expect((model._source as unknown as Data).family).toBe(family);
    }
  });
});
