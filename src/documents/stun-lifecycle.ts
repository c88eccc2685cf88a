/**
 * The AD-A4 stun «朦朧» in a fight: a failed stun check sets the `stunned` status and the round engine's
 * `stunned` state, which lasts until the holder's next turn (AD-T1, `holderNextTurn`). The status goes when
 * the last such state does — expired as the holder's turn starts, or removed by the GM — on the active GM,
 * after every transition (the `fray.roundNotices` hook). A stunned combatant removed from the fight, or a
 * fight deleted with stuns held, takes the statuses with it. Active-defense-3d6 fights only: elsewhere `stunned` is FS-A5's, set and cleared by hand.
 */
import { STUN_STATE } from "../rules/families/active-defense-3d6/damage-effects";
import type { RoundNotice, RoundTimedState } from "../rules/turns/round-state";
import { creatureOf, familyOf, roundStateOf } from "./combat-api";
import { ROUND_NOTICES_HOOK, type RoundTransition } from "./round-lifecycle";
import { setStatus } from "./statuses";
import { onHook } from "../compat/hooks";

function stunnedHolders(states: readonly RoundTimedState[]): Set<string> {
  return new Set(states.filter((s) => s.key === STUN_STATE).map((s) => s.holder));
}

/** The creature of the combatant `id` in the fight. */
function actorOf(combat: Combat.Implementation, id: string): Actor.Implementation | null {
  return creatureOf(combat.combatants.get(id) as Combatant.Implementation | undefined);
}

/** `fray.roundNotices`: a holder whose last stun ended loses the status. */
export async function onStunNotices(
  combat: Combat.Implementation,
  _notices: readonly RoundNotice[],
  { before, after }: RoundTransition,
): Promise<void> {
  if (!game.user?.isActiveGM || familyOf(combat) !== "active-defense-3d6") return;
  const still = stunnedHolders(after.timed);
  for (const id of stunnedHolders(before.timed)) {
    if (!still.has(id)) await setStatus(actorOf(combat, id), "stunned", false);
  }
}

/**
 * A stunned combatant leaves a running fight: the engine drops its states at the next reconciliation, when
 * the document is already gone and its creature can no longer be found, so the status goes now.
 */
export async function onStunCombatantDeleted(combatant: Combatant.Implementation): Promise<void> {
  const combat = combatant.parent as Combat.Implementation | null;
  if (!game.user?.isActiveGM || !combat || familyOf(combat) !== "active-defense-3d6") return;
  const id = combatant.id ?? "";
  if (!stunnedHolders(roundStateOf(combat).timed).has(id)) return;
  await setStatus(creatureOf(combatant), "stunned", false);
}

/** A fight deleted while stuns were held: their statuses go too. */
export async function onStunCombatDeleted(combat: Combat.Implementation): Promise<void> {
  if (!game.user?.isActiveGM || familyOf(combat) !== "active-defense-3d6") return;
  for (const id of stunnedHolders(roundStateOf(combat).timed))
    await setStatus(actorOf(combat, id), "stunned", false);
}

/** Wiring, called once from the init hook. */
export function registerStunLifecycle(): void {
  const on = onHook;
  on(
    ROUND_NOTICES_HOOK,
    (combat: Combat.Implementation, notices: readonly RoundNotice[], transition: RoundTransition) => {
      void onStunNotices(combat, notices, transition);
    },
  );
  on("deleteCombatant", (combatant: Combatant.Implementation) => void onStunCombatantDeleted(combatant));
  on("deleteCombat", (combat: Combat.Implementation) => void onStunCombatDeleted(combat));
}
