/**
 * Every reason code the round engine, the five round structures and the tracker view can give
 * (`FRAY.Refusal.<code>`): refusals of events, and the reasons `describeRound` shows beside a combatant that
 * may not act now. The phased-round declaration checks add budget.ts's `PHASED_REFUSALS`; opposed-d20's
 * `countAction` answers with its budget's counter refusals (`activeLimitReached`, `passiveLimitReached`).
 */
export const TURN_REFUSALS = [
  // round-engine.ts
  "wrongFamily",
  "alreadyStarted",
  "notStarted",
  "initiativeMissing",
  "phaseNotFinished",
  "roundNotFinished",
  "unknownCombatant",
  "invalidCombatant",
  "duplicateCombatant",
  "alreadyActing",
  "alreadyActed",
  "defeated",
  "turnInProgress",
  "turnForgone",
  "notYourTurn",
  "notEligible",
  "noTurnsInPhase",
  "noTurnInProgress",
  "notCurrent",
  "cannotPass",
  "notInThisFamily",
  "invalidRoll",
  "wrongPhase",
  "rollOffPlayersOnly",
  "gmOnly",
  "notInitiativeOrder",
  "invalidOrder",
  "invalidState",
  "expiryInPast",
  "unknownState",
  // claim-order.ts (FS-R2, FS-R3)
  "playersFirst",
  "playersPartOver",
  "rollOffOrder",
  // family structures
  "fastPartOver",
  "invalidValue",
  "dexterityMissing",
  "initiativeStatMissing",
  // opposed-d20 countAction answers with OPPOSED_D20_REFUSALS' activeLimitReached / passiveLimitReached
  "notThisPhase",
  "unableToAct",
  "alreadyDeclared",
  "nothingToRule",
  // turn-view.ts
  "countPassed",
  "notInOrder",
  "nothingDeclared",
  "notInQueue",
] as const;

export type TurnRefusal = (typeof TURN_REFUSALS)[number];
