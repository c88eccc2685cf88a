/**
 * The rolls movement asks (FS-M1 balance: Agility; FS-M2 climbing and FS-M4 turbulence: Strength, and FS-M5/FS-M6
 * a jump beyond what the creature jumps without a roll: Agility, when the GM asks), as check cards with a real Roll (chat/check-card.ts) whose consequence stops, fells or lets the
 * creature go on (chat/traversal-consequence.ts). The surface or the climb may add banes: the GM's call, asked
 * in a small form.
 */
import { postCheck } from "../../chat/check-card";
import { TRAVERSAL_CONSEQUENCE, type TraversalPurpose } from "../../chat/traversal-consequence";
import { loc } from "../../utils/loc";
import { askFields } from "./budget-dialogs";

const ATTRIBUTE: Record<TraversalPurpose, "agility" | "strength"> = {
  balance: "agility",
  climb: "strength",
  turbulence: "strength",
  jump: "agility",
};

/**
 * Posts the roll for `combatantId`: rolled at once when `now` (the mover's own balance roll), otherwise with a
 * button for its owner (the GM asking for a Strength roll). Resolves true when a card was posted.
 */
export async function askTraversalRoll(
  combatId: string,
  combatantId: string,
  purpose: TraversalPurpose,
  now = false,
): Promise<boolean> {
  const combatant = game.combats?.get(combatId)?.combatants.get(combatantId) as
    Combatant.Implementation | undefined;
  const actor = combatant?.actor;
  if (!combatant || !actor) return false;
  const form = await askFields(loc(`FRAY.Check.Kind.${purpose}`), [
    { name: "banes", label: "FRAY.Budget.Ui.banes", number: true, value: 0, step: 1, min: 0, max: 10 },
  ]);
  if (!form) return false;
  const banes = Math.max(0, Math.min(10, Math.trunc(Number(form.banes) || 0)));
  const message = await postCheck({
    actor,
    token: (combatant.token as TokenDocument.Implementation | null) ?? null,
    kind: purpose,
    attribute: ATTRIBUTE[purpose],
    banes,
    combatId,
    consequence: { name: TRAVERSAL_CONSEQUENCE, data: { combatId, combatantId, purpose } },
    roll: now ? "now" : "unowned",
  });
  return message !== null;
}
