/**
 * PR-P10 melee resolution «Phase de résolution de mêlée»: within each group of combatants fighting each other,
 * (1) order the strikers by initiative (PR-B3: the formula is a world setting, the engine gets totals);
 * (2)–(3) each strikes in turn, its result applying at once; (4)–(5) then each strikes again, in the same
 * order, with any extra usable weapon. Groups are independent; the text gives no order between them, so the
 * group with the best striker resolves first (a convention; ties left by the totals are rolled off).
 */
import { compareInitiative } from "../../turns/initiative-order";
import type { QueueEntry, TurnCombatant } from "../../turns/round-state";

export function meleeSequence(combatants: readonly TurnCombatant[]): QueueEntry[] {
  const groups = new Map<string, TurnCombatant[]>();
  for (const c of combatants) {
    const group = c.sheet?.melee?.group;
    if (group === undefined || c.defeated) continue;
    const strikers = groups.get(group);
    if (strikers) strikers.push(c);
    else groups.set(group, [c]);
  }
  // Each group in initiative order (groups are small: an insertion sort beats the built-in sort's setup),
  // then the groups by their best striker.
  const ordered: { group: string; strikers: TurnCombatant[]; best: TurnCombatant }[] = [];
  groups.forEach((strikers, group) => {
    // Stryker disable next-line ConditionalExpression,EqualityOperator: both sorts are stable and use compareInitiative, a total order (join order last): either gives the same queue
    if (strikers.length <= 16) insertionSort(strikers);
    else strikers.sort(compareInitiative);
    ordered.push({ group, strikers, best: strikers[0] as TurnCombatant });
  });
  ordered.sort((a, b) => compareInitiative(a.best, b.best));
  const queue: QueueEntry[] = [];
  for (const { group, strikers } of ordered) {
    for (const c of strikers) queue.push({ id: c.id, group, pass: 1 });
    for (const c of strikers)
      // Stryker disable next-line OptionalChaining: every striker listed in a group has a sheet with a melee declaration
      if ((c.sheet?.melee?.extraWeapons ?? 0) > 0) queue.push({ id: c.id, group, pass: 2 });
  }
  return queue;
}

/** Stable, in place, by `compareInitiative`. */
function insertionSort(list: TurnCombatant[]): void {
  for (let i = 1; i < list.length; i++) {
    const c = list[i] as TurnCombatant;
    let j = i - 1;
    while (j >= 0 && compareInitiative(list[j] as TurnCombatant, c) > 0) {
      list[j + 1] = list[j] as TurnCombatant;
      j--;
    }
    list[j + 1] = c;
  }
}
