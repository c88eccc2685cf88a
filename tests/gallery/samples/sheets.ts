/**
 * Actor and item sheets, one sample per tab and family: actors and items are built from their data models'
 * own defaults (the chat harness prepares them as Foundry would, derived statistics included), and the
 * contexts mirror FrayActorSheet/FrayItemSheet `_prepareContext` with the real view builders.
 */
import { readFileSync } from "node:fs";
import { ItemDoc, type ActorDoc } from "../../harness/chat";
import { creature } from "../../foundry/chat/setup";
import { actorSheetView, type ActorSource } from "../../../src/applications/sheets/actor-view";
import { choiceOptions } from "../../../src/applications/sheets/choices";
import { familyFlags } from "../../../src/applications/sheets/family-flags";
import type { ActorDerived } from "../../../src/data/actor/derive";
import { SPELL_TARGETS } from "../../../src/data/item/spell";
import { TALENT_ACTIVATIONS } from "../../../src/data/item/talent";
import { EQUIPPABLE_TYPES, ITEM_TYPES, type ItemType } from "../../../src/data/item/types";
import { DATA_MODELS } from "../../../src/data";
import { AD_WEAPON_SKILLS } from "../../../src/rules/families/active-defense-3d6/skills";
import { FS_ATTRIBUTES } from "../../../src/rules/families/fast-slow/derived";
import { FAMILY_IDS, type FamilyId } from "../../../src/rules/families/ids";
import { DURATION_UNITS } from "../../../src/rules/items/durations";
import { WEAPON_KINDS, WEAPON_PROPERTIES } from "../../../src/rules/items/weapon-kinds";
import { loc } from "../../../src/utils/loc";
import { templatePath } from "../../../src/utils/paths";
import type { GallerySample } from "../sample";

type Data = Record<string, unknown>;

/** A document's initial system data: every field's `initial`, as a new document gets it. */
function initialSource(schema: { fields: Record<string, unknown> }): Data {
  const out: Data = {};
  for (const [name, field] of Object.entries(schema.fields)) {
    const f = field as { fields?: Record<string, unknown>; initial?: unknown };
    out[name] = f.fields ? initialSource(f as { fields: Record<string, unknown> }) : f.initial;
  }
  return out;
}

function merge(base: Data, over: Data): Data {
  const out: Data = { ...base };
  for (const [k, v] of Object.entries(over)) {
    const b = base[k];
    out[k] =
      v && typeof v === "object" && !Array.isArray(v) && b && typeof b === "object"
        ? merge(b as Data, v as Data)
        : v;
  }
  return out;
}

function modelOf(documentName: string, type: string) {
  const model = DATA_MODELS.find((m) => m.metadata.documentName === documentName && m.metadata.type === type);
  if (!model) throw new Error(`no ${documentName} model "${type}"`);
  return model as unknown as { schema: { fields: Record<string, unknown> } };
}

const DESCRIPTION =
  "<p>A well-balanced piece, kept oiled and sharp; the grip is wrapped in worn leather.</p>";

/** What each item type holds in the samples, over its model's defaults. */
const ITEM_DATA: Record<ItemType, { name: string; system: Data }> = {
  weapon: {
    name: "Longsword",
    system: {
      equipped: true,
      damage: "1d8+1",
      reach: 1.5,
      ob: 45,
      parry: 2,
      threat: { min: 19, multiplier: 2 },
      properties: { unbalanced: true },
      description: DESCRIPTION,
    },
  },
  armor: {
    name: "Brigandine",
    system: { equipped: true, defense: 3, acBonus: 4, maxDex: 3, protection: 4, db: 20, dr: 3 },
  },
  shield: { name: "Heater shield", system: { equipped: true, weight: 4.5 } },
  spell: {
    name: "Ward of Brambles",
    system: {
      concentration: true,
      duration: { value: 10, unit: "minutes" },
      damage: "2d6",
      against: "agility",
    },
  },
  talent: { name: "Riposte", system: { activation: "reaction", duration: { value: 1, unit: "rounds" } } },
  gear: { name: "Rope, 15 m", system: { quantity: 2, weight: 1.5 } },
};

function item(type: ItemType, name = ITEM_DATA[type].name, over: Data = {}): ItemDoc {
  const system = merge(merge(initialSource(modelOf("Item", type).schema), ITEM_DATA[type].system), over);
  return new ItemDoc(name, type, system);
}

function actor(type: "character" | "creature"): ActorDoc {
  const base = initialSource(modelOf("Actor", type).schema);
  const stats: Data = {
    health: { value: 17, max: 24 },
    speed: 12,
    ancestry: "Human",
    profession: "Caravan guard",
    notes: "<p>Owes the ferryman two silver pieces. Afraid of deep water.</p>",
    fastSlow: {
      strength: { value: 13 },
      agility: { value: 9 },
      perception: { value: 12 },
      insanity: { value: 2 },
    },
    classicD20: {
      abilities: { str: { value: 15 }, dex: { value: 13 } },
      bab: 3,
      ac: { natural: 1, misc: -1 },
    },
    opposedD20: { initiative: 3, attack: { melee: 6, ranged: 2 }, defense: { block: 4, dodge: 3 } },
    phasedRound: { db: 15, movement: 22.5, quickness: 10, maneuver: 5 },
    activeDefense: { ag: 12, dev: 6, pev: 2, bev: 1, wt: 1.5, skills: { blade: 14, bow: 12 } },
    ...(type === "creature" ? { mount: true, nature: "skittish" } : {}),
  };
  const name = type === "creature" ? "Grey Destrier" : "Aldo Brennisk";
  const a = creature(name, merge(base, stats), [], type).actor;
  if (type === "character") {
    a.items.push(
      item("weapon"),
      item("weapon", "Crossbow of the Northern Marches", { kind: "ranged", range: 80, equipped: false }),
      item("armor"),
      item("shield"),
      item("spell"),
      item("talent"),
      item("gear"),
    );
  }
  a.prepare();
  return a;
}

/** FrayActorSheet's context (`_prepareContext` + `_preparePartContext`) for one active tab. */
function actorContext(a: ActorDoc, family: FamilyId, editable: boolean) {
  const source = a._source.system as unknown as ActorSource;
  const derived = (a.system as unknown as { derived: ActorDerived }).derived;
  return {
    actor: a,
    system: a.system,
    source,
    derived,
    ...actorSheetView(source, derived),
    family,
    familyLabel: loc(`FRAY.Family.${family}.name`),
    isCreature: a.type === "creature",
    editable,
    tab: { cssClass: "active" },
    enrichedNotes: (source as unknown as { notes: string }).notes,
    itemGroups: ITEM_TYPES.map((type) => ({
      type,
      label: `TYPES.Item.${type}Pl`,
      items: a.items
        .filter((i) => i.type === type)
        .map((i) => ({
          id: i.id,
          name: i.name,
          img: i.img,
          system: i.system,
          equippable: EQUIPPABLE_TYPES.includes(type),
          attack: type === "weapon",
        })),
    })),
  };
}

/** FrayItemSheet's context (`_prepareContext`, its options and property rows). */
function itemContext(i: ItemDoc, family: FamilyId) {
  const system = i.system;
  const str = (key: string) => String(system[key] ?? "");
  const duration = (system.duration ?? {}) as { unit?: string };
  const properties = (system.properties ?? {}) as Record<string, boolean>;
  return {
    item: i,
    system,
    family,
    families: familyFlags(family),
    typeLabel: `TYPES.Item.${i.type}`,
    editable: true,
    enrichedDescription: String(system.description ?? ""),
    options: {
      kind: choiceOptions(WEAPON_KINDS, "FRAY.Item.Weapon.Kind", str("kind")),
      attribute: choiceOptions(FS_ATTRIBUTES, "FRAY.Family.fast-slow.Attribute", str("attribute")),
      skill: choiceOptions(AD_WEAPON_SKILLS, "FRAY.Family.active-defense-3d6.Skill", str("skill")),
      against: choiceOptions(SPELL_TARGETS, "FRAY.Item.Spell.Against", str("against")),
      activation: choiceOptions(TALENT_ACTIVATIONS, "FRAY.Item.Talent.Activation", str("activation")),
      durationUnit: choiceOptions(DURATION_UNITS, "FRAY.Duration", duration.unit ?? ""),
    },
    propertyRows: WEAPON_PROPERTIES.map((id) => ({
      id,
      label: loc(`FRAY.Item.Weapon.Property.${id}`),
      checked: Boolean(properties[id]),
    })),
  };
}

const ACTOR_WINDOW = { kind: "sheet", classes: ["fray", "sheet", "actor"], width: 640, height: 720 } as const;
const ITEM_WINDOW = { kind: "sheet", classes: ["fray", "sheet", "item"], width: 520, height: 600 } as const;
const TABS = (active: string) => ({
  labelPrefix: "FRAY.Sheet.Tab",
  ids: ["stats", "items", "notes"],
  active,
});

export function sheetSamples(): GallerySample[] {
  const hero = actor("character");
  const horse = actor("creature");
  const samples: GallerySample[] = [];
  for (const family of FAMILY_IDS) {
    samples.push({
      id: `actor-stats-${family}`,
      title: `Character sheet, statistics tab, ${family}`,
      frame: { ...ACTOR_WINDOW, title: hero.name, tabs: TABS("stats") },
      parts: () => [
        { template: templatePath("actor/header"), context: actorContext(hero, family, true) },
        { template: templatePath(`actor/family/${family}`), context: actorContext(hero, family, true) },
      ],
    });
  }
  samples.push(
    {
      id: "actor-stats-creature-readonly",
      title: "Creature sheet (a mount) as an observer sees it, active-defense-3d6",
      frame: {
        ...ACTOR_WINDOW,
        classes: [...ACTOR_WINDOW.classes, "creature"],
        title: horse.name,
        tabs: TABS("stats"),
      },
      parts: () => [
        { template: templatePath("actor/header"), context: actorContext(horse, "active-defense-3d6", false) },
        {
          template: templatePath("actor/family/active-defense-3d6"),
          context: actorContext(horse, "active-defense-3d6", false),
        },
      ],
    },
    {
      id: "actor-items",
      title: "Character sheet, items tab: one group per item type, a weapon's attack button",
      frame: { ...ACTOR_WINDOW, title: hero.name, tabs: TABS("items") },
      parts: () => [
        { template: templatePath("actor/header"), context: actorContext(hero, "classic-d20", true) },
        { template: templatePath("actor/items"), context: actorContext(hero, "classic-d20", true) },
      ],
    },
    {
      id: "actor-notes",
      title: "Character sheet, notes tab (read-only, enriched)",
      frame: { ...ACTOR_WINDOW, title: hero.name, tabs: TABS("notes") },
      parts: () => [
        { template: templatePath("actor/header"), context: actorContext(hero, "opposed-d20", false) },
        { template: templatePath("actor/notes"), context: actorContext(hero, "opposed-d20", false) },
      ],
    },
  );
  for (const type of ITEM_TYPES) {
    // Each family shows its own fields: every item sheet that has some, in every family.
    const perFamily = readFileSync(`templates/item/${type}.hbs`, "utf8").includes("families.");
    for (const family of perFamily ? FAMILY_IDS : (["fast-slow"] as const)) {
      const i = item(type);
      samples.push({
        id: perFamily ? `item-${type}-${family}` : `item-${type}`,
        title: perFamily
          ? `Item sheet: ${type}, ${family}`
          : `Item sheet: ${type} (the same in every family)`,
        frame: { ...ITEM_WINDOW, title: i.name },
        parts: () => [
          { template: templatePath("item/header"), context: itemContext(i, family) },
          { template: templatePath(`item/${type}`), context: itemContext(i, family) },
        ],
      });
    }
  }
  return samples;
}
