/**
 * Fast-slow on the card (FS-A1, FS-D1, FS-D2): 1d20 + the weapon's attribute modifier with boons and banes
 * against the target's Defense — an attack spell's casting attribute against Defense or the attribute the spell
 * names (its score); nothing to choose for the defender. Automatic boons and banes: the target
 * Defends (FS-A5, from its timed states, and only while it can act), a Hidden attacker (FS-A9), a Hidden
 * target (FS-A9: 3 banes — the attacker targeted its token, so the position guessed is right), rider and
 * mount attacking independently (FS-MT4), a prepared attack used as the reaction (FS-A10, 1 boon); the
 * dialog adds the situational ones. Attacking reveals a Hidden attacker (FS-A9): the entry says so and the
 * active GM takes the status off (reveal-attacker.ts).
 */
import type { BoonSource } from "../../rules/dice/boon-tally";
import {
  fastSlowAttackFormula,
  resolveFastSlowAttack,
  type FastSlowAttackSituation,
  type FsAttackTarget,
} from "../../rules/families/fast-slow/attack";
import { isDefending } from "../../rules/families/fast-slow/defend";
import { PREPARED_BOONS } from "../../rules/families/fast-slow/activities";
import type { FastSlowBudget } from "../../rules/families/fast-slow/budget";
import { attackSpend } from "../../rules/budget/attack-spend";
import { AttackRoll } from "../../dice/fray-roll";
import { timedStates } from "../combat-link";
import { canAct, hasStatus } from "../parties";
import {
  attackRecord,
  damageDue,
  resolvedDraft,
  weaponDamage,
  type AttackSetup,
  type Defender,
  type FamilyCard,
} from "./family-card";

/**
 * FS-A10: whether this attack spends the prepared attack's reaction — what rolling it spends (attack-spend.ts)
 * under the budget as it stood before.
 */
function usesPreparedAttack(budgetBefore: unknown, spell: boolean): boolean {
  if (!budgetBefore) return false;
  const spend = attackSpend({
    family: "fast-slow",
    fastSlow: budgetBefore as FastSlowBudget,
    weaponId: "",
    melee: true,
    bowOrCrossbow: false,
    spell,
  });
  if (!spend.ok || spend.value.family !== "fast-slow") return false;
  const event = spend.value.event;
  return event.type === "reaction" && event.kind === "prepared";
}

/** FS-D2: the value an attack against `against` must reach — the target's Defense or its attribute's score. */
function targetValue(target: Defender, against: FsAttackTarget): number {
  const stats = target.party.stats;
  if (against === "defense") return stats.derived.fastSlow.defense;
  return stats.fastSlow?.[against]?.value ?? 0;
}

/** A weapon always deals its damage ("0" when it names none); an attack spell with no damage formula deals none. */
function dealsDamage(setup: AttackSetup): boolean {
  return !setup.weapon.stats.spell || setup.weapon.snapshot.damage.trim() !== "";
}

/** The status id of FS-A9 Hidden «caché». */
export const HIDDEN_STATUS = "hidden";

export const fastSlowCard: FamilyCard = {
  async attack(setup, target, sink) {
    const { attacker, weapon, situation } = setup;
    const attribute = weapon.stats.attribute;
    const attributeModifier = attacker.stats.derived.fastSlow.modifiers[attribute] ?? 0;
    const extra: BoonSource[] = [{ source: "situational", boons: situation.boons, banes: situation.banes }];
    // FS-A8: a Help the attacker held gives this, its next roll, its boons.
    if (setup.helpBoons) extra.push({ source: "help", boons: setup.helpBoons, banes: 0 });
    // FS-A10: an attack made as the reaction to a prepared attack's trigger is rolled with 1 boon.
    if (usesPreparedAttack(setup.budgetBefore, weapon.stats.spell === true))
      extra.push({ source: "prepared", boons: PREPARED_BOONS, banes: 0 });
    // FS-D2: against the target's Defense, or the score of the attribute the attack (an attack spell) names.
    const against = weapon.stats.against ?? "defense";
    const fs: FastSlowAttackSituation = {
      modifier: attributeModifier + situation.modifier,
      against,
      targetValue: target ? targetValue(target, against) : 0,
      targetDefending: target
        ? isDefending(timedStates(target.link), target.link?.id ?? "", canAct(target.party.actor))
        : false,
      attackerHidden: hasStatus(attacker.actor, HIDDEN_STATUS),
      targetHidden: target ? hasStatus(target.party.actor, HIDDEN_STATUS) : false,
      mountedIndependent: situation.mountedIndependent,
      extra,
    };
    const formula = fastSlowAttackFormula(fs, setup.conventions.boonDie);
    const { snapshot, faces } = await sink.roll(AttackRoll, formula, { purpose: "attack" });
    const result = resolveFastSlowAttack(fs, {
      d20: faces.terms[0]?.[0] ?? 1,
      boonDice: faces.terms[1] ?? [],
      guessCorrect: true,
    });
    const parts = [
      { labelKey: `FRAY.Defense.Target.${attribute}`, value: attributeModifier },
      { labelKey: "FRAY.Attack.Part.modifier", value: situation.modifier },
    ].filter((p) => p.value !== 0);
    const common = {
      rolls: [snapshot],
      total: result.total,
      natural: result.d20,
      parts,
      boons: result.boons.sources,
      // FS-A9: the attack reveals a Hidden attacker; the active GM takes the status off (reveal-attacker.ts).
      data: result.revealsAttacker ? { revealsAttacker: true } : {},
    };
    if (!target) return resolvedDraft(attackRecord(common));
    const attack = attackRecord({
      ...common,
      against: { labelKey: `FRAY.Defense.Target.${against}`, value: result.targetValue },
      margin: result.margin,
      wrongGuess: result.wrongGuess,
      outcome: result.outcome,
    });
    return resolvedDraft(attack, {
      outcome: { outcome: result.outcome, hit: result.hit, margin: result.margin, damageDue: result.hit },
      damage: result.hit && dealsDamage(setup) ? damageDue(weaponDamage(setup.weapon.snapshot)) : null,
    });
  },

  damage(_entry, rolled) {
    return { multiplier: 1, reductions: [], final: Math.max(0, rolled) };
  },
};
