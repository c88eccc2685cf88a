import { describe, expect, it } from "vitest";
import { CharacterModel } from "../../../src/data/actor/character";
import { CreatureModel } from "../../../src/data/actor/creature";
import { NumberField, type SchemaField } from "../../harness/fields";
import { fieldAt, leafPaths } from "./schema-helpers";

const characterSchema = CharacterModel.schema as unknown as SchemaField;
const creatureSchema = CreatureModel.schema as unknown as SchemaField;

/**
 * Every statistic the digests use, with its default and its bounds: [path, initial, min, max, integer].
 * Written from the digests (and the list), not read off the schema.
 */
const NUMBERS: [string, number, number, number, boolean][] = [
  // Common core
  // AD-A4: Health goes below 0 (unconsciousness at 0 or below, death at −max or below).
  ["health.value", 10, -9999, 9999, true],
  ["health.max", 10, 0, 9999, true],
  ["size", 1, 0.125, 20, false],
  ["speed", 10, 0, 200, false],
  // fast-slow (FS-D1: attribute scores, modifier = score − 10; FS-D2 Defense; FS-A4 Insanity)
  ["fastSlow.strength.value", 10, 0, 30, true],
  ["fastSlow.agility.value", 10, 0, 30, true],
  ["fastSlow.intellect.value", 10, 0, 30, true],
  ["fastSlow.will.value", 10, 0, 30, true],
  ["fastSlow.perception.value", 10, 0, 30, true],
  ["fastSlow.defense.base", 10, 0, 40, true],
  ["fastSlow.insanity.value", 0, 0, 99, true],
  // classic-d20 (CD-I1 Dexterity, CD-AT4/AT5 base attack bonus and size, CD-AC1 Armor Class)
  ["classicD20.abilities.str.value", 10, 0, 60, true],
  ["classicD20.abilities.dex.value", 10, 0, 60, true],
  ["classicD20.abilities.con.value", 10, 0, 60, true],
  ["classicD20.abilities.int.value", 10, 0, 60, true],
  ["classicD20.abilities.wis.value", 10, 0, 60, true],
  ["classicD20.abilities.cha.value", 10, 0, 60, true],
  ["classicD20.bab", 0, 0, 40, true],
  ["classicD20.ac.natural", 0, 0, 50, true],
  ["classicD20.ac.misc", 0, -20, 50, true],
  // opposed-d20 (OD-I2 Initiative, OD-A2 attack and defense skills, OD-A7 protection, OD-R3 counters)
  ["opposedD20.initiative", 0, -10, 30, true],
  ["opposedD20.attack.melee", 0, -10, 30, true],
  ["opposedD20.attack.ranged", 0, -10, 30, true],
  ["opposedD20.defense.block", 0, -10, 30, true],
  ["opposedD20.defense.dodge", 0, -10, 30, true],
  ["opposedD20.protection", 0, 0, 50, true],
  ["opposedD20.actions.active", 1, 0, 10, true],
  ["opposedD20.actions.passive", 1, 0, 10, true],
  // phased-round (DB, movement potential PR-P6, quickness PR-B3, manoeuvre/orientation PR-P3)
  ["phasedRound.db", 0, -100, 200, true],
  ["phasedRound.movement", 15, 0, 500, false],
  ["phasedRound.quickness", 0, -50, 100, true],
  ["phasedRound.maneuver", 0, -100, 200, true],
  // active-defense-3d6 (AD-A2 DEV/PEV/BEV/WT, AD-A4 DR, AD-M1 AG, AD-M6 WL, weapon skills)
  ["activeDefense.ag", 10, 0, 30, true],
  ["activeDefense.wl", 10, 0, 30, true],
  ["activeDefense.dev", 5, 0, 20, true],
  ["activeDefense.pev", 0, 0, 10, true],
  ["activeDefense.bev", 0, 0, 10, true],
  ["activeDefense.wt", 0, 0, 20, false],
  ["activeDefense.dr", 0, 0, 50, true],
  ["activeDefense.skills.blade", 10, 0, 30, true],
  ["activeDefense.skills.bow", 10, 0, 30, true],
];

describe("actor data models", () => {
  it.each(NUMBERS)("%s defaults to %d and is bounded [%d, %d]", (path, initial, min, max, integer) => {
    for (const schema of [characterSchema, creatureSchema]) {
      const field = fieldAt(schema, path);
      expect(field).toBeInstanceOf(NumberField);
      expect(field).toMatchObject({ initial, min, max, integer, nullable: false, required: true });
    }
  });

  it("every number of the actor schemas is non-null and bounded, so none can be stored as NaN", () => {
    for (const schema of [characterSchema, creatureSchema]) {
      for (const path of leafPaths(schema)) {
        const field = fieldAt(schema, path);
        if (!(field instanceof NumberField)) continue;
        expect(field.nullable, path).toBe(false);
        expect(typeof field.min, path).toBe("number");
        expect(typeof field.max, path).toBe("number");
        expect(field.initial as number, path).toBeGreaterThanOrEqual(field.min as number);
        expect(field.initial as number, path).toBeLessThanOrEqual(field.max as number);
      }
    }
  });

  it("classic-d20 size category defaults to medium and is limited to the nine categories", () => {
    const field = fieldAt(characterSchema, "classicD20.sizeCategory");
    expect(field.initial).toBe("medium");
    expect(field.choices).toEqual([
      "fine",
      "diminutive",
      "tiny",
      "small",
      "medium",
      "large",
      "huge",
      "gargantuan",
      "colossal",
    ]);
  });

  it("FS-MT1 a creature records whether it accepts a rider (default no) and its nature (FS-MT5)", () => {
    expect(fieldAt(creatureSchema, "mount")).toMatchObject({ initial: false });
    expect(fieldAt(creatureSchema, "nature")).toMatchObject({ initial: "steady" });
    expect(() => fieldAt(characterSchema, "mount")).toThrow();
  });

  it("notes are an HTML field, empty by default", () => {
    expect(fieldAt(characterSchema, "notes")).toMatchObject({ initial: "" });
  });

  it("migrateData repairs bad numbers: NaN and text become the default, out-of-range values are clamped", () => {
    const source = {
      health: { value: "abc", max: Number.NaN },
      size: -3,
      speed: "12.5",
      fastSlow: { strength: { value: 99 }, agility: { value: 11.6 } },
      classicD20: { bab: null },
      activeDefense: { wt: Infinity },
    };
    const migrated = CharacterModel.migrateData(source as never) as typeof source;
    expect(migrated.health).toEqual({ value: 10, max: 10 });
    expect(migrated.size).toBe(0.125);
    expect(migrated.speed).toBe(12.5);
    expect(migrated.fastSlow.strength.value).toBe(30);
    expect(migrated.fastSlow.agility.value).toBe(12);
    expect(migrated.classicD20.bab).toBe(0);
    expect(migrated.activeDefense.wt).toBe(0);
  });

  it("migrateData leaves good data and absent fields alone", () => {
    const source = { health: { value: 4, max: 12 }, fastSlow: { will: { value: 13 } } };
    const migrated = CreatureModel.migrateData(structuredClone(source) as never);
    expect(migrated).toEqual(source);
  });
});
