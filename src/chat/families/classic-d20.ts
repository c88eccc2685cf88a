/**
 * Classic-d20 on the card (CD-AC1, CD-AT1…CD-AT5): 1d20 + attack bonus against Armor Class (a ranged or thrown
 * attack with the range penalty for the distance between the tokens, CD-AT5); natural 1 misses and natural 20
 * hits; a threat is confirmed by a second roll (convention `cdConfirmCriticals`), rolled at once on the same card; a critical hit multiplies the weapon's damage (×`threat.multiplier`), never below the
 * minimum (convention `cdMinimumDamage`). With no target there is no AC: the natural 20 and 1 are reported.
 */
import {
  classicD20AttackFormula,
  resolveClassicD20Attack,
  resolveClassicD20Confirmation,
  type ClassicD20AttackInput,
} from "../../rules/families/classic-d20/attack";
import { classicD20AttackBonus, classicD20RangePenalty } from "../../rules/families/classic-d20/attack-bonus";
import { tokenDistance } from "../../documents/mounts/token-geometry";
import { classicD20Damage } from "../../rules/families/classic-d20/damage";
import { AttackRoll } from "../../dice/fray-roll";
import { attackRecord, damageDue, resolvedDraft, weaponDamage, type FamilyCard } from "./family-card";

export const classicD20Card: FamilyCard = {
  async attack(setup, target, sink) {
    const { attacker, weapon, situation } = setup;
    const derived = attacker.stats.derived.classicD20;
    // CD-AT5: a ranged or thrown attack takes the range penalty for the distance to this target.
    const distance =
      target && attacker.token && target.party.token
        ? tokenDistance(attacker.token, target.party.token)
        : null;
    const bonus = classicD20AttackBonus({
      kind: weapon.stats.kind,
      baseAttackBonus: attacker.stats.classicD20.bab,
      strengthModifier: derived.modifiers.str,
      dexterityModifier: derived.modifiers.dex,
      sizeModifier: derived.sizeModifier,
      rangePenalty: classicD20RangePenalty(distance, weapon.stats.rangeIncrement),
      other: situation.modifier,
    });
    const parts = bonus.parts.map((p) => ({ labelKey: `FRAY.Attack.Bonus.${p.part}`, value: p.value }));
    const { snapshot, faces } = await sink.roll(AttackRoll, classicD20AttackFormula(bonus.total), {
      purpose: "attack",
    });
    const natural = faces.terms[0]?.[0] ?? 1;
    const total = natural + bonus.total;
    if (!target) {
      // CD-AT2/CD-AT3: no AC to compare with; the natural faces still speak.
      const outcome = natural === 20 ? "threat" : natural === 1 ? "miss" : "";
      return resolvedDraft(
        attackRecord({ rolls: [snapshot], total, natural, parts, outcome, threat: natural === 20 }),
      );
    }
    const input: ClassicD20AttackInput = {
      attackBonus: bonus.total,
      armorClass: target.party.stats.derived.classicD20.ac,
      threatRange: weapon.stats.threat.min,
      confirmCriticals: setup.conventions.cdConfirmCriticals,
    };
    const result = resolveClassicD20Attack(input, natural);
    let confirmation = null;
    let outcome: string = result.outcome;
    let critical = result.critical;
    const rolls = [snapshot];
    if (result.next) {
      const second = await sink.roll(AttackRoll, result.next.formula, { purpose: "confirm" });
      const confirmed = resolveClassicD20Confirmation(input, second.faces.terms[0]?.[0] ?? 1);
      rolls.push(second.snapshot);
      confirmation = { roll: second.snapshot, total: confirmed.total, confirmed: confirmed.confirmed };
      critical = confirmed.confirmed;
      outcome = confirmed.confirmed ? "confirmed" : "notConfirmed";
    }
    const attack = attackRecord({
      rolls,
      total,
      natural,
      parts,
      against: { labelKey: "FRAY.Defense.armorClass", value: result.armorClass },
      margin: total - result.armorClass,
      critical,
      threat: result.threat,
      confirmation,
      outcome,
    });
    const multiplier = critical ? weapon.stats.threat.multiplier : 1;
    return resolvedDraft(attack, {
      outcome: { outcome, hit: result.hit, margin: total - result.armorClass, damageDue: result.hit },
      damage: result.hit ? damageDue(weaponDamage(setup.weapon.snapshot), multiplier) : null,
    });
  },

  damage(entry, rolled, _target, conventions) {
    const multiplier = entry.damage?.multiplier ?? 1;
    const result = classicD20Damage({
      rolled,
      critical: multiplier > 1,
      multiplier,
      minimum: conventions.cdMinimumDamage,
    });
    return { multiplier: result.multiplier, reductions: [], final: result.damage };
  },
};
