/**
 * Which fields of a pack document are translated, and the update that translates them. Pure: the Foundry layer
 * (pack-translation.ts) applies the result with `updateSource`, to compendium documents, index entries and
 * creation data alike.
 */
import type { PackStrings } from "./pack-strings";
import { translationKeyOf } from "./translation-key";

export type PackDocumentName = "Actor" | "Item";

/** [key suffix, dotted path] pairs: the same suffix may feed several paths (an actor's name and its token's). */
export const TRANSLATED_FIELDS: Record<PackDocumentName, readonly (readonly [string, string])[]> = {
  Item: [
    ["name", "name"],
    ["description", "system.description"],
  ],
  Actor: [
    ["name", "name"],
    ["name", "prototypeToken.name"],
    ["description", "system.notes"],
    ["ancestry", "system.ancestry"],
    ["profession", "system.profession"],
  ],
};

function valueAt(source: unknown, path: string): unknown {
  let node = source;
  for (const part of path.split(".")) {
    if (!node || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/**
 * The `updateSource` data (dotted paths) that translates one document's own fields; embedded documents are not
 * included (see `translatedItems`). `key` defaults to the document's `flags.fray.translation`; index entries,
 * which carry no flags, pass the key of their pack and id. Empty when nothing needs to change.
 */
export function packTranslationUpdate(
  documentName: PackDocumentName,
  source: unknown,
  strings: PackStrings,
  key: string | null = translationKeyOf(source),
): Record<string, string> {
  const update: Record<string, string> = {};
  if (!key) return update;
  for (const [suffix, path] of TRANSLATED_FIELDS[documentName]) {
    const current = valueAt(source, path);
    if (typeof current !== "string") continue;
    const fieldKey = `${key}.${suffix}`;
    const translated = strings.translate(fieldKey);
    if (translated === undefined || translated === current) continue;
    if (!strings.isOriginal(fieldKey, current)) continue;
    update[path] = translated;
  }
  return update;
}

/** A deep copy of `source` with a dotted-path update applied. */
export function withUpdate<T>(source: T, update: Readonly<Record<string, string>>): T {
  const copy = structuredClone(source) as Record<string, unknown>;
  for (const [path, value] of Object.entries(update)) {
    const parts = path.split(".");
    const last = parts.pop() as string;
    let node = copy;
    for (const part of parts) {
      const next = node[part];
      node = (next && typeof next === "object" ? next : (node[part] = {})) as Record<string, unknown>;
    }
    node[last] = value;
  }
  return copy as T;
}

/**
 * The embedded items of an actor source, translated; null when none changes (so the caller leaves them alone).
 * Each embedded item carries its own key: the pack item it copies, or its own entry for natural weapons.
 */
export function translatedItems(actorSource: unknown, strings: PackStrings): unknown[] | null {
  const items = (actorSource as { items?: unknown } | null | undefined)?.items;
  if (!Array.isArray(items)) return null;
  let changed = false;
  const result = items.map((item: unknown) => {
    const update = packTranslationUpdate("Item", item, strings);
    if (!Object.keys(update).length) return item;
    changed = true;
    return withUpdate(item, update);
  });
  return changed ? result : null;
}
