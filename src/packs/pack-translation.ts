/**
 * Shows Fray's compendium content in the user's language. Foundry stores pack documents in English (the YAML in
 * packs/_source); the translations live in lang/ under `FRAY.Packs` (see translation-key.ts). This module:
 * (a) localizes pack labels and index names of Fray packs once the language is loaded, and again whenever an
 *     index is reloaded;
 * (b) translates documents fetched from Fray packs (what a sheet opened from the compendium shows, and what an
 *     import or a drop copies), embedded items included;
 * (c) translates creation data that still carries English pack text (preCreateItem / preCreateActor), so any
 *     other import path ends up translated too.
 * Only fields that still hold their English original change (pack-strings.ts). The decisions are pure
 * (translate-source.ts); this file only reads and writes Foundry objects.
 */
import { systemPath } from "../utils/paths";
import { englishPackStrings, packStrings, type PackStrings } from "./pack-strings";
import { packTranslationUpdate, translatedItems, type PackDocumentName } from "./translate-source";
import { isFrayPack, packLabelKey, packTranslationKey } from "./translation-key";

interface IndexEntry {
  _id: string;
  name?: string;
}

/** The part of a Document this module touches. */
export interface SourceDocument {
  readonly pack?: string | null;
  readonly items?: Iterable<SourceDocument>;
  toObject(source?: boolean): unknown;
  updateSource(changes: Record<string, unknown>): unknown;
}

/** The part of a CompendiumCollection this module touches. */
export interface PackLike {
  readonly metadata: { name: string; label: string; packageType?: string; packageName?: string };
  readonly documentName: string;
  readonly index: { values(): Iterable<IndexEntry> };
  getIndex(...args: unknown[]): Promise<unknown>;
  getDocument(id: string, ...args: unknown[]): Promise<unknown>;
  getDocuments(...args: unknown[]): Promise<unknown[]>;
}

const DOCUMENT_ID = /^[A-Za-z0-9]{16}$/;
const patchedPacks = new WeakSet<PackLike>();
let strings: PackStrings | null = null;
let started: Promise<void> | null = null;

const packDocumentName = (name: string): PackDocumentName | null =>
  name === "Actor" || name === "Item" ? name : null;

function currentLanguage(key: string): string | undefined {
  return game.i18n?.has(key) ? game.i18n.localize(key) : undefined;
}

/** Wires the hooks; called once from the init hook. */
export function registerPackTranslation(): void {
  Hooks.once("setup", () => {
    started = startPackTranslation();
  });
  Hooks.once("ready", () => {
    // Packs that were not there at setup (none in v13, but cheap to be sure) are handled now.
    void (started ?? Promise.resolve()).then(() => {
      if (strings && localizeFrayPacks(strings)) rerenderCompendiumDirectory();
    });
  });
  Hooks.on("preCreateItem", (item) => {
    translateOnCreate("Item", item);
  });
  Hooks.on("preCreateActor", (actor) => {
    translateOnCreate("Actor", actor);
  });
}

async function startPackTranslation(): Promise<void> {
  if (!game.i18n || game.i18n.lang === "en") return;
  for (const pack of frayPacks()) localizeLabel(pack);
  strings = packStrings(currentLanguage, await loadEnglishPackStrings());
  localizeFrayPacks(strings);
  rerenderCompendiumDirectory();
}

async function loadEnglishPackStrings(): Promise<Map<string, string>> {
  try {
    const response = await fetch(systemPath("lang/en.json"));
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return englishPackStrings(await response.json());
  } catch (error) {
    // Without the originals nothing can be proven untouched, so nothing is translated.
    console.warn("Fray | compendium translations disabled: lang/en.json could not be read", error);
    return new Map();
  }
}

function frayPacks(): PackLike[] {
  const packs: Iterable<PackLike> = game.packs ?? [];
  return [...packs].filter((pack) => isFrayPack(pack.metadata));
}

/** Localizes every Fray pack not handled yet; true when one was. */
export function localizeFrayPacks(texts: PackStrings, packs: readonly PackLike[] = frayPacks()): boolean {
  let any = false;
  for (const pack of packs) {
    if (patchedPacks.has(pack)) continue;
    patchedPacks.add(pack);
    any = true;
    localizeLabel(pack);
    localizeIndex(pack, texts);
    patchPack(pack, texts);
  }
  return any;
}

function localizeLabel(pack: PackLike): void {
  const key = packLabelKey(pack.metadata.name);
  if (game.i18n?.has(key)) pack.metadata.label = game.i18n.localize(key);
}

/** Renames index entries in place (the compendium's tree and search hold the same objects). */
export function localizeIndex(pack: PackLike, texts: PackStrings): void {
  const documentName = packDocumentName(pack.documentName);
  if (!documentName) return;
  for (const entry of pack.index.values()) {
    if (!DOCUMENT_ID.test(entry._id)) continue;
    const key = packTranslationKey(pack.metadata.name, entry._id);
    const update = packTranslationUpdate(documentName, entry, texts, key);
    if (update.name !== undefined) entry.name = update.name;
  }
}

/** Translates a document fetched from a Fray pack, in memory only (the pack keeps its English). */
export function translatePackDocument(
  document: unknown,
  documentName: PackDocumentName,
  texts: PackStrings,
): void {
  if (!document || typeof document !== "object") return;
  const doc = document as SourceDocument;
  const update = packTranslationUpdate(documentName, doc.toObject(), texts);
  if (Object.keys(update).length) doc.updateSource(update);
  if (documentName === "Actor")
    for (const item of doc.items ?? []) {
      const itemUpdate = packTranslationUpdate("Item", item.toObject(), texts);
      if (Object.keys(itemUpdate).length) item.updateSource(itemUpdate);
    }
}

function patchPack(pack: PackLike, texts: PackStrings): void {
  const documentName = packDocumentName(pack.documentName);
  if (!documentName) return;
  const getIndex = pack.getIndex.bind(pack);
  const getDocument = pack.getDocument.bind(pack);
  const getDocuments = pack.getDocuments.bind(pack);
  pack.getIndex = async (...args) => {
    const index = await getIndex(...args);
    localizeIndex(pack, texts);
    return index;
  };
  pack.getDocument = async (id, ...args) => {
    const document = await getDocument(id, ...args);
    translatePackDocument(document, documentName, texts);
    return document;
  };
  pack.getDocuments = async (...args) => {
    const documents = await getDocuments(...args);
    for (const document of documents) translatePackDocument(document, documentName, texts);
    return documents;
  };
}

/** preCreate: translates creation data that still carries English pack text. Never cancels the creation. */
export function translateOnCreate(
  documentName: PackDocumentName,
  document: SourceDocument,
  texts: PackStrings | null = strings,
): void {
  // Documents created inside a compendium (an unlocked pack being edited) keep what their author wrote.
  if (!texts || document.pack) return;
  const source = document.toObject();
  const update: Record<string, unknown> = packTranslationUpdate(documentName, source, texts);
  if (documentName === "Actor") {
    const items = translatedItems(source, texts);
    if (items) update.items = items;
  }
  if (Object.keys(update).length) document.updateSource(update);
}

function rerenderCompendiumDirectory(): void {
  const directory = ui.compendium as { rendered?: boolean; render(): unknown } | undefined;
  if (directory?.rendered) directory.render();
}
