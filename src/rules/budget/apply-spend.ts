/**
 * One entry point for spending from a stored budget, whatever the family (the Foundry layer's spend request,
 * the attack roll and token movement all come through here). Opposed-d20 is spent on its engine counts: the
 * caller passes the state already `withEngineCounts` and applies an accepted counted action to the engine.
 */
import type { Outcome } from "../outcome";
import { spendFastSlow, type FastSlowBudget } from "../families/fast-slow/budget";
import { spendClassicD20, type ClassicD20Budget } from "../families/classic-d20/budget";
import { spendOpposedD20, type OpposedD20Budget } from "../families/opposed-d20/budget";
import { spendActiveDefense, type ActiveDefenseBudget } from "../families/active-defense-3d6/budget";
import type { StoredBudget } from "./budget-lifecycle";
import type { SpendEvent } from "./spend-events";

export interface SpendContext {
  /** FS-M3: the creature is prone. */
  readonly prone: boolean;
}

export function applySpend(spend: SpendEvent, state: StoredBudget, ctx: SpendContext): Outcome<StoredBudget> {
  switch (spend.family) {
    case "fast-slow":
      return spendFastSlow(state as FastSlowBudget, spend.event, ctx);
    case "classic-d20":
      return spendClassicD20(state as ClassicD20Budget, spend.event);
    case "opposed-d20":
      return spendOpposedD20(state as OpposedD20Budget, spend.event);
    case "active-defense-3d6":
      return spendActiveDefense(state as ActiveDefenseBudget, spend.event);
  }
}

/** The engine counter an accepted opposed-d20 event counts (OD-R3), if any. */
export function countedAction(spend: SpendEvent): "active" | "passive" | null {
  return spend.family === "opposed-d20" ? spend.event.counter : null;
}
