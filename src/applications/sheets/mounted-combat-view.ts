/**
 * The actor sheet's concentration and mount block (partial `fray.actor-mounted-combat`): the spells and
 * talents that need concentration with a Concentrate button for the creature's owners (FS-A3, AD-M6) and
 * whether each is being sustained; the mount state of the creature's token — riding, carrying, pinned — with
 * the controls its owner may press (FS-MT1, FS-MT2, FS-MT9, FS-MT10). Names stay plain strings the template
 * escapes.
 */
import { combatLinkOf } from "../../chat/combat-link";
import { ownsActor, partyOf } from "../../chat/parties";
import { concentratesUnder, startConcentration } from "../../documents/concentration/concentration-start";
import { isAnyConcentration } from "../../documents/concentration/concentration-lifecycle";
import { familyOf, timedStatesOf } from "../../documents/combat-api";
import { activeFamily } from "../active-family";
import { actorOf, nameOf } from "../../documents/mounts/mount-context";
import { pairTurnOf } from "../../documents/mounts/mount-turns";
import {
  CONTROL_VIEW,
  mountControls,
  mountsApply,
  pressMountControl,
  type MountControl,
} from "../../documents/mounts/mount-controls";
import { pinFlagOf, riderOn, ridesOf, tokenById } from "../../documents/mounts/mount-store";
import { notifyRefusal } from "../notify";

type TokenLike = TokenDocument.Implementation;

interface SheetLike {
  readonly actor: Actor.Implementation;
  readonly token?: TokenLike | null;
}

/** The sheet's token: its own (an unlinked token's sheet), else the actor's token on the viewed scene. */
export function sheetToken(sheet: SheetLike): TokenLike | null {
  if (sheet.token) return sheet.token;
  const own = sheet.actor.token;
  if (own) return own;
  const active = sheet.actor.getActiveTokens?.(true, true);
  return active?.[0] ?? null;
}

export function mountedCombatView(
  actor: Actor.Implementation,
  token: TokenLike | null,
  user: User.Implementation | null | undefined,
) {
  const link = combatLinkOf(partyOf(actor, token));
  const held = link ? timedStatesOf(link.combat, link.id).filter(isAnyConcentration) : [];
  const sustained = new Set(
    held.map((s) =>
      String(
        (s.data as { effectId?: string; spellId?: string }).effectId ??
          (s.data as { spellId?: string }).spellId,
      ),
    ),
  );
  // FS-A3, AD-M6: only what the family in play lets the creature concentrate on (a button is never always refused).
  const family = link ? familyOf(link.combat) : activeFamily();
  const concentration = [...(actor.items?.contents ?? [])]
    .filter((item) => concentratesUnder(family, item as Item.Implementation))
    .map((item) => ({ id: item.id, name: item.name, active: sustained.has(item.uuid) }));
  let mounts = null;
  if (token && mountsApply(token)) {
    const mountId = ridesOf(token);
    const rider = riderOn(token);
    const pin = pinFlagOf(token);
    const turn = pairTurnOf(token);
    const mount = mountId ? tokenById(token, mountId) : rider ? token : undefined;
    const nature = (actorOf(mount)?.system as { nature?: string } | undefined)?.nature;
    mounts = {
      // FS-MT4…FS-MT6: how the pair acts now; FS-MT5 a mount acting by its nature says which.
      turnKey: turn ? `FRAY.Mount.Turn.${turn.mode}` : null,
      natureKey: turn?.mode === "mountByNature" && nature ? `FRAY.Actor.Creature.Nature.${nature}` : null,
      speed: turn?.speed ?? null,
      riding: mountId ? nameOf(tokenById(token, mountId)) : null,
      carrying: rider ? nameOf(rider) : null,
      pinned: pin !== null,
      controls: mountControls(token, user).map((id) => ({ id, ...CONTROL_VIEW[id] })),
    };
  }
  if (!concentration.length && !mounts) return null;
  // Only the creature's owners (and the GM) may concentrate for it: the others see the list, not the buttons.
  const canConcentrate = !!user && ownsActor(user, actor);
  return { concentration, canConcentrate, mounts };
}

/** Sheet action `concentrate` (on a `data-item-id` row). */
export async function onSheetConcentrate(this: SheetLike, _event: Event, target: HTMLElement): Promise<void> {
  const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
  const item = id ? (this.actor.items.get(id) as Item.Implementation | undefined) : undefined;
  if (item) notifyRefusal(await startConcentration(this.actor, item, sheetToken(this)));
}

/** Sheet action `mountControl` (`data-control`: mount, dismount, escapeStrength, escapeAgility). */
export async function onSheetMountControl(
  this: SheetLike,
  _event: Event,
  target: HTMLElement,
): Promise<void> {
  const control = target.dataset.control as MountControl | undefined;
  const token = sheetToken(this);
  if (token && control && control in CONTROL_VIEW) await pressMountControl(token, control);
}
