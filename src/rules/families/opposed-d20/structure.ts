/**
 * opposed-d20 round structure (OD-I1…OD-I4, OD-R1, OD-R2, OD-R5): each participant rolls d20 + Initiative
 * «Iniciativa» (OD-I2); they act from the highest result to the lowest, ties broken by the GM's method
 * (OD-I3, world setting `odInitiativeTies`: "random" roll-off, higher "initiative", or "manual" — the GM
 * orders them with a `reorder` event); a Critical «Crítico» initiative roll is flagged (OD-I4). Each round
 * «ronda» starts by resetting every participant's action counts to 0 and applying start-of-round effects
 * (OD-R1), then the turns in the set order (OD-R2), then end-of-round effects (OD-R5). The participants'
 * `actions` are the one store of the OD-R3 counts; `countAction` checks them with budget.ts's `counterRefusal`.
 */
import { accept, refuse } from "../../outcome";
import { counterRefusal } from "./budget";
import type { RoundDraft } from "../../turns/round-draft";
import type { RoundEvent } from "../../turns/round-event";
import type { RoundStructure } from "../../turns/round-structure";

export interface OpposedD20TurnOptions {
  /** OD-I3: how ties are broken. */
  readonly ties: "random" | "initiative" | "manual";
  /** OD-I4 (OD-A3 convention): natural faces at or above this are a Critical. */
  readonly criticalOn: number;
}

// Stryker disable next-line StringLiteral: equivalent, ties other than "manual" and "initiative" are the roll-off ("random")
export const DEFAULT_OPPOSED_D20_TURN_OPTIONS: OpposedD20TurnOptions = { ties: "random", criticalOn: 20 };

const NO_ACTIONS = Object.freeze({ active: 0, passive: 0 });

function countAction(d: RoundDraft, e: Extract<RoundEvent, { type: "countAction" }>) {
  const c = d.find(e.id);
  if (!c) return refuse("unknownCombatant", { id: e.id });
  if (d.round === 0) return refuse("notStarted");
  if (e.kind !== "active" && e.kind !== "passive") return refuse("invalidValue");
  const counts = c.actions ?? NO_ACTIONS;
  // OD-R3: the counters limit actions over the whole round, passive ones taken before the turn included.
  // The engine's `actions` are the one store of the counts; the budget module's check decides (budget.ts).
  if (e.limit !== undefined && e.gmOverride !== true) {
    const refusal = counterRefusal(counts, e.kind, e.limit);
    if (refusal) return refusal;
  }
  d.own(d.indexOf(e.id)).actions =
    e.kind === "active"
      ? { active: counts.active + 1, passive: counts.passive }
      : { active: counts.active, passive: counts.passive + 1 };
  return null;
}

export function opposedD20Structure(
  options: OpposedD20TurnOptions = DEFAULT_OPPOSED_D20_TURN_OPTIONS,
): RoundStructure {
  return {
    family: "opposed-d20",
    phases: [
      { id: "turns", policy: "initiative", label: "FRAY.Combat.Phase.turns" },
      { id: "endOfRound", policy: "endOfRound", label: "FRAY.Combat.Phase.endOfRound" },
    ],
    initiative: "combat",
    ties: options.ties === "manual" ? "manual" : "rollOff",
    readInitiative(roll) {
      const critical = (roll.natural ?? 0) >= options.criticalOn;
      if (options.ties !== "initiative") return accept({ tieKeys: [], critical });
      const stat = roll.initiativeStat ?? NaN;
      if (!Number.isFinite(stat)) return refuse("initiativeStatMissing");
      return accept({ tieKeys: [stat], critical });
    },
    newCombatant: () => ({ speed: null, actions: NO_ACTIONS, sheet: null }),
    startRound(d) {
      // OD-R1: every participant's count of actions taken goes back to 0.
      d.combatants.forEach((c, i) => {
        const counts = c.actions ?? NO_ACTIONS;
        // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent, the test only spares a copy of counters already at 0
        if (counts.active > 0 || counts.passive > 0) d.own(i).actions = NO_ACTIONS;
      });
    },
    handle(d, e) {
      return e.type === "countAction" ? countAction(d, e) : undefined;
    },
    notes(_d, c) {
      const counts = c.actions ?? NO_ACTIONS;
      const notes: Record<string, string | number | boolean> = {
        activeActions: counts.active,
        passiveActions: counts.passive,
      };
      if (c.critical) notes.critical = true;
      return notes;
    },
  };
}
