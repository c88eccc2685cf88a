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
  const strikers = combatants.filter((c) => !c.defeated && c.sheet?.melee);
  // One sort: each group's order is a subsequence of the overall order, and the groups come in the order
  // their best strikers do (first appearance).
  strikers.sort(compareInitiative);
  const groups = new Map<string, TurnCombatant[]>();
  for (const c of strikers) {
    const group = (c.sheet?.melee as { group: string }).group;
    const list = groups.get(group);
    if (list) list.push(c);
    else groups.set(group, [c]);
  }
  const queue: QueueEntry[] = [];
  for (const [group, list] of groups) {
    for (const c of list) queue.push({ id: c.id, group, pass: 1 });
    for (const c of list)
      if ((c.sheet?.melee?.extraWeapons ?? 0) > 0) queue.push({ id: c.id, group, pass: 2 });
  }
  return queue;
}
