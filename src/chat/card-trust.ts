/**
 * Which cards carry weight (issue 12: a hostile player can create chat messages and edit its own). Foundry's server
 * lets a player create a chat message with any content and update the messages it wrote; it lets nobody but a GM
 * write a message another user authored (the harness's `Document#update` row). So a card's data is the active GM's
 * word only when a GM wrote it: `message.author`, set by the server, says who did. The GM side acts on no other
 * card.
 */

/** Fray's own message types: only the GM makes them while a GM is connected. */
export const FRAY_CARD_TYPES: readonly string[] = ["attack", "check"];

/** Whether a GM wrote the message (the server's `author`, never a claim inside it). */
export function authoredByGM(message: ChatMessage.Implementation | null | undefined): boolean {
  const author = message?.author as { readonly isGM?: unknown } | null | undefined;
  return author?.isGM === true;
}

/**
 * `preCreateChatMessage` / `preUpdateChatMessage` on the writing client: while a GM is connected, only a GM makes or
 * edits Fray's cards (a player rolls through a request: attack-request.ts, check-card.ts). This is the honest client's side only —
 * a hostile client skips it, so the GM side acts on no card a GM did not write. With no GM connected a player may
 * post a card of its own (no GM acts on it later), but never edit a card afterwards.
 */
export function playerMayCreateCard(message: { readonly type?: unknown }, userId: string): boolean {
  if (!FRAY_CARD_TYPES.includes(String(message.type)) || game.users?.get(userId)?.isGM) return true;
  return !game.users?.activeGM;
}

export function playerMayUpdateCard(message: { readonly type?: unknown }, userId: string): boolean {
  return !FRAY_CARD_TYPES.includes(String(message.type)) || game.users?.get(userId)?.isGM === true;
}
