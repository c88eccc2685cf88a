/**
 * FS-A6 Dismiss «cesser» on the Foundry side. The budget panel's Dismiss asks which of the creature's own effects
 * to end (`dismissableFor`: its concentrations in the fight, and the effects its spells and talents placed on
 * any creature), then asks the active GM (`dismissRequest`), who re-checks that the asker owns the creature and
 * that the effect is still the creature's to dismiss and that the turn's action is there (activity "dismiss",
 * with the GM's override when confirmed), ends the effect, then spends the action:
 * - concentrated on: its concentration state goes (one `removeTimedState` matching the effect, in the fight's
 *   write lock); the concentration lifecycle then ends the effect as for any other end (FS-A3);
 * - otherwise: the ActiveEffects the item placed are removed.
 * One chat line tells the table (speaker: the creature; the template escapes the names).
 */
import { combatKeyOf, defineGmRequest } from "../../net/gm-requests";
import { CONCENTRATION_STATE, isConcentrationState } from "../../rules/families/fast-slow/concentration";
import { dismissableEffects, type DismissableEffect } from "../../rules/families/fast-slow/dismiss";
import { applySpend } from "../../rules/budget/apply-spend";
import { withOverride } from "../../rules/budget/spend-events";
import { accept, refuse, type Outcome } from "../../rules/outcome";
import { loc } from "../../utils/loc";
import { templatePath } from "../../utils/paths";
import { spendFor } from "../budget-spend";
import { storedBudgetOf } from "../budget-store";
import { authorized } from "../budget-requests";
import { applyRoundEvents, creatureOf, familyOf, timedStatesOf } from "../combat-api";
import { endEffect, everyActor } from "../concentration/concentration-lifecycle";

export const DISMISSED_TEMPLATE = "chat/dismissed";

/** FS-A6: what the combatant's creature may dismiss now. */
export function dismissableFor(
  combat: Combat.Implementation,
  combatant: Combatant.Implementation,
): DismissableEffect[] {
  const actor = creatureOf(combatant);
  if (!actor) return [];
  const items = [...((actor.items ?? []) as Iterable<Item.Implementation>)].map((i) => ({
    uuid: i.uuid ?? "",
    type: i.type,
    name: i.name ?? "",
  }));
  const concentrating = timedStatesOf(combat, combatant.id ?? "")
    .filter(isConcentrationState)
    .map((s) => s.data.effectId);
  const placed = new Set<string>();
  for (const creature of everyActor()) {
    for (const effect of creature.effects?.contents ?? []) if (effect.origin) placed.add(effect.origin);
  }
  return dismissableEffects(items, concentrating, placed);
}

/** The chat line (in the posting client's language; names go in as they are, the template escapes). */
export function dismissedLine(name: string, effect: string): string {
  return loc("FRAY.Activity.Dismiss.done", { name, effect });
}

async function postDismissed(combatant: Combatant.Implementation, effect: string): Promise<void> {
  const content = await foundry.applications.handlebars.renderTemplate(templatePath(DISMISSED_TEMPLATE), {
    line: dismissedLine(combatant.name ?? "", effect),
  });
  const cls = CONFIG.ChatMessage.documentClass;
  const gms = game.users?.contents.filter((u) => u.isGM).map((u) => u.id) ?? [];
  await cls.create({
    content,
    speaker: { alias: combatant.name ?? "" },
    // A combatant hidden in the tracker is not named to the players.
    ...(combatant.hidden ? { whisper: gms } : {}),
  });
}

export interface DismissPayload {
  readonly combatId: string;
  readonly combatantId: string;
  /** The fingerprint of the budget the asker saw: two clicks dismiss once. */
  readonly expect?: string;
  /** The item's uuid (`DismissableEffect.effectId`). */
  readonly effectId: string;
  readonly override?: boolean;
}

async function dismissOnGm(p: DismissPayload, user: User.Implementation): Promise<Outcome<true>> {
  const found = authorized(p, user);
  if (!found.ok) return found;
  const { combat, combatant, override } = found.value;
  if (familyOf(combat) !== "fast-slow") return refuse("notInThisFamily");
  const effect = dismissableFor(combat, combatant).find((e) => e.effectId === String(p.effectId ?? ""));
  if (!effect) return refuse("nothingToDismiss", { name: combatant.name ?? "" });
  const spend = withOverride(
    { family: "fast-slow", event: { type: "activity", activity: "dismiss" } },
    override,
  );
  // The action is checked first and spent last: a concentration that ended meanwhile (a failed FS-A4 check
  // rolled under its own card's lock) refuses the dismissal with nothing spent.
  const budget = storedBudgetOf(combat, combatant);
  if (budget) {
    const allowed = applySpend(spend, budget, { prone: false });
    if (!allowed.ok) return allowed;
  }
  if (effect.concentration) {
    const ended = await applyRoundEvents(combat, [
      {
        type: "removeTimedState",
        holder: combatant.id ?? "",
        key: CONCENTRATION_STATE,
        match: { effectId: effect.effectId },
      },
    ]);
    if (!ended.ok) return ended;
  } else {
    await endEffect(effect.effectId);
  }
  const spent = await spendFor(combat, combatant, spend);
  await postDismissed(combatant, effect.name);
  return spent.ok ? accept(true) : spent;
}

/** FS-A6: one request per combat at a time, as every budget request. */
export const dismissRequest = defineGmRequest<DismissPayload, true>(
  "activity.dismiss",
  (p, { user }) => dismissOnGm(p, user),
  combatKeyOf,
);
