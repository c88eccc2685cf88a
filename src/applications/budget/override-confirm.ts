/**
 * The GM's override of a budget refusal (issue: "the GM can override", PR-B2 for declarations): a request is
 * sent as is; when a GM's request is refused by a rule, the GM is shown the localized reason and asked to
 * confirm; confirmed, it is sent again with the override (the GM side records what was forced). A player's
 * refusal is shown. Refusals about who may spend, or that the request itself is wrong, are never overridden.
 */
import { refusalKey, type Outcome } from "../../rules/outcome";
import { loc } from "../../utils/loc";
import { notifyRefusal } from "../notify";

/** Refusals no override gets past. */
export const NOT_OVERRIDABLE: ReadonlySet<string> = new Set([
  "notYourBudget",
  "overrideNeedsGM",
  "documentGone",
  "combatGone",
  "creatureGone",
  "unknownCombatant",
  "budgetChanged",
  "invalidValue",
  "notActiveGM",
  "noActiveGM",
  "requestFailed",
  "notOwner",
  "declareInTracker",
  "notInThisFamily",
  "notInFight",
  "unknownWeapon",
  "unknownSpell",
  "nothingToDismiss",
  // FS-MT4 and the attack request's bounds (issue 12): no override passes them.
  "notRiding",
  "independentAttackUsed",
  "outOfBounds",
  "formulaTooLarge",
  "notGmCard",
  "cardsByGM",
  "tooManyRequests",
]);

/** Asks the GM whether to push a refused spend through. */
export async function confirmOverride(refusal: Outcome<unknown>): Promise<boolean> {
  if (refusal.ok) return false;
  const { DialogV2 } = foundry.applications.api;
  const escape = foundry.utils.escapeHTML;
  const answer = await DialogV2.confirm({
    window: { title: "FRAY.Budget.Ui.overrideTitle" },
    content: `<p>${escape(loc(refusalKey(refusal.reason), refusal.data ?? {}))}</p><p>${escape(loc("FRAY.Budget.Ui.overrideQuestion"))}</p>`,
  });
  return answer === true;
}

/** Sends `ask(false)`; a GM may confirm `ask(true)` after a rule's refusal. True when something was spent. */
export async function sendWithOverride(
  ask: (override: boolean) => Promise<Outcome<unknown>>,
): Promise<boolean> {
  const out = await ask(false);
  if (out.ok) return true;
  if (game.user?.isGM && !NOT_OVERRIDABLE.has(out.reason) && (await confirmOverride(out)))
    return notifyRefusal(await ask(true));
  return notifyRefusal(out);
}

/**
 * `sendWithOverride` for a request whose answer is wanted: the final outcome (a refusal already shown to the
 * user), after a GM's confirmed override when a rule refused.
 */
export async function askWithOverride<T>(
  ask: (override: boolean) => Promise<Outcome<T>>,
): Promise<Outcome<T>> {
  const out = await ask(false);
  if (out.ok) return out;
  if (game.user?.isGM && !NOT_OVERRIDABLE.has(out.reason) && (await confirmOverride(out))) {
    const forced = await ask(true);
    notifyRefusal(forced);
    return forced;
  }
  notifyRefusal(out);
  return out;
}
