/**
 * The rolls movement asks (FS-M1 balance: Agility; FS-M2 climbing and FS-M4 turbulence: Strength, and FS-M5/FS-M6
 * a jump beyond what the creature jumps without a roll: Agility, when the GM asks), as check cards with a real Roll (chat/check-card.ts) whose consequence stops, fells or lets the
 * creature go on (chat/traversal-consequence.ts). The surface or the climb may add banes: the GM's call, asked
 * in a small form. The card is posted by the active GM (`check.traversal`, issue 12): a player asks only for its
 * own creature's balance roll, and the consequence names the combatant the GM checked.
 */
import { postCheck } from "../../chat/check-card";
import { TRAVERSAL_CONSEQUENCE, type TraversalPurpose } from "../../chat/traversal-consequence";
import { currentMessageMode } from "../../compat/message-modes";
import { askerAudience } from "../../compat/asker-audience";
import { authorized } from "../../documents/budget-requests";
import { defineGmRequest } from "../../net/gm-requests";
import { boundedWhole, situationBounds } from "../../rules/attack/situation-bounds";
import { accept, refuse, type Outcome } from "../../rules/outcome";
import { loc } from "../../utils/loc";
import { notifyRefusal } from "../notify";
import { askFields } from "./budget-dialogs";

const ATTRIBUTE: Record<TraversalPurpose, "agility" | "strength"> = {
  balance: "agility",
  climb: "strength",
  turbulence: "strength",
  jump: "agility",
};

export interface TraversalRollPayload {
  readonly combatId: string;
  readonly combatantId: string;
  readonly purpose: TraversalPurpose;
  readonly banes: number;
  /** Rolled at once (the mover's own balance roll); else with a button for its owner. */
  readonly now?: boolean;
  readonly mode?: string;
}

async function traversalRollOnGm(
  p: TraversalRollPayload,
  user: User.Implementation,
): Promise<Outcome<{ messageId: string }>> {
  if (!Object.hasOwn(ATTRIBUTE, String(p.purpose))) return refuse("invalidValue");
  // FS-M2/FS-M4: a Strength roll is the GM's to ask; a player asks for its own creature's balance roll only.
  if (p.purpose !== "balance" && !user.isGM) return refuse("gmOnly");
  const found = authorized({ combatId: p.combatId, combatantId: p.combatantId }, user);
  if (!found.ok) return found;
  const { combat, combatant } = found.value;
  const actor = combatant.actor;
  if (!actor) return refuse("creatureGone");
  const banes = boundedWhole(p.banes ?? 0, 0, situationBounds("fast-slow", user.isGM).banes);
  if (!banes.ok) return banes;
  if (p.now !== undefined && typeof p.now !== "boolean") return refuse("invalidValue");
  const message = await postCheck({
    actor,
    token: (combatant.token as TokenDocument.Implementation | null) ?? null,
    kind: p.purpose,
    attribute: ATTRIBUTE[p.purpose],
    banes: banes.value,
    combatId: combat.id ?? null,
    consequence: {
      name: TRAVERSAL_CONSEQUENCE,
      data: { combatId: combat.id ?? "", combatantId: combatant.id ?? "", purpose: p.purpose },
    },
    roll: p.now ? "now" : "unowned",
    audience: askerAudience(user, p.mode),
  });
  return message?.id ? accept({ messageId: message.id }) : refuse("requestError");
}

export const traversalRollRequest = defineGmRequest<TraversalRollPayload, { messageId: string }>(
  "check.traversal",
  (p, { user }) => traversalRollOnGm(p, user),
  (p) => `check.traversal.${String(p.combatId)}.${String(p.combatantId)}`,
);

/**
 * Asks for the roll of `combatantId`: rolled at once when `now` (the mover's own balance roll), otherwise with a
 * button for its owner (the GM asking for a Strength roll). Resolves true when a card was posted.
 */
export async function askTraversalRoll(
  combatId: string,
  combatantId: string,
  purpose: TraversalPurpose,
  now = false,
): Promise<boolean> {
  const combatant = game.combats?.get(combatId)?.combatants.get(combatantId);
  if (!combatant?.actor) return false;
  const form = await askFields(loc(`FRAY.Check.Kind.${purpose}`), [
    { name: "banes", label: "FRAY.Budget.Ui.banes", number: true, value: 0, step: 1, min: 0, max: 10 },
  ]);
  if (!form) return false;
  const banes = Math.max(0, Math.min(10, Math.trunc(Number(form.banes) || 0)));
  const out = await traversalRollRequest.send({
    combatId,
    combatantId,
    purpose,
    banes,
    now,
    mode: currentMessageMode(),
  });
  return notifyRefusal(out);
}
