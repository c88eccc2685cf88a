/**
 * Fray's status effects, added to core's (which already has `prone`, `dead`, `unconscious`, `stun`…) through
 * the compat module, with names localized as `FRAY.Status.<id>`. Only the statuses something reads or sets:
 * - `immobilized` «immobilisé»: the rider pinned under its fallen mount (FS-MT9), set and cleared by the GM;
 * - `concentrating`: a creature holding a concentration (FS-A3, AD-M6), kept in step with the round engine;
 * - `mounted`: a rider on its mount (FS-MT1…FS-MT3), set on mounting, cleared on dismounting or falling off;
 * - `hidden` «caché» (FS-A9), `dazed` «Hébété» and `stunned` «Stupéfait» (FS-A5): read by the attack cards;
 *   `stunned` is also the stun «朦朧» of a failed AD-A4 check.
 * Core's `prone`, `unconscious` and `dead` are reused as they are (AD-A4 knockdown «転倒», unconsciousness «気絶»,
 * death «死亡»; `dead` is core's defeated status).
 */
import { addStatusEffect } from "../compat";
import { effectApplies, effectRevival, statusEffectById, type EffectFacts } from "../compat/effect-facts";
import { asDocument } from "./lookup";

export const FRAY_STATUSES = [
  { id: "immobilized", img: "icons/svg/net.svg" },
  { id: "concentrating", img: "icons/svg/aura.svg" },
  { id: "mounted", img: "icons/svg/pawprint.svg" },
  { id: "hidden", img: "icons/svg/invisible.svg" },
  { id: "dazed", img: "icons/svg/daze.svg" },
  { id: "stunned", img: "icons/svg/stoned.svg" },
] as const;

/** Fray's statuses and the core ones Fray sets. */
export type FrayStatus = (typeof FRAY_STATUSES)[number]["id"] | "prone" | "unconscious" | "dead";

export const PRONE_STATUS = "prone";

/** The i18n key of a Fray status's name. */
export function statusNameKey(id: string): string {
  return `FRAY.Status.${id}`;
}

/** Adds Fray's statuses to `CONFIG.statusEffects`, once each; called from the init hook. */
export function registerStatuses(): void {
  for (const { id, img } of FRAY_STATUSES) addStatusEffect({ id, name: statusNameKey(id), img });
}

/** Whether the actor shows the status. */
export function hasStatusNow(actor: Actor.Implementation | null | undefined, id: string): boolean {
  return (actor?.statuses as Set<string> | undefined)?.has(id) ?? false;
}

/** The creature an effect applies to: its actor, or the actor of the item that carries it. */
export function actorOfEffect(effect: { readonly parent?: unknown }): Actor.Implementation | null {
  return (
    asDocument(effect.parent, "Actor") ??
    asDocument(asDocument(effect.parent, "Item")?.parent ?? null, "Actor") ??
    null
  );
}

interface CarrierLike extends EffectFacts {
  readonly id?: string | null;
  readonly statuses?: Iterable<string>;
  update(data: Record<string, unknown>): Promise<unknown>;
}

/**
 * The actor's own effects that `toggleStatusEffect` counts as the status's (v13 and v14): the one with the id
 * the status definition fixes, else those that carry this status alone.
 */
function carriersOf(actor: Actor.Implementation, id: string): CarrierLike[] {
  const own = [...((actor.effects as unknown as Iterable<CarrierLike> | undefined) ?? [])];
  const fixed = statusEffectById(id)?.effectId;
  if (fixed) return own.filter((e) => e.id === fixed);
  return own.filter((e) => {
    const statuses = new Set(e.statuses ?? []);
    return statuses.size === 1 && statuses.has(id);
  });
}

/**
 * Turns a status on or off (GM side), doing nothing when it already is as asked, so a hook that follows
 * the status never loops. Asked on while the status's own effect is there but does not apply — turned off
 * (v13, v14) or expired by core (v14) — core's `toggleStatusEffect` leaves it as it is and answers `true`: that
 * effect is made to apply again instead, and the status checked on.
 */
export async function setStatus(
  actor: Actor.Implementation | null | undefined,
  id: FrayStatus,
  active: boolean,
): Promise<void> {
  if (!actor || hasStatusNow(actor, id) === active) return;
  const dormant = active ? carriersOf(actor, id).find((e) => !effectApplies(e)) : undefined;
  if (dormant) await dormant.update(effectRevival(dormant));
  else await actor.toggleStatusEffect(id, { active });
  if (active && !hasStatusNow(actor, id))
    throw new Error(`Fray: the status "${id}" could not be turned on for ${String(actor.name)}`);
}
