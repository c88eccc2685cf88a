import { expect } from "vitest";
import { reduce } from "../../../src/rules/turns/round-engine";
import type { NewCombatant, RoundEvent } from "../../../src/rules/turns/round-event";
import { emptyRoundState, type RoundNotice, type RoundState } from "../../../src/rules/turns/round-state";
import type { RoundStructure } from "../../../src/rules/turns/round-structure";

/** Applies events one by one; fails the test on the first refusal. Returns the last state. */
export function run(structure: RoundStructure, state: RoundState, ...events: RoundEvent[]): RoundState {
  let s = state;
  for (const event of events) {
    const out = reduce(structure, s, event);
    if (!out.ok) throw new Error(`${JSON.stringify(event)} refused: ${out.reason}`);
    s = out.value;
  }
  return s;
}

/** Applies events and collects every notice they produced. */
export function runWithNotices(
  structure: RoundStructure,
  state: RoundState,
  ...events: RoundEvent[]
): { state: RoundState; notices: RoundNotice[] } {
  let s = state;
  const notices: RoundNotice[] = [];
  for (const event of events) {
    s = run(structure, s, event);
    notices.push(...s.notices);
  }
  return { state: s, notices };
}

/** Expects `event` to be refused with `reason`. */
export function expectRefused(
  structure: RoundStructure,
  state: RoundState,
  event: RoundEvent,
  reason: string,
) {
  const out = reduce(structure, state, event);
  expect(out.ok ? "accepted" : out.reason).toBe(reason);
}

export function combat(structure: RoundStructure, combatants: readonly NewCombatant[]): RoundState {
  return run(
    structure,
    emptyRoundState(structure.family),
    ...combatants.map((combatant): RoundEvent => ({ type: "addCombatant", combatant })),
  );
}

/** Ids of the turns started, in order, among notices. */
export function turnsStarted(notices: readonly RoundNotice[]): string[] {
  return notices.flatMap((n) => (n.kind === "turnStarted" ? [n.id] : []));
}

export function phasesStarted(notices: readonly RoundNotice[]): string[] {
  return notices.flatMap((n) => (n.kind === "phaseStarted" ? [n.phase] : []));
}

export function phaseId(structure: RoundStructure, state: RoundState): string {
  return structure.phases[state.phase]?.id ?? "?";
}

/** Ends turns until nobody is acting; returns the ids in the order they acted. */
export function playOut(
  structure: RoundStructure,
  state: RoundState,
): { state: RoundState; acted: string[] } {
  let s = state;
  const acted: string[] = [];
  while (s.current !== null) {
    acted.push(s.current);
    s = run(structure, s, { type: "endTurn" });
  }
  return { state: s, acted };
}
