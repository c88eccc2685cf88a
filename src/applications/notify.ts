import { refusalKey, type Outcome } from "../rules/outcome";
import { loc } from "../utils/loc";

/** Shows a refusal to the user in their language; returns whether the outcome was accepted. */
export function notifyRefusal(outcome: Outcome<unknown>): boolean {
  if (outcome.ok) return true;
  ui.notifications?.warn(loc(refusalKey(outcome.reason), outcome.data ?? {}));
  return false;
}
