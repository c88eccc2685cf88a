/**
 * The chat cards' wiring, called once from the init hook: Fray's ChatMessage class, its Roll classes, the
 * card listeners, the GM's NPC auto-defense and the GM revealing a Hidden attacker (FS-A9), and the refusal of a
 * player's Fray card while a GM is connected (card-trust.ts). The attack message
 * model is registered with the other data models (src/data/index.ts); the GM requests register themselves at
 * import (net/gm-requests.ts).
 */
import { registerRolls } from "../dice/fray-roll";
import { FrayChatMessage } from "../documents/chat-message";
import { attachCardListeners } from "./card-listeners";
import { autoDefend } from "./auto-defense";
import { revealAttacker } from "./reveal-attacker";
import { playerMayCreateCard, playerMayUpdateCard } from "./card-trust";
import { loc } from "../utils/loc";
import { onHook } from "../compat/hooks";
import { preCreateKeepsReaders } from "../compat/post-with-readers";

/** Issue 12: a player's client refuses to write a Fray card while a GM is connected (card-trust.ts). */
function refusedCard(allowed: boolean): false | void {
  if (allowed) return;
  ui.notifications?.warn(loc("FRAY.Refusal.cardsByGM"));
  return false;
}

export function registerChat(): void {
  CONFIG.ChatMessage.documentClass = FrayChatMessage;
  registerRolls();
  onHook(
    "preCreateChatMessage",
    (message: ChatMessage.Implementation, _d: unknown, _o: unknown, userId: string) =>
      refusedCard(playerMayCreateCard(message, userId)),
  );
  // A private post the GM made for a player, its readers changed by core before the write: cancelled.
  onHook("preCreateChatMessage", (message: ChatMessage.Implementation, _d: unknown, options: unknown) =>
    preCreateKeepsReaders(message, options) ? undefined : false,
  );
  onHook(
    "preUpdateChatMessage",
    (message: ChatMessage.Implementation, _c: unknown, _o: unknown, userId: string) =>
      refusedCard(playerMayUpdateCard(message, userId)),
  );
  Hooks.on("renderChatMessageHTML", (message, html) =>
    attachCardListeners(message as ChatMessage.Implementation, html as HTMLElement),
  );
  Hooks.on("createChatMessage", (message) => {
    void autoDefend(message as ChatMessage.Implementation);
    void revealAttacker(message as ChatMessage.Implementation);
  });
  Hooks.on("updateChatMessage", (message) => void autoDefend(message as ChatMessage.Implementation));
}
