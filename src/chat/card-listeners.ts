/**
 * The buttons of an attack card. One delegated listener on the message element (attached by the
 * `renderChatMessageHTML` hook), so it keeps working when the card's content is drawn again; buttons are
 * real <button>s (Enter and Space press them) carrying `data-action`, inside the entry's `data-entry`.
 */
import { notifyRefusal } from "../applications/notify";
import { refuse, type Outcome } from "../rules/outcome";
import { attackCardOf } from "./attack-message";
import {
  applyDamageRequest,
  defendRequest,
  fumbleRequest,
  maintainRequest,
  rollDamageRequest,
  undoDamageRequest,
} from "./requests";

export const CARD_ACTIONS = [
  "defend",
  "decline",
  "maintain",
  "rollDamage",
  "applyDamage",
  "undoDamage",
  "rollFumble",
] as const;
export type CardAction = (typeof CARD_ACTIONS)[number];

function isCardAction(value: string | undefined): value is CardAction {
  return (CARD_ACTIONS as readonly string[]).includes(value ?? "");
}

/** Asks the GM to carry out one button of the card. */
export function runCardAction(
  messageId: string,
  action: CardAction,
  entry: string,
  defense: string | null = null,
  modifier = 0,
): Promise<Outcome<null>> {
  const payload = { messageId, entry };
  switch (action) {
    case "defend":
      return defense
        ? defendRequest.send({ ...payload, defense, ...(modifier ? { modifier } : {}) })
        : Promise.resolve(refuse("defenseNotAvailable"));
    case "decline":
      return defendRequest.send({ ...payload, defense: null });
    case "maintain":
      return maintainRequest.send(payload);
    case "rollDamage":
      return rollDamageRequest.send(payload);
    case "applyDamage":
      return applyDamageRequest.send(payload);
    case "undoDamage":
      return undoDamageRequest.send(payload);
    case "rollFumble":
      return fumbleRequest.send(payload);
  }
}

/** Handles a click inside a rendered attack card: the GM's answer (a refusal is shown), or null for no button. */
export function onCardClick(
  message: ChatMessage.Implementation,
  event: Event,
): Promise<Outcome<null>> | null {
  const origin = event.target as HTMLElement | null;
  const button = origin?.closest?.<HTMLButtonElement>("button[data-action]");
  const action = button?.dataset.action;
  const section = button?.closest<HTMLElement>("[data-entry]");
  const entry = section?.dataset.entry;
  if (!button || !isCardAction(action) || !entry || !message.id) return null;
  event.preventDefault();
  button.disabled = true;
  // OD-A2: the defender's situational modifier, typed next to its defense buttons.
  const field = section?.querySelector<HTMLInputElement>('input[name="defenseModifier"]');
  const modifier = Math.trunc(Number(field?.value ?? 0)) || 0;
  return runCardAction(message.id, action, entry, button.dataset.defense ?? null, modifier).then(
    (outcome) => {
      button.disabled = false;
      notifyRefusal(outcome);
      return outcome;
    },
  );
}

/** `renderChatMessageHTML` hook: one listener per rendered message element. */
export function attachCardListeners(message: ChatMessage.Implementation, html: HTMLElement): void {
  if (!attackCardOf(message) || html.dataset.frayCard) return;
  html.dataset.frayCard = "listening";
  // The answer is returned for whoever dispatched the click (the tests); the DOM ignores it.
  html.addEventListener("click", (event) => onCardClick(message, event) ?? undefined);
}
