/**
 * The "claim" order policy (FS-R2, FS-R3): in each part the players' characters act first, in the order they
 * choose; when none of them is still to act, the GM's creatures act in any order (a player character who
 * joins later still goes before the GM's next creature). Players who cannot agree roll off (1d6 each) and the
 * highest acts first. `claimSide` turns to "gm" once a GM creature has started a turn in the part.
 */
import { refuse, type Refusal } from "../outcome";
import type { RoundDraft } from "./round-draft";
import type { TurnCombatant } from "./round-state";

/** Why `c` may not claim a turn now (the side order and the roll-off), ignoring "already acted". */
export function claimRefusal(d: RoundDraft, c: TurnCombatant): Refusal | null {
  if (c.side === "gm") {
    // FS-R3: only once every player character still to act in this part has finished (or given up).
    if (d.pending("players") > 0) return refuse("playersFirst");
  } else if (d.claimSide === "gm" && d.phaseDef.speed === "fast" && c.speed === "slow") {
    // FS-R2: once the GM's creatures act, a player who chose slow can no longer switch to a fast turn.
    return refuse("playersPartOver");
  }
  if (d.contest.includes(c.id)) {
    for (const other of d.contest) {
      // `c` itself never beats itself in the roll-off.
      const o = d.find(other);
      if (o && d.isPending(o) && o.id !== d.current && beatsRollOff(o, c)) return refuse("rollOffOrder");
    }
  }
  return null;
}

/** FS-R2: `a` rolled higher than `b` (later roll-offs break earlier ties). */
export function beatsRollOff(a: Pick<TurnCombatant, "rollOff">, b: Pick<TurnCombatant, "rollOff">): boolean {
  // Stryker disable next-line MethodExpression: past the shorter list a face is compared with undefined, which is never higher
  const n = Math.min(a.rollOff.length, b.rollOff.length);
  // Stryker disable next-line EqualityOperator: the same: one more step compares a face with undefined, never higher
  for (let i = 0; i < n; i++) {
    const x = a.rollOff[i] as number;
    const y = b.rollOff[i] as number;
    // Stryker disable next-line EqualityOperator: x and y differ here, so > and >= agree
    if (x !== y) return x > y;
  }
  return false;
}
