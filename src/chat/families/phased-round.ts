/**
 * Phased-round on the card: open-ended d100 (settings `prOpenEnded`, `prOpenHigh`, `prOpenLow`) + OB − DB +
 * modifiers against the hit threshold (`prHitThreshold`); every reroll is a real 1d100 on the card. PR-P5:
 * a melee attack after firing in missile phase (A) uses half the OB (from the fight's declarations); PR-P3: a
 * compromised attacker's total takes the GM's penalty (from the fight's timed states). Damage:
 * the weapon's dice plus the margin bonus (`prDamageMode`, `prDamageStep`).
 */
import {
  resolvePhasedRoundAttack,
  type PhasedRoundAttackInput,
} from "../../rules/families/phased-round/attack";
import { isMissile } from "../../rules/items/weapon-kinds";
import { AttackRoll } from "../../dice/fray-roll";
import type { RollSnapshot } from "../card-data";
import { currentRound, timedStates, turnCombatant } from "../combat-link";
import { compromisePenalty } from "../../rules/families/phased-round/orientation";
import { attackRecord, damageDue, resolvedDraft, weaponDamage, type FamilyCard } from "./family-card";

/** A guard against a runaway chain of rerolls (each continues with 5 % chance). */
const MAX_D100 = 50;

export const phasedRoundCard: FamilyCard = {
  async attack(setup, target, sink) {
    const { weapon, situation } = setup;
    const missile = isMissile(weapon.stats.kind);
    const input: PhasedRoundAttackInput = {
      ob: weapon.stats.ob,
      kind: missile ? "missile" : "melee",
      firedInPhaseA: (turnCombatant(setup.attackerLink)?.sheet?.missileA ?? null) !== null,
      db: target?.party.stats.derived.phasedRound.db ?? 0,
      modifier: situation.modifier,
      // PR-P3: the GM's penalty on a compromised attacker's rolls this round, from the fight itself.
      compromised: compromisePenalty(
        timedStates(setup.attackerLink),
        setup.attackerLink?.id ?? "",
        currentRound(setup.attackerLink),
      ),
      weaponDamage: weaponDamage(setup.weapon.snapshot),
    };
    const faces: number[] = [];
    const rolls: RollSnapshot[] = [];
    let purpose: "attack" | "openEndedUp" | "openEndedDown" = "attack";
    for (;;) {
      const rolled = await sink.roll(AttackRoll, "1d100", { purpose });
      faces.push(rolled.faces.terms[0]?.[0] ?? 1);
      rolls.push(rolled.snapshot);
      const result = resolvePhasedRoundAttack(input, faces, setup.conventions.phased);
      if (result.status === "needsMore" && faces.length < MAX_D100) {
        purpose = result.next.purpose === "openEndedDown" ? "openEndedDown" : "openEndedUp";
        continue;
      }
      if (result.status === "needsMore") throw new Error("open-ended d100 did not end");
      const parts = [
        {
          labelKey: result.obHalved ? "FRAY.Attack.halvedOffensiveBonus" : "FRAY.Attack.offensiveBonus",
          value: result.ob,
        },
        ...(target ? [{ labelKey: "FRAY.Defense.defensiveBonus", value: -result.db }] : []),
        { labelKey: "FRAY.Attack.Part.modifier", value: result.modifier },
        { labelKey: "FRAY.Attack.Part.compromised", value: -result.compromised },
      ].filter((p) => p.value !== 0);
      const common = {
        rolls,
        total: result.total,
        natural: faces[0] ?? null,
        parts,
        openEnded: result.openEnded,
        halved: result.obHalved,
      };
      if (!target) return resolvedDraft(attackRecord(common));
      const attack = attackRecord({
        ...common,
        against: { labelKey: "FRAY.Attack.threshold", value: result.threshold },
        margin: result.margin,
        outcome: result.outcome,
      });
      return resolvedDraft(attack, {
        outcome: { outcome: result.outcome, hit: result.hit, margin: result.margin, damageDue: result.hit },
        damage: result.next ? damageDue(result.next.formula) : null,
      });
    }
  },

  damage(_entry, rolled) {
    return { multiplier: 1, reductions: [], final: Math.max(0, rolled) };
  },
};
