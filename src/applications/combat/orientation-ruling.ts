/**
 * PR-P3 under the "gm" reading (`prOrientationLow`): a roll of 05 or less *could* leave a character unable to act
 * for the rest of the round and jeopardise its next round. The GM decides, in a prompt on the GM's client: unable
 * to act or not, and the penalty (0: none) that compromises the character's rolls in the next round. The ruling
 * is a GM event (`ruleOrientation`); the round engine keeps the compromise as a timed state, shown on the tracker
 * and taken off the character's rolls in that round.
 */
import { lowOrientation, MAX_COMPROMISE_PENALTY } from "../../rules/families/phased-round/orientation";
import type { OrientationResult, RoundState } from "../../rules/turns/round-state";
import { refuse, type Outcome } from "../../rules/outcome";
import { sendGmEvents } from "../../documents/fray-combat";
import { roundStateOf } from "../../documents/combat-api";
import { askFields } from "../budget/budget-dialogs";
import { loc } from "../../utils/loc";

/** This round's orientation result of `id` that waits for the GM's ruling, if any. */
function pendingOf(state: RoundState, id: string): OrientationResult | null {
  const low = lowOrientation(state.combatants.find((c) => c.id === id)?.sheet);
  return low?.result.ruling === "pending" ? low.result : null;
}

/** The combatants whose low roll came to wait for a ruling between `before` and `after`. */
export function newlyPending(before: RoundState, after: RoundState): string[] {
  return after.combatants
    .filter((c) => pendingOf(after, c.id) && pendingOf(before, c.id) === null)
    .map((c) => c.id);
}

/**
 * The GM's prompt for `combatantId`'s low orientation roll: unable to act (checked by default, the seed's usual
 * reading) and the next round's penalty; the answer goes to the round engine. Resolves null when dismissed.
 */
export async function askOrientationRuling(
  combat: Combat.Implementation,
  combatantId: string,
): Promise<Outcome<true> | null> {
  if (!game.user?.isGM) return refuse("gmOnly");
  const combatant = combat.combatants.get(combatantId);
  const result = lowOrientation(
    roundStateOf(combat).combatants.find((c) => c.id === combatantId)?.sheet,
  )?.result;
  if (!combatant || !result) return refuse("nothingToRule");
  const form = await askFields(
    loc("FRAY.Combat.OrientationRuling.title"),
    [
      {
        name: "unable",
        label: "FRAY.Combat.OrientationRuling.unable",
        checkbox: true,
        value: result.ruling !== "able",
      },
      {
        name: "penalty",
        label: "FRAY.Combat.OrientationRuling.penalty",
        number: true,
        value: 0,
        step: 1,
        min: 0,
        max: MAX_COMPROMISE_PENALTY,
      },
    ],
    [
      loc("FRAY.Combat.OrientationRuling.question", {
        name: combatant.name ?? "",
        roll: String(result.roll),
      }),
    ],
  );
  if (!form) return null;
  const penalty = Math.max(0, Math.min(MAX_COMPROMISE_PENALTY, Math.trunc(Number(form.penalty) || 0)));
  const unable = form.unable === true || String(form.unable) === "true";
  return sendGmEvents(combat, [{ type: "ruleOrientation", id: combatantId, unable, penalty }]);
}
