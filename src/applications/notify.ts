import { refusalKey, type Outcome } from "../rules/outcome";
import { locHtml } from "../utils/loc";

/**
 * Shows a refusal to the user in their language, the names it carries escaped (a notification is HTML);
 * returns whether the outcome was accepted.
 */
export function notifyRefusal(outcome: Outcome<unknown>): boolean {
  if (outcome.ok) return true;
  ui.notifications?.warn(locHtml(refusalKey(outcome.reason), outcome.data ?? {}));
  return false;
}
