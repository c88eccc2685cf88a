/**
 * Reads what the build compiles: system.json's packs, every YAML document under packs/_source/<pack>/ (recursively,
 * as `compilePack(..., { recursive: true })` does), and the five language files.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { load } from "js-yaml";

export const LANGUAGES = ["en", "fr", "pl", "es", "ja"] as const;
export type Language = (typeof LANGUAGES)[number];

export interface PackManifest {
  name: string;
  label: string;
  path: string;
  type: string;
  system: string;
}

export interface SourceDocument {
  _id: string;
  _key: string;
  name: string;
  type: string;
  img: string;
  system: Record<string, unknown>;
  flags: Record<string, Record<string, unknown>>;
  items?: SourceDocument[];
  prototypeToken?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface PackDocument {
  pack: string;
  /** The document type of the pack: "Actor" or "Item". */
  documentName: string;
  file: string;
  doc: SourceDocument;
}

export const manifest = JSON.parse(readFileSync("system.json", "utf8")) as {
  packs: PackManifest[];
  packFolders: { name: string; packs: string[]; folders?: unknown[] }[];
};

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = join(dir, entry);
    if (statSync(full).isDirectory()) return yamlFiles(full);
    return /\.ya?ml$/.test(entry) ? [full] : [];
  });
}

export const SOURCE_ROOT = join("packs", "_source");

export const packDocuments: PackDocument[] = manifest.packs.flatMap((pack) =>
  yamlFiles(join(SOURCE_ROOT, pack.name)).map((file) => ({
    pack: pack.name,
    documentName: pack.type,
    file: relative(SOURCE_ROOT, file),
    doc: load(readFileSync(file, "utf8")) as SourceDocument,
  })),
);

/** Every item embedded in a pack actor, with the actor that holds it. */
export const embeddedItems = packDocuments.flatMap((entry) =>
  (entry.doc.items ?? []).map((item) => ({ ...entry, actor: entry.doc, doc: item })),
);

export const languageFiles = Object.fromEntries(
  LANGUAGES.map((lang) => [lang, JSON.parse(readFileSync(join("lang", `${lang}.json`), "utf8")) as unknown]),
) as Record<Language, unknown>;

/** The string at a dotted key of a language file, or undefined. */
export function stringAt(lang: Language, key: string): string | undefined {
  let node: unknown = languageFiles[lang];
  for (const part of key.split(".")) {
    if (!node || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : undefined;
}

export const byPack = (pack: string) => packDocuments.filter((d) => d.pack === pack).map((d) => d.doc);
