/**
 * Where the words of Fray's compendium documents live in the language files: `FRAY.Packs.<pack>.<documentId>`
 * holds `name`, `description` and, for characters, `ancestry` and `profession`; `FRAY.Packs.<pack>.label` names
 * the pack. Every pack document (and every item embedded in a pack actor) records its key in
 * `flags.fray.translation`, so the key survives imports, drops onto sheets and copies.
 */
import { SYSTEM_ID } from "../constants";

export const PACK_KEY_ROOT = "FRAY.Packs";

const PACK_NAME = /^[a-z][a-z0-9-]*$/;
const DOCUMENT_ID = /^[A-Za-z0-9]{16}$/;
const KEY = /^FRAY\.Packs\.[a-z][a-z0-9-]*\.[A-Za-z0-9]{16}$/;

/** The key of one pack document: `FRAY.Packs.weapons.f32a36f71afdc071`. */
export function packTranslationKey(pack: string, documentId: string): string {
  if (!PACK_NAME.test(pack)) throw new Error(`not a pack name: ${pack}`);
  if (!DOCUMENT_ID.test(documentId)) throw new Error(`not a document id: ${documentId}`);
  return `${PACK_KEY_ROOT}.${pack}.${documentId}`;
}

/** The key of a pack's label: `FRAY.Packs.weapons.label`. */
export function packLabelKey(pack: string): string {
  if (!PACK_NAME.test(pack)) throw new Error(`not a pack name: ${pack}`);
  return `${PACK_KEY_ROOT}.${pack}.label`;
}

/** The translation key a document source carries in `flags.fray.translation`, or null (not pack content). */
export function translationKeyOf(source: unknown): string | null {
  const flags = (source as { flags?: Record<string, unknown> } | null | undefined)?.flags;
  const key = (flags?.[SYSTEM_ID] as { translation?: unknown } | undefined)?.translation;
  return typeof key === "string" && KEY.test(key) ? key : null;
}

/** Whether compendium metadata describes one of Fray's own packs (the system's, not a world's or a module's). */
export function isFrayPack(metadata: { packageType?: string; packageName?: string }): boolean {
  return metadata.packageType === "system" && metadata.packageName === SYSTEM_ID;
}
