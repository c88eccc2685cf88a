/**
 * The sheets' effect buttons (owners only: the templates show them when the sheet is editable, and Foundry's
 * own permission checks stand behind every update): turn an ActiveEffect off and on, edit it, delete it, add
 * one; take a status off the creature; and, for a GM, end a timed state of the round engine early.
 */
import { effectIsExpired, effectRevival } from "../../compat/effect-facts";
import { asFray } from "../../documents/combat-api";
import { sendGmEvents } from "../../documents/fray-combat";
import { loc } from "../../utils/loc";
import { notifyRefusal } from "../notify";
import { applicableEffects, type EffectLike } from "./effects-view";
import { openSheet } from "./open-sheet";

interface EffectDocument extends EffectLike {
  update(data: Record<string, unknown>): Promise<unknown>;
  deleteDialog?(): Promise<unknown>;
  delete?(): Promise<unknown>;
  readonly sheet?: object | null;
}

type EffectParent = Actor.Implementation | Item.Implementation;

function uuidOf(target: HTMLElement): string {
  return target.closest<HTMLElement>("[data-effect-uuid]")?.dataset.effectUuid ?? "";
}

/** The effect a button's row names, among those the document shows. */
export function effectFrom(
  document: unknown,
  target: HTMLElement,
  onActor: boolean,
): EffectDocument | undefined {
  const uuid = uuidOf(target);
  if (!uuid) return undefined;
  const list = onActor
    ? applicableEffects(document as Parameters<typeof applicableEffects>[0])
    : [
        ...(((document as { effects?: { contents?: EffectLike[] } }).effects?.contents ??
          []) as EffectLike[]),
      ];
  return list.find((e) => (e.uuid ?? e.id) === uuid) as EffectDocument | undefined;
}

/**
 * Turns the effect off, or on again: one turned off, or expired by core (v14: its expiry cleared, its clock
 * started anew), applies again at one press.
 */
export async function toggleEffect(effect: EffectDocument | undefined): Promise<void> {
  if (!effect) return;
  if (effect.disabled === true || effectIsExpired(effect)) await effect.update(effectRevival(effect));
  else await effect.update({ disabled: true });
}

export async function editEffect(effect: EffectDocument | undefined): Promise<void> {
  await openSheet(effect?.sheet);
}

export async function deleteEffect(effect: EffectDocument | undefined): Promise<void> {
  if (!effect) return;
  if (effect.deleteDialog) await effect.deleteDialog();
  else await effect.delete?.();
}

/** A new, empty effect on the actor or item (its sheet opens for the owner to fill in). */
export async function createEffect(parent: EffectParent): Promise<void> {
  const data = [
    { name: loc("FRAY.Sheet.Effects.newEffect"), img: "icons/svg/aura.svg", origin: parent.uuid ?? null },
  ];
  // Actor's and Item's createEmbeddedDocuments are generic over their own embedded names: one call each.
  const created =
    parent.documentName === "Actor"
      ? await parent.createEmbeddedDocuments("ActiveEffect", data)
      : await parent.createEmbeddedDocuments("ActiveEffect", data);
  await openSheet(created?.[0]?.sheet);
}

/** Takes a status off the creature (the token's status effect). */
export async function removeStatus(actor: Actor.Implementation, target: HTMLElement): Promise<void> {
  const id = target.closest<HTMLElement>("[data-status-id]")?.dataset.statusId;
  if (!id) return;
  await actor.toggleStatusEffect(id, { active: false });
}

/** GM: ends a timed state early (the round engine's `removeTimedState`). */
export async function endTimedState(target: HTMLElement): Promise<void> {
  const row = target.closest<HTMLElement>("[data-timed-key]");
  const list = target.closest<HTMLElement>("[data-combat-id]");
  const combat = asFray(game.combats?.get(list?.dataset.combatId ?? ""));
  const holder = list?.dataset.combatantId ?? "";
  const key = row?.dataset.timedKey ?? "";
  if (!combat || !holder || !key) return;
  notifyRefusal(await sendGmEvents(combat, [{ type: "removeTimedState", holder, key }]));
}
