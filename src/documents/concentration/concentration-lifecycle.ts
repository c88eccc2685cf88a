/**
 * What the GM does when concentration states come and go in the round engine (the `fray.roundNotices` hook,
 * active GM only, after every transition):
 * - the `concentrating` status follows the states: on while a combatant holds one, off when none is left
 *   (begun, renewed, expired, broken by a check, removed by the GM, its combatant removed from the fight — one
 *   rule for all);
 * - fast-slow (FS-A3, FS-A4): a concentration that ends — at the end of the following round, capped by the
 *   effect's maximum, or broken by a failed Will roll — ends its effect at once: the ActiveEffects that the
 *   item (the effect's id is its uuid) placed on any creature are deleted;
 * - active-defense-3d6 (AD-M6): a concentration that expires as its holder's turn starts (AD-T1) means the
 *   spell is cast now: the casting roll «詠唱判定» is posted as a 3d6 check card against the spell's casting
 *   target value. A concentration broken by a maintenance roll is removed, not expired: nothing is cast.
 * A fight the GM deletes takes the round engine with it, so nothing would end what it held: every concentration
 * in it ends then, through the same step (status off, FS-A3 effects ended, no AD-M6 spell cast), and one chat
 * notice names them. A combatant deleted mid-fight leaves the document collection before the engine drops its
 * states, so its creature is remembered as it goes, for the status to find.
 */
import { documentAt, nameAt } from "../lookup";
import { postCastingRoll } from "../../chat/spell-card";
import { postConcentrationsEnded, type EndedConcentration } from "../../chat/concentration-ended-note";
import { publicMessageMode } from "../../compat/public-message-mode";
import {
  isSpellConcentrationState,
  spellsToCast,
} from "../../rules/families/active-defense-3d6/concentration";
import { isConcentrationState } from "../../rules/families/fast-slow/concentration";
import type { RoundNotice, RoundTimedState } from "../../rules/turns/round-state";
import { creatureOf, familyOf, roundStateOf } from "../combat-api";
import type { RoundTransition } from "../round-lifecycle";
import { setStatus } from "../statuses";

/** A concentration state of either family. */
export function isAnyConcentration(state: RoundTimedState): boolean {
  return isConcentrationState(state) || isSpellConcentrationState(state);
}

function holdersOf(states: readonly RoundTimedState[]): Set<string> {
  return new Set(states.filter(isAnyConcentration).map((s) => s.holder));
}

type CombatantLike = Combatant.Implementation & { token?: { actor?: Actor.Implementation | null } | null };

/** Concentrating combatants deleted from a fight, by combatant id: their creature, until the engine drops them. */
const departed = new Map<string, { combatId: string; actor: Actor.Implementation }>();

/** The combatant's creature; a concentrating combatant deleted meanwhile answers from `departed`. */
function actorOfCombatant(combat: Combat.Implementation, id: string): Actor.Implementation | null {
  const combatant = combat.combatants.get(id) as CombatantLike | undefined;
  if (combatant) return creatureOf(combatant);
  return departed.get(id)?.actor ?? null;
}

function tokenOfCombatant(combat: Combat.Implementation, id: string): TokenDocument.Implementation | null {
  const combatant = combat.combatants.get(id) as (Combatant.Implementation & { token?: unknown }) | undefined;
  return (combatant?.token ?? null) as TokenDocument.Implementation | null;
}

/** Every creature an effect may sit on: the world's actors and the unlinked tokens' own. */
export function everyActor(): Actor.Implementation[] {
  const actors = new Set<Actor.Implementation>();
  for (const actor of game.actors?.contents ?? []) actors.add(actor);
  for (const scene of game.scenes?.contents ?? [])
    for (const token of scene.tokens?.contents ?? [])
      if (!token.actorLink && token.actor) actors.add(token.actor);
  return [...actors];
}

/** FS-A3/FS-A4: the effect ends — the ActiveEffects its item placed are deleted. */
export async function endEffect(effectId: string): Promise<number> {
  let ended = 0;
  for (const actor of everyActor()) {
    const effects = actor.effects?.contents ?? [];
    const ids = effects.flatMap((e) => (e.origin === effectId && e.id ? [e.id] : []));
    if (!ids.length) continue;
    await actor.deleteEmbeddedDocuments("ActiveEffect", ids);
    ended += ids.length;
  }
  return ended;
}

/** AD-M6: the casting roll of a spell whose concentration just completed, at the start of the turn. */
async function postCasting(combat: Combat.Implementation, holder: string, spellId: string): Promise<void> {
  const actor = actorOfCombatant(combat, holder);
  const spell = documentAt(spellId) as { name?: string; system?: unknown } | null;
  if (!actor || !spell) return;
  await postCastingRoll({
    actor,
    token: tokenOfCombatant(combat, holder),
    spell,
    combatId: combat.id ?? null,
    lineKey: "FRAY.Concentration.cast",
    roll: "unowned",
    messageMode: publicMessageMode(),
  });
}

/** Runs one holder's part; a creature or document gone astray is reported, and the others still end. */
async function safely(what: string, work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (error) {
    console.warn(`fray | concentration: ${what} failed`, error);
  }
}

/**
 * Concentrations going from `before` to `after`: a holder with none left loses the status and one that began
 * holding one gains it; in fast-slow every concentration gone ends its effect (FS-A3, FS-A4).
 */
async function followConcentrations(
  combat: Combat.Implementation,
  before: readonly RoundTimedState[],
  after: readonly RoundTimedState[],
): Promise<void> {
  const had = holdersOf(before);
  const has = holdersOf(after);
  for (const id of new Set([...had, ...has])) {
    if (had.has(id) === has.has(id)) continue;
    await safely(`status of ${id}`, () =>
      setStatus(actorOfCombatant(combat, id), "concentrating", has.has(id)),
    );
    if (!has.has(id)) departed.delete(id);
  }

  if (familyOf(combat) === "fast-slow") {
    const kept = new Set(after.filter(isConcentrationState).map((s) => `${s.holder}|${s.data.effectId}`));
    for (const state of before.filter(isConcentrationState)) {
      const effectId = state.data.effectId;
      if (!kept.has(`${state.holder}|${effectId}`)) await safely(effectId, () => endEffect(effectId));
    }
  }
}

/** The `fray.roundNotices` handler for concentration. */
export async function onConcentrationNotices(
  combat: Combat.Implementation,
  notices: readonly RoundNotice[],
  { before, after }: RoundTransition,
): Promise<void> {
  if (!game.user?.isActiveGM) return;
  await followConcentrations(combat, before.timed, after.timed);
  if (familyOf(combat) === "active-defense-3d6") {
    for (const notice of notices) {
      if (notice.kind !== "turnStarted") continue;
      for (const spellId of spellsToCast(notice.expired, notice.id))
        await postCasting(combat, notice.id, spellId);
    }
  }
}

/**
 * `deleteCombatant` (active GM): a combatant leaves the fight. The engine drops its states at the next
 * reconciliation (`removeCombatant`), when the document is already gone; remembering its creature now lets
 * `followConcentrations` take the status off it, as for any other end.
 */
export function onCombatantDeleted(combatant: Combatant.Implementation): void {
  if (!game.user?.isActiveGM) return;
  const combat = combatant.parent as Combat.Implementation | null;
  const id = combatant.id ?? "";
  if (!combat || !holdersOf(roundStateOf(combat).timed).has(id)) return;
  const actor = creatureOf(combatant as CombatantLike);
  if (actor) departed.set(id, { combatId: combat.id ?? "", actor });
}

/** The name the table knows an effect or spell by (its item's); null when the item is gone. */
function itemName(uuid: string): string | null {
  return nameAt(uuid) || null;
}

/** What the notice says of one concentration; null for a holder nobody can name any more. */
function endedOf(combat: Combat.Implementation, state: RoundTimedState): EndedConcentration | null {
  const combatant = combat.combatants.get(state.holder) as CombatantLike | undefined;
  const name = combatant?.name ?? departed.get(state.holder)?.actor.name ?? "";
  if (!name) return null;
  const spell = isSpellConcentrationState(state);
  const effectId = spell ? state.data.spellId : isConcentrationState(state) ? state.data.effectId : "";
  return { name, effect: itemName(effectId), spell, hidden: combatant?.hidden === true };
}

/** Fights whose concentrations were already ended: the notice goes out once, whatever calls again. */
const endedFights = new Set<string>();

/**
 * `deleteCombat` (active GM): every concentration held in the deleted fight ends as if the engine had dropped
 * it — status off, FS-A3 effects ended, AD-M6 spells never cast — and one notice names them.
 */
export async function onCombatDeleted(combat: Combat.Implementation): Promise<void> {
  if (!game.user?.isActiveGM) return;
  const id = combat.id ?? "";
  if (endedFights.has(id)) return;
  endedFights.add(id);
  const held = roundStateOf(combat).timed.filter(isAnyConcentration);
  if (held.length) {
    const ended = held
      .map((state) => endedOf(combat, state))
      .filter((e): e is EndedConcentration => e !== null);
    await followConcentrations(combat, held, []);
    await safely("the notice", () => postConcentrationsEnded(ended));
  }
  for (const [holder, gone] of departed) if (gone.combatId === id) departed.delete(holder);
}
