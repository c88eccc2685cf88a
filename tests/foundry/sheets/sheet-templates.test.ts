import { beforeAll, describe, expect, it } from "vitest";
import { actorSheetView, type ActorSource } from "../../../src/applications/sheets/actor-view";
import { familyFlags } from "../../../src/applications/sheets/family-flags";
import { choiceOptions } from "../../../src/applications/sheets/choices";
import { prepareActorDerived } from "../../../src/data/actor/common";
import type { ActorStatistics } from "../../../src/data/actor/derive";
import { FAMILY_IDS } from "../../../src/rules/families/ids";
import { harness } from "../../harness/install";
import { loadLanguage, templateEnvironment } from "../../harness/templates";

const source = {
  health: { value: 7, max: 12 },
  size: 1,
  speed: 10,
  notes: "",
  ancestry: "Human",
  profession: "Guard",
  fastSlow: {
    strength: { value: 13 },
    agility: { value: 9 },
    intellect: { value: 10 },
    will: { value: 11 },
    perception: { value: 12 },
    defense: { base: 12 },
    insanity: { value: 1 },
  },
  classicD20: {
    abilities: {
      str: { value: 15 },
      dex: { value: 12 },
      con: { value: 10 },
      int: { value: 8 },
      wis: { value: 10 },
      cha: { value: 10 },
    },
    bab: 2,
    sizeCategory: "medium",
    ac: { natural: 0, misc: 0 },
  },
  opposedD20: {
    initiative: 3,
    attack: { melee: 5, ranged: 2 },
    defense: { block: 4, dodge: 3 },
    protection: 1,
    actions: { active: 2, passive: 1 },
  },
  phasedRound: { db: 10, movement: 15, quickness: 5, maneuver: 0 },
  activeDefense: {
    ag: 11,
    wl: 10,
    dev: 6,
    pev: 2,
    bev: 0,
    wt: 1,
    dr: 1,
    skills: { unarmed: 10, blade: 13, axeMace: 10, polearm: 10, bow: 11, crossbow: 10, thrown: 10 },
  },
};

function context(family: string, name = "Aldo") {
  const derived = prepareActorDerived(source as unknown as ActorStatistics, null);
  return {
    actor: { id: "a1", name, img: "icons/svg/mystery-man.svg" },
    source,
    derived,
    editable: true,
    family,
    familyLabel: "Family",
    isCreature: false,
    tab: { cssClass: "active" },
    ...actorSheetView(source as unknown as ActorSource, derived),
  };
}

describe("actor and item sheet templates (real handlebars)", () => {
  beforeAll(() => {
    harness.translations = loadLanguage("en");
  });

  it.each(["en", "fr", "pl", "es", "ja"])("every template renders in %s with no untranslated key", (lang) => {
    harness.translations = loadLanguage(lang);
    const env = templateEnvironment(lang);
    for (const id of FAMILY_IDS) env.render(`templates/actor/family/${id}.hbs`, context(id));
    env.render("templates/actor/header.hbs", context("fast-slow"));
    env.render("templates/actor/items.hbs", {
      editable: true,
      tab: {},
      itemGroups: [
        {
          type: "weapon",
          label: "TYPES.Item.weaponPl",
          items: [{ id: "i1", name: "Sword", img: "", system: { equipped: true }, equippable: true }],
        },
      ],
    });
    env.render("templates/actor/notes.hbs", { editable: true, source, enrichedNotes: "<p>n</p>", tab: {} });
    for (const type of ["weapon", "armor", "shield", "spell", "talent", "gear"]) {
      env.render(`templates/item/${type}.hbs`, {
        editable: true,
        system: { duration: {}, threat: {}, properties: {} },
        families: familyFlags("classic-d20"),
        propertyRows: [],
        options: { kind: choiceOptions(["melee"], "FRAY.Item.Weapon.Kind", "melee") },
      });
    }
    env.render("templates/item/header.hbs", {
      item: { name: "Sword", img: "" },
      typeLabel: "TYPES.Item.weapon",
      editable: true,
    });
    harness.translations = loadLanguage("en");
  });

  it("the fast-slow block edits each attribute's score and shows its modifier (FS-D1)", () => {
    const html = templateEnvironment().render("templates/actor/family/fast-slow.hbs", context("fast-slow"));
    expect(html).toContain('name="system.fastSlow.strength.value" value="13"');
    expect(html).toContain("+3");
    expect(html).toContain("\u22121"); // Agility 9 → −1
    expect(html).toContain('name="system.fastSlow.defense.base" value="12"');
  });

  it("the classic-d20 block shows the derived Armor Class (CD-AC1) and the size select", () => {
    const html = templateEnvironment().render(
      "templates/actor/family/classic-d20.hbs",
      context("classic-d20"),
    );
    expect(html).toContain('name="system.classicD20.abilities.dex.value" value="12"');
    expect(html).toMatch(/<output>11<\/output>/); // 10 + Dex +1
    expect(html).toMatch(/<option value="medium" selected>Medium<\/option>/);
  });

  it("the active-defense block shows Parry, Block and Dodge targets (AD-A2)", () => {
    const html = templateEnvironment().render(
      "templates/actor/family/active-defense-3d6.hbs",
      context("active-defense-3d6"),
    );
    expect(html).toMatch(/<output>8<\/output>/); // Parry DEV 6 + PEV 2
    expect(html).toMatch(/<output>5<\/output>/); // Dodge DEV 6 − WT 1
    expect(html).toContain("—"); // no Block without BEV
  });

  it("a name with markup is escaped, never injected", () => {
    const html = templateEnvironment().render(
      "templates/actor/header.hbs",
      context("fast-slow", '<script>alert("x")</script>'),
    );
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;");
  });
});
