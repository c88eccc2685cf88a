/**
 * Falls in mounted combat, on the active GM's client, following the `prone` status «à terre»:
 * - FS-MT8: a rider knocked prone falls off and lands prone 1 m from the mount, on the side away from what
 *   knocked it down (the effect's origin, else the creature whose turn it is, else an arbitrary side), in a
 *   free space;
 * - FS-MT9: a mount that falls prone leaves both prone in its space; the rider's Agility «Agilité» check card is
 *   posted; on a failure its consequence rolls and applies 1d6 + the mount's Size damage and pins the rider
 *   (`immobilized` «immobilisé», tied to the mount), who cannot stand up until the mount stands or is moved
 *   off (or a FS-MT10 escape succeeds).
 * The pin is released when the mount's `prone` goes, when its token moves, or when it is deleted.
 */
import { asDocument, documentAt } from "../lookup";
import { defineCheckConsequence, postCheck } from "../../chat/check-card";
import { withHealthLock } from "../../chat/parties";
import { publicMessageMode } from "../../compat/public-message-mode";
import { CheckRoll } from "../../dice/check-roll";
import type { AttackRoll } from "../../dice/fray-roll";
import {
  mountFallsProne,
  resolveMountFall,
  riderKnockedProne,
} from "../../rules/families/fast-slow/mount-falls";
import type { Point } from "../../rules/families/fast-slow/mounts";
import { loc } from "../../utils/loc";
import { effectApplies, effectAppliesAfter, type EffectFacts } from "../../compat/effect-facts";
import { actorOfEffect, hasStatusNow, PRONE_STATUS, setStatus } from "../statuses";
import { actorOf, displace, landingFor, linkOf, nameOf, sizeOf } from "./mount-context";
import {
  pairsOn,
  pinFlagOf,
  riderOn,
  ridersPinnedBy,
  ridesOf,
  sceneTokens,
  tokenById,
  writeRiderFlags,
} from "./mount-store";
import { centrePx, gridOf, radiusMetres, toMetres } from "./token-geometry";

type TokenLike = TokenDocument.Implementation;

const escape = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** A short public note in the GM's language (names escaped). */
async function note(key: string, data: Record<string, string>): Promise<void> {
  const cls = CONFIG.ChatMessage.documentClass;
  await cls.create({
    content: `<p class="fray-card-note fray-mount-note">${escape(loc(key, data))}</p>`,
    speaker: { alias: loc("FRAY.Mount.Role.mount") },
  });
}

/** The tokens of a creature on the scenes (an unlinked token's own actor, or a linked actor's tokens). */
export function tokensOfActor(actor: Actor.Implementation): TokenLike[] {
  const own = actor.token;
  if (own) return [own];
  const scenes = game.scenes?.contents ?? [];
  return scenes.flatMap((s) =>
    (s.tokens?.contents ?? []).filter((t) => t.actorLink !== false && actorOf(t) === actor),
  );
}

/** FS-MT8: what knocked the rider down, in pixels — the effect's origin, else the creature whose turn it is. */
function sourceOf(rider: TokenLike, mount: TokenLike, origin: unknown): Point | null {
  const here = sceneTokens(rider);
  const doc = documentAt(origin);
  const token = asDocument(doc, "Token");
  if (token) return centrePx(token);
  const actor: unknown = asDocument(doc, "Actor") ?? asDocument(doc, "Item")?.parent ?? null;
  const byActor = actor ? here.find((t) => actorOf(t) === actor && t.id !== rider.id) : undefined;
  if (byActor) return centrePx(byActor);
  const link = linkOf(rider);
  const current = link?.combat.combatant;
  const acting = current?.tokenId ? here.find((t) => t.id === current.tokenId) : undefined;
  if (acting && acting.id !== rider.id && acting.id !== mount.id) return centrePx(acting);
  return null;
}

/** FS-MT8: the rider falls off and lands prone away from the source. */
export async function knockRiderOff(rider: TokenLike, source: Point | null): Promise<boolean> {
  const mountId = ridesOf(rider);
  const mount = mountId ? tokenById(rider, mountId) : undefined;
  if (!mount) return false;
  const grid = gridOf(mount);
  const out = riderKnockedProne(pairsOn(rider), rider.id ?? "", {
    mountCentre: toMetres(centrePx(mount), grid),
    source: toMetres(source ?? centrePx(mount), grid),
    mountRadius: radiusMetres(mount),
  });
  if (!out.ok) return false;
  await writeRiderFlags(rider, { rides: null });
  await setStatus(actorOf(rider), "mounted", false);
  await setStatus(actorOf(rider), PRONE_STATUS, true);
  await displace(rider, landingFor(rider, mount, source), mount);
  await note("FRAY.Mount.FallOff.message", { rider: nameOf(rider), mount: nameOf(mount) });
  return true;
}

export const MOUNT_FALL_CONSEQUENCE = "mount.fall";

interface FallData {
  readonly rider: string;
  readonly mount: string;
  readonly mountSize: number;
}

/** FS-MT9: the mount falls: both prone, the pair ends, the rider's Agility check card is posted. */
export async function mountFalls(mount: TokenLike): Promise<ChatMessage.Implementation | null> {
  const out = mountFallsProne(pairsOn(mount), mount.id ?? "");
  if (!out.ok) return null;
  const rider = tokenById(mount, out.value.agilityRollBy);
  const riderActor = actorOf(rider);
  if (!rider || !riderActor) return null;
  // The pair ends first, so the rider's own fall below is not FS-MT8.
  await writeRiderFlags(rider, { rides: null });
  await setStatus(riderActor, "mounted", false);
  await setStatus(riderActor, PRONE_STATUS, true);
  const data: FallData = { rider: rider.uuid, mount: mount.uuid, mountSize: sizeOf(mount) };
  return postCheck({
    actor: riderActor,
    token: rider,
    kind: "mountFall",
    attribute: "agility",
    lines: [{ key: "FRAY.Mount.Fall.message", data: { mount: nameOf(mount), rider: nameOf(rider) } }],
    combatId: linkOf(rider)?.combat.id ?? null,
    consequence: { name: MOUNT_FALL_CONSEQUENCE, data: { ...data } },
    roll: "unowned",
    messageMode: publicMessageMode(),
  });
}

defineCheckConsequence<FallData>(MOUNT_FALL_CONSEQUENCE, async ({ data, result, challenge, sink }) => {
  const rider = asDocument(documentAt(data?.rider), "Token");
  const mount = asDocument(documentAt(data?.mount), "Token");
  const riderActor = actorOf(rider);
  const names = { rider: nameOf(rider), mount: nameOf(mount) };
  if (result.success || !rider || !riderActor || !challenge)
    return { lines: [{ key: "FRAY.Mount.Fall.success", data: { rider: names.rider } }] };
  const fall = resolveMountFall(
    [],
    {
      riderId: rider.id ?? "",
      mountId: mount?.id ?? "",
      mountSize: Number(data.mountSize) || 0,
      round: 0,
      agility: challenge.roll,
    },
    challenge.faces,
    challenge.target,
  );
  if (!fall.damageFormula)
    return { lines: [{ key: "FRAY.Mount.Fall.success", data: { rider: names.rider } }] };
  const { snapshot } = await sink.roll(CheckRoll as typeof AttackRoll, fall.damageFormula, {
    purpose: "damage",
  });
  await withHealthLock(riderActor, async () => {
    const health = Number((riderActor.system as { health?: { value?: number } }).health?.value ?? 0);
    await riderActor.update({
      "system.health.value": Math.max(0, health - snapshot.total),
    } as Actor.UpdateData);
  });
  // Pinned only while the mount is still down on the rider (it may have stood before the roll).
  if (mount && hasStatusNow(actorOf(mount), PRONE_STATUS)) {
    await writeRiderFlags(rider, {
      pinnedUnder: { mount: mount.id ?? "", size: Number(data.mountSize) || 0 },
    });
    await setStatus(riderActor, "immobilized", true);
  }
  return {
    lines: [{ key: "FRAY.Mount.Fall.failure", data: { ...names, damage: String(snapshot.total) } }],
    rolls: [{ labelKey: "FRAY.Mount.Fall.damage", roll: snapshot }],
  };
});

/** FS-MT9: the mount stood up or was moved off: every rider it pinned is free (still prone). */
export async function releasePinnedBy(mount: TokenLike): Promise<void> {
  for (const rider of ridersPinnedBy(mount)) {
    await writeRiderFlags(rider, { pinnedUnder: null });
    await setStatus(actorOf(rider), "immobilized", false);
    await note("FRAY.Mount.Pinned.released", { rider: nameOf(rider) });
  }
}

type EffectLike = EffectFacts & {
  statuses?: Set<string> | string[];
  parent?: unknown;
  origin?: unknown;
};

function isProneEffect(effect: EffectLike): boolean {
  const statuses = effect.statuses;
  return statuses instanceof Set ? statuses.has(PRONE_STATUS) : (statuses ?? []).includes(PRONE_STATUS);
}

/** FS-MT8, FS-MT9: a creature is down — a rider falls off, a mount falls with its rider. */
async function onProne(actor: Actor.Implementation, origin: unknown): Promise<void> {
  for (const token of tokensOfActor(actor)) {
    const mountId = ridesOf(token);
    if (mountId) {
      const mount = tokenById(token, mountId);
      if (mount) await knockRiderOff(token, sourceOf(token, mount, origin));
    } else if (riderOn(token)) {
      await mountFalls(token);
    }
  }
}

/** FS-MT9: whether the mount that pinned `rider` is still down on it. */
function pinStillHolds(rider: TokenLike): boolean {
  const pin = pinFlagOf(rider);
  const mount = pin ? tokenById(rider, pin.mount) : undefined;
  return mount !== undefined && hasStatusNow(actorOf(mount), PRONE_STATUS);
}

/**
 * FS-MT9: a mount that stands up (or whose `prone` stopped applying) frees the riders it pinned; a rider whose
 * mount is no longer down — its `prone` expired on a client that wrote nothing (v14 core may expire in memory
 * only) — is freed when its own `prone` goes.
 */
async function onStandUp(actor: Actor.Implementation): Promise<void> {
  for (const token of tokensOfActor(actor)) {
    await releasePinnedBy(token);
    const pin = pinFlagOf(token);
    const mount = pin ? tokenById(token, pin.mount) : undefined;
    if (mount && !pinStillHolds(token)) await releasePinnedBy(mount);
  }
}

/**
 * `createActiveEffect`, `updateActiveEffect`, `deleteActiveEffect` on the active GM: an effect that carries (or
 * carried: its statuses changed) `prone` was made, changed — turned on or off, expired by core (v14) — or
 * deleted. What follows is read from the creature's statuses now, not from which hook fired: prone, it falls
 * (FS-MT8, FS-MT9: once, as the pair ends when it falls); no longer prone, its pins are released.
 */
export async function onProneEffect(effect: EffectLike, changes?: { statuses?: unknown }): Promise<void> {
  if (!game.user?.isActiveGM) return;
  if (!isProneEffect(effect) && !(changes && "statuses" in changes)) return;
  const actor = actorOfEffect(effect);
  if (!actor) return;
  if (hasStatusNow(actor, PRONE_STATUS)) await onProne(actor, effect.origin);
  else await onStandUp(actor);
}

/** FS-MT9: whether one of the creature's tokens is pinned under a mount that is still down. */
function pinnedNow(actor: Actor.Implementation): boolean {
  return tokensOfActor(actor).some(pinStillHolds);
}

/** The refusal a pinned rider meets on the client that tries to stand it up (a GM may). */
function refuseStanding(effect: EffectLike, user: User.Implementation | null | undefined): boolean {
  if (user?.isGM) return false;
  const actor = actorOfEffect(effect);
  if (!actor || !pinnedNow(actor)) return false;
  ui.notifications?.warn(loc("FRAY.Refusal.pinnedUnderMount"));
  return true;
}

/**
 * `preDeleteActiveEffect` on the client that deletes (`user`: the hook's user): a rider pinned under a mount that
 * is still down cannot stand up (FS-MT9); a GM may still remove the status by hand. Deleting a `prone` effect
 * that does not apply (off, or expired by core) stands nobody up. Returns false to stop the deletion.
 */
export function mayStandUp(effect: EffectLike, user: User.Implementation | null | undefined): boolean {
  if (!isProneEffect(effect) || !effectApplies(effect)) return true;
  return !refuseStanding(effect, user);
}

/**
 * `preUpdateActiveEffect` on the client that writes: as `mayStandUp`, for an update that would stop a `prone`
 * effect from applying — turning it off, core's expiry written as an update (v14), or taking `prone` from its
 * statuses. Returns false to stop the update.
 */
export function mayStandUpBy(
  effect: EffectLike,
  changes: Record<string, unknown>,
  user: User.Implementation | null | undefined,
): boolean {
  if (!isProneEffect(effect) || !effectApplies(effect)) return true;
  const statuses = (foundry.utils.expandObject(changes) as { statuses?: unknown }).statuses;
  const keepsProne = statuses === undefined || (Array.isArray(statuses) && statuses.includes(PRONE_STATUS));
  if (keepsProne && effectAppliesAfter(effect, changes)) return true;
  return !refuseStanding(effect, user);
}
