/**
 * AD-A4 on the Foundry side: what an attack card's damage sets off once the GM applied it. The rules
 * (`damageEffectChecksDue`) read the blow — its final damage, Health before and after, max Health, WL and the
 * conditions the target already has — under the world settings `adMajorWoundFraction` and
 * `adDeathThresholdMultiple`; each check due is posted as a 3d6 check card against WL «意志力». The attack
 * entry is written first with the cards' ids; then the checks roll at once when `adDamageChecksAuto` is on or
 * no player owner is connected, else they wait for the owner's button.
 *
 * Each card's consequence (GM side, once: the check card's request refuses a second roll) resolves the faces
 * with `resolveDamageEffectCheck` and, on a failure, applies:
 * - stun «朦朧»: the `stunned` status and, in a fight, the round engine's `stunned` state until the holder's
 *   next turn (AD-T1, `holderNextTurn`); the status goes when the state does (stun-lifecycle.ts);
 * - knockdown «転倒»: `prone`; unconsciousness «気絶»: `unconscious`;
 * - death «死亡»: `dead`, and the combatant defeated in the fight.
 * Undoing the damage does not undo a check already rolled; a check rolled after the undo (or after the damage
 * was applied again) has no effect, because its card is no longer among the application's checks.
 */
import { getSetting } from "../../config/settings";
import { publicMessageMode } from "../../compat/public-message-mode";
import { applyRoundEvents, familyOf, timedStatesOf } from "../../documents/combat-api";
import { inFightLock } from "../../net/gm-requests";
import { hasStatusNow, setStatus } from "../../documents/statuses";
import {
  DAMAGE_EFFECT_CHECKS,
  damageEffectChecksDue,
  deathThreshold,
  majorWoundLimit,
  resolveDamageEffectCheck,
  STUN_STATE,
  type DamageEffect,
  type DamageEffectCheck,
  type DamageEffectThresholds,
  type DueDamageCheck,
} from "../../rules/families/active-defense-3d6/damage-effects";
import { untilNextTurn } from "../../rules/families/active-defense-3d6/structure";
import { gmAttackCardOf } from "../attack-message";
import type { DamageCheckRecord } from "../card-data";
import { defineCheckConsequence, postCheck, rollCheck, type CheckLine } from "../check-card";
import { connectedOwners, resolveParty, type Party } from "../parties";
import type { DamageAftermath, DamageAppliedInput } from "./family-card";

/** The AD-A4 thresholds from the world settings. */
export function damageEffectThresholds(): DamageEffectThresholds {
  return {
    majorWoundFraction: Number(getSetting("adMajorWoundFraction")),
    deathThresholdMultiple: Number(getSetting("adDeathThresholdMultiple")),
  };
}

/** The conditions already on the creature (not checked again). */
function conditionsOf(party: Party): Partial<Record<DamageEffect, boolean>> {
  const has = (id: string) => hasStatusNow(party.actor, id);
  return { stunned: has("stunned"), prone: has("prone"), unconscious: has("unconscious"), dead: has("dead") };
}

/** Why the check is due, as a line on its card. */
function reasonLine(
  due: DueDamageCheck,
  input: DamageAppliedInput,
  thresholds: DamageEffectThresholds,
): CheckLine {
  const max = input.target.stats.health.max;
  switch (due.reason) {
    case "majorWound":
      return {
        key: "FRAY.DamageEffects.Reason.majorWound",
        data: { damage: String(input.damage), amount: String(majorWoundLimit(max, thresholds)) },
      };
    case "zeroHealth":
      return { key: "FRAY.DamageEffects.Reason.zeroHealth", data: { amount: String(input.after) } };
    case "deathThreshold":
      return {
        key: "FRAY.DamageEffects.Reason.deathThreshold",
        data: { amount: String(input.after), target: String(deathThreshold(max, thresholds)) },
      };
  }
}

/** The consequence's name on the card. */
export const AD_DAMAGE_CHECK = "damage.adCheck";

export interface DamageCheckData {
  readonly attackMessageId: string;
  readonly entry: string;
  readonly check: DamageEffectCheck;
  /** The fight the stun is kept in (AD-T1) and the defeated combatant: null outside a fight. */
  readonly combatId: string | null;
  readonly holder: string | null;
}

/** AD-A4: posts the checks the blow calls for; the caller writes the records, then calls `roll`. */
export async function postDamageChecks(input: DamageAppliedInput): Promise<DamageAftermath> {
  const thresholds = damageEffectThresholds();
  const { target, link } = input;
  const due = damageEffectChecksDue(
    {
      damage: input.damage,
      healthBefore: input.before,
      healthAfter: input.after,
      healthMax: target.stats.health.max,
      wl: target.stats.activeDefense.wl,
      already: conditionsOf(target),
    },
    thresholds,
  );
  const fight = link && familyOf(link.combat) === "active-defense-3d6" ? link : null;
  const checks: DamageCheckRecord[] = [];
  for (const check of due) {
    const data: DamageCheckData = {
      attackMessageId: input.messageId,
      entry: input.entry.key,
      check: check.check,
      combatId: fight?.combat.id ?? null,
      holder: fight?.id ?? null,
    };
    const message = await postCheck({
      actor: target.actor,
      token: target.token,
      kind: check.check,
      dice: "3d6",
      attribute: "wl",
      target: check.target,
      lines: [reasonLine(check, input, thresholds)],
      combatId: input.card.combatId,
      consequence: { name: AD_DAMAGE_CHECK, data: { ...data } },
      roll: "button",
      messageMode: publicMessageMode(),
    });
    if (message?.id) checks.push({ check: check.check, messageId: message.id });
  }
  const now = getSetting("adDamageChecksAuto") || connectedOwners(target.actor).length === 0;
  return {
    checks,
    async roll() {
      if (!now) return;
      for (const c of checks) await rollCheck(c.messageId);
    },
  };
}

/** The damage that called for the check still stands: applied, not undone, and this card among its checks. */
function damageStands(data: DamageCheckData, checkMessageId: string): boolean {
  const card = gmAttackCardOf(game.messages?.get(String(data.attackMessageId)) as ChatMessage.Implementation);
  const entry = card?.entries.find((e) => e.key === data.entry);
  return entry?.damage?.applied?.checks?.some((c) => c.messageId === checkMessageId) ?? false;
}

/** The line a failed check writes (also what the gallery shows). */
export function damageEffectLine(effect: DamageEffect, name: string, inFight: boolean): CheckLine {
  const key = effect === "stunned" && !inFight ? "stunnedNoFight" : effect;
  return { key: `FRAY.DamageEffects.Effect.${key}`, data: { name } };
}

function isCheck(value: unknown): value is DamageEffectCheck {
  return (DAMAGE_EFFECT_CHECKS as readonly unknown[]).includes(value);
}

interface Fight {
  readonly combat: Combat.Implementation;
  readonly holder: string;
}

function fightOf(data: DamageCheckData): Fight | null {
  if (!data.combatId || !data.holder) return null;
  const combat = game.combats?.get(String(data.combatId)) as Combat.Implementation | undefined;
  if (!combat || !combat.combatants.get(String(data.holder))) return null;
  return familyOf(combat) === "active-defense-3d6" ? { combat, holder: String(data.holder) } : null;
}

/** Applies what a failed check leaves (GM side). */
async function applyEffect(effect: DamageEffect, party: Party, fight: Fight | null): Promise<void> {
  if (effect === "stunned" && fight) {
    // AD-T1: until the holder's next turn; one stun at a time (a second one would end at the same moment).
    // Looked at and added in the fight's request lock: two stun checks rolled at once add one.
    await inFightLock(fight.combat, async () => {
      const held = timedStatesOf(fight.combat, fight.holder).some((s) => s.key === STUN_STATE);
      if (held) return;
      await applyRoundEvents(fight.combat, [
        { type: "addTimedState", state: untilNextTurn(STUN_STATE, fight.holder) },
      ]);
    });
  }
  await setStatus(party.actor, effect, true);
  if (effect === "dead" && fight) {
    await applyRoundEvents(fight.combat, [{ type: "setDefeated", id: fight.holder, defeated: true }]);
  }
}

defineCheckConsequence<DamageCheckData>(
  AD_DAMAGE_CHECK,
  async ({ message, card, data, result, rollUnderFaces }) => {
    const party = resolveParty(card.roller);
    const name = card.roller.name;
    if (!isCheck(data?.check) || !party || !rollUnderFaces)
      return { lines: [{ key: "FRAY.DamageEffects.none" }] };
    if (!damageStands(data, message.id ?? "")) return { lines: [{ key: "FRAY.DamageEffects.voided" }] };
    const read = resolveDamageEffectCheck({ check: data.check, target: result.target }, rollUnderFaces, {
      success: getSetting("adCriticalSuccess"),
      failure: getSetting("adCriticalFailure"),
    });
    if (!read.effect) return { lines: [{ key: "FRAY.DamageEffects.resisted", data: { name } }] };
    const fight = fightOf(data);
    await applyEffect(read.effect, party, fight);
    return { lines: [damageEffectLine(read.effect, name, fight !== null)] };
  },
);
