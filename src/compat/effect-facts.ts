/**
 * What Fray reads and writes of ActiveEffects and status definitions, whichever generation runs (src/compat/README.md,
 * "Active Effects and statuses"):
 * - v13 keeps an effect's changes in `changes` and describes its duration with `_ActiveEffectDuration` (`type`,
 *   `label`); nothing expires by itself.
 * - v14 moves the changes to `system.changes` (the top-level `changes` is a back-compat shim Fray never touches),
 *   reshapes the duration (`{ value, units, expiry, expired }` plus a top-level `start`; `type` is gone and `label`
 *   reads "None" for an effect with no time running), and expires effects itself: by default an expired effect is
 *   kept with `duration.expired` and stops applying; bringing it back clears that and starts its clock anew.
 * - `CONFIG.statusEffects` is an array on v13 and a record keyed by id on v14; a package may still have assigned
 *   an array there on v14, so both shapes are read at every access, and array methods are used only on a real array.
 */
import { generation } from "./index";

/** The parts of an ActiveEffect these helpers read (v13 or v14 shape). */
export interface EffectFacts {
  readonly changes?: unknown;
  readonly system?: object | null;
  readonly disabled?: boolean;
  readonly isSuppressed?: boolean;
  /** Core's prepared duration: v13 `_ActiveEffectDuration`, v14 `ActiveEffectDuration` (neither in fvtt-types 13). */
  readonly duration?: object | null;
}

/** The effect's changes (v13 `changes`, v14 `system.changes`), as a list. */
export function effectChanges(effect: EffectFacts): readonly unknown[] {
  if (generation() >= 14) {
    // v14: `system.changes` only; an effect whose model lacks it (v14 forbids that) has none.
    const system = effect.system;
    const changes = system && "changes" in system ? (system as { changes?: unknown }).changes : undefined;
    return Array.isArray(changes) ? changes : [];
  }
  return Array.isArray(effect.changes) ? effect.changes : [];
}

/** Whether core expired the effect (v14 `duration.expired`; v13 expires nothing). */
export function effectIsExpired(effect: EffectFacts): boolean {
  if (generation() < 14) return false;
  return (effect.duration as { expired?: unknown } | null | undefined)?.expired === true;
}

/** Whether the effect applies now: not disabled, not suppressed, not expired (v14 also counts it suppressed). */
export function effectApplies(effect: EffectFacts): boolean {
  return effect.disabled !== true && effect.isSuppressed !== true && !effectIsExpired(effect);
}

/**
 * Whether the effect still applies once `changes` (an update's, dotted keys or nested) is written: it is not
 * turned off, and (v14) not expired by it. A change to its statuses is the caller's to read.
 */
export function effectAppliesAfter(effect: EffectFacts, changes: Record<string, unknown>): boolean {
  const expanded = foundry.utils.expandObject(changes) as {
    disabled?: unknown;
    duration?: { expired?: unknown } | null;
  };
  const disabled = "disabled" in expanded ? expanded.disabled === true : effect.disabled === true;
  const expiredNow = effectIsExpired(effect);
  const expired =
    generation() >= 14 && expanded.duration && "expired" in expanded.duration
      ? expanded.duration.expired === true
      : expiredNow;
  // v14 counts an expired effect suppressed too: only another reason to suppress it outlasts the update.
  const suppressedOtherwise = effect.isSuppressed === true && !expiredNow;
  return !disabled && !expired && !suppressedOtherwise;
}

/** What remains of an effect's duration: core's label of the time left, or expired. */
export type EffectRemaining =
  { readonly kind: "expired" } | { readonly kind: "left"; readonly label: string };

/**
 * What remains of the effect's duration, or null for an effect with no time running. v13: core's `label` unless
 * the duration's `type` is "none". v14: expired when `duration.expired`; core's `label` only while a finite
 * duration has time left (`label` says "None", localized, for any other effect: never compared to a literal).
 */
export function effectRemaining(effect: EffectFacts): EffectRemaining | null {
  const duration = (effect.duration ?? null) as {
    readonly label?: unknown;
    readonly type?: unknown;
    readonly value?: unknown;
    readonly remaining?: unknown;
  } | null;
  if (!duration) return null;
  if (effectIsExpired(effect)) return { kind: "expired" };
  const label = typeof duration.label === "string" && duration.label ? duration.label : null;
  if (!label) return null;
  if (generation() >= 14) {
    const { value, remaining } = duration;
    const running =
      typeof value === "number" && Number.isFinite(value) && typeof remaining === "number" && remaining > 0;
    return running ? { kind: "left", label } : null;
  }
  return duration.type !== "none" ? { kind: "left", label } : null;
}

/** The class of a v14 ActiveEffect: core's static `getEffectStart()` gives the start of an effect made now. */
interface EffectClassV14 {
  readonly getEffectStart?: () => unknown;
}

/**
 * The update that makes a dormant effect apply again. Turned off: it is turned on (v13, v14), its clock left as
 * it ran. Expired by core (v14): its expiry cleared and its clock started anew — `start` from its class's
 * `getEffectStart()`, as Draw Steel's v14 toggle does — or core would expire it again at its next expiry event.
 * Throws on v14 if the effect's class has no `getEffectStart` (never seen: Fray would otherwise revive an effect
 * core expires again at once).
 */
export function effectRevival(effect: EffectFacts & object): Record<string, unknown> {
  if (!effectIsExpired(effect)) return { disabled: false };
  const cls = effect.constructor as EffectClassV14;
  if (typeof cls.getEffectStart !== "function")
    throw new Error(
      "Fray: this ActiveEffect's class has no getEffectStart() (v14): its expiry cannot be undone",
    );
  return { disabled: false, duration: { expired: false }, start: cls.getEffectStart() };
}

export interface StatusLook {
  readonly id: string;
  /** An i18n key or a name. */
  readonly name: string;
  readonly img: string;
  /** The id core gives the status's own effect (`_id`), when the definition fixes one. */
  readonly effectId: string | null;
}

type Definition = { id?: unknown; _id?: unknown; name?: unknown; img?: unknown } | null | undefined;

/**
 * The status definition of `id` in `CONFIG.statusEffects` (an array on v13, a record keyed by id on v14 — or an
 * array a package assigned there), if any. Only `name` and `img` are read: v14 drops the `label`/`icon` aliases.
 */
export function statusEffectById(id: string): StatusLook | undefined {
  const effects = (globalThis as { CONFIG?: { statusEffects?: unknown } }).CONFIG?.statusEffects;
  let found: Definition;
  if (Array.isArray(effects)) found = (effects as Definition[]).find((e) => e?.id === id);
  else if (effects && typeof effects === "object" && Object.hasOwn(effects, id))
    found = (effects as Record<string, Definition>)[id];
  if (!found) return undefined;
  return {
    id,
    name: typeof found.name === "string" && found.name ? found.name : id,
    img: typeof found.img === "string" ? found.img : "",
    effectId: typeof found._id === "string" && found._id ? found._id : null,
  };
}
