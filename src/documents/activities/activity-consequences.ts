/**
 * What the rolled fast-slow activities do once their check card is rolled (run once, on the active GM):
 * - FS-A8 Help: on a success the helped creature holds a Help state until the end of the round (`helpState`),
 *   which gives its next roll 1 boon (help-boons.ts takes it);
 * - FS-A7 Search for a hidden creature: the searcher's Perception total against the hider's Agility
 *   (`searchForHidden`); found, the hider is Hidden «caché» no more (the status the attack cards read, FS-A9);
 * - FS-A14 Stabilize: on a success the incapacitated creature heals 1 Health;
 * - FS-A9 Hide: on a success the creature is Hidden «caché» (until it reveals itself or is found, FS-A7).
 * The creatures are named on the card by reference (ActorRef) and found again here; one deleted meanwhile
 * makes the consequence say so and do nothing.
 */
import { actorSystemOf } from "../../data/system-of";
import { defineCheckConsequence, type CheckLine } from "../../chat/check-card";
import type { ActorRef } from "../../chat/card-data";
import { resolveParty, statsOf, withHealthLock } from "../../chat/parties";
import { helpState } from "../../rules/families/fast-slow/help";
import { searchForHidden } from "../../rules/families/fast-slow/search";
import { applyRoundEvents, asFray, familyOf, roundStateOf } from "../combat-api";
import { setStatus } from "../statuses";

/** FS-A9: the status a found creature loses. */
const HIDDEN_STATUS = "hidden";

/** FS-A14: what a successful Stabilize heals. */
export const STABILIZE_HEALS = 1;

const gone = (): { lines: CheckLine[] } => ({ lines: [{ key: "FRAY.Budget.Ui.noEffect" }] });

export interface HelpConsequenceData {
  readonly combatId: string;
  readonly helperId: string;
  readonly targetId: string;
}

/** FS-A8 */
export const HELP_CONSEQUENCE = defineCheckConsequence<HelpConsequenceData>(
  "activity.help",
  async ({ data, result }) => {
    const combat = asFray(game.combats?.get(String(data?.combatId)));
    const target = combat?.combatants.get(String(data?.targetId));
    if (!combat || !target || familyOf(combat) !== "fast-slow") return gone();
    const name = target.name ?? "";
    if (!result.success) return { lines: [{ key: "FRAY.Activity.Roll.helpFailed", data: { name } }] };
    const s = helpState({
      target: String(data.targetId),
      helper: String(data.helperId),
      round: roundStateOf(combat).round,
    });
    const applied = await applyRoundEvents(combat, [
      { type: "addTimedState", state: { key: s.key, holder: s.holder, expiry: s.expiry, data: s.data } },
    ]);
    if (!applied.ok) return { lines: [{ key: `FRAY.Refusal.${applied.reason}`, data: { name } }] };
    return { lines: [{ key: "FRAY.Activity.Roll.helpGiven", data: { name } }] };
  },
);

export interface SearchConsequenceData {
  readonly hider: ActorRef;
}

/** FS-A7: a hidden creature, found when the searcher's Perception total reaches its Agility. */
export const SEARCH_CONSEQUENCE = defineCheckConsequence<SearchConsequenceData>(
  "activity.search",
  async ({ data, result }) => {
    const hider = data?.hider ? resolveParty(data.hider) : null;
    if (!hider) return gone();
    const name = hider.ref.name;
    const agility = Number(actorSystemOf(hider.actor).fastSlow?.agility?.value ?? 0);
    if (searchForHidden(result.total, agility) === "hider")
      return { lines: [{ key: "FRAY.Activity.Roll.stillHidden", data: { name } }] };
    await setStatus(hider.actor, HIDDEN_STATUS, false);
    return { lines: [{ key: "FRAY.Activity.Roll.found", data: { name } }] };
  },
);

export interface StabilizeConsequenceData {
  readonly patient: ActorRef;
}

/** FS-A14: a success heals the creature 1 Health (never above its maximum). */
export const STABILIZE_CONSEQUENCE = defineCheckConsequence<StabilizeConsequenceData>(
  "activity.stabilize",
  async ({ data, result }) => {
    const patient = data?.patient ? resolveParty(data.patient) : null;
    if (!patient) return gone();
    const name = patient.ref.name;
    if (!result.success) return { lines: [{ key: "FRAY.Activity.Roll.notStabilized", data: { name } }] };
    await withHealthLock(patient.actor, async () => {
      const health = statsOf(patient.actor).health;
      const value = Math.min(health.max, health.value + STABILIZE_HEALS);
      await patient.actor.update({ "system.health.value": value } as Actor.UpdateData);
    });
    return {
      lines: [{ key: "FRAY.Activity.Roll.stabilized", data: { name, amount: String(STABILIZE_HEALS) } }],
    };
  },
);

export interface HideConsequenceData {
  readonly hider: ActorRef;
}

/** FS-A9: an Agility roll reaching 10 (FS-D2) makes the creature Hidden. */
export const HIDE_CONSEQUENCE = defineCheckConsequence<HideConsequenceData>(
  "activity.hide",
  async ({ data, result }) => {
    const hider = data?.hider ? resolveParty(data.hider) : null;
    if (!hider) return gone();
    const name = hider.ref.name;
    if (!result.success) return { lines: [{ key: "FRAY.Activity.Roll.notHidden", data: { name } }] };
    await setStatus(hider.actor, HIDDEN_STATUS, true);
    return { lines: [{ key: "FRAY.Activity.Roll.nowHidden", data: { name } }] };
  },
);
