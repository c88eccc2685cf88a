/**
 * Wires Fray's combat: the document classes, the tracker, and the active GM's hooks that keep the round
 * engine in line with the documents — a combatant added or removed mid-round, a defeated toggle or the
 * defeated status (FS-R9), an initiative set outside the tracker, and the chat note of what ended; the GM's
 * prompt for a low orientation roll (PR-P3, "gm" reading).
 */
import { applyRoundEvents, asFray, familyOf, roundStateOf } from "../../documents/combat-api";
import { initiativeRoll } from "../../documents/combat-requests";
import { endDefendWhenUnableToAct } from "../../documents/defend-watch";
import { FrayCombat } from "../../documents/fray-combat";
import { FrayCombatant } from "../../documents/fray-combatant";
import { ROUND_NOTICES_HOOK, type RoundTransition } from "../../documents/round-lifecycle";
import type { RoundNotice } from "../../rules/turns/round-state";
import { FrayCombatTracker } from "./fray-combat-tracker";
import { postRoundNote } from "./round-note";
import { askOrientationRuling, newlyPending } from "./orientation-ruling";
import { notifyRefusal } from "../notify";
import { onHook } from "../../compat/hooks";

/** The GM's client reconciles the engine with the documents (no write when nothing changed). */
function sync(combat: Combat.Implementation | undefined | null): void {
  if (!combat || !game.user?.isActiveGM) return;
  void applyRoundEvents(combat, []).then((out) => {
    if (!out.ok) console.warn(`fray | combat ${combat.id} could not be reconciled: ${out.reason}`);
  });
}

/** An initiative written on the document (a macro, core's dialog) becomes an engine `setInitiative`. */
function onCombatantUpdate(combatant: Combatant.Implementation, changes: Record<string, unknown>): void {
  const combat = asFray(combatant.parent);
  if (!combat || !game.user?.isActiveGM) return;
  const total = combatant.initiative;
  const known = roundStateOf(combat).combatants.find((c) => c.id === combatant.id);
  if ("initiative" in changes && typeof total === "number" && known && known.initiative !== total) {
    const id = combatant.id ?? "";
    void applyRoundEvents(combat, [
      { type: "setInitiative", id, roll: initiativeRoll(familyOf(combat), combatant, total) },
    ]);
    return;
  }
  if ("defeated" in changes) sync(combat);
}

/**
 * The defeated status on an actor (token HUD) counts as defeated in every fight it is in (FS-R9); a status
 * that stops it acting ends its Defend (FS-A5).
 */
function onEffectChange(effect: ActiveEffect.Implementation): void {
  if (!game.user?.isActiveGM) return;
  const actor = effect.parent instanceof Actor ? (effect.parent as Actor.Implementation) : null;
  if (!actor) return;
  for (const combat of game.combats?.values() ?? []) {
    const fight = asFray(combat);
    if (!fight || ![...fight.combatants.values()].some((c) => c.actor === actor)) continue;
    sync(fight);
    void endDefendWhenUnableToAct(fight, actor);
  }
}

export function registerCombat(): void {
  CONFIG.Combat.documentClass = FrayCombat;
  CONFIG.Combatant.documentClass = FrayCombatant;
  CONFIG.ui.combat = FrayCombatTracker;

  const on = onHook;
  on("createCombatant", (c: Combatant.Implementation) => sync(asFray(c.parent)));
  on("deleteCombatant", (c: Combatant.Implementation) => sync(asFray(c.parent)));
  on("updateCombatant", onCombatantUpdate);
  on("createActiveEffect", onEffectChange);
  on("deleteActiveEffect", onEffectChange);
  on("updateActiveEffect", onEffectChange);
  on(ROUND_NOTICES_HOOK, (combat: Combat.Implementation, notices: RoundNotice[], t: RoundTransition) => {
    void postRoundNote(combat, notices, t);
    // PR-P3 ("gm" reading): a low orientation roll waits for the GM's ruling; the GM is asked at once (the
    // tracker keeps a button for a prompt dismissed).
    for (const id of newlyPending(t.before, t.after))
      void askOrientationRuling(combat, id).then((out) => out && notifyRefusal(out));
  });
  // Combatants created or removed while no GM was connected: the GM catches up once ready.
  Hooks.once("ready", () => {
    for (const combat of game.combats?.values() ?? []) sync(asFray(combat));
  });
}
