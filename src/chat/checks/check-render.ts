/**
 * What one user sees of a check card, and its one button. Drawn from the card's data for the user looking at
 * it (in their language, with the Roll button only for whoever answers for the roller: its connected owners
 * who can read the card, the GM when there are none). Names stay plain strings the template escapes; every
 * label is an i18n key.
 */
import { notifyRefusal } from "../../applications/notify";
import type { Outcome } from "../../rules/outcome";
import { templatePath } from "../../utils/paths";
import { EVERYONE, partyTooltip, promptsUser, readersOf, resolveParty, type Readers } from "../parties";
import type { RollSnapshot } from "../card-data";
import type { CheckCardData, CheckLine } from "./check-data";
import { checkCardOf, checkFormula, effectiveTarget, rollCheckRequest } from "./check-requests";

export const CHECK_CARD_TEMPLATE = templatePath("chat/check-card");

function rollView(roll: RollSnapshot) {
  return { formula: roll.formula, total: roll.total, faces: roll.faces.join(", ") };
}

function lineView(line: CheckLine) {
  return { key: line.key, data: { ...(line.data ?? {}) } };
}

export function checkCardContext(
  card: CheckCardData,
  messageId: string,
  viewer: User.Implementation,
  readers: Readers = EVERYONE,
) {
  const roller = resolveParty(card.roller);
  const gone = roller === null;
  const result = card.result;
  const d20 = card.dice === "d20";
  const consequence = card.consequence;
  return {
    messageId,
    kind: card.kind,
    titleKey: `FRAY.Check.Kind.${card.kind}`,
    // A name shortened to fit the card: the whole one, while the creature still has it, in a tooltip.
    roller: { name: card.roller.name, img: card.roller.img, tooltip: partyTooltip(card.roller, roller) },
    attributeKey: card.attributeKey,
    d20,
    formula: checkFormula(card),
    modifier: d20 ? card.modifier : null,
    boons: d20 ? card.boons : 0,
    banes: d20 ? card.banes : 0,
    target: effectiveTarget(card),
    targetModifier: !d20 && card.modifier ? { base: card.target, modifier: card.modifier } : null,
    lines: card.lines.map(lineView),
    gone,
    pending: result === null,
    canRoll: result === null && !gone && promptsUser(viewer, roller.actor, readers),
    result: result
      ? {
          roll: rollView(result.roll),
          total: result.total,
          success: result.success,
          margin: result.margin,
          natural: result.natural,
          criticalKey:
            result.critical === "success"
              ? "FRAY.Card.criticalSuccess"
              : result.critical === "failure"
                ? "FRAY.Card.criticalFailure"
                : null,
        }
      : null,
    consequence: consequence
      ? {
          lines: consequence.lines.map(lineView),
          rolls: consequence.rolls.map((r) => ({ labelKey: r.labelKey, roll: rollView(r.roll) })),
        }
      : null,
  };
}

export type CheckCardContext = ReturnType<typeof checkCardContext>;

/** The card's HTML for one user. */
export async function renderCheckCard(
  message: ChatMessage.Implementation,
  viewer: User.Implementation,
): Promise<string> {
  const card = checkCardOf(message);
  if (!card) return "";
  const context = checkCardContext(card, message.id ?? "", viewer, readersOf(message));
  return foundry.applications.handlebars.renderTemplate(CHECK_CARD_TEMPLATE, context);
}

/** Handles a click in a check card: the GM's answer (a refusal is shown), or null for no button of ours. */
export function onCheckClick(
  message: ChatMessage.Implementation,
  event: Event,
): Promise<Outcome<null>> | null {
  const origin = event.target as HTMLElement | null;
  const button = origin?.closest?.<HTMLButtonElement>("button[data-action]");
  if (!button || button.dataset.action !== "rollCheck" || !message.id) return null;
  event.preventDefault();
  button.disabled = true;
  return rollCheckRequest.send({ messageId: message.id }).then((outcome) => {
    button.disabled = false;
    notifyRefusal(outcome);
    return outcome;
  });
}

/** `renderChatMessageHTML` hook: one delegated listener per rendered check card. */
export function attachCheckListeners(message: ChatMessage.Implementation, html: HTMLElement): void {
  if (!checkCardOf(message) || html.dataset.frayCheck) return;
  html.dataset.frayCheck = "listening";
  html.addEventListener("click", (event) => onCheckClick(message, event) ?? undefined);
}
