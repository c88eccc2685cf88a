/**
 * The pair's turn (FS-MT4, FS-MT5, FS-MT6):
 * - on the active GM, when a rider or a mount starts its turn in a fast-slow fight, the other member takes it
 *   at the same time: the round engine's `shareTurn` marks it as having acted (FS-R4: no second turn);
 * - `pairTurnOf(token)` says how the pair acts (together, the mount by its nature, the rider alone, or not at
 *   all) with its one shared action and the mount's Speed, for the budget and the tracker;
 * - `movementSpeedOf(token)`: the Speed a creature moves with — its mount's while it rides (FS-MT6).
 */
import { canAct } from "../../chat/parties";
import { pairOf, pairTurn, type PairTurn } from "../../rules/families/fast-slow/mounts";
import type { RoundNotice } from "../../rules/turns/round-state";
import { applyRoundEvents, combatantFor, familyOf } from "../combat-api";
import { actorOf, speedOf } from "./mount-context";
import { pairsOn, sceneTokens, tokenById } from "./mount-store";

type TokenLike = TokenDocument.Implementation;

function tokenOfCombatant(combat: Combat.Implementation, id: string): TokenLike | null {
  return combat.combatants.get(id)?.token ?? null;
}

/** `fray.roundNotices` on the active GM: the partner shares each turn a pair member starts (FS-MT4). */
export async function onPairNotices(
  combat: Combat.Implementation,
  notices: readonly RoundNotice[],
): Promise<void> {
  if (!game.user?.isActiveGM || familyOf(combat) !== "fast-slow") return;
  for (const notice of notices) {
    if (notice.kind !== "turnStarted") continue;
    const token = tokenOfCombatant(combat, notice.id);
    if (!token?.id) continue;
    const pair = pairOf(pairsOn(token), token.id);
    if (!pair) continue;
    const partnerId = pair.riderId === token.id ? pair.mountId : pair.riderId;
    const partner = combatantFor(combat, { tokenId: partnerId });
    // Refused when the partner already acted this round: then nothing changes.
    if (partner?.id) await applyRoundEvents(combat, [{ type: "shareTurn", id: partner.id, with: notice.id }]);
  }
}

/** FS-MT4…FS-MT6: how the pair `token` belongs to takes its turn; null for a creature on its own. */
export function pairTurnOf(token: TokenLike): PairTurn | null {
  const pair = pairOf(pairsOn(token), token.id ?? "");
  if (!pair) return null;
  const rider = tokenById(token, pair.riderId);
  const mount = tokenById(token, pair.mountId);
  const riderActor = actorOf(rider);
  const mountActor = actorOf(mount);
  if (!riderActor || !mountActor) return null;
  return pairTurn(pair, {
    riderCanAct: canAct(riderActor),
    mountCanAct: canAct(mountActor),
    mountSpeed: speedOf(mount),
  });
}

/** FS-MT6: the Speed `token` moves with — its mount's while it rides, its own otherwise. */
export function movementSpeedOf(token: TokenLike): number {
  return pairTurnOf(token)?.speed ?? speedOf(token);
}

/** The tokens `token` shares its space with as a pair (for effects "in your space", FS-MT3). */
export function pairMembers(token: TokenLike): TokenLike[] {
  const pair = pairOf(pairsOn(token), token.id ?? "");
  if (!pair) return [token];
  return sceneTokens(token).filter((t) => t.id === pair.riderId || t.id === pair.mountId);
}
