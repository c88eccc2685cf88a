/**
 * Casting a spell that is not an attack, in a fight, asked of the active GM (rules/spells/casting.ts): FS-A2
 * the turn's action (or the reaction to a prepared cast, FS-A10), CD-A6 a standard action, OD-R3 an active
 * action, AD-M8 the turn's manoeuvre (a spell cast without concentration), PR-P2 nothing more than the spell's
 * declaration, checked. The GM side re-checks the ownership and the budget's fingerprint (`authorized`: two
 * clicks spend once), reads the spell from the caster's own items and builds the event itself; the GM's
 * override goes through a rule's refusal. FS-A9: casting reveals a Hidden caster.
 * Attack spells spend as attacks (`budget.attack`); AD-M6 concentration has its own request.
 */
import { defineGmRequest } from "../../net/gm-requests";
import { withOverride } from "../../rules/budget/spend-events";
import { accept, refuse } from "../../rules/outcome";
import { castingKind, castSpend, spellFacts } from "../../rules/spells/casting";
import { authorized, combatKeyOf, itemOf } from "../budget-requests";
import { spendFor } from "../budget-spend";
import { engineCombatant, storedBudgetOf } from "../budget-store";
import { familyOf, roundStateOf, structureOf } from "../combat-api";
import { setStatus } from "../statuses";
import type { FastSlowBudget } from "../../rules/families/fast-slow/budget";

export interface CastPayload {
  readonly combatId: string;
  readonly combatantId: string;
  readonly itemId: string;
  /** The fingerprint of the budget the caster saw. */
  readonly expect?: string;
  /** GM only. */
  readonly override?: boolean;
}

/** The status id of FS-A9 Hidden «caché». */
const HIDDEN = "hidden";

export const castSpellRequest = defineGmRequest<CastPayload, true>(
  "spell.cast",
  async (p, { user }) => {
    const found = authorized(p, user);
    if (!found.ok) return found;
    const { combat, combatant, override } = found.value;
    const item = itemOf(combatant, p.itemId);
    if (!item || item.type !== "spell") return refuse("unknownSpell");
    const family = familyOf(combat);
    const state = roundStateOf(combat);
    if (state.round === 0) return accept(true);
    const kind = castingKind(family, spellFacts(item.system), true);
    if (kind === "attack" || kind === "concentrate") return refuse("invalidValue");
    const planned = castSpend({
      family,
      fastSlow: family === "fast-slow" ? (storedBudgetOf(combat, combatant) as FastSlowBudget | null) : null,
      phaseId: structureOf(combat).phases[state.phase]?.id ?? "",
      sheet: engineCombatant(combat, combatant.id ?? "")?.sheet ?? null,
      override,
    });
    if (!planned.ok) return planned;
    const spend = planned.value;
    if (spend.family !== "phased-round") {
      const spent = await spendFor(combat, combatant, withOverride(spend, override));
      if (!spent.ok) return spent;
    }
    // FS-A9: a Hidden creature that casts reveals itself.
    if (family === "fast-slow")
      await setStatus(combatant.actor as Actor.Implementation | null, HIDDEN, false);
    return accept(true);
  },
  combatKeyOf,
);
