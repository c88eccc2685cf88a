/**
 * The check cards' wiring, called once from the init hook: their Roll class and the card listener. The check
 * message model is registered with the other data models (src/data/index.ts); the GM request registers itself
 * at import (net/gm-requests.ts).
 */
import { registerCheckRoll } from "../../dice/check-roll";
import { attachCheckListeners } from "./check-render";

export function registerCheckCards(): void {
  registerCheckRoll();
  Hooks.on("renderChatMessageHTML", (message, html) =>
    attachCheckListeners(message as ChatMessage.Implementation, html as HTMLElement),
  );
}
