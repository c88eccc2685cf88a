/**
 * Initiative ordering shared by the families: the total high to low (CD-I2, OD-I3, AD-T2, PR-P10), then the
 * family's tie keys high to low (CD-I3 Dexterity, OD-I3 Initiative), then roll-off faces high to low, then
 * join order. A combatant without initiative comes after every one with it.
 */
import type { TurnCombatant } from "./round-state";

type Ordered = Pick<TurnCombatant, "initiative" | "tieKeys" | "rollOff" | "seq">;

/** Compares the keys only (no join order): negative when `a` goes first, 0 for an unresolved tie. */
export function compareInitiativeKeys(a: Ordered, b: Ordered): number {
  const ai = a.initiative;
  const bi = b.initiative;
  if (ai !== bi) {
    if (ai === null) return 1;
    if (bi === null) return -1;
    return bi - ai;
  }
  const ak = a.tieKeys;
  const bk = b.tieKeys;
  // Stryker disable next-line ConditionalExpression: with no tie keys on either side the loop below runs 0 times, so the guard only saves time (the mutant that skips the keys is killed)
  if (ak.length || bk.length) {
    const keys = ak.length > bk.length ? ak.length : bk.length;
    // Stryker disable next-line EqualityOperator: one step past both lists compares -Infinity with -Infinity, which are equal (the >= mutant is killed)
    for (let i = 0; i < keys; i++) {
      const x = i < ak.length ? (ak[i] as number) : Number.NEGATIVE_INFINITY;
      // Stryker disable next-line ConditionalExpression, EqualityOperator: past the end of b's keys bk[i] is undefined, never higher than a's key, so a still goes first as with -Infinity (the mutants that read -Infinity inside b's keys are killed)
      const y = i < bk.length ? (bk[i] as number) : Number.NEGATIVE_INFINITY;
      // Stryker disable next-line EqualityOperator: x and y differ here, so > and >= agree (the other mutants of this line are killed)
      if (x !== y) return y > x ? 1 : -1;
    }
  }
  // Roll-offs, first to last; a face not rolled yet ranks below any face (a total, transitive order —
  // `tiedGroups` still reports such a tie as unsettled until everyone in it has rolled).
  const ar = a.rollOff;
  const br = b.rollOff;
  const faces = ar.length > br.length ? ar.length : br.length;
  for (let i = 0; i < faces; i++) {
    if (i >= ar.length) return 1;
    if (i >= br.length) return -1;
    const x = ar[i] as number;
    const y = br[i] as number;
    if (x !== y) return y - x;
  }
  return 0;
}

/** The full order: the keys, then join order, so it is total and deterministic. */
export function compareInitiative(a: Ordered, b: Ordered): number {
  const ai = a.initiative;
  const bi = b.initiative;
  // Most comparisons end on the total: no need to look further.
  if (ai !== bi && ai !== null && bi !== null) return bi - ai;
  return compareInitiativeKeys(a, b) || a.seq - b.seq;
}

/** A new array, sorted high to low. */
export function sortByInitiative<T extends Ordered>(combatants: readonly T[]): T[] {
  return [...combatants].sort(compareInitiative);
}

/** Same total and tie keys: only a roll-off (or the GM) can order them. */
function sameKeys(a: Ordered, b: Ordered): boolean {
  if (a.initiative !== b.initiative || a.tieKeys.length !== b.tieKeys.length) return false;
  // Stryker disable next-line EqualityOperator: the lengths are equal here, so one step further compares undefined with undefined (the >= mutant is killed)
  for (let i = 0; i < a.tieKeys.length; i++) if (a.tieKeys[i] !== b.tieKeys[i]) return false;
  return true;
}

/** The roll-off has not separated them yet: one's faces are the start of the other's (or both are empty). */
export function rollOffUnsettled(a: Pick<Ordered, "rollOff">, b: Pick<Ordered, "rollOff">): boolean {
  const n = Math.min(a.rollOff.length, b.rollOff.length);
  for (let i = 0; i < n; i++) if (a.rollOff[i] !== b.rollOff[i]) return false;
  return true;
}

/**
 * The ties a roll-off still has to settle, among combatants listed in initiative order: each group is a set
 * of two or more with the same total and tie keys whose roll-off faces do not yet tell them apart (someone
 * has not rolled, or rolled the same). Groups the GM has fully placed by hand are left out.
 */
export function tiedGroups(ordered: readonly TurnCombatant[]): string[][] {
  const groups: string[][] = [];
  // Stryker disable next-line ArrayDeclaration: a stray first entry shares no keys with any combatant, so it is flushed alone, and a run of one is never a tie
  let run: TurnCombatant[] = [];
  const flush = () => {
    // Stryker disable next-line ConditionalExpression, EqualityOperator: a run of one has no cluster of two, so unsettled() gives nothing for it (the mutants that never report a tie are killed)
    if (run.length > 1) groups.push(...unsettled(run));
    run = [];
  };
  for (const c of ordered) {
    if (c.initiative === null) {
      flush();
      continue;
    }
    const last = run[run.length - 1];
    if (last && !sameKeys(last, c)) flush();
    run.push(c);
  }
  flush();
  return groups;
}

/** Within one run of equal keys: the clusters of members linked by an unsettled roll-off. */
function unsettled(run: readonly TurnCombatant[]): string[][] {
  const cluster = run.map((_, i) => i);
  const root = (i: number): number => (cluster[i] === i ? i : (cluster[i] = root(cluster[i] as number)));
  // Stryker disable next-line EqualityOperator: one step further the inner loop has nothing left to pair (the >= mutant is killed)
  for (let i = 0; i < run.length; i++) {
    for (let j = i + 1; j < run.length; j++) {
      if (rollOffUnsettled(run[i] as TurnCombatant, run[j] as TurnCombatant)) cluster[root(j)] = root(i);
    }
  }
  const byRoot = new Map<number, TurnCombatant[]>();
  run.forEach((c, i) => {
    const r = root(i);
    const list = byRoot.get(r);
    if (list) list.push(c);
    else byRoot.set(r, [c]);
  });
  return [...byRoot.values()]
    .filter((list) => list.length > 1 && !list.every((c) => c.placedByGm))
    .map((list) => list.map((c) => c.id));
}
