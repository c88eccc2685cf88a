/**
 * Wires Fray's combat: the document classes, the tracker, and the active GM's hooks that keep the round
 * engine in line with the documents — a combatant added or removed mid-round, a defeated toggle or the
 * defeated status (FS-R9), an initiative a GM set outside the tracker, a player's raw initiative, round or turn
 * put back to the engine's (issue 24), and the chat note of what ended; the GM's
 * prompt for a low orientation roll (PR-P3, "gm" reading).
 */
import {
  applyRoundEvents,
  asFray,
  familyOf,
  restoreEngineMirrors,
  roundStateOf,
} from "../../documents/combat-api";
import { compareByRank, turnRanks } from "../../data/combat/turn-order";
import { noteReverts } from "../../net/trust-notes";
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

/** The user who made a write (the server's `userId`), and whether a GM made it. */
function writer(userId: string): { user: User.Implementation | undefined; gm: boolean } {
  const user = game.users?.get(userId);
  return { user, gm: user?.isGM === true };
}

/**
 * An initiative a GM wrote on the document (a macro, core's dialog) becomes an engine `setInitiative`. Issue 24: one
 * a player wrote (core lets an owner set its combatant's) is not the player's to decide — no rule lets a player
 * set a total, its initiative is rolled by the GM (combat.rollInitiative) — so the active GM puts the engine's
 * back and tells the GMs.
 */
function onCombatantUpdate(
  combatant: Combatant.Implementation,
  changes: Record<string, unknown>,
  _options: unknown,
  userId: string,
): void {
  const combat = asFray(combatant.parent);
  if (!combat || !game.user?.isActiveGM) return;
  const by = writer(userId);
  if ("initiative" in changes && !by.gm) {
    void putBack(combat, { combatantIds: [combatant.id ?? ""] }, by.user);
    return;
  }
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
 * Issue 24: a Combat's `round` and `turn` are the engine's. Core lets any player write them; every client shows
 * the engine's anyway (fray-combat.ts followEngine), and the active GM puts the stored ones back and tells the
 * GMs. A player ends its own turn through Fray's request (combat.endTurn), never by writing `turn`.
 */
function onCombatUpdate(
  combat: Combat.Implementation,
  changes: Record<string, unknown>,
  _options: unknown,
  userId: string,
): void {
  const fight = asFray(combat);
  if (!fight || !game.user?.isActiveGM) return;
  const by = writer(userId);
  if (by.gm || !("round" in changes || "turn" in changes)) return;
  void putBack(fight, { round: "round" in changes, turn: "turn" in changes }, by.user);
}

/** The combatant acting at `turn` in the engine's order (what a Combat's `turn` names), for the GM's line. */
function actingAt(combat: Combat.Implementation, turn: number | null): string | null {
  if (turn === null) return null;
  const ids = [...combat.combatants.keys()];
  const ranks = turnRanks(roundStateOf(combat));
  const id = ids.sort((a, b) => compareByRank(ranks, a, b))[turn];
  return id ? (combat.combatants.get(id)?.name ?? null) : null;
}

/** The engine's copies put back (combat-api.ts restoreEngineMirrors), then one line to the GMs. */
async function putBack(
  combat: Combat.Implementation,
  which: Parameters<typeof restoreEngineMirrors>[1],
  user: User.Implementation | undefined,
): Promise<void> {
  const restored = await restoreEngineMirrors(combat, which);
  await noteReverts(
    restored.map((r) =>
      r.field === "initiative"
        ? {
            user,
            field: r.field,
            creature: combat.combatants.get(r.combatantId ?? "")?.name ?? "",
            before: r.engine,
            after: r.written,
          }
        : r.field === "turn"
          ? { user, field: r.field, before: actingAt(combat, r.engine), after: actingAt(combat, r.written) }
          : { user, field: r.field, before: r.engine, after: r.written },
    ),
  );
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
  on("updateCombat", onCombatUpdate);
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
