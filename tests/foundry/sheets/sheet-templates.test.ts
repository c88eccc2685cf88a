/**
 * The actor and item sheet templates with the real handlebars, from the contexts the sheets' own builders make:
 * every template in five languages with no untranslated key; every stored statistic of the world's family is a
 * field of its sheet, and no other family's; every roll a button carrying its check; usable from the keyboard
 * (buttons, not links; every field labelled; every icon button named); names escaped, never injected.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { giveEffect, giveStatus, oneChange, roundsDuration } from "../../harness/effects";
import { alice, bob, creature, events, freshWorld, gm, startedFight, weapon } from "./setup";
import { actorSheetContext } from "../../../src/applications/sheets/actor-context";
import { itemSheetContext } from "../../../src/applications/sheets/item-context";
import { CharacterModel } from "../../../src/data/actor/character";
import { CreatureModel } from "../../../src/data/actor/creature";
import { ArmorModel } from "../../../src/data/item/armor";
import { GearModel } from "../../../src/data/item/gear";
import { ShieldModel } from "../../../src/data/item/shield";
import { SpellModel } from "../../../src/data/item/spell";
import { TalentModel } from "../../../src/data/item/talent";
import { WeaponModel } from "../../../src/data/item/weapon";
import { ITEM_TYPES, type ItemType } from "../../../src/data/item/types";
import { FAMILY_DATA_KEYS, FAMILY_IDS, type FamilyId } from "../../../src/rules/families/ids";
import { harness } from "../../harness/install";
import { ItemDoc, type ChatUser } from "../../harness/chat";
import type { SchemaField } from "../../harness/fields";
import { leafPaths } from "../data/schema-helpers";
import { loadLanguage, templateEnvironment } from "../../harness/templates";

const LANGS = ["en", "fr", "pl", "es", "ja"] as const;
const SCRIPT = '<script>alert("x")</script>';

type Creature = ReturnType<typeof creature>;

const TAB_IDS = ["stats", "items", "effects", "notes"];
const tabs = (active: string) =>
  Object.fromEntries(
    TAB_IDS.map((id) => [
      id,
      {
        id,
        group: "primary",
        active: id === active,
        cssClass: id === active ? "active" : "",
        label: `FRAY.Sheet.Tab.${id}`,
      },
    ]),
  );

/** The actor sheet's context as the sheet prepares it (the builder, plus what Foundry adds). */
function actorContext(who: Creature, family: FamilyId, user: ChatUser = alice, editable = true) {
  return {
    ...actorSheetContext(who.actor as never, {
      family,
      editable,
      token: who.token as never,
      user: user as never,
      idPrefix: "t",
    }),
    tabs: tabs("stats"),
    tab: { cssClass: "active" },
    enrichedNotes: "<p>notes</p>",
  };
}

function itemContext(item: ItemDoc, family: FamilyId) {
  return {
    ...itemSheetContext(item as never, { family, editable: true, idPrefix: "i" }),
    enrichedDescription: "",
  };
}

/** Every actor template a sheet of `family` draws, as one page. */
function actorPage(env: ReturnType<typeof templateEnvironment>, context: object, family: FamilyId): string {
  return [
    "templates/actor/header.hbs",
    "templates/actor/tabs.hbs",
    `templates/actor/family/${family}.hbs`,
    "templates/actor/items.hbs",
    "templates/actor/effects.hbs",
    "templates/actor/notes.hbs",
  ]
    .map((t) => env.render(t, context))
    .join("\n");
}

const names = (html: string) => new Set([...html.matchAll(/\sname="([^"]+)"/g)].map((m) => m[1] as string));

/** Inputs and selects with no label: none for `for`, no aria label, not inside a <label>. */
function unlabelled(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<(input|select)\b[^>]*>/g)) {
    const tag = m[0];
    if (/type="hidden"/.test(tag) || /aria-label(ledby)?="[^"]+"/.test(tag)) continue;
    const id = /\sid="([^"]+)"/.exec(tag)?.[1];
    if (id && html.includes(`for="${id}"`)) continue;
    const at = m.index ?? 0;
    if (html.lastIndexOf("<label", at) > html.lastIndexOf("</label>", at)) continue;
    out.push(tag);
  }
  return out;
}

/** Buttons with neither an aria label nor text of their own. */
function unnamedButtons(html: string): string[] {
  return [...html.matchAll(/<button\b([^>]*)>([\s\S]*?)<\/button>/g)]
    .filter((m) => !/aria-label="[^"]+"/.test(m[1] ?? "") && !(m[2] ?? "").replace(/<[^>]*>/g, "").trim())
    .map((m) => m[0]);
}

/** A hero with a bit of everything the templates show: items, an effect, a status, in a fast-slow fight. */
async function busyHero(name = "Aldo") {
  const hero = creature(name, { fastSlow: { strength: { value: 13 } } }, [alice]);
  const ally = creature(SCRIPT, {}, [bob]);
  weapon(hero.actor, SCRIPT);
  hero.actor.items.push(new ItemDoc("Brigandine", "armor", { equipped: true }));
  giveStatus(hero.actor, "hidden");
  // An effect its item (named like a script) transfers to it.
  const charm = new ItemDoc(SCRIPT, "armor", {});
  hero.actor.items.push(charm);
  giveEffect(charm, null, SCRIPT, {
    img: "e.svg",
    ...oneChange(),
    duration: roundsDuration(2),
  });
  hero.actor.prepare();
  const { fight, ids } = await startedFight("fast-slow", hero, ally);
  await events(fight, [
    {
      type: "addTimedState",
      state: {
        key: "help",
        holder: ids[0] as string,
        expiry: { kind: "endOfRound", round: 1 },
        data: { helper: ids[1], boons: 1 },
      },
    },
  ]);
  return hero;
}

describe("actor and item sheet templates (real handlebars)", () => {
  beforeEach(() => {
    freshWorld();
    harness.translations = loadLanguage("en");
  });

  it.each(LANGS)(
    "every sheet template renders in %s, every family, with no untranslated key",
    async (lang) => {
      const hero = await busyHero();
      const env = templateEnvironment(lang);
      harness.translations = loadLanguage(lang);
      try {
        for (const family of FAMILY_IDS) {
          const html = actorPage(env, actorContext(hero, family), family);
          expect(html).toContain('data-action="rollCheck"');
          for (const type of ITEM_TYPES) {
            const item = new ItemDoc("Thing", type, { duration: {}, threat: {}, properties: {} });
            env.render(`templates/item/${type}.hbs`, itemContext(item, family));
            env.render("templates/item/header.hbs", itemContext(item, family));
          }
        }
      } finally {
        harness.translations = loadLanguage("en");
      }
    },
  );

  it("every stored statistic of the world's family is a field of the actor sheet, and no other family's", () => {
    for (const [type, model] of [
      ["character", CharacterModel],
      ["creature", CreatureModel],
    ] as const) {
      const paths = leafPaths(model.schema as unknown as SchemaField);
      const who = creature("Aldo", {}, [alice], type);
      for (const family of FAMILY_IDS) {
        const html = actorPage(templateEnvironment(), actorContext(who, family), family);
        const own = FAMILY_DATA_KEYS[family];
        const expected = paths
          .filter(
            (p) =>
              !Object.values(FAMILY_DATA_KEYS).some((k) => p.startsWith(`${k}.`)) || p.startsWith(`${own}.`),
          )
          .map((p) => `system.${p}`);
        const shown = [...names(html)].filter((n) => n.startsWith("system."));
        expect(shown.sort(), `${type} ${family}`).toEqual([...new Set(expected)].sort());
      }
    }
  });

  /** The item fields that belong to one family (from the digests: FS-A1, CD-AT3/CD-AT5/CD-AC1, OD-A7, PR OB/DB, AD-A2/AD-A4/AD-M4/AD-M6). */
  const ITEM_FAMILY_FIELDS: Record<ItemType, Partial<Record<FamilyId, string[]>>> = {
    weapon: {
      "fast-slow": ["attribute"],
      "classic-d20": ["rangeIncrement", "threat.min", "threat.multiplier"],
      "phased-round": ["ob"],
      "active-defense-3d6": ["skill", "parry", "readyTurns"],
    },
    armor: {
      "fast-slow": ["defense"],
      "classic-d20": ["acBonus", "maxDex"],
      "opposed-d20": ["protection"],
      "phased-round": ["db"],
      "active-defense-3d6": ["dr"],
    },
    shield: {
      "fast-slow": ["defense"],
      "classic-d20": ["acBonus"],
      "opposed-d20": ["blockBonus"],
      "phased-round": ["db"],
      "active-defense-3d6": ["block"],
    },
    spell: {
      "fast-slow": ["attribute", "against"],
      "phased-round": ["rank"],
      "active-defense-3d6": ["castingTarget"],
    },
    talent: {},
    gear: {},
  };
  const ITEM_MODELS = {
    weapon: WeaponModel,
    armor: ArmorModel,
    shield: ShieldModel,
    spell: SpellModel,
    talent: TalentModel,
    gear: GearModel,
  } as const;

  /** Stored fields nothing reads: gear is never worn or wielded (EQUIPPABLE_TYPES), so no "Equipped" box. */
  const ITEM_UNUSED: Partial<Record<ItemType, string[]>> = { gear: ["equipped"] };

  it("every field of an item is on its sheet under the family that uses it, and only there", () => {
    const env = templateEnvironment();
    for (const type of ITEM_TYPES) {
      const unused = ITEM_UNUSED[type] ?? [];
      const paths = leafPaths(ITEM_MODELS[type].schema as unknown as SchemaField).filter(
        (p) => !unused.includes(p),
      );
      const byFamily = ITEM_FAMILY_FIELDS[type];
      const familyOnly = new Set(Object.values(byFamily).flat());
      for (const family of FAMILY_IDS) {
        const item = new ItemDoc("Thing", type, { duration: {}, threat: {}, properties: {} });
        const html = env.render(`templates/item/${type}.hbs`, itemContext(item, family));
        const shown = [...names(html)].filter((n) => n.startsWith("system.")).map((n) => n.slice(7));
        const expected = paths.filter((p) => !familyOnly.has(p) || (byFamily[family] ?? []).includes(p));
        expect(shown.sort(), `${type} ${family}`).toEqual(expected.sort());
      }
    }
  });

  it("from the keyboard: buttons (no links), every field labelled, every icon button named, the portrait pressable", async () => {
    const hero = await busyHero();
    const env = templateEnvironment();
    for (const family of FAMILY_IDS) {
      const html = actorPage(env, actorContext(hero, family), family);
      expect(html).not.toMatch(/<a\b/);
      expect(unlabelled(html), family).toEqual([]);
      expect(unnamedButtons(html), family).toEqual([]);
      expect(html).toMatch(
        /class="fray-portrait"[^>]*data-action="editImage"[^>]*tabindex="0" role="button"/,
      );
      for (const type of ITEM_TYPES) {
        const item = new ItemDoc("Thing", type, { duration: {}, threat: {}, properties: {} });
        const page = env.render(`templates/item/${type}.hbs`, itemContext(item, family));
        expect(unlabelled(page), `${type} ${family}`).toEqual([]);
        expect(unnamedButtons(page), `${type} ${family}`).toEqual([]);
      }
    }
    // A control that cannot be pressed says why, and the button names that reason.
    const loner = creature("Mira", {}, [alice]);
    const html = env.render("templates/actor/family/classic-d20.hbs", actorContext(loner, "classic-d20"));
    expect(html).toMatch(
      /data-action="rollInitiative"\s+aria-disabled="true" aria-describedby="t-control-rollInitiative"/,
    );
    expect(html).toContain(
      '<p class="fray-hint" id="t-control-rollInitiative">This creature is in no fight.</p>',
    );
  });

  it("each item group's add button names the type it adds, in every language", () => {
    const hero = creature("Aldo", {}, [alice]);
    for (const lang of LANGS) {
      const env = templateEnvironment(lang);
      harness.translations = loadLanguage(lang);
      try {
        const html = env.render("templates/actor/items.hbs", actorContext(hero, "fast-slow"));
        for (const type of ITEM_TYPES) {
          const label = env.hb.escapeExpression(
            env.localize("FRAY.Sheet.createItem").replace("{type}", env.localize(`TYPES.Item.${type}`)),
          );
          expect(html).toContain(
            `data-action="createItem" data-type="${type}"\n        aria-label="${label}"`,
          );
          if (lang === "en") expect(label).toBe(`Add ${env.localize(`TYPES.Item.${type}`)}`);
        }
      } finally {
        harness.translations = loadLanguage("en");
      }
    }
  });

  it("AD-A1 OD-A2 OD-I2 a creature's stat block lists the skills its weapons use, whatever their values; a character or its editor sees all", () => {
    // Every weapon skill left at its default 10, blade raised to 14; the only weapon bites (unarmed, melee).
    // opposed-d20: melee 0 (a plain d20, a skill all the same), ranged 5 with no ranged weapon.
    const wolf = creature(
      "Wolf",
      {
        activeDefense: { skills: { blade: 14 } },
        opposedD20: { attack: { melee: 0, ranged: 5 }, defense: { block: 0, dodge: 2 } },
      },
      [],
      "creature",
    );
    weapon(wolf.actor, "Bite", { kind: "melee", skill: "unarmed", damage: "1d6" });
    const env = templateEnvironment();
    const fields = (html: string, prefix: string) =>
      [...names(html)].filter((n) => n.startsWith(prefix)).sort();
    const ad = (who: Creature, user: ChatUser, editable: boolean) =>
      fields(
        env.render(
          "templates/actor/family/active-defense-3d6.hbs",
          actorContext(who, "active-defense-3d6", user, editable),
        ),
        "system.activeDefense.skills.",
      );
    const od = (who: Creature, user: ChatUser, editable: boolean) =>
      fields(
        env.render(
          "templates/actor/family/opposed-d20.hbs",
          actorContext(who, "opposed-d20", user, editable),
        ),
        "system.opposedD20.",
      ).filter((n) => !n.includes("actions") && !n.includes("protection"));
    expect(ad(wolf, bob, false)).toEqual(["system.activeDefense.skills.unarmed"]);
    expect(od(wolf, bob, false)).toEqual([
      "system.opposedD20.attack.melee",
      "system.opposedD20.defense.block",
      "system.opposedD20.defense.dodge",
      "system.opposedD20.initiative",
    ]);
    // Its GM, who may edit it, sees every skill; so does everyone on a character's sheet.
    expect(ad(wolf, gm, true)).toHaveLength(7);
    expect(od(wolf, gm, true)).toHaveLength(5);
    const hero = creature("Aldo", {}, [alice]);
    expect(ad(hero, bob, false)).toHaveLength(7);
    expect(od(hero, bob, false)).toHaveLength(5);
  });

  it("FS-MT1 FS-MT5 FS-MT6 a mount's stat block has its mount facts in one line, in each language's punctuation", () => {
    const horse = creature(
      "Grey mare",
      { size: 3, speed: 14, mount: true, nature: "skittish" },
      [],
      "creature",
    );
    const line = (lang: (typeof LANGS)[number], who: Creature) => {
      const env = templateEnvironment(lang);
      harness.translations = loadLanguage(lang);
      try {
        const html = env.render("templates/actor/family/fast-slow.hbs", actorContext(who, "fast-slow", gm));
        return /<p class="fray-statline fray-mount-facts"[^>]*>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? null;
      } finally {
        harness.translations = loadLanguage("en");
      }
    };
    expect(line("en", horse)).toBe(
      "<strong>Mount: </strong>carries riders smaller than Size 3 · Speed 14 m · Skittish: flees danger",
    );
    expect(line("fr", horse)).toBe(
      "<strong>Monture\u202F: </strong>porte des cavaliers de Taille inférieure à 3\u00A0· Vitesse 14\u00A0m\u00A0· Craintive\u202F: fuit le danger",
    );
    expect(line("ja", horse)).toBe(
      "<strong>騎乗動物：</strong>サイズ3未満の乗り手を乗せる・移動速度14m・臆病：危険から逃げる",
    );
    // An observer reads the facts in that line; the header's mount and nature fields are its editor's.
    const env = templateEnvironment();
    const observer = actorContext(horse, "fast-slow", bob, false);
    expect(env.render("templates/actor/family/fast-slow.hbs", observer)).toContain("fray-mount-facts");
    expect(env.render("templates/actor/header.hbs", observer)).not.toContain('name="system.mount"');
    expect(env.render("templates/actor/header.hbs", actorContext(horse, "fast-slow", gm))).toContain(
      'name="system.mount"',
    );
    // A creature that takes no rider, and a character, have no such line.
    expect(line("en", creature("Wolf", { size: 2 }, [], "creature"))).toBeNull();
    expect(line("en", creature("Aldo", { mount: true }, [alice]))).toBeNull();
  });

  it("an item list shows a quantity only when it is not one (no ×1 on a sword), from lang/", () => {
    const hero = creature("Aldo", {}, [alice]);
    hero.actor.items.push(
      new ItemDoc("Sword", "gear", { quantity: 1 }),
      new ItemDoc("Arrows", "gear", { quantity: 20 }),
      new ItemDoc("Empty quiver", "gear", { quantity: 0 }),
    );
    const quantities = (lang: (typeof LANGS)[number]) => {
      const env = templateEnvironment(lang);
      harness.translations = loadLanguage(lang);
      try {
        const html = env.render("templates/actor/items.hbs", actorContext(hero, "fast-slow"));
        return [
          ...html.matchAll(
            /fray-item-quantity"[^>]*>(?:<span class="visually-hidden">[^<]*<\/span>)?([^<]*)</g,
          ),
        ].map((m) => m[1]);
      } finally {
        harness.translations = loadLanguage("en");
      }
    };
    expect(quantities("en")).toEqual(["×20", "×0"]);
    expect(quantities("ja")).toEqual(["×20", "×0"]);
  });

  it("a sheet its viewer cannot change offers no image picker: the portrait is a plain picture", () => {
    const hero = creature("Aldo", {}, [alice]);
    const env = templateEnvironment();
    const portrait = (html: string) => /<img class="fray-portrait"[^>]*>/.exec(html)?.[0] ?? "";
    const sword = new ItemDoc("Sword", "weapon", { duration: {}, threat: {}, properties: {} });
    const itemHeader = (editable: boolean) =>
      env.render("templates/item/header.hbs", {
        ...itemSheetContext(sword as never, { family: "fast-slow", editable, idPrefix: "i" }),
      });
    for (const [editable, html] of [
      [true, env.render("templates/actor/header.hbs", actorContext(hero, "fast-slow", alice, true))],
      [false, env.render("templates/actor/header.hbs", actorContext(hero, "fast-slow", bob, false))],
      [true, itemHeader(true)],
      [false, itemHeader(false)],
    ] as const) {
      const img = portrait(html);
      expect(img).toContain('alt="');
      expect(img.includes('data-action="editImage"'), img).toBe(editable);
      expect(img.includes('role="button"'), img).toBe(editable);
    }
  });

  it("each statistic's roll is a button carrying its check; none for a user who does not own the creature", () => {
    const hero = creature("Aldo", {}, [alice]);
    const env = templateEnvironment();
    const checks = (html: string) => [...html.matchAll(/data-check="([^"]+)"/g)].map((m) => m[1]);
    const fs = env.render("templates/actor/family/fast-slow.hbs", actorContext(hero, "fast-slow"));
    expect(checks(fs)).toEqual(["fs.strength", "fs.agility", "fs.intellect", "fs.will", "fs.perception"]);
    expect(fs).toContain('aria-label="Roll Strength"');
    const pr = env.render("templates/actor/family/phased-round.hbs", actorContext(hero, "phased-round"));
    expect(checks(pr)).toEqual(["pr.maneuver"]);
    expect(pr).toContain('aria-label="Manoeuvre roll"');
    const ad = env.render(
      "templates/actor/family/active-defense-3d6.hbs",
      actorContext(hero, "active-defense-3d6"),
    );
    expect(checks(ad)).toEqual([
      "ad.ag",
      "ad.wl",
      "ad.skill.unarmed",
      "ad.skill.blade",
      "ad.skill.axeMace",
      "ad.skill.polearm",
      "ad.skill.bow",
      "ad.skill.crossbow",
      "ad.skill.thrown",
    ]);
    const observer = env.render(
      "templates/actor/family/classic-d20.hbs",
      actorContext(hero, "classic-d20", bob, false),
    );
    expect(checks(observer)).toEqual([]);
    expect(observer).not.toContain("fray-combat-controls");
    expect(observer).toMatch(/name="system.classicD20.bab" value="0"[^>]*disabled/);
  });

  it("FS-D1 CD-AC1 CD-AT4 AD-A2 the derived values are on the sheet", () => {
    const hero = creature(
      "Aldo",
      {
        fastSlow: { strength: { value: 13 }, agility: { value: 9 } },
        classicD20: { abilities: { str: { value: 14 }, dex: { value: 12 } }, bab: 2 },
        activeDefense: { dev: 6, pev: 2, wt: 1 },
      },
      [alice],
    );
    const env = templateEnvironment();
    const fs = env.render("templates/actor/family/fast-slow.hbs", actorContext(hero, "fast-slow"));
    expect(fs).toContain("+3");
    expect(fs).toContain("\u22121");
    const cd = env.render("templates/actor/family/classic-d20.hbs", actorContext(hero, "classic-d20"));
    expect(cd).toMatch(/<output>11<\/output>/); // AC 10 + Dex +1
    expect(cd).toMatch(/<output>\+4<\/output>/); // melee: BAB 2 + Str +2
    expect(cd).toMatch(/<output>\+3<\/output>/); // ranged: BAB 2 + Dex +1
    const ad = env.render(
      "templates/actor/family/active-defense-3d6.hbs",
      actorContext(hero, "active-defense-3d6"),
    );
    expect(ad).toMatch(/<output>8<\/output>/); // Parry DEV 6 + PEV 2
    expect(ad).toMatch(/<output>5<\/output>/); // Dodge DEV 6 − WT 1
    expect(ad).toContain("—"); // no Block without BEV
  });

  it("names — the actor's, items', effects', their sources, a helper's — are escaped, never injected", async () => {
    const hero = await busyHero(SCRIPT);
    const html = actorPage(templateEnvironment(), actorContext(hero, "fast-slow"), "fast-slow");
    expect(html).not.toContain("<script>");
    // Actor name, weapon name, effect name, source and duration, and the helper in the Help state.
    expect(html.match(/&lt;script&gt;/g)?.length).toBeGreaterThanOrEqual(6);
    const sword = new ItemDoc(SCRIPT, "weapon", { duration: {}, threat: {}, properties: {} });
    giveEffect(sword, null, SCRIPT);
    const env = templateEnvironment();
    const page = ["templates/item/header.hbs", "templates/item/weapon.hbs"]
      .map((t) => env.render(t, itemContext(sword, "fast-slow")))
      .join("");
    expect(page).not.toContain("<script>");
    expect(page).toContain("&lt;script&gt;");
  });
});
