/**
 * NPC auto-defense (world setting `npcAutoDefense`): on the active GM's client, whenever an attack card is
 * posted or changes, a target with no connected owner who can read the card takes its best legal defense by
 * itself (a maintenance roll first when one is due). It goes through the same requests as a click, so it is
 * taken once.
 */
import { getSetting } from "../config/settings";
import { gmAttackCardOf } from "./attack-message";
import { connectedOwners, readersOf, resolveParty } from "./parties";
import { defendRequest, maintainRequest } from "./requests";

export async function autoDefend(message: ChatMessage.Implementation): Promise<void> {
  if (!game.user?.isActiveGM || !getSetting("npcAutoDefense")) return;
  const card = gmAttackCardOf(message);
  const messageId = message.id;
  if (!card || !messageId) return;
  for (const entry of card.entries) {
    if (entry.stage === "resolved" || !entry.target) continue;
    const party = resolveParty(entry.target);
    if (!party || connectedOwners(party.actor, readersOf(message)).length) continue;
    const payload = { messageId, entry: entry.key };
    // A refusal here means another pass already took it.
    if (entry.stage === "awaitingMaintenance") await maintainRequest.send(payload);
    else await defendRequest.send({ ...payload, defense: "auto" });
  }
}
