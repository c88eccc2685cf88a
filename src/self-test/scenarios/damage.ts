/**
 * The damage of an attack card, as every family's round deals it: `roller` presses Roll damage on the card, the
 * GM presses Apply, and the player's client must show the card's final damage taken off the target's Health —
 * with `applied` also the card's record of it (Health before and after), where the family's card keeps one.
 */
import { actor, is, lastMessage, like } from "../probes";
import type { Seat, Table } from "../table";

export interface Dealt {
  /** The target's Health before the damage, and the damage the card says was dealt. */
  readonly before: number;
  readonly final: number;
}

export async function dealDamage(
  t: Table,
  roller: Seat,
  card: string,
  attacker: string,
  target: string,
  { applied = false }: { applied?: boolean } = {},
): Promise<Dealt> {
  await t.card(roller, card, '[data-action="rollDamage"]', ["rollDamage", { actor: attacker }]);
  const before = t.read<number>(actor(target, "system.health.value"));
  await t.card(t.gm, card, '[data-action="applyDamage"]', ["applyDamage", { target }]);
  const { final } = t.read<{ final: number }>(lastMessage("attack", "system.entries.0.damage"));
  await t.see(
    t.player,
    [
      lastMessage("attack", "system.entries.0.damage"),
      like(applied ? { final, applied: { before, after: before - final } } : { final }),
    ],
    [actor(target, "system.health.value"), is(before - final)],
  );
  return { before, final };
}
