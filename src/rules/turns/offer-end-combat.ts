/**
 * FS-R9: combat ends when every creature on one side has surrendered, fled or died (the Foundry layer marks
 * them defeated). The engine does not end the combat itself: it offers the GM to end it.
 */
import type { RoundState, Side } from "./round-state";

/** The side whose creatures are all defeated (the players' checked first), or null. */
export function defeatedSide(state: Pick<RoundState, "combatants">): Side | null {
  const present = new Set<Side>();
  const standing = new Set<Side>();
  for (const c of state.combatants) {
    present.add(c.side);
    if (!c.defeated) standing.add(c.side);
  }
  for (const side of ["players", "gm"] as const) if (present.has(side) && !standing.has(side)) return side;
  return null;
}

/** FS-R9: whether to offer the GM to end the combat (a started combat with one side all defeated). */
export function offerEndCombat(state: Pick<RoundState, "combatants" | "round">): boolean {
  return state.round > 0 && defeatedSide(state) !== null;
}
