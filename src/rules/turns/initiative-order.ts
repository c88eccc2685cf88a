/**
 * Initiative ordering shared by the families: the total high to low (CD-I2, OD-I3, AD-T2, PR-P10), then the
 * family's tie keys high to low (CD-I3 Dexterity, OD-I3 Initiative), then roll-off faces high to low, then
 * join order. A combatant without initiative comes after every one with it.
 */
import type { TurnCombatant } from "./round-state";

type Ordered = Pick<TurnCombatant, "initiative" | "tieKeys" | "rollOff" | "seq">;

/** Compares the keys only (no join order): negative when `a` goes first, 0 for an unresolved tie. */
export function compareInitiativeKeys(a: Ordered, b: Ordered): number {
  if (a.initiative !== b.initiative) {
    if (a.initiative === null) return 1;
    if (b.initiative === null) return -1;
    return b.initiative - a.initiative;
  }
  const keys = Math.max(a.tieKeys.length, b.tieKeys.length);
  for (let i = 0; i < keys; i++) {
    const x = a.tieKeys[i] ?? Number.NEGATIVE_INFINITY;
    const y = b.tieKeys[i] ?? Number.NEGATIVE_INFINITY;
    if (x !== y) return y > x ? 1 : -1;
  }
  // A roll-off only separates those who have both rolled: a face still missing leaves the tie open.
  const faces = Math.min(a.rollOff.length, b.rollOff.length);
  for (let i = 0; i < faces; i++) {
    const x = a.rollOff[i] as number;
    const y = b.rollOff[i] as number;
    if (x !== y) return y - x;
  }
  return 0;
}

/** The full order: the keys, then join order, so it is total and deterministic. */
export function compareInitiative(a: Ordered, b: Ordered): number {
  return compareInitiativeKeys(a, b) || a.seq - b.seq;
}

/** A new array, sorted high to low. */
export function sortByInitiative<T extends Ordered>(combatants: readonly T[]): T[] {
  return [...combatants].sort(compareInitiative);
}

/**
 * Groups of two or more neighbours in `ordered` that no key separates, skipping groups the GM has fully
 * placed by hand. The tracker asks for a roll-off (or a hand order) for each.
 */
export function tiedGroups(ordered: readonly TurnCombatant[]): string[][] {
  const groups: string[][] = [];
  let run: TurnCombatant[] = [];
  const flush = () => {
    if (run.length > 1 && !run.every((c) => c.placedByGm)) groups.push(run.map((c) => c.id));
    run = [];
  };
  for (const c of ordered) {
    const last = run[run.length - 1];
    if (last && (c.initiative === null || compareInitiativeKeys(last, c) !== 0)) flush();
    if (c.initiative !== null) run.push(c);
  }
  flush();
  return groups;
}
