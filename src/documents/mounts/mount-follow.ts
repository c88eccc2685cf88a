/**
 * The pair on the canvas (FS-MT3): the rider's token moves with its mount and shares its space.
 * - `updateToken` on the active GM: a mount that moved takes its rider along (a "displace" move of the rider,
 *   which is carried, not walking) and is no longer on top of a rider it pinned (FS-MT9);
 * - `deleteToken` on the active GM: a mount removed leaves its rider unmounted and any pinned rider free;
 * - `preUpdateToken` on the client that moves: a player cannot walk a rider's token away from its mount
 *   (dismount first, FS-MT2) nor a pinned rider's (FS-MT9); the GM may place tokens by hand.
 */
import { positionKeys } from "../../compat/levels";
import { loc } from "../../utils/loc";
import { setStatus } from "../statuses";
import { actorOf, seatRider } from "./mount-context";
import { releasePinnedBy } from "./mount-falls";
import { pinFlagOf, riderOn, ridesOf, sceneTokens, writeRiderFlags } from "./mount-store";

type TokenLike = TokenDocument.Implementation;

/** x, y, elevation, and v14's Scene Level: a mount taking the stairs carries its rider to the new level. */
function moved(changes: Record<string, unknown> | null | undefined): boolean {
  return positionKeys().some((key) => changes && key in changes);
}

/** `updateToken`: the mount moved. */
export async function onTokenMoved(token: TokenLike, changes: Record<string, unknown>): Promise<void> {
  if (!game.user?.isActiveGM || !moved(changes)) return;
  const rider = riderOn(token);
  if (rider) await seatRider(rider, token);
  await releasePinnedBy(token);
}

/** `deleteToken`: the mount is gone from the scene. */
export async function onTokenDeleted(token: TokenLike): Promise<void> {
  if (!game.user?.isActiveGM) return;
  for (const other of sceneTokens(token)) {
    if (other.id === token.id) continue;
    if (ridesOf(other) === token.id) {
      await writeRiderFlags(other, { rides: null });
      await setStatus(actorOf(other), "mounted", false);
    }
    if (pinFlagOf(other)?.mount === token.id) {
      await writeRiderFlags(other, { pinnedUnder: null });
      await setStatus(actorOf(other), "immobilized", false);
    }
  }
}

/** `preUpdateToken`: false stops a player's move of a mounted or pinned rider. */
export function mayMoveToken(
  token: TokenLike,
  changes: Record<string, unknown>,
  user: User.Implementation | null | undefined,
): boolean {
  if (user?.isGM || !moved(changes)) return true;
  const reason = ridesOf(token) ? "riderMovesWithMount" : pinFlagOf(token) ? "pinnedUnderMount" : null;
  if (!reason) return true;
  ui.notifications?.warn(loc(`FRAY.Refusal.${reason}`));
  return false;
}
