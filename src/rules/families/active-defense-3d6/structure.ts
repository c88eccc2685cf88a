/**
 * active-defense-3d6 turn structure (AD-T1, AD-T2): combatants act one at a time in a fixed order «行動順»
 * (AD-T1), by a speed score, higher first, ties by a roll (AD-T2, convention: the world setting
 * `adSpeedScore` picks the score; the Foundry layer sends it as the initiative total). States that last
 * "until the combatant's next turn" — all-out attack «全力攻撃», all-out defense «全力防御», feint «フェイント»,
 * aim «狙い», concentration «精神集中», and the stun «朦朧» a major wound may cause (AD-A4) — are timed states with
 * the `holderNextTurn` expiry: the engine ends them as the holder's next turn starts and lists them in that
 * turn's notice.
 */
import { accept } from "../../outcome";
import type { NewTimedState } from "../../turns/round-event";
import type { TimedData } from "../../turns/round-state";
import type { RoundStructure } from "../../turns/round-structure";

/** AD-T1: the states that last until the holder's next turn. */
export const UNTIL_NEXT_TURN_STATES = [
  "allOutAttack",
  "allOutDefense",
  "feint",
  "aim",
  "concentration",
  /** AD-A4: a failed stun check after a major wound. */
  "stunned",
] as const;

export type UntilNextTurnState = (typeof UNTIL_NEXT_TURN_STATES)[number];

/** The `addTimedState` payload for an AD-T1 state taken by `holder` on its turn. */
export function untilNextTurn(key: UntilNextTurnState, holder: string, data?: TimedData): NewTimedState {
  return { key, holder, expiry: { kind: "holderNextTurn" }, ...(data ? { data } : {}) };
}

export function activeDefenseStructure(): RoundStructure {
  return {
    family: "active-defense-3d6",
    phases: [
      { id: "turns", policy: "initiative", label: "FRAY.Combat.Phase.turns" },
      { id: "endOfRound", policy: "endOfRound", label: "FRAY.Combat.Phase.endOfRound" },
    ],
    initiative: "combat",
    ties: "rollOff",
    readInitiative: () => accept({ tieKeys: [], critical: false }),
    newCombatant: () => ({ speed: null, actions: null, sheet: null }),
    notes(d, c) {
      const notes: Record<string, string | number | boolean> = {};
      for (const s of d.statesOf(c.id)) if (s.expiry.kind === "holderNextTurn") notes[s.key] = true;
      return notes;
    },
  };
}
