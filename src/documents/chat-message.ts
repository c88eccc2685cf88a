/**
 * Fray's ChatMessage: an attack or check card is drawn from its data for the user looking at it — in their language,
 * with only the buttons they may press (card-context.ts) — so nothing user-specific is ever stored in
 * `content`. A message whose content the user may not see (a blind roll) keeps core's rendering.
 *
 * Core's `renderHTML` fires `renderChatMessageHTML` before it returns, so the card drawn here replaces whatever
 * other modules added to `.message-content` in that hook. Fray then fires `fray.renderChatMessage(message, html)`
 * on the finished element: modules that decorate Fray's cards listen to that one (README, "For module authors").
 */
import { renderAttackCard } from "../chat/card-render";
import { attackCardOf } from "../chat/attack-message";
import { checkCardOf } from "../chat/checks/check-requests";
import { renderCheckCard } from "../chat/checks/check-render";
import { loc } from "../utils/loc";
import { authoredByGM } from "../chat/card-trust";

/** The hook fired after a Fray card is drawn into a rendered message. */
export const RENDER_CARD_HOOK = "fray.renderChatMessage";

/**
 * Issue 12: a card no GM wrote (rolled while no GM was connected, or forged) is marked so and offers no button:
 * the GM side acts on no such card (card-trust.ts).
 */
function withoutGm(drawn: string, page: Document): string {
  const template = page.createElement("template");
  template.innerHTML = drawn;
  for (const button of template.content.querySelectorAll("button[data-action]")) button.remove();
  const note = `<p class="fray-card-without-gm">${foundry.utils.escapeHTML(loc("FRAY.Card.withoutGm"))}</p>`;
  return note + template.innerHTML;
}

export class FrayChatMessage extends foundry.documents.ChatMessage {
  override async renderHTML(
    ...args: Parameters<foundry.documents.ChatMessage["renderHTML"]>
  ): Promise<HTMLElement> {
    const html = await super.renderHTML(...args);
    const render = attackCardOf(this) ? renderAttackCard : checkCardOf(this) ? renderCheckCard : null;
    if (!render || !this.isContentVisible) return html;
    const content = html.querySelector(".message-content");
    const viewer = game.user as User.Implementation | null;
    if (!content || !viewer) return html;
    try {
      const drawn = await render(this, viewer);
      content.innerHTML = authoredByGM(this) ? drawn : withoutGm(drawn, content.ownerDocument);
    } catch (error) {
      // Issue 12: a card whose data cannot be drawn is shown as broken; the rest of the chat log still draws.
      console.warn("fray | a card could not be drawn", error);
      content.innerHTML = `<p class="fray-card-broken">${foundry.utils.escapeHTML(loc("FRAY.Card.broken"))}</p>`;
      return html;
    }
    Hooks.callAll(RENDER_CARD_HOOK, this, html);
    return html;
  }
}
