/**
 * The reason codes the budget adapters give beyond the families' own budgets (`FRAY.Refusal.<code>`), so the
 * five language files can be checked against them.
 */
export const ADAPTER_REFUSALS = [
  /** FS-M1: the Agility roll for a treacherous surface comes first. */
  "balanceRollNeeded",
  /** PR-P6: a phased-round token moves in the movement and manoeuvre phase. */
  "moveInMovementPhase",
  /** PR-P4, PR-P7, PR-P9: an attack needs its declaration this round. */
  "attackNotDeclared",
  /** PR-P1…PR-P9: phased-round spends by declaring in the tracker. */
  "declareInTracker",
  /** The budget changed since the button was drawn (a double click spends once). */
  "budgetChanged",
  /** The creature is in no fight (nothing to spend). */
  "notInFight",
] as const;

export type AdapterRefusal = (typeof ADAPTER_REFUSALS)[number];
