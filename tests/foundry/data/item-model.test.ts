import { describe, expect, it } from "vitest";
import { ArmorModel } from "../../../src/data/item/armor";
import { GearModel } from "../../../src/data/item/gear";
import { ShieldModel } from "../../../src/data/item/shield";
import { SpellModel } from "../../../src/data/item/spell";
import { TalentModel } from "../../../src/data/item/talent";
import { WeaponModel } from "../../../src/data/item/weapon";
import { DATA_MODELS } from "../../../src/data";
import { NumberField, type SchemaField } from "../../harness/fields";
import { fieldAt, leafPaths } from "./schema-helpers";

const schema = (model: { schema: unknown }) => model.schema as unknown as SchemaField;

describe("item data models", () => {
  it("every model names its document and type for registration, each pair once", () => {
    const names = DATA_MODELS.map((m) => `${m.metadata.documentName}.${m.metadata.type}`);
    expect(new Set(names).size).toBe(names.length);
    for (const expected of [
      "Actor.character",
      "Actor.creature",
      "Item.weapon",
      "Item.armor",
      "Item.shield",
      "Item.spell",
      "Item.talent",
      "Item.gear",
    ]) {
      expect(names).toContain(expected);
    }
  });

  it.each([
    // [path, initial, min, max] — what the rules read from a weapon
    ["ob", 0, -100, 300], // PR: d100 + OB − DB
    ["parry", 0, 0, 10], // AD-A2 PEV
    ["reach", 1.5, 0, 30],
    ["range", 0, 0, 2000],
    ["rangeIncrement", 0, 0, 500], // CD-AT5
    ["threat.min", 20, 2, 20], // CD-AT3 threat range
    ["threat.multiplier", 2, 2, 6], // CD-AT3 multiplier
    ["readyTurns", 0, 0, 10], // AD-M4
    ["quantity", 1, 0, 9999],
    ["weight", 0, 0, 1000],
  ] as const)("weapon %s defaults to %d within [%d, %d]", (path, initial, min, max) => {
    expect(fieldAt(schema(WeaponModel), path)).toMatchObject({ initial, min, max, nullable: false });
  });

  it("weapon: damage formula, kind, fast-slow attribute, 3d6 skill and the five properties", () => {
    const s = schema(WeaponModel);
    expect(fieldAt(s, "damage").initial).toBe("1d6");
    expect(fieldAt(s, "kind")).toMatchObject({ initial: "melee", choices: ["melee", "ranged", "thrown"] });
    expect(fieldAt(s, "attribute")).toMatchObject({ initial: "strength" });
    expect(fieldAt(s, "skill")).toMatchObject({ initial: "blade" });
    for (const property of ["reload", "selfReloading", "thrown", "unbalanced", "needsReadying"]) {
      expect(fieldAt(s, `properties.${property}`)).toMatchObject({ initial: false });
    }
  });

  it("weapon damage rejects what is not a dice formula", () => {
    // As Foundry's `DataField#validate`: nothing for a valid value, a failure (with its message) otherwise.
    const field = fieldAt(schema(WeaponModel), "damage");
    for (const good of ["1d8", "2d6 + 3", "1d6kh", "3d6kh2 - 1", "d8", "4", ""])
      expect(field.validate(good), good).toBeUndefined();
    for (const bad of ["1d", "abc", "1d6 +", "<script>", "2d6*3", 7])
      expect(field.validate(bad)?.message, String(bad)).toBeTruthy();
  });

  it.each([
    [ArmorModel, "acBonus", 0, 0, 20], // CD-AC1
    [ArmorModel, "dr", 0, 0, 30], // AD-A4
    [ArmorModel, "protection", 0, 0, 30], // OD-A7
    [ArmorModel, "db", 0, 0, 100],
    [ArmorModel, "defense", 0, 0, 20],
    [ShieldModel, "block", 1, 0, 10], // AD-A2 BEV
    [ShieldModel, "acBonus", 1, 0, 10],
    [ShieldModel, "defense", 1, 0, 10],
    [SpellModel, "duration.value", 1, 0, 999], // FS-A3
    [SpellModel, "castingTarget", 10, 0, 30], // AD-M6
    [TalentModel, "duration.value", 0, 0, 999],
    [GearModel, "quantity", 1, 0, 9999],
  ] as const)("%s.%s defaults to %d within [%d, %d]", (model, path, initial, min, max) => {
    expect(fieldAt(schema(model), path)).toMatchObject({ initial, min, max, nullable: false });
  });

  it("armour's maximum Dexterity bonus may be empty (no limit)", () => {
    expect(fieldAt(schema(ArmorModel), "maxDex")).toMatchObject({ initial: null, nullable: true, min: 0 });
  });

  it("spells and talents say whether they need concentration (FS-A3, AD-M6), and in which unit they last", () => {
    expect(fieldAt(schema(SpellModel), "concentration").initial).toBe(false);
    expect(fieldAt(schema(SpellModel), "duration.unit")).toMatchObject({ initial: "rounds" });
    expect(fieldAt(schema(TalentModel), "concentration").initial).toBe(false);
  });

  it("every item number is bounded and non-null unless it means 'no limit'", () => {
    for (const model of [WeaponModel, ArmorModel, ShieldModel, SpellModel, TalentModel, GearModel]) {
      const s = schema(model);
      for (const path of leafPaths(s)) {
        const field = fieldAt(s, path);
        if (!(field instanceof NumberField)) continue;
        expect(typeof field.min, path).toBe("number");
        expect(typeof field.max, path).toBe("number");
        if (path !== "maxDex") expect(field.nullable, path).toBe(false);
      }
    }
  });

  it("item migrateData repairs numbers as the actors' does", () => {
    const migrated = WeaponModel.migrateData({
      ob: "lots",
      threat: { min: 1, multiplier: 2.4 },
    } as never) as {
      ob: number;
      threat: { min: number; multiplier: number };
    };
    expect(migrated.ob).toBe(0);
    expect(migrated.threat).toEqual({ min: 2, multiplier: 2 });
  });
});
