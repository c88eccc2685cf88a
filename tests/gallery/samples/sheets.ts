/**
 * Actor and item sheets, one sample per tab and family: actors and items are built from their data models'
 * own defaults (the chat harness prepares them as Foundry would, derived statistics included), and the
 * contexts come from the sheets' own builders (`actorSheetContext`, `itemSheetContext`); only what Foundry
 * itself adds (the tabs, the enriched notes and description) is filled in here. The Effects tab shows a
 * creature in a fast-slow fight: statuses, the round engine's timed states (FS-A5 Defend, FS-A8 Help, FS-A3
 * concentration) and ActiveEffects.
 */
import { readFileSync } from "node:fs";
import { load } from "js-yaml";
import type { ActorDoc } from "../../harness/chat";
import { FightDoc, ItemDoc, world } from "../../harness/chat";
import { alice, as, bob, creature, gm } from "../../foundry/chat/setup";
import { actorSheetContext } from "../../../src/applications/sheets/actor-context";
import { itemSheetContext } from "../../../src/applications/sheets/item-context";
import { openRollFlavorContext, OPEN_ROLL_FLAVOR } from "../../../src/applications/sheets/sheet-rolls";
import { ITEM_TYPES, type ItemType } from "../../../src/data/item/types";
import { DATA_MODELS } from "../../../src/data";
import { applyRoundEvents } from "../../../src/documents/combat-api";
import { DEFAULT_OPEN_ENDED } from "../../../src/rules/dice/open-ended-d100";
import { defendState } from "../../../src/rules/families/fast-slow/defend";
import { helpState } from "../../../src/rules/families/fast-slow/help";
import { FAMILY_IDS, type FamilyId } from "../../../src/rules/families/ids";
import { templatePath } from "../../../src/utils/paths";
import type { GallerySample } from "../sample";

type Data = Record<string, unknown>;
type User = Parameters<typeof as>[0];

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

let nextEffect = 1;

/** An ActiveEffect as the sheets read one (core prepares `duration.label`; the names are data). */
function effect(parent: unknown, name: string, over: Data = {}): Data {
  const id = `effect${nextEffect++}`;
  return {
    id,
    uuid: `Effect.${id}`,
    name,
    img: "icons/svg/aura.svg",
    disabled: false,
    isSuppressed: false,
    origin: null,
    statuses: new Set<string>(),
    changes: [{ key: "system.speed", mode: 2, value: "2" }],
    duration: { type: "none", label: "" },
    parent,
    ...over,
  };
}

function item(type: ItemType, name = ITEM_DATA[type].name, over: Data = {}): ItemDoc {
  const system = merge(merge(initialSource(modelOf("Item", type).schema), ITEM_DATA[type].system), over);
  const doc = new ItemDoc(name, type, system);
  if (type === "weapon" && !("kind" in over))
    Object.assign(doc, {
      effects: [effect(doc, "Keen edge of the Northern Marches"), effect(doc, "Blessed", { disabled: true })],
    });
  return doc;
}

function actor(type: "character" | "creature", name?: string): ActorDoc {
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
    ...(type === "creature" ? { mount: true, nature: "skittish", size: 2, speed: 16 } : {}),
  };
  const a = creature(
    name ?? (type === "creature" ? "Grey Destrier" : "Aldo Brennisk"),
    merge(base, stats),
    [alice],
    type,
  ).actor;
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
  } else {
    a.items.push(
      // Both strike with the unarmed skill (active-defense-3d6): its stat block lists that skill only.
      item("weapon", "Hooves", { damage: "1d6+2", skill: "unarmed", equipped: true }),
      item("weapon", "Bite", { damage: "1d4", skill: "unarmed", equipped: true }),
    );
  }
  a.prepare();
  return a;
}

/** A caster who knows three of the pack's spells (an attack spell, one with no roll, one needing concentration). */
function spellCaster(): ActorDoc {
  const a = creature("Maren Holt", initialSource(modelOf("Actor", "character").schema), [alice]).actor;
  for (const file of ["ember-dart", "mend-flesh", "lantern-eye"]) {
    const source = load(readFileSync(`packs/_source/spells/${file}.yml`, "utf8")) as {
      name: string;
      img: string;
      system: Data;
    };
    const spell = new ItemDoc(source.name, "spell", source.system);
    spell.img = source.img;
    a.items.push(spell);
  }
  a.prepare();
  return a;
}

const TAB_IDS = ["stats", "items", "effects", "notes"] as const;

/** The tabs Foundry prepares for the sheet (`_prepareTabs`), one of them shown. */
function tabs(active: string) {
  return Object.fromEntries(
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
}

/** The actor sheet's context: `actorSheetContext` and what Foundry adds (tabs, enriched notes). */
function actorContext(a: ActorDoc, family: FamilyId, editable: boolean, user: User, active = "stats") {
  return {
    ...actorSheetContext(a as never, { family, editable, user: user as never, idPrefix: `sample-${a.id}` }),
    tabs: tabs(active),
    tab: { cssClass: "active" },
    enrichedNotes: String((a._source.system as { notes?: string }).notes ?? ""),
  };
}

function itemContext(i: ItemDoc, family: FamilyId) {
  return {
    ...itemSheetContext(i as never, { family, editable: true, idPrefix: `sample-${i.id}` }),
    enrichedDescription: String(i.system.description ?? ""),
  };
}

const ACTOR_WINDOW = { kind: "sheet", classes: ["fray", "sheet", "actor"], width: 640, height: 720 } as const;
const ITEM_WINDOW = { kind: "sheet", classes: ["fray", "sheet", "item"], width: 520, height: 600 } as const;

/** An actor sheet: its header, its tabs and one tab's part. */
function actorParts(template: string, context: () => unknown) {
  return () => {
    const c = context();
    return [
      { template: templatePath("actor/header"), context: c },
      { template: templatePath("actor/tabs"), context: c },
      { template: templatePath(template), context: c },
    ];
  };
}

/**
 * A creature in a fast-slow fight, holding Defend, a Help and a concentration, with statuses and effects. The
 * fight is in the world only while its context is built (the other samples' creatures are in no fight).
 */
async function fightingSample(): Promise<(active: string) => unknown> {
  const mira = actor("character", "Mira of Vesk");
  const tobin = creature("Tobin Ashgrove", {}, [bob]);
  const ward = new ItemDoc("Ward of the Grey Lantern", "spell", { concentration: true });
  world.documents.set("Item.ward", ward);
  const brigandine = mira.items.find((i) => i.type === "armor");
  for (const status of ["mounted", "hidden", "concentrating"]) mira.statuses.add(status);
  Object.assign(mira, {
    effects: [
      effect(mira, "Blessing of the Grey Lantern", {
        origin: "Item.ward",
        duration: { type: "turns", label: "3 rounds" },
      }),
      effect(brigandine, "Heavy armour: slowed", { disabled: true }),
      effect(mira, "Mounted", { statuses: new Set(["mounted"]), changes: [] }),
    ],
  });
  const fight = new FightDoc({ family: "fast-slow", options: {}, engine: null });
  const miraId = fight.add(mira, null).id;
  const tobinId = fight.add(tobin.actor, tobin.token).id;
  const defend = defendState(miraId, 1);
  const help = helpState({ target: miraId, helper: tobinId, round: 1 });
  const out = await as(gm, () =>
    applyRoundEvents(fight as never, [
      { type: "startCombat", gmOverride: true },
      { type: "addTimedState", state: { key: defend.key, holder: miraId, expiry: defend.expiry } },
      {
        type: "addTimedState",
        state: { key: help.key, holder: miraId, expiry: help.expiry, data: help.data },
      },
      {
        type: "addTimedState",
        state: {
          key: "concentration",
          holder: miraId,
          expiry: { kind: "endOfRound", round: 2 },
          data: { effectId: "Item.ward" },
        },
      },
    ]),
  );
  if (!out.ok) throw new Error(`the effects sample's fight: ${out.reason}`);
  world.combats.delete(fight.id);
  return (active) => {
    world.combats.set(fight.id, fight);
    try {
      return actorContext(mira, "fast-slow", true, gm, active);
    } finally {
      world.combats.delete(fight.id);
    }
  };
}

export async function sheetSamples(): Promise<GallerySample[]> {
  const hero = actor("character");
  const horse = actor("creature");
  const caster = spellCaster();
  const fighting = await fightingSample();
  const samples: GallerySample[] = [];
  for (const family of FAMILY_IDS) {
    samples.push({
      id: `actor-stats-${family}`,
      title: `Character sheet, statistics tab, ${family}: every statistic, its rolls and the fight controls`,
      frame: { ...ACTOR_WINDOW, title: hero.name },
      parts: actorParts(`actor/family/${family}`, () => actorContext(hero, family, true, alice)),
    });
  }
  samples.push(
    {
      id: "actor-stats-creature-readonly",
      title:
        "Creature sheet (a mount) as an observer sees it, active-defense-3d6: no rolls, nothing editable",
      frame: { ...ACTOR_WINDOW, classes: [...ACTOR_WINDOW.classes, "creature"], title: horse.name },
      parts: actorParts("actor/family/active-defense-3d6", () =>
        actorContext(horse, "active-defense-3d6", false, bob),
      ),
    },
    {
      id: "actor-stats-creature-fast-slow",
      title:
        "Creature sheet (a mount) as its GM sees it, fast-slow: a stat block, its attacks first with their rolls",
      frame: { ...ACTOR_WINDOW, classes: [...ACTOR_WINDOW.classes, "creature"], title: horse.name },
      parts: actorParts("actor/family/fast-slow", () => actorContext(horse, "fast-slow", true, gm)),
    },
    {
      id: "actor-items",
      title: "Character sheet, items tab: one group per item type, each weapon's attack value and button",
      frame: { ...ACTOR_WINDOW, title: hero.name },
      parts: actorParts("actor/items", () => actorContext(hero, "classic-d20", true, alice, "items")),
    },
    {
      id: "actor-items-spells",
      title:
        "Items tab of a caster, fast-slow: each spell's Cast button (FS-A1 attack spell, FS-A2 spell with no roll)",
      frame: { ...ACTOR_WINDOW, title: caster.name },
      parts: actorParts("actor/items", () => actorContext(caster, "fast-slow", true, alice, "items")),
    },
    {
      id: "actor-effects",
      title:
        "Effects tab (GM): statuses, Defend, Help and concentration in a fight (FS-A5, FS-A8, FS-A3), effects",
      frame: { ...ACTOR_WINDOW, title: "Mira of Vesk" },
      parts: actorParts("actor/effects", () => fighting("effects")),
    },
    {
      id: "actor-stats-fast-slow-fight",
      title: "Statistics tab in a fast-slow fight (GM): the budget panel, Defend taken (FS-A5), the rolls",
      frame: { ...ACTOR_WINDOW, title: "Mira of Vesk" },
      parts: actorParts("actor/family/fast-slow", () => fighting("stats")),
    },
    {
      id: "actor-effects-empty",
      title: "Effects tab of a creature with no effect, outside a fight, as an observer",
      frame: {
        ...ACTOR_WINDOW,
        classes: [...ACTOR_WINDOW.classes, "creature"],
        title: horse.name,
        height: 420,
      },
      parts: actorParts("actor/effects", () => actorContext(horse, "fast-slow", false, bob, "effects")),
    },
    {
      id: "actor-notes",
      title: "Character sheet, notes tab (read-only, enriched)",
      frame: { ...ACTOR_WINDOW, title: hero.name },
      parts: actorParts("actor/notes", () => actorContext(hero, "opposed-d20", false, bob, "notes")),
    },
    {
      id: "chat-open-roll",
      title:
        "PR-P6 manoeuvre roll from the sheet: open-ended d100 (97 rolls again and adds) + manoeuvre bonus",
      frame: { kind: "chat", speaker: hero.name, roll: { formula: "1d100", total: 97 } },
      parts: () => [
        {
          template: OPEN_ROLL_FLAVOR,
          slot: "flavor" as const,
          context: openRollFlavorContext(
            hero.name,
            "FRAY.Sheet.Roll.maneuverRoll",
            [97, 42],
            DEFAULT_OPEN_ENDED,
            5,
          ),
        },
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
          ? `Item sheet: ${type}, ${family}, with its effects`
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
