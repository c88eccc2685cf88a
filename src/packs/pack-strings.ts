/**
 * The strings a translation is made from: the current language (what Foundry localizes) and the English originals
 * (what the pack documents store). A field is translated only while it still holds its English original, so a
 * name or description someone has edited is never overwritten.
 */
import { PACK_KEY_ROOT } from "./translation-key";

export interface PackStrings {
  /** The current language's text for a key, or undefined when there is none. */
  translate(key: string): string | undefined;
  /** Whether `value` is still the English original of `key`. */
  isOriginal(key: string, value: string): boolean;
}

/** The English originals: every string under `FRAY.Packs` of en.json, by dotted key. */
export function englishPackStrings(english: unknown): Map<string, string> {
  const strings = new Map<string, string>();
  let node: unknown = english;
  for (const part of PACK_KEY_ROOT.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
  const walk = (value: unknown, prefix: string) => {
    if (typeof value === "string") strings.set(prefix, value);
    else if (value && typeof value === "object")
      for (const [k, v] of Object.entries(value)) walk(v, `${prefix}.${k}`);
  };
  if (node && typeof node === "object") walk(node, PACK_KEY_ROOT);
  return strings;
}

/** PackStrings from a lookup in the current language and the English originals. */
export function packStrings(
  translate: (key: string) => string | undefined,
  english: ReadonlyMap<string, string>,
): PackStrings {
  return { translate, isOriginal: (key, value) => english.get(key) === value };
}
