/**
 * What the GM does when concentration states come and go in the round engine (the `fray.roundNotices` hook,
 * active GM only, after every transition):
 * - the `concentrating` status follows the states: on while a combatant holds one, off when none is left
 *   (begun, renewed, expired, broken by a check, removed by the GM — one rule for all);
 * - fast-slow (FS-A3, FS-A4): a concentration that ends — at the end of the following round, capped by the
 *   effect's maximum, or broken by a failed Will roll — ends its effect at once: the ActiveEffects that the
 *   item (the effect's id is its uuid) placed on any creature are deleted;
 * - active-defense-3d6 (AD-M6): a concentration that expires as its holder's turn starts (AD-T1) means the
 *   spell is cast now: the casting roll «詠唱判定» is posted as a 3d6 check card against the spell's casting
 *   target value. A concentration broken by a maintenance roll is removed, not expired: nothing is cast.
 */
import { postCheck } from "../../chat/check-card";
import { publicMessageMode } from "../../compat/public-message-mode";
import {
  isSpellConcentrationState,
  spellsToCast,
} from "../../rules/families/active-defense-3d6/concentration";
import { isConcentrationState } from "../../rules/families/fast-slow/concentration";
import type { RoundNotice, RoundTimedState } from "../../rules/turns/round-state";
import { familyOf } from "../combat-api";
import type { RoundTransition } from "../round-lifecycle";
import { setStatus } from "../statuses";

type Lookup = (uuid: string) => unknown;

function fromUuid(uuid: string): unknown {
  try {
    return (foundry.utils.fromUuidSync as unknown as Lookup)(uuid);
  } catch {
    return null;
  }
}

/** A concentration state of either family. */
export function isAnyConcentration(state: RoundTimedState): boolean {
  return isConcentrationState(state) || isSpellConcentrationState(state);
}

function holdersOf(states: readonly RoundTimedState[]): Set<string> {
  return new Set(states.filter(isAnyConcentration).map((s) => s.holder));
}

/** The combatant's creature (its token's actor first). */
function actorOfCombatant(combat: Combat.Implementation, id: string): Actor.Implementation | null {
  const combatant = combat.combatants.get(id) as
    (Combatant.Implementation & { token?: { actor?: Actor.Implementation | null } | null }) | undefined;
  return (combatant?.token?.actor ?? combatant?.actor ?? null) as Actor.Implementation | null;
}

function tokenOfCombatant(combat: Combat.Implementation, id: string): TokenDocument.Implementation | null {
  const combatant = combat.combatants.get(id) as (Combatant.Implementation & { token?: unknown }) | undefined;
  return (combatant?.token ?? null) as TokenDocument.Implementation | null;
}

/** Every creature an effect may sit on: the world's actors and the unlinked tokens' own. */
function everyActor(): Actor.Implementation[] {
  const actors = new Set<Actor.Implementation>();
  for (const actor of (game.actors?.contents ?? []) as Actor.Implementation[]) actors.add(actor);
  const scenes = (game.scenes?.contents ?? []) as unknown as {
    tokens: { contents: { actorLink?: boolean; actor?: Actor.Implementation | null }[] };
  }[];
  for (const scene of scenes)
    for (const token of scene.tokens?.contents ?? [])
      if (!token.actorLink && token.actor) actors.add(token.actor);
  return [...actors];
}

/** FS-A3/FS-A4: the effect ends — the ActiveEffects its item placed are deleted. */
export async function endEffect(effectId: string): Promise<number> {
  let ended = 0;
  for (const actor of everyActor()) {
    const effects = (actor.effects?.contents ?? []) as unknown as { id: string; origin?: string | null }[];
    const ids = effects.filter((e) => e.origin === effectId).map((e) => e.id);
    if (!ids.length) continue;
    await actor.deleteEmbeddedDocuments("ActiveEffect", ids);
    ended += ids.length;
  }
  return ended;
}

/** AD-M6: the casting roll of a spell whose concentration just completed, at the start of the turn. */
async function postCasting(combat: Combat.Implementation, holder: string, spellId: string): Promise<void> {
  const actor = actorOfCombatant(combat, holder);
  const spell = fromUuid(spellId) as { name?: string; system?: { castingTarget?: number } } | null;
  if (!actor || !spell) return;
  await postCheck({
    actor,
    token: tokenOfCombatant(combat, holder),
    kind: "casting",
    dice: "3d6",
    attributeKey: "FRAY.Item.Spell.castingTarget",
    target: Number(spell.system?.castingTarget ?? 10),
    lines: [{ key: "FRAY.Concentration.cast", data: { spell: spell.name ?? "" } }],
    combatId: combat.id ?? null,
    roll: "unowned",
    messageMode: publicMessageMode(),
  });
}

/** The `fray.roundNotices` handler for concentration. */
export async function onConcentrationNotices(
  combat: Combat.Implementation,
  notices: readonly RoundNotice[],
  { before, after }: RoundTransition,
): Promise<void> {
  if (!game.user?.isActiveGM) return;
  const had = holdersOf(before.timed);
  const has = holdersOf(after.timed);
  for (const id of new Set([...had, ...has])) {
    if (had.has(id) !== has.has(id))
      await setStatus(actorOfCombatant(combat, id), "concentrating", has.has(id));
  }

  const family = familyOf(combat);
  if (family === "fast-slow") {
    const kept = new Set(
      after.timed.filter(isConcentrationState).map((s) => `${s.holder}|${s.data.effectId}`),
    );
    for (const state of before.timed.filter(isConcentrationState)) {
      if (!kept.has(`${state.holder}|${state.data.effectId}`)) await endEffect(state.data.effectId);
    }
  }
  if (family === "active-defense-3d6") {
    for (const notice of notices) {
      if (notice.kind !== "turnStarted") continue;
      for (const spellId of spellsToCast(notice.expired, notice.id))
        await postCasting(combat, notice.id, spellId);
    }
  }
}

/** A fight deleted with concentrations held: their statuses go (the engine state goes with the fight). */
export async function onCombatDeleted(combat: Combat.Implementation, timed: readonly RoundTimedState[]) {
  if (!game.user?.isActiveGM) return;
  for (const id of holdersOf(timed)) await setStatus(actorOfCombatant(combat, id), "concentrating", false);
}
