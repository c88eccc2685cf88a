/**
 * What a balance, climbing or turbulence roll does once rolled on its check card (run once, on the active GM):
 * - FS-M1 balance «équilibre» (Agility) and FS-M2 climb «grimper» (Strength): a success lets the creature go on
 *   (the surface asks no new roll this turn); a failure stops its movement for this turn; a total of 0 or less
 *   is a fall — prone, or off the perch (`traversalResult`);
 * - FS-M4 turbulence (Strength, asked by the GM): a failure brings a flying creature down;
 * - FS-M5/FS-M6 a jump higher or longer than the creature jumps without a roll (Agility, when the GM asks): a
 *   failure is a fall — prone, its movement over for this turn (`jumpResult`, a convention of the rules').
 */
import { setProne, spendFor } from "../documents/budget-spend";
import { asFray, familyOf } from "../documents/combat-api";
import { inFightLock } from "../net/gm-requests";
import { jumpResult } from "../rules/families/fast-slow/jump";
import { traversalResult } from "../rules/families/fast-slow/movement";
import { defineCheckConsequence, type CheckLine } from "./check-card";
import { aboveGround, fall } from "./flyer-falls";

export type TraversalPurpose = "balance" | "climb" | "turbulence" | "jump";

export interface TraversalData {
  readonly combatId: string;
  readonly combatantId: string;
  readonly purpose: TraversalPurpose;
}

/** The consequence's name on the card. */
export const TRAVERSAL_CONSEQUENCE = defineCheckConsequence<TraversalData>(
  "budget.traversal",
  async ({ data, result, card }) => {
    const combat = asFray(game.combats?.get(String(data?.combatId)));
    const combatant = combat?.combatants.get(String(data?.combatantId));
    const actor = combatant?.actor ?? null;
    if (!combat || !combatant || !actor || familyOf(combat) !== "fast-slow")
      return { lines: [{ key: "FRAY.Budget.Ui.noEffect" }] };
    if (data.purpose === "turbulence") {
      if (result.success) return { lines: [{ key: "FRAY.Movement.Result.continue" }] };
      const tokens = actor.getActiveTokens?.(false, true) ?? [];
      for (const token of tokens.filter((t) => aboveGround(t))) await fall(actor, token);
      return { lines: [{ key: "FRAY.Movement.Result.fall" }] };
    }
    const outcome =
      data.purpose === "jump" ? jumpResult(result.success) : traversalResult(result.total, card.target);
    const lines: CheckLine[] = [{ key: `FRAY.Movement.Result.${outcome}` }];
    // In the fight's request lock: a budget request handled meanwhile neither loses this spend nor is lost by it.
    const spent = await inFightLock(combat, () =>
      spendFor(combat, combatant, { family: "fast-slow", event: { type: "traversal", result: outcome } }),
    );
    if (!spent.ok) lines.push({ key: `FRAY.Refusal.${spent.reason}` });
    if (outcome === "fall") await setProne(actor, true);
    return { lines };
  },
);
