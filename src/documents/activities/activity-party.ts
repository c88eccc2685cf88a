/**
 * The creature a sheet or activity request names, found again on the active GM's client: its actor and
 * token from their uuids, whether the asking user owns it, and the fight it is in. Shared by the FS-A5
 * Defend and FS-A8 Help requests.
 */
import { combatLinkOf, type CombatLink } from "../../chat/combat-link";
import { ownsActor, resolveParty, type Party } from "../../chat/parties";
import { accept, refuse, type Outcome } from "../../rules/outcome";

export interface CreaturePayload {
  readonly actorUuid: string;
  readonly tokenUuid: string | null;
}

/** The payload naming `actor` (and its token, when it has one). */
export function creaturePayload(
  actor: Actor.Implementation,
  token: TokenDocument.Implementation | null | undefined,
): CreaturePayload {
  const tokenDoc = token ?? (actor.token as TokenDocument.Implementation | null | undefined) ?? null;
  return { actorUuid: actor.uuid ?? "", tokenUuid: tokenDoc?.uuid ?? null };
}

/** The creature, if `user` owns it (a GM owns every one), with the fight it is in (null outside one). */
export function ownedCreature(
  payload: CreaturePayload,
  user: User.Implementation,
): Outcome<{ party: Party; link: CombatLink | null }> {
  const party = resolveParty({
    actorUuid: String(payload?.actorUuid ?? ""),
    tokenUuid: typeof payload?.tokenUuid === "string" ? payload.tokenUuid : null,
    name: "",
    img: "",
  });
  if (!party) return refuse("creatureGone");
  if (!ownsActor(user, party.actor)) return refuse("notOwner", { name: party.actor.name ?? "" });
  return accept({ party, link: combatLinkOf(party) });
}
