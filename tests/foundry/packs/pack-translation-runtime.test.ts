/**
 * The runtime that shows pack content in the user's language: which key belongs to which document, which fields
 * change (only those still holding their English original), and the thin Foundry layer that applies it to index
 * entries, fetched compendium documents and creation data.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { englishPackStrings, packStrings, type PackStrings } from "../../../src/packs/pack-strings";
import {
  localizeFrayPacks,
  localizeIndex,
  registerPackTranslation,
  translateOnCreate,
  translatePackDocument,
  type PackLike,
  type SourceDocument as RuntimeDocument,
} from "../../../src/packs/pack-translation";
import { packTranslationUpdate, translatedItems, withUpdate } from "../../../src/packs/translate-source";
import {
  isFrayPack,
  packLabelKey,
  packTranslationKey,
  translationKeyOf,
} from "../../../src/packs/translation-key";
import { harness } from "../../harness/install";
import { Hooks } from "../../harness/core";
import { byPack, languageFiles, stringAt, type SourceDocument } from "./pack-sources";

const english = englishPackStrings(languageFiles.en);
const inLanguage =
  (lang: "fr" | "ja") =>
  (key: string): string | undefined =>
    stringAt(lang, key);
const french: PackStrings = packStrings(inLanguage("fr"), english);

const longsword = byPack("weapons").find((d) => d.name === "Longsword") as SourceDocument;
const maren = byPack("characters").find((d) => d.name === "Maren Holt") as SourceDocument;
const horse = byPack("creatures").find((d) => d.name === "Riding Horse") as SourceDocument;
const keyOf = (doc: SourceDocument) => translationKeyOf(doc) as string;
const fr = (key: string) => stringAt("fr", key) as string;

/** A stand-in Document: a source object, `toObject` (a copy) and `updateSource` (dotted paths, arrays replaced). */
interface FakeDocument extends RuntimeDocument {
  source: Record<string, unknown>;
  updates: Record<string, unknown>[];
  items?: FakeDocument[];
}

function fakeDocument(source: SourceDocument, extra: { pack?: string | null } = {}): FakeDocument {
  const doc: FakeDocument = {
    source: structuredClone(source) as Record<string, unknown>,
    updates: [],
    pack: extra.pack ?? null,
    toObject: () => structuredClone(doc.source),
    updateSource(changes: Record<string, unknown>) {
      doc.updates.push(changes);
      for (const [path, value] of Object.entries(changes)) {
        const parts = path.split(".");
        const last = parts.pop() as string;
        let node = doc.source;
        for (const part of parts) node = node[part] as Record<string, unknown>;
        node[last] = value;
      }
    },
  };
  if (Array.isArray(source.items)) doc.items = source.items.map((item) => fakeDocument(item));
  return doc;
}

describe("translation keys", () => {
  it("a pack document's key is FRAY.Packs.<pack>.<id>; the label's is FRAY.Packs.<pack>.label", () => {
    expect(packTranslationKey("weapons", "f32a36f71afdc071")).toBe("FRAY.Packs.weapons.f32a36f71afdc071");
    expect(packLabelKey("armor")).toBe("FRAY.Packs.armor.label");
    expect(() => packTranslationKey("weapons", "label")).toThrow();
    expect(() => packTranslationKey("Weapons!", "f32a36f71afdc071")).toThrow();
  });

  it("the key is read from flags.fray.translation, and only a well-formed pack key counts", () => {
    expect(translationKeyOf(longsword)).toBe("FRAY.Packs.weapons.f32a36f71afdc071");
    expect(translationKeyOf({ flags: { fray: { translation: "FRAY.Refusal.alreadyActed" } } })).toBeNull();
    expect(translationKeyOf({ flags: { other: { translation: keyOf(longsword) } } })).toBeNull();
    expect(translationKeyOf({ name: "Longsword" })).toBeNull();
    expect(translationKeyOf(null)).toBeNull();
  });

  it("only the system's own packs are Fray packs (not a world's or a module's)", () => {
    expect(isFrayPack({ packageType: "system", packageName: "fray" })).toBe(true);
    expect(isFrayPack({ packageType: "world", packageName: "fray" })).toBe(false);
    expect(isFrayPack({ packageType: "module", packageName: "fray-extras" })).toBe(false);
  });

  it("the English originals are every string under FRAY.Packs of en.json, and nothing else", () => {
    expect(english.get(`${keyOf(longsword)}.name`)).toBe("Longsword");
    expect(english.get(packLabelKey("weapons"))).toBe("Weapons");
    expect([...english.keys()].every((k) => k.startsWith("FRAY.Packs."))).toBe(true);
    expect(englishPackStrings({ FRAY: { Refusal: { a: "b" } } }).size).toBe(0);
    expect(englishPackStrings(undefined).size).toBe(0);
  });
});

describe("packTranslationUpdate", () => {
  it("translates an untouched pack item's name and description", () => {
    expect(packTranslationUpdate("Item", longsword, french)).toEqual({
      name: "Épée longue",
      "system.description": fr(`${keyOf(longsword)}.description`),
    });
  });

  it("leaves what someone changed: a renamed item keeps its name, its untouched description is translated", () => {
    const renamed = { ...longsword, name: "Grandfather's Blade" };
    expect(packTranslationUpdate("Item", renamed, french)).toEqual({
      "system.description": fr(`${keyOf(longsword)}.description`),
    });
  });

  it("translates an actor's name, token name, notes, ancestry and profession", () => {
    const key = keyOf(maren);
    const update = packTranslationUpdate("Actor", maren, french);
    expect(update).toEqual({
      "system.notes": fr(`${key}.description`),
      "system.ancestry": "Humaine",
      "system.profession": "Lame à louer",
    });
    const ja = packTranslationUpdate("Actor", maren, packStrings(inLanguage("ja"), english));
    expect(ja.name).toBe("マレン・ホルト");
    expect(ja["prototypeToken.name"]).toBe("マレン・ホルト");
  });

  it("does nothing for foreign documents, already translated ones, or missing translations", () => {
    expect(packTranslationUpdate("Item", { ...longsword, flags: {} }, french)).toEqual({});
    const translated = withUpdate(longsword, packTranslationUpdate("Item", longsword, french));
    expect(packTranslationUpdate("Item", translated, french)).toEqual({});
    expect(
      packTranslationUpdate(
        "Item",
        longsword,
        packStrings(() => undefined, english),
      ),
    ).toEqual({});
  });

  it("index entries (no flags) are keyed by their pack and id", () => {
    const entry = { _id: longsword._id, name: "Longsword" };
    expect(packTranslationUpdate("Item", entry, french)).toEqual({});
    expect(packTranslationUpdate("Item", entry, french, packTranslationKey("weapons", entry._id))).toEqual({
      name: "Épée longue",
    });
  });

  it("embedded items are translated through their own keys; none changed gives null", () => {
    const items = translatedItems(horse, french) as SourceDocument[];
    expect(items.map((i) => i.name)).toEqual(["Sabots"]);
    expect(horse.items?.[0]?.name).toBe("Hooves"); // the input is not mutated
    expect(translatedItems({ ...horse, items }, french)).toBeNull();
    expect(translatedItems({ name: "x" }, french)).toBeNull();
  });
});

describe("the Foundry layer", () => {
  beforeEach(() => {
    harness.translations = languageFiles.fr as Record<string, unknown>;
  });

  it("preCreate translates creation data, the actor's embedded items with it, and never cancels", () => {
    const actor = fakeDocument(maren);
    expect(translateOnCreate("Actor", actor, french)).toBeUndefined();
    expect(actor.updates).toHaveLength(1);
    const [update] = actor.updates as [Record<string, unknown>];
    expect(update["system.profession"]).toBe("Lame à louer");
    expect((update.items as SourceDocument[]).map((i) => i.name)).toContain("Épée longue");

    const item = fakeDocument(longsword);
    translateOnCreate("Item", item, french);
    expect(item.source.name).toBe("Épée longue");
  });

  it("preCreate leaves documents created inside a compendium, and does nothing before the strings load", () => {
    const inPack = fakeDocument(longsword, { pack: "fray.weapons" });
    translateOnCreate("Item", inPack, french);
    expect(inPack.updates).toEqual([]);
    const early = fakeDocument(longsword);
    translateOnCreate("Item", early, null);
    expect(early.updates).toEqual([]);
  });

  it("a document fetched from a pack is translated in memory, its embedded items too", () => {
    const actor = fakeDocument(horse);
    translatePackDocument(actor, "Actor", french);
    expect(actor.source.name).toBe("Cheval de selle");
    expect((actor.source.prototypeToken as { name: string }).name).toBe("Cheval de selle");
    expect(actor.items?.map((i) => i.source.name)).toEqual(["Sabots"]);
  });

  function fakePack(docs: SourceDocument[], name = "weapons", documentName = "Item") {
    const fresh = () => docs.map((d) => ({ _id: d._id, name: d.name }));
    const pack = {
      metadata: { name, label: "Weapons", packageType: "system", packageName: "fray" },
      documentName,
      entries: fresh(),
      index: { values: () => pack.entries },
      getIndex: async () => {
        pack.entries = fresh(); // the server sends English again
        return pack.index;
      },
      getDocument: async (id: string) => {
        const doc = docs.find((d) => d._id === id);
        return doc ? fakeDocument(doc) : undefined;
      },
      getDocuments: async () => docs.map((d) => fakeDocument(d)),
    };
    return pack;
  }

  it("index names are renamed in place; ids that are not pack ids are left alone", () => {
    const pack = fakePack(byPack("weapons"));
    pack.entries.push({ _id: "not-an-id", name: "Stray" });
    const entries = [...pack.entries];
    localizeIndex(pack as unknown as PackLike, french);
    expect(entries.find((e) => e._id === longsword._id)?.name).toBe("Épée longue");
    expect(entries.find((e) => e._id === "not-an-id")?.name).toBe("Stray");
    expect(entries.every((e) => e.name !== "Longsword")).toBe(true);
  });

  it("localizing a Fray pack sets its label, and every later index or document load comes translated", async () => {
    const pack = fakePack(byPack("weapons"));
    expect(localizeFrayPacks(french, [pack as unknown as PackLike])).toBe(true);
    expect(pack.metadata.label).toBe("Armes");
    expect(localizeFrayPacks(french, [pack as unknown as PackLike])).toBe(false); // once per pack

    await pack.getIndex();
    expect(pack.entries.find((e) => e._id === longsword._id)?.name).toBe("Épée longue");
    const doc = (await pack.getDocument(longsword._id)) as FakeDocument;
    expect(doc.source.name).toBe("Épée longue");
    const all = (await pack.getDocuments()) as FakeDocument[];
    expect(all.every((d) => d.source.name === stringAt("fr", `${translationKeyOf(d.source)}.name`))).toBe(
      true,
    );
  });

  it("registering wires setup, ready, preCreateItem and preCreateActor; the preCreate hooks never cancel", () => {
    registerPackTranslation();
    for (const hook of ["setup", "ready", "preCreateItem", "preCreateActor"])
      expect(Hooks.events[hook]?.length, hook).toBeGreaterThan(0);
    const item = fakeDocument(longsword);
    for (const fn of Hooks.events.preCreateItem ?? [])
      expect((fn as (...a: unknown[]) => unknown)(item, {}, {}, "user")).toBeUndefined();
  });
});
