/**
 * FS-A5: Defend ends as soon as the defender can no longer take actions (Dazed «Hébété», Stunned
 * «Stupéfait», Unconscious «inconscient»): the active GM drops the state when such a status arrives, so it does
 * not come back if the creature recovers before the end of the round.
 */
import { canAct } from "../chat/parties";
import { DEFEND_STATE, endDefendIfUnableToAct } from "../rules/families/fast-slow/defend";
import { applyRoundEvents, familyOf, timedStatesOf } from "./combat-api";

export async function endDefendWhenUnableToAct(
  combat: Combat.Implementation,
  actor: Actor.Implementation,
): Promise<void> {
  if (!game.user?.isActiveGM || familyOf(combat) !== "fast-slow") return;
  const able = canAct(actor);
  for (const combatant of combat.combatants.values()) {
    if (combatant.actor !== actor || !combatant.id) continue;
    const { ended } = endDefendIfUnableToAct(timedStatesOf(combat, combatant.id), combatant.id, able);
    if (ended.length) {
      await applyRoundEvents(combat, [{ type: "removeTimedState", holder: combatant.id, key: DEFEND_STATE }]);
    }
  }
}
