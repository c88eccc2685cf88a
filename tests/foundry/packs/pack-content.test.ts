/**
 * What the packs must offer every rule family (the "complete compendiums" issue): weapons, armour and shields,
 * spells and talents where the family has them, six or more creatures with two mounts, three or more ready-made
 * characters — and values that agree with each other across families.
 */
import { describe, expect, it } from "vitest";
import { CD_SIZE_CATEGORIES } from "../../../src/rules/families/classic-d20/derived";
import { durationInRounds } from "../../../src/rules/items/durations";
import { translationKeyOf } from "../../../src/packs/translation-key";
import { byPack, embeddedItems, packDocuments, type SourceDocument } from "./pack-sources";

// The packs' system data is hand-written YAML, read here untyped on purpose: these checks are about the values a
// designer wrote, field by field across five families; pack-documents.test.ts checks the shapes against the models.
/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-return */
type Sys = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const sys = (doc: SourceDocument) => doc.system as Sys;
const items = (pack: string, type?: string) => byPack(pack).filter((d) => !type || d.type === type);
const creatures = byPack("creatures");
const characters = byPack("characters");
const actors = [...creatures, ...characters];

describe("pack contents per family", () => {
  it("weapons: melee and missile, with what FS-A11, PR-P4, AD-M4 and CD-AT3 read", () => {
    const weapons = items("weapons", "weapon");
    expect(weapons.length).toBeGreaterThanOrEqual(12);
    expect(weapons.some((w) => sys(w).kind === "melee")).toBe(true);
    expect(weapons.some((w) => sys(w).kind === "ranged")).toBe(true);
    expect(weapons.some((w) => sys(w).kind === "thrown" || sys(w).properties.thrown)).toBe(true); // PR-P4
    expect(weapons.some((w) => sys(w).properties.reload)).toBe(true); // FS-A11
    expect(weapons.some((w) => sys(w).properties.unbalanced)).toBe(true); // AD-M4
    expect(weapons.some((w) => sys(w).threat.min < 20)).toBe(true); // CD-AT3 widened threat
    expect(weapons.some((w) => sys(w).threat.multiplier > 2)).toBe(true);
    for (const w of weapons) {
      const s = sys(w);
      // AD-M4: bows need 1 turn per arrow, crossbows at least one more.
      if (s.skill === "bow") expect(s.readyTurns, w.name).toBe(1);
      if (s.skill === "crossbow") expect(s.readyTurns, w.name).toBeGreaterThanOrEqual(2);
      if (s.kind !== "melee") expect(s.range, w.name).toBeGreaterThan(0);
      if (s.kind === "melee") expect(s.reach, w.name).toBeGreaterThan(0);
      // AD-M4: an unbalanced weapon cannot parry while unready, so it has no parry value.
      if (s.properties.unbalanced) expect(s.parry, w.name).toBe(0);
      if (s.range > 0) expect(s.rangeIncrement, w.name).toBeGreaterThan(0); // CD-AT5
    }
  });

  it("armour and shields: every family's protection is present (CD-AC1, AD-A4, OD-A7, PR DB, FS Defense)", () => {
    const armour = items("armor", "armor");
    const shields = items("armor", "shield");
    expect(armour.length + shields.length).toBeGreaterThanOrEqual(8);
    expect(shields.length).toBeGreaterThanOrEqual(2);
    for (const a of armour)
      for (const field of ["acBonus", "dr", "protection", "db", "defense"])
        expect(sys(a)[field], `${a.name}.${field}`).toBeGreaterThan(0);
    for (const s of shields)
      for (const field of ["block", "acBonus", "db", "defense", "blockBonus"])
        expect(sys(s)[field], `${s.name}.${field}`).toBeGreaterThan(0);
    // Heavier armour protects more in every family at once (one document serves all five).
    const sorted = [...armour]
      .filter((a) => sys(a).maxDex !== null)
      .sort((a, b) => sys(a).weight - sys(b).weight);
    for (let i = 1; i < sorted.length; i++)
      for (const field of ["acBonus", "dr", "protection", "db", "defense"])
        expect(sys(sorted[i]!)[field], `${sorted[i]!.name}.${field}`).toBeGreaterThanOrEqual(
          sys(sorted[i - 1]!)[field],
        );
  });

  it("spells: FS-A3 and AD-M6 concentration spells, 3d6-reachable casting targets, PR-P1 ranks", () => {
    const spells = items("spells", "spell");
    expect(spells.length).toBeGreaterThanOrEqual(8);
    expect(spells.some((s) => sys(s).concentration)).toBe(true);
    expect(spells.some((s) => !sys(s).concentration)).toBe(true);
    expect(spells.some((s) => sys(s).against === "defense" && sys(s).damage)).toBe(true); // FS-A1 attack spell
    for (const s of spells) {
      const v = sys(s);
      expect(v.castingTarget, s.name).toBeGreaterThanOrEqual(3); // AD-M6: a 3d6 casting roll can succeed
      expect(v.castingTarget, s.name).toBeLessThanOrEqual(18);
      expect(v.rank, s.name).toBeGreaterThanOrEqual(1); // PR-P1 declared and resolved by rank
      // FS-A3: concentration lasts up to the effect's maximum duration, so it must have one.
      if (v.concentration)
        expect(durationInRounds(v.duration.value, v.duration.unit), s.name).toBeGreaterThan(0);
      else expect(v.duration.unit === "instant" || v.duration.value > 0, s.name).toBe(true);
    }
  });

  it("talents: at least six, one needing concentration (FS-A3), reactions and passives", () => {
    const talents = items("talents", "talent");
    expect(talents.length).toBeGreaterThanOrEqual(6);
    const concentrating = talents.filter((t) => sys(t).concentration);
    expect(concentrating.length).toBeGreaterThanOrEqual(1);
    for (const t of concentrating)
      expect(durationInRounds(sys(t).duration.value, sys(t).duration.unit)).toBeGreaterThan(0);
    expect(talents.some((t) => sys(t).activation === "reaction")).toBe(true); // FS-A16
    expect(talents.some((t) => sys(t).activation === "passive")).toBe(true);
  });
});

describe("creatures and characters", () => {
  it("six or more creatures and three or more ready-made characters", () => {
    expect(creatures.length).toBeGreaterThanOrEqual(6);
    expect(characters.length).toBeGreaterThanOrEqual(3);
    expect(creatures.every((c) => c.type === "creature")).toBe(true);
    expect(characters.every((c) => c.type === "character")).toBe(true);
  });

  it("FS-MT1 two mounts: a riding horse and a larger war beast, both larger than every character", () => {
    const mounts = creatures.filter((c) => sys(c).mount);
    expect(mounts.length).toBeGreaterThanOrEqual(2);
    const sizes = mounts.map((m) => sys(m).size as number).sort((a, b) => a - b);
    expect(sizes[sizes.length - 1]).toBeGreaterThan(sizes[0]!);
    const largestRider = Math.max(...characters.map((c) => sys(c).size as number));
    for (const mount of mounts) expect(sys(mount).size, mount.name).toBeGreaterThan(largestRider);
    // FS-MT6 the pair moves at the mount's Speed: a mount is worth riding.
    for (const mount of mounts)
      expect(sys(mount).speed, mount.name).toBeGreaterThan(Math.max(...characters.map((c) => sys(c).speed)));
  });

  it("Size, the classic-d20 size category and the token agree, larger never smaller", () => {
    const categoryOf = new Map<number, string>();
    for (const actor of actors) {
      const { size, classicD20 } = sys(actor);
      const known = categoryOf.get(size);
      if (known) expect(classicD20.sizeCategory, actor.name).toBe(known);
      categoryOf.set(size, classicD20.sizeCategory);
      const tiles = Math.max(1, Math.round(size));
      expect(actor.prototypeToken, actor.name).toMatchObject({ width: tiles, height: tiles });
    }
    const bySize = [...categoryOf]
      .sort(([a], [b]) => a - b)
      .map(([, c]) => CD_SIZE_CATEGORIES.indexOf(c as never));
    for (let i = 1; i < bySize.length; i++) expect(bySize[i]).toBeGreaterThan(bySize[i - 1]!);
    expect(categoryOf.get(1)).toBe("medium");
  });

  it("health is full, every family block is filled, AD weight carried follows the armour worn", () => {
    for (const actor of actors) {
      const s = sys(actor);
      expect(s.health.value, actor.name).toBe(s.health.max);
      expect(s.health.max, actor.name).toBeGreaterThan(0);
      expect(s.opposedD20.actions.active, actor.name).toBeGreaterThanOrEqual(1); // OD-R3
      expect(s.phasedRound.movement, actor.name).toBeGreaterThan(0);
      const armour = (actor.items ?? []).filter(
        (i) => i.type !== "weapon" && sys(i).equipped && "weight" in sys(i),
      );
      const carried = armour.reduce((total, i) => total + (sys(i).weight as number), 0);
      // AD-A2 Dodge = DEV − WT: whoever wears mail or plate carries weight.
      if (actor.type === "character" && carried >= 10)
        expect(s.activeDefense.wt, actor.name).toBeGreaterThanOrEqual(2);
    }
  });

  it("every character is ready to play: an equipped weapon and armour, and spells or talents", () => {
    for (const character of characters) {
      const held = character.items ?? [];
      expect(
        held.some((i) => i.type === "weapon" && sys(i).equipped),
        character.name,
      ).toBe(true);
      expect(held.filter((i) => i.type === "armor" && sys(i).equipped).length, character.name).toBe(1);
      expect(
        held.some((i) => i.type === "spell" || i.type === "talent"),
        character.name,
      ).toBe(true);
      expect(sys(character).ancestry, character.name).not.toBe("");
      expect(sys(character).profession, character.name).not.toBe("");
    }
    expect(characters.some((c) => (c.items ?? []).some((i) => i.type === "spell"))).toBe(true);
  });

  it("creatures fight with something: natural weapons or equipment", () => {
    for (const creature of creatures)
      expect(
        (creature.items ?? []).some((i) => i.type === "weapon" && sys(i).equipped),
        creature.name,
      ).toBe(true);
  });

  it("an embedded copy of a pack item matches it except where its owner differs (equipped, quantity, OB)", () => {
    const byKey = new Map(packDocuments.map((d) => [translationKeyOf(d.doc), d.doc]));
    let copies = 0;
    for (const { actor, doc } of embeddedItems) {
      const source = byKey.get(translationKeyOf(doc));
      if (!source) continue; // a natural weapon of its own
      copies++;
      expect([doc.name, doc.type, doc.img], `${actor.name} › ${doc.name}`).toEqual([
        source.name,
        source.type,
        source.img,
      ]);
      const strip = (s: Sys) => ({ ...s, equipped: undefined, quantity: undefined, ob: undefined });
      expect(strip(sys(doc)), `${actor.name} › ${doc.name}`).toEqual(strip(sys(source)));
    }
    expect(copies).toBeGreaterThan(10);
  });
});
