/**
 * Concentration's wiring (FS-A3, FS-A4, AD-M6), called once from the init hook: the FS-A4 damage and Insanity
 * watch on actor updates, the GM's work when concentration states change in a fight, and the ends the round
 * engine cannot see: a concentrating combatant deleted, a fight deleted. Called before the combat wiring, so a
 * deleted combatant is remembered before the tracker's reconciliation drops its states.
 */
import { ROUND_NOTICES_HOOK, type RoundTransition } from "../round-lifecycle";
import type { RoundNotice } from "../../rules/turns/round-state";
import { checkConcentrationAfterUpdate, noteBeforeUpdate } from "./concentration-check";
import { onCombatantDeleted, onCombatDeleted, onConcentrationNotices } from "./concentration-lifecycle";
// Declares the GM request "fray.concentration.start" at import, before the setup hook registers the queries.
import "./concentration-start";
import { onHook } from "../../compat/hooks";

export function registerConcentration(): void {
  const on = onHook;
  on("preUpdateActor", (actor: Actor.Implementation, _changes: unknown, options: Record<string, unknown>) => {
    if (options) noteBeforeUpdate(actor, options);
  });
  on("updateActor", (actor: Actor.Implementation, _changes: unknown, options: Record<string, unknown>) => {
    void checkConcentrationAfterUpdate(actor, options ?? {});
  });
  on(
    ROUND_NOTICES_HOOK,
    (combat: Combat.Implementation, notices: readonly RoundNotice[], transition: RoundTransition) => {
      void onConcentrationNotices(combat, notices, transition);
    },
  );
  on("deleteCombatant", (combatant: Combatant.Implementation) => onCombatantDeleted(combatant));
  on("deleteCombat", (combat: Combat.Implementation) => void onCombatDeleted(combat));
}
