/**
 * FS-R9: combat ends when every creature on one side has surrendered, fled or died (the Foundry layer marks
 * them defeated). The engine does not end the combat itself: it offers the GM to end it.
 */
import type { RoundState, Side } from "./round-state";

/** The side whose creatures are all defeated (the players' checked first), or null. */
export function defeatedSide(state: Pick<RoundState, "combatants">): Side | null {
  const present = { players: 0, gm: 0 };
  const standing = { players: 0, gm: 0 };
  for (const c of state.combatants) {
    present[c.side] += 1;
    if (!c.defeated) standing[c.side] += 1;
  }
  for (const side of ["players", "gm"] as const) if (present[side] > 0 && standing[side] === 0) return side;
  return null;
}

/** FS-R9: whether to offer the GM to end the combat (a started combat with one side all defeated). */
export function offerEndCombat(state: Pick<RoundState, "combatants" | "round">): boolean {
  return state.round > 0 && defeatedSide(state) !== null;
}
