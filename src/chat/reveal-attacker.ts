/**
 * FS-A9: Hidden «caché» lasts until the hider reveals itself, and an attack reveals it. When a fast-slow attack
 * card made by a Hidden attacker is posted (its entries say `revealsAttacker`, fast-slow.ts), the active GM
 * takes the attacker's `hidden` status off — once: the status is only changed when it is still on. Only a card a
 * GM wrote reveals it (card-trust.ts): the GM made it from the documents (attack-request.ts).
 */
import { setStatus } from "../documents/statuses";
import { gmAttackCardOf } from "./attack-message";
import { HIDDEN_STATUS } from "./families/fast-slow";
import { resolveParty } from "./parties";

export async function revealAttacker(message: ChatMessage.Implementation): Promise<void> {
  if (!game.user?.isActiveGM) return;
  const card = gmAttackCardOf(message);
  if (card?.family !== "fast-slow") return;
  if (!card.entries.some((e) => e.attack.data.revealsAttacker === true)) return;
  const attacker = resolveParty(card.attacker);
  if (!attacker) return;
  await setStatus(attacker.actor, HIDDEN_STATUS, false);
}
