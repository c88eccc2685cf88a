/**
 * What a rider's owner asks of the active GM (DESIGN.md: only the active GM writes shared state), each
 * re-checking that the asking user owns the creature it acts for, serialised with every other mount request:
 * - "fray.mount.mount" (FS-MT1, FS-MT2, FS-MT3): onto a larger, willing creature in reach, using the move; the
 *   rider's token is seated on the mount's space and shows the `mounted` status;
 * - "fray.mount.dismount" (FS-MT2): off, using the move, landing next to the mount;
 * - "fray.mount.independentAttack" (FS-MT4): claims the rider's or the mount's roll in the pair's one
 *   independent attack of the round (2 banes each), before the attack spends its action;
 * - "fray.mount.releaseIndependentAttack" (FS-MT4): gives that claim back when the action was refused and no
 *   attack was rolled (the partner's roll stays; releasing twice is releasing once);
 * - "fray.mount.escape" (FS-MT10): the pinned rider's action — a Strength or Agility check card with 1 bane per
 *   point of Size the mount has above the rider; its consequence frees the rider on a success.
 * Refusals are the rules' reason codes (`FRAY.Refusal.<code>`).
 */
import { actorSystemOf } from "../../data/system-of";
import { asDocument, documentAt } from "../lookup";
import { defineCheckConsequence, postCheck } from "../../chat/check-card";
import { ownsActor } from "../../chat/parties";
import { publicMessageMode } from "../../compat/public-message-mode";
import { defineGmRequest, inFightLock } from "../../net/gm-requests";
import type { FsAttribute } from "../../rules/families/fast-slow/derived";
import {
  independentAttackRoll,
  releaseIndependentAttackRoll,
} from "../../rules/families/fast-slow/independent-attack-rolls";
import { escapeRoll } from "../../rules/families/fast-slow/mount-falls";
import { spendEscapeAction, spendMountMove } from "../../rules/families/fast-slow/budget";
import {
  dismountCreature,
  mountCreature,
  pairOf,
  type MountPair,
} from "../../rules/families/fast-slow/mounts";
import { accept, refuse, type Outcome } from "../../rules/outcome";
import { budgetFingerprint } from "../../rules/budget/fingerprint";
import { budgetOf } from "../budget-store";
import { roundStateOf } from "../combat-api";
import { setStatus } from "../statuses";
import {
  acceptsRiders,
  actorOf,
  budgetSpend,
  displace,
  landingFor,
  linkOf,
  nameOf,
  seatRider,
  sizeOf,
} from "./mount-context";
import {
  independentFlagOf,
  pairsOn,
  pinFlagOf,
  pinStates,
  tokenById,
  writeRiderFlags,
  type IndependentFlag,
} from "./mount-store";
import { inReach } from "./token-geometry";

type TokenLike = TokenDocument.Implementation;

function tokenAt(uuid: unknown): TokenLike | null {
  return asDocument(documentAt(uuid), "Token");
}

/** The token, its creature, and the asking user's right to act for it. */
function ownToken(
  uuid: unknown,
  user: User.Implementation,
): Outcome<{ token: TokenLike; actor: Actor.Implementation }> {
  const token = tokenAt(uuid);
  const actor = actorOf(token);
  if (!token || !actor) return refuse("creatureGone");
  if (!ownsActor(user, actor)) return refuse("notOwner", { name: nameOf(token) });
  return accept({ token, actor });
}

/** The fingerprint of the budget `token`'s creature spends from in its fight; null outside one. */
function budgetFingerprintOf(token: TokenLike): string | null {
  const link = linkOf(token);
  const budget = link ? budgetOf(link.combat, link.combatant) : null;
  return budget ? budgetFingerprint(budget.state) : null;
}

/**
 * The requests that spend the rider's budget (the move, FS-MT2; the action, FS-MT10) also take its fight's
 * request lock, the one budget requests take, so that neither loses the other's write.
 */
function inRiderFight(uuid: unknown, work: () => Promise<Outcome<null>>): Promise<Outcome<null>> {
  const token = tokenAt(uuid);
  const link = token ? linkOf(token) : null;
  return link ? inFightLock(link.combat, work) : work();
}

/** Every mount request runs one at a time: pairs span two tokens. */
export const MOUNTS_LOCK = "mounts";
const SERIAL = () => MOUNTS_LOCK;

export interface MountPayload {
  readonly riderUuid: string;
  readonly mountUuid: string;
}

export const mountRequest = defineGmRequest<MountPayload, null>(
  "mount.mount",
  (payload, { user }) =>
    inRiderFight(payload?.riderUuid, async () => {
      const rider = ownToken(payload.riderUuid, user);
      if (!rider.ok) return rider;
      const mount = tokenAt(payload.mountUuid);
      const mountActor = actorOf(mount);
      if (!mount || !mountActor) return refuse("creatureGone");
      const { token } = rider.value;
      const sameScene = (token as { parent?: unknown }).parent === (mount as { parent?: unknown }).parent;
      const spend = budgetSpend(token, spendMountMove, user.isGM);
      const out = mountCreature(pairsOn(token), {
        rider: { id: token.id ?? "", size: sizeOf(token), moveAvailable: spend.ok },
        // FS-MT1: a creature that accepts riders, or one whose owner asks.
        mount: {
          id: mount.id ?? "",
          size: sizeOf(mount),
          willing: acceptsRiders(mount) || ownsActor(user, mountActor),
        },
        inReach: sameScene && inReach(token, mount),
      });
      if (!out.ok) return out.reason === "mountNeedsMove" && !spend.ok ? spend : out;
      if (spend.ok) await spend.value.apply();
      await writeRiderFlags(token, { rides: mount.id ?? null });
      await setStatus(rider.value.actor, "mounted", true);
      await seatRider(token, mount);
      return accept(null);
    }),
  SERIAL,
);

export const dismountRequest = defineGmRequest<{ readonly riderUuid: string }, null>(
  "mount.dismount",
  (payload, { user }) =>
    inRiderFight(payload?.riderUuid, async () => {
      const rider = ownToken(payload.riderUuid, user);
      if (!rider.ok) return rider;
      const { token, actor } = rider.value;
      const spend = budgetSpend(token, spendMountMove, user.isGM);
      const out = dismountCreature(pairsOn(token), { riderId: token.id ?? "", moveAvailable: spend.ok });
      if (!out.ok) return out.reason === "mountNeedsMove" && !spend.ok ? spend : out;
      if (spend.ok) await spend.value.apply();
      const mount = tokenById(token, out.value.pair.mountId);
      await writeRiderFlags(token, { rides: null });
      await setStatus(actor, "mounted", false);
      if (mount) await displace(token, landingFor(token, mount, null), mount);
      return accept(null);
    }),
  SERIAL,
);

/** FS-MT4: where the pair keeps its independent attack in the fight `token` is in; null outside a round. */
function keptIndependentAttack(
  token: TokenLike,
  pair: MountPair,
): { rider: TokenLike; combatId: string | null; round: number; record: IndependentFlag | null } | null {
  const rider = tokenById(token, pair.riderId);
  const link = linkOf(token);
  const round = link ? roundStateOf(link.combat).round : 0;
  if (!link || !rider || round === 0) return null;
  const combatId = link.combat.id ?? null;
  const flag = independentFlagOf(rider);
  return { rider, combatId, round, record: flag && flag.combatId === combatId ? flag : null };
}

/** A claimed independent attack roll: the round it was recorded in (what a release names). */
export interface IndependentClaim {
  readonly round: number;
}

/** FS-MT4 on the active GM: claims the token's roll in its pair's independent attack of the round. */
export async function claimIndependentOnGm(
  tokenUuid: unknown,
  user: User.Implementation,
): Promise<Outcome<IndependentClaim | null>> {
  const own = ownToken(tokenUuid, user);
  if (!own.ok) return own;
  const { token } = own.value;
  const pairs = pairsOn(token);
  const pair = pairOf(pairs, token.id ?? "");
  if (!pair) return refuse("notRiding");
  const kept = keptIndependentAttack(token, pair);
  // Outside a fight there are no rounds to count: the banes apply, nothing is recorded.
  if (!kept) return accept(null);
  const out = independentAttackRoll(pairs, kept.record, token.id ?? "", kept.round);
  if (!out.ok) return out;
  await writeRiderFlags(kept.rider, {
    independentAttack: { combatId: kept.combatId, ...out.value.record },
  });
  return accept({ round: kept.round });
}

/** FS-MT4 on the active GM: gives back a claimed roll whose attack was not made. */
export async function releaseIndependentOnGm(
  tokenUuid: unknown,
  round: unknown,
  user: User.Implementation,
): Promise<Outcome<null>> {
  const own = ownToken(tokenUuid, user);
  if (!own.ok) return own;
  const { token } = own.value;
  const pair = pairOf(pairsOn(token), token.id ?? "");
  const kept = pair ? keptIndependentAttack(token, pair) : null;
  if (!kept?.record) return accept(null);
  const left = releaseIndependentAttackRoll(kept.record, token.id ?? "", Number(round));
  if (left !== kept.record)
    await writeRiderFlags(kept.rider, { independentAttack: left && { combatId: kept.combatId, ...left } });
  return accept(null);
}

export const independentAttackRequest = defineGmRequest<
  { readonly tokenUuid: string },
  IndependentClaim | null
>("mount.independentAttack", (payload, { user }) => claimIndependentOnGm(payload.tokenUuid, user), SERIAL);

export const releaseIndependentAttackRequest = defineGmRequest<
  { readonly tokenUuid: string; readonly round: number },
  null
>(
  "mount.releaseIndependentAttack",
  (payload, { user }) => releaseIndependentOnGm(payload.tokenUuid, payload.round, user),
  SERIAL,
);

export type EscapeAttribute = Extract<FsAttribute, "strength" | "agility">;

export const ESCAPE_CONSEQUENCE = "mount.escape";

export const escapeRequest = defineGmRequest<
  {
    readonly riderUuid: string;
    readonly attribute: EscapeAttribute;
    /** The fingerprint of the rider's budget the asker saw: two clicks, or two clients, escape once. */
    readonly expect?: string;
  },
  null
>(
  "mount.escape",
  (payload, { user }) =>
    inRiderFight(payload?.riderUuid, async () => {
      const rider = ownToken(payload.riderUuid, user);
      if (!rider.ok) return rider;
      const { token, actor } = rider.value;
      if (typeof payload.expect === "string" && budgetFingerprintOf(token) !== payload.expect)
        return refuse("budgetChanged");
      const attribute: EscapeAttribute = payload.attribute === "strength" ? "strength" : "agility";
      const modifier = actorSystemOf(actor).derived?.fastSlow?.modifiers?.[attribute] ?? 0;
      const planned = escapeRoll(pinStates(token), {
        riderId: token.id ?? "",
        riderSize: sizeOf(token),
        attribute,
        modifier,
      });
      if (!planned.ok) return planned;
      // FS-MT10: the escape is an action.
      const spend = budgetSpend(token, spendEscapeAction, user.isGM);
      if (!spend.ok) return spend;
      await spend.value.apply();
      const banes = planned.value.sizeBanes;
      await postCheck({
        actor,
        token,
        kind: "escape",
        attribute,
        modifier: planned.value.roll.modifier,
        boons: planned.value.roll.boons,
        banes: planned.value.roll.banes,
        lines: banes ? [{ key: "FRAY.Mount.Escape.banes", data: { banes: String(banes) } }] : [],
        combatId: linkOf(token)?.combat.id ?? null,
        consequence: { name: ESCAPE_CONSEQUENCE, data: { rider: token.uuid } },
        roll: "now",
        messageMode: publicMessageMode(),
      });
      return accept(null);
    }),
  SERIAL,
);

/** FS-MT10: a success ends the immobilization; the rider stays prone and may stand normally. */
defineCheckConsequence<{ rider: string }>(ESCAPE_CONSEQUENCE, async ({ data, result }) => {
  const rider = tokenAt(data?.rider);
  const name = nameOf(rider);
  if (!rider || !pinFlagOf(rider))
    return { lines: [{ key: "FRAY.Mount.Pinned.released", data: { rider: name } }] };
  if (!result.success) return { lines: [{ key: "FRAY.Mount.Escape.failure", data: { rider: name } }] };
  await writeRiderFlags(rider, { pinnedUnder: null });
  await setStatus(actorOf(rider), "immobilized", false);
  return { lines: [{ key: "FRAY.Mount.Escape.success", data: { rider: name } }] };
});

// --- what the HUD, the sheet and the attack card call ------------------------------------------------------

export function mountToken(rider: TokenLike, mount: TokenLike): Promise<Outcome<null>> {
  return mountRequest.send({ riderUuid: rider.uuid, mountUuid: mount.uuid });
}

export function dismountToken(rider: TokenLike): Promise<Outcome<null>> {
  return dismountRequest.send({ riderUuid: rider.uuid });
}

export function escapeFromMount(rider: TokenLike, attribute: EscapeAttribute): Promise<Outcome<null>> {
  const expect = budgetFingerprintOf(rider);
  return escapeRequest.send({ riderUuid: rider.uuid, attribute, ...(expect ? { expect } : {}) });
}

/**
 * FS-MT4: claims the attacker's roll in the pair's independent attack of the round (the attack card's box);
 * null when nothing was recorded (outside a fight's rounds).
 */
export function claimIndependentAttack(
  token: TokenLike | null | undefined,
): Promise<Outcome<IndependentClaim | null>> {
  if (!token) return Promise.resolve(refuse("notRiding"));
  return independentAttackRequest.send({ tokenUuid: token.uuid });
}

/** FS-MT4: gives back a claimed roll whose attack was not made. */
export function releaseIndependentAttack(
  token: TokenLike | null | undefined,
  claim: IndependentClaim | null,
): Promise<Outcome<null>> {
  if (!token || !claim) return Promise.resolve(accept(null));
  return releaseIndependentAttackRequest.send({ tokenUuid: token.uuid, round: claim.round });
}
