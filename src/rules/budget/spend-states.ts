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
  switch (spend.family) {
    case "fast-slow": {
      const event = spend.event;
      // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: only activities carry an `activity` field, so without this test any other event still fails the next one; it narrows the type
      if (event.type !== "activity") return [];
      if (event.activity !== "defend") return [];
      const { key, expiry } = defendState(holder, round);
      return [{ key, holder, expiry }];
    }
    case "active-defense-3d6": {
      const event = spend.event;
      // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: only manoeuvres carry a `maneuver` field, so any other event still finds no mark below; it narrows the type
      if (event.type !== "maneuver") return [];
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
  }
  return [];
}
