/** Renders an attack card's HTML for one user (see card-context.ts). */
import { templatePath } from "../utils/paths";
import { attackCardOf } from "./attack-message";
import { attackCardContext } from "./card-context";
import { readersOf } from "./parties";

export const ATTACK_CARD_TEMPLATE = templatePath("chat/attack-card");

export async function renderAttackCard(
  message: ChatMessage.Implementation,
  viewer: User.Implementation,
): Promise<string> {
  const card = attackCardOf(message);
  if (!card) return "";
  const context = attackCardContext(card, message.id ?? "", viewer, readersOf(message));
  return foundry.applications.handlebars.renderTemplate(ATTACK_CARD_TEMPLATE, context);
}
