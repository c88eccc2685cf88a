/**
 * What the sheets read of ActiveEffects and status definitions, whichever generation runs: v13 keeps an
 * effect's `changes` on the document and `CONFIG.statusEffects` as an array; v14 moves the changes to
 * `system.changes` and keys the statuses by id (FOUNDRY-API.md, "stay ready for it").
 */
import { generation } from "./index";

interface EffectLike {
  readonly changes?: unknown;
  readonly system?: object | null;
}

/** The effect's changes (v13 `changes`, v14 `system.changes`), as a list. */
export function effectChanges(effect: EffectLike): readonly unknown[] {
  const system = effect.system;
  const v14 = system && "changes" in system ? system.changes : undefined;
  const changes = generation() >= 14 ? (v14 ?? effect.changes) : effect.changes;
  return Array.isArray(changes) ? changes : [];
}

export interface StatusLook {
  readonly id: string;
  /** An i18n key or a name. */
  readonly name: string;
  readonly img: string;
}

/** The status definition of `id` in `CONFIG.statusEffects` (an array in v13, a record in v14), if any. */
export function statusEffectById(id: string): StatusLook | undefined {
  const effects = (globalThis as { CONFIG?: { statusEffects?: unknown } }).CONFIG?.statusEffects;
  type Definition = { id?: string; name?: string; label?: string; img?: string; icon?: string } | undefined;
  let found: Definition;
  if (Array.isArray(effects)) found = (effects as Definition[]).find((e) => e?.id === id);
  else if (effects && typeof effects === "object")
    found = (effects as Record<string, Definition>)[id] ?? undefined;
  if (!found) return undefined;
  return { id, name: String(found.name ?? found.label ?? id), img: String(found.img ?? found.icon ?? "") };
}
