/**
 * Where rider and mount pairs live (FS-MT1…FS-MT10): on the rider's Token, in Fray's flags.
 *
 * Why the token: a pair is two creatures sharing one space on one scene (FS-MT3), so it is a relation between
 * two tokens; the token exists for linked and unlinked creatures alike (a dozen wolf riders made from one
 * actor are a dozen pairs), outside a fight and across reloads, and is deleted with the scene it stands on.
 * The actor's system data would follow a linked character to every scene and would add a field every stored
 * actor must carry; the Combat's data would not survive the end of the fight.
 *
 * On the rider's token, `flags.fray`:
 * - `rides`: the mount's token id on the same scene (FS-MT1, FS-MT3), or null;
 * - `independentAttack`: `{ combatId, round, rolled }`, the pair's FS-MT4 independent attack this round;
 * - `pinnedUnder`: `{ mount, size }`, the mount's token id and Size when it fell on the rider (FS-MT9), or null.
 * Only the active GM writes them. Every read checks the shape (flags are plain JSON anyone with the token may
 * have touched).
 */
import type { IndependentAttackRecord } from "../../rules/families/fast-slow/independent-attack-rolls";
import { PINNED_STATE, type PinnedState } from "../../rules/families/fast-slow/mount-falls";
import type { MountPair } from "../../rules/families/fast-slow/mounts";
import { SYSTEM_ID } from "../../constants";

export interface PinFlag {
  readonly mount: string;
  readonly size: number;
}

export interface IndependentFlag extends IndependentAttackRecord {
  readonly combatId: string | null;
}

type TokenLike = TokenDocument.Implementation;

function flagsOf(token: TokenLike | null | undefined): Record<string, unknown> {
  // Written by clients' moves as well as the GM: checked field by field by the readers below.
  const own: unknown = token?.flags?.[SYSTEM_ID];
  return own && typeof own === "object" ? (own as Record<string, unknown>) : {};
}

/** The mount's token id the rider rides, or null. */
export function ridesOf(token: TokenLike | null | undefined): string | null {
  const rides = flagsOf(token).rides;
  return typeof rides === "string" && rides ? rides : null;
}

/** FS-MT9: the pin on the rider, or null. */
export function pinFlagOf(token: TokenLike | null | undefined): PinFlag | null {
  const pin = flagsOf(token).pinnedUnder as Partial<PinFlag> | null | undefined;
  if (!pin || typeof pin !== "object" || typeof pin.mount !== "string") return null;
  const size = Number(pin.size);
  return { mount: pin.mount, size: Number.isFinite(size) ? size : 0 };
}

/** FS-MT4: the pair's independent attack record, or null. */
export function independentFlagOf(token: TokenLike | null | undefined): IndependentFlag | null {
  const flag = flagsOf(token).independentAttack as Partial<IndependentFlag> | null | undefined;
  if (!flag || typeof flag !== "object" || !Number.isFinite(Number(flag.round))) return null;
  return {
    combatId: typeof flag.combatId === "string" ? flag.combatId : null,
    round: Number(flag.round),
    rolled: Array.isArray(flag.rolled) ? flag.rolled.filter((r): r is string => typeof r === "string") : [],
  };
}

/** The tokens of the scene a token stands on. */
export function sceneTokens(token: TokenLike | null | undefined): TokenLike[] {
  return token?.parent?.tokens?.contents ?? [];
}

export function tokenById(anchor: TokenLike, id: string): TokenLike | undefined {
  return sceneTokens(anchor).find((t) => t.id === id);
}

/** The pairs on `anchor`'s scene, by token id (the rules' creature ids here). */
export function pairsOn(anchor: TokenLike): MountPair[] {
  const pairs: MountPair[] = [];
  for (const token of sceneTokens(anchor)) {
    const mount = ridesOf(token);
    if (mount && token.id && tokenById(anchor, mount)) pairs.push({ riderId: token.id, mountId: mount });
  }
  return pairs;
}

/** The rider on `mount`, if any. */
export function riderOn(mount: TokenLike): TokenLike | undefined {
  return sceneTokens(mount).find((t) => ridesOf(t) === mount.id);
}

/** The riders a mount has pinned (FS-MT9). */
export function ridersPinnedBy(mount: TokenLike): TokenLike[] {
  return sceneTokens(mount).filter((t) => pinFlagOf(t)?.mount === mount.id);
}

/** The pin as the rules hold it: a "pinnedUnderMount" timed state of the rider (mount-falls.ts). */
export function pinStates(rider: TokenLike): PinnedState[] {
  const pin = pinFlagOf(rider);
  if (!pin || !rider.id) return [];
  return [
    {
      key: PINNED_STATE,
      holder: rider.id,
      createdRound: 0,
      expiry: { kind: "manual" },
      data: { mountId: pin.mount, mountSize: pin.size },
    },
  ];
}

const flagPath = (key: string) => `flags.${SYSTEM_ID}.${key}`;

/** Active GM: writes the rider's flags (null clears one). */
export async function writeRiderFlags(
  rider: TokenLike,
  flags: { rides?: string | null; pinnedUnder?: PinFlag | null; independentAttack?: IndependentFlag | null },
): Promise<void> {
  const update: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(flags)) update[flagPath(key)] = value;
  if (Object.keys(update).length) await rider.update(update as TokenDocument.UpdateData);
}
