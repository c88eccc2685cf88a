/**
 * The timed states an accepted spend leaves on the round engine, so every card and the tracker see them:
 * - FS-A5 Defend: until the end of the round it was taken in (defend.ts);
 * - AD-M2 all-out attack and AD-M3 all-out defense: until the holder's next turn (AD-T1, maneuvers.ts).
 * Aim and feint stay in the active-defense budget alone: they carry into the holder's next turn and a defense
 * can take the aim away (AD-M1, AD-M5), which the budget tracks.
 */
import { defendState } from "../families/fast-slow/defend";
import { maneuverTimedState } from "../families/active-defense-3d6/maneuvers";
import type { NewTimedState } from "../turns/round-event";
import type { TimedData } from "../turns/round-state";
import type { SpendEvent } from "./spend-events";

export function statesLeftBy(spend: SpendEvent, holder: string, round: number): NewTimedState[] {
  // Stryker disable next-line ConditionalExpression,LogicalOperator: SpendEvent is a discriminated union; only fast-slow events have type "activity" and only those carry an `activity` field, so dropping the family or type test lets no other spend through
  if (spend.family === "fast-slow" && spend.event.type === "activity" && spend.event.activity === "defend") {
    const { key, expiry } = defendState(holder, round);
    return [{ key, holder, expiry }];
  }
  // Stryker disable next-line ConditionalExpression,LogicalOperator: only active-defense-3d6 events have type "maneuver" and only those carry a `maneuver` field; any other spend let through finds no mark and returns []
  if (spend.family === "active-defense-3d6" && spend.event.type === "maneuver") {
    const event = spend.event;
    const mark =
      event.maneuver === "allOutAttack"
        ? ({ maneuver: "allOutAttack", option: event.option } as const)
        : event.maneuver === "allOutDefense"
          ? ({ maneuver: "allOutDefense" } as const)
          : null;
    if (!mark) return [];
    const { key, expiry, data } = maneuverTimedState(holder, round, mark);
    return [{ key, holder, expiry, data: data as TimedData }];
  }
  return [];
}
