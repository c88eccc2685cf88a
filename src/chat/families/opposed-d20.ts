/**
 * Opposed-d20 on the card (OD-A1…OD-A7): the attacker rolls 1d20 + its melee or ranged skill; the target's
 * owner picks a defense valid against the attack, or none (OD-A2). The defense roll counts as a passive
 * action (OD-R3, `countAction` in the fight); both sides apply situational modifiers (OD-A2: the attacker in its
 * dialog, the defender next to its defense buttons). The attack must be strictly greater (OD-A4); the margin is
 * attack − defense (OD-A5); damage minus protection is the loss of Health (OD-A7). An undefended attack —
 * or one with no target — still rolls, for its Critical and Fumble (OD-A3, settings `odCriticalOn`,
 * `odFumbleOn`, `odFumbleMissesUndefended`).
 *
 * Defenses (the text names none): Dodge «Esquiva» and Block «Bloqueo» from the actor, both valid against
 * every attack; a successful defense avoids the hit.
 */
import type { LegalDefenses } from "../../rules/attack/legal-defenses";
import {
  opposedD20Formula,
  resolveOpposedD20Attack,
  type OpposedD20AttackResult,
  type OpposedD20Roll,
} from "../../rules/families/opposed-d20/attack";
import { opposedD20HealthLoss } from "../../rules/families/opposed-d20/damage";
import { opposedD20LegalDefenses } from "../../rules/families/opposed-d20/defenses";
import { accept, refuse } from "../../rules/outcome";
import { applyRoundEvents } from "../../documents/combat-api";
import { AttackRoll, DefenseRoll } from "../../dice/fray-roll";
import type { DefenseTaken, EntryOutcome, TargetEntry } from "../card-data";
import { currentRound, turnCombatant } from "../combat-link";
import { canAct } from "../parties";
import { bestDefense } from "./best-defense";
import {
  attackRecord,
  damageDue,
  resolvedDraft,
  weaponDamage,
  type Defender,
  type FamilyCard,
} from "./family-card";

// A type, not an interface: it is stored as the card's JSON record (`attack.data`) as it is.
type OpposedAttackData = {
  readonly roll: OpposedD20Roll;
  /** The attack kind the defenses are checked against. */
  readonly kind: "melee" | "ranged";
  readonly damage: string;
};

/** The data `attack` below wrote: an opposed-d20 card's entries are only ever written by this module. */
function dataOf(entry: TargetEntry): OpposedAttackData {
  return entry.attack.data as OpposedAttackData;
}

function outcomeOf(result: OpposedD20AttackResult): EntryOutcome {
  return { outcome: result.outcome, hit: result.hit, margin: result.margin, damageDue: result.damageDue };
}

function legal(defender: Defender, kind: string): LegalDefenses {
  const stats = defender.party.stats;
  const limit = stats.opposedD20.actions.passive;
  const used = turnCombatant(defender.link)?.actions?.passive ?? 0;
  return opposedD20LegalDefenses(
    {
      canAct: canAct(defender.party.actor),
      passiveActionsLeft: limit - used,
      defenses: [
        { id: "dodge", value: stats.opposedD20.defense.dodge, validAgainst: "all" },
        { id: "block", value: stats.derived.opposedD20.block, validAgainst: "all" },
      ],
    },
    { kind },
  );
}

export const opposedD20Card: FamilyCard = {
  async attack(setup, target, sink) {
    const { attacker, weapon, situation } = setup;
    const kind = weapon.stats.kind === "melee" ? "melee" : "ranged";
    const skill = attacker.stats.opposedD20.attack[kind];
    const modifier = skill + situation.modifier;
    const { snapshot, faces } = await sink.roll(AttackRoll, opposedD20Formula(modifier), {
      purpose: "attack",
    });
    const roll: OpposedD20Roll = { d20: faces.terms[0]?.[0] ?? 1, modifier };
    const alone = resolveOpposedD20Attack(roll, null, setup.conventions.opposed);
    const data: OpposedAttackData = { roll, kind, damage: weaponDamage(setup.weapon.snapshot) };
    const attack = attackRecord({
      rolls: [snapshot],
      total: alone.attack.total,
      natural: roll.d20,
      parts: [
        { labelKey: `FRAY.Attack.Skill.${kind}`, value: skill },
        { labelKey: "FRAY.Attack.Part.modifier", value: situation.modifier },
      ].filter((p) => p.value !== 0),
      critical: alone.attack.critical,
      fumble: alone.attack.fumble,
      data,
    });
    if (!target) return resolvedDraft(attack);
    const legalNow = legal(target, kind);
    if (legalNow.mode === "choose")
      return { ...resolvedDraft(attack), stage: "awaitingDefense", legal: legalNow };
    // OD-A3: the target cannot defend; the attack stands alone.
    return resolvedDraft(attack, {
      legal: legalNow,
      outcome: outcomeOf(alone),
      damage: alone.damageDue ? damageDue(data.damage) : null,
    });
  },

  legalDefenses(entry, defender) {
    return legal(defender, dataOf(entry).kind);
  },

  async defend({ entry, defender, choice, modifier: situational = 0, conventions, sink }) {
    const data = dataOf(entry);
    const now = legal(defender, data.kind);
    const id = choice === "auto" ? bestDefense(now) : choice;
    if (id === null) {
      const alone = resolveOpposedD20Attack(data.roll, null, conventions.opposed);
      return accept({
        ...entry,
        stage: "resolved",
        legal: now,
        declined: true,
        outcome: outcomeOf(alone),
        damage: alone.damageDue ? damageDue(data.damage) : null,
      });
    }
    const option = now.options.find((o) => o.id === id);
    if (!option) {
      const reason = now.unavailable.find((u) => u.id === id)?.reason ?? now.reason ?? "defenseNotAvailable";
      return refuse(reason);
    }
    // OD-A2/OD-R3: the defense roll spends a passive action of the round.
    const link = defender.link;
    if (link && currentRound(link) > 0) {
      const counted = await applyRoundEvents(link.combat, [
        {
          type: "countAction",
          id: link.id,
          kind: "passive",
          limit: defender.party.stats.opposedD20.actions.passive,
        },
      ]);
      if (!counted.ok) return counted;
    }
    // OD-A2: the defender applies its situational modifiers too.
    const modifier = (option.modifier ?? 0) + situational;
    const { snapshot, faces } = await sink.roll(DefenseRoll, opposedD20Formula(modifier), {
      purpose: "defense",
      entry: entry.key,
    });
    const result = resolveOpposedD20Attack(
      data.roll,
      { d20: faces.terms[0]?.[0] ?? 1, modifier },
      conventions.opposed,
    );
    const defense = result.defense;
    const taken: DefenseTaken = {
      id: option.id,
      labelKey: option.labelKey,
      roll: snapshot,
      target: null,
      modifier,
      success: !result.hit,
      critical: defense?.critical ? "success" : defense?.fumble ? "failure" : null,
      margin: (defense?.total ?? 0) - result.attack.total,
    };
    return accept({
      ...entry,
      stage: "resolved",
      legal: now,
      defenses: [...entry.defenses, taken],
      outcome: outcomeOf(result),
      damage: result.damageDue ? damageDue(data.damage) : null,
    });
  },

  damage(_entry, rolled, target) {
    const protection = target.stats.derived.opposedD20.protection;
    const loss = opposedD20HealthLoss({ damage: rolled, protections: [protection] });
    return {
      multiplier: 1,
      reductions: protection ? [{ labelKey: "FRAY.Attack.protections", value: protection }] : [],
      final: loss.final,
    };
  },
};
