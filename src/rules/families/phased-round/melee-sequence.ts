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
  const ordered = [...groups.entries()].map(([group, strikers]) => ({
    group,
    strikers: strikers.sort(compareInitiative),
  }));
  ordered.sort((a, b) => compareInitiative(a.strikers[0] as TurnCombatant, b.strikers[0] as TurnCombatant));
  const queue: QueueEntry[] = [];
  for (const { group, strikers } of ordered) {
    for (const c of strikers) queue.push({ id: c.id, group, pass: 1 });
    for (const c of strikers)
      if ((c.sheet?.melee?.extraWeapons ?? 0) > 0) queue.push({ id: c.id, group, pass: 2 });
  }
  return queue;
}
