/**
 * Shared set-up for the sheet tests: the chat and budget stand-ins (fights started through the round engine
 * as the active GM, the budget requests, the check cards), the sheets' roll code, and the moves a table makes
 * from a sheet (roll a check, answer the form). Users: the GM, Alice (owns the hero), Bob (owns nothing here).
 */
import {
  alice,
  as,
  bob,
  budgetWorld,
  creature,
  events,
  gm,
  resetWorld,
  setSetting,
  settle,
  startedFight,
  weapon,
  world,
} from "../budget/setup";
import { queuedFaces } from "../../harness/roll";
import { checkCardOf, type CheckCardData } from "../../../src/chat/check-card";
import { roundStateOf } from "../../../src/documents/combat-api";
import type { ChatMessageDoc, FightDoc } from "../../harness/chat";
import "../../../src/applications/sheets/activity-rolls";

export { alice, as, bob, budgetWorld, creature, events, gm, setSetting, settle, startedFight, weapon, world };

/** A fresh world for each test: no fight, no message, no queued face, the default conventions. */
export function freshWorld(): void {
  resetWorld();
  queuedFaces.length = 0;
  setSetting("boonDie", 6);
  setSetting("adCriticalSuccess", 4);
  setSetting("adCriticalFailure", 17);
  setSetting("prOpenEnded", true);
  setSetting("prOpenHigh", 96);
  setSetting("prOpenLow", 5);
}

/** The messages posted so far, oldest first. */
export function messages(): ChatMessageDoc[] {
  return [...world.messages.values()];
}

/** The check card of the last message. */
export function lastCard(): CheckCardData {
  const last = messages().at(-1);
  const card = last ? checkCardOf(last as never) : null;
  if (!card) throw new Error("the last message is no check card");
  return card;
}

/** The timed states the fight's engine holds for `holder`. */
export function statesOf(fight: FightDoc, holder: string) {
  return roundStateOf(fight as never).timed.filter((s) => s.holder === holder);
}
