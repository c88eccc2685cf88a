/**
 * Names and descriptions reach French, Polish, Spanish and Japanese players: every pack document (and every item
 * embedded in a pack actor) names its translation key, and every key is filled in all five language files, the
 * English text being exactly what the document stores (the runtime only replaces untouched English).
 */
import { describe, expect, it } from "vitest";
import { packLabelKey, packTranslationKey, translationKeyOf } from "../../../src/packs/translation-key";
import {
  embeddedItems,
  LANGUAGES,
  languageFiles,
  manifest,
  packDocuments,
  stringAt,
  type SourceDocument,
} from "./pack-sources";

/** The translated fields of a document and the text each one stores. */
function storedTexts(documentName: string, doc: SourceDocument): Record<string, string> {
  const system = doc.system as Record<string, string>;
  if (documentName === "Item") return { name: doc.name, description: system.description ?? "" };
  const texts: Record<string, string> = { name: doc.name, description: system.notes ?? "" };
  if (doc.type === "character")
    Object.assign(texts, { ancestry: system.ancestry, profession: system.profession });
  return texts;
}

const everyDocument = [
  ...packDocuments.map((d) => ({ label: d.file, documentName: d.documentName, doc: d.doc })),
  ...embeddedItems.map((e) => ({ label: `${e.file} › ${e.doc.name}`, documentName: "Item", doc: e.doc })),
];

describe("pack translations", () => {
  it("each pack document's key is its pack and id; embedded items name the pack item they copy or their own", () => {
    for (const { pack, doc } of packDocuments)
      expect(translationKeyOf(doc), doc.name).toBe(packTranslationKey(pack, doc._id));
    const keys = new Set(packDocuments.map((d) => translationKeyOf(d.doc)));
    for (const { pack, doc, actor } of embeddedItems) {
      const key = translationKeyOf(doc);
      const own = packTranslationKey(pack, doc._id);
      expect(key === own || keys.has(key), `${actor.name} › ${doc.name}`).toBe(true);
    }
  });

  it.each(everyDocument.map((d) => [d.label, d] as const))(
    "%s has its name and description in en, fr, pl, es and ja",
    (_label, { documentName, doc }) => {
      const key = translationKeyOf(doc) as string;
      for (const [field, stored] of Object.entries(storedTexts(documentName, doc))) {
        expect(stringAt("en", `${key}.${field}`), `en ${field}`).toBe(stored);
        for (const lang of LANGUAGES) {
          const text = stringAt(lang, `${key}.${field}`);
          expect(text?.trim(), `${lang} ${field}`).toBeTruthy();
          if (field === "description") expect(text, `${lang} ${field}`).toMatch(/^<p>[^]*<\/p>$/);
          // Real translations: prose differs from the English; Japanese spells even names its own way.
          if (lang !== "en" && (field === "description" || lang === "ja"))
            expect(text, `${lang} ${field}`).not.toBe(stored);
        }
      }
    },
  );

  it("every pack label is translated, the English one being system.json's", () => {
    for (const pack of manifest.packs)
      for (const lang of LANGUAGES) {
        const label = stringAt(lang, packLabelKey(pack.name));
        expect(label?.trim(), `${lang} ${pack.name}`).toBeTruthy();
        if (lang === "en") expect(label).toBe(pack.label);
      }
  });

  it("no translation is left without its document (nothing to rot in the language files)", () => {
    const used = new Set([...packDocuments, ...embeddedItems].map((d) => translationKeyOf(d.doc)));
    for (const lang of LANGUAGES) {
      const packs = ((languageFiles[lang] as { FRAY?: { Packs?: Record<string, Record<string, unknown>> } })
        .FRAY?.Packs ?? {}) as Record<string, Record<string, unknown>>;
      for (const [pack, entries] of Object.entries(packs)) {
        expect(
          manifest.packs.map((p) => p.name),
          `${lang}: ${pack}`,
        ).toContain(pack);
        for (const id of Object.keys(entries))
          if (id !== "label")
            expect(used.has(packTranslationKey(pack, id)), `${lang}: ${pack}.${id}`).toBe(true);
      }
    }
  });
});
