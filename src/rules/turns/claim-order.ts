/**
 * The "claim" order policy (FS-R2, FS-R3): in each part the players' characters act first, in the order they
 * choose; when none of them is still to act, the GM's creatures act in any order. Players who cannot agree
 * roll off (1d6 each) and the highest acts first.
 */
import { refuse, type Refusal } from "../outcome";
import type { RoundDraft } from "./round-draft";
import type { TurnCombatant } from "./round-state";

/** Why `c` may not claim a turn now (the side order and the roll-off), ignoring "already acted". */
export function claimRefusal(d: RoundDraft, c: TurnCombatant): Refusal | null {
  if (c.side === "players") {
    if (d.claimSide === "gm") return refuse("playersPartOver");
  } else if (d.claimSide === "players" && d.pending("players") > 0) {
    return refuse("playersFirst");
  }
  if (d.contest.includes(c.id)) {
    for (const other of d.contest) {
      const o = other === c.id ? undefined : d.find(other);
      if (o && d.isPending(o) && o.id !== d.current && beatsRollOff(o, c)) return refuse("rollOffOrder");
    }
  }
  return null;
}

/** FS-R2: `a` rolled higher than `b` (later roll-offs break earlier ties). */
export function beatsRollOff(a: Pick<TurnCombatant, "rollOff">, b: Pick<TurnCombatant, "rollOff">): boolean {
  const n = Math.min(a.rollOff.length, b.rollOff.length);
  for (let i = 0; i < n; i++) {
    const x = a.rollOff[i] as number;
    const y = b.rollOff[i] as number;
    if (x !== y) return x > y;
  }
  return false;
}
