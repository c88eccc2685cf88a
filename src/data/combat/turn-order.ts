/**
 * The order Foundry's `combat.turns` takes from the round engine's state, so core's `turn` index, the
 * `combatant` getter and modules that read them agree with the engine: the initiative order once it is set
 * (CD-I2, OD-I3, AD-T1), otherwise the players' side first, then join order (FS-R2, FS-R3). Ids the engine
 * does not know yet (a combatant just created, not yet added by the GM) come last. Pure: no Foundry.
 */
import { sortByInitiative } from "../../rules/turns/initiative-order";
import type { RoundState } from "../../rules/turns/round-state";

/** Rank of every combatant the engine knows, 0 first. */
export function turnRanks(state: RoundState): Map<string, number> {
  const ranks = new Map<string, number>();
  const ordered = state.order.length
    ? state.order
    : state.family === "fast-slow" || state.family === "phased-round"
      ? [...state.combatants]
          .sort((a, b) => (a.side === b.side ? a.seq - b.seq : a.side === "players" ? -1 : 1))
          .map((c) => c.id)
      : sortByInitiative(state.combatants).map((c) => c.id);
  ordered.forEach((id, i) => ranks.set(id, i));
  // Known combatants outside the order (joined after it was set and not yet placed) follow it.
  for (const c of state.combatants) if (!ranks.has(c.id)) ranks.set(c.id, ranks.size);
  return ranks;
}

/** A comparator for Foundry combatant ids under `ranks`: unknown ids last, then by id (stable, total). */
export function compareByRank(ranks: ReadonlyMap<string, number>, a: string, b: string): number {
  const ra = ranks.get(a) ?? Number.MAX_SAFE_INTEGER;
  const rb = ranks.get(b) ?? Number.MAX_SAFE_INTEGER;
  return ra - rb || (a < b ? -1 : a > b ? 1 : 0);
}

/** Core's `turn`: the index of the engine's current combatant among `ids` sorted by rank, or null. */
export function turnIndex(state: RoundState, ids: readonly string[]): number | null {
  if (state.current === null) return null;
  const ranks = turnRanks(state);
  const sorted = [...ids].sort((a, b) => compareByRank(ranks, a, b));
  const i = sorted.indexOf(state.current);
  return i < 0 ? null : i;
}
