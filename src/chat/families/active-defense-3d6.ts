/**
 * Active-defense-3d6 on the card (AD-A1…AD-A4, AD-C1…AD-C3, AD-M1…AD-M6): the hit roll «命中判定» 3d6 under the
 * weapon skill; a near hit lets the target's owner choose Parry «受け», Block «止め» or Dodge «よけ» — exactly
 * the legal ones for its state (Parry/Block once per turn, twice under all-out defense; none after its own
 * all-out attack; none against a critical), or none. Under all-out defense a failed defense may be retried
 * with another (AD-M3). Defending while concentrating asks for a maintenance roll «維持判定» first (AD-M6).
 * A fumble or a critical defense sends the attacker to the fumble table «ファンブル表» (AD-C2); damage minus DR
 * is the final damage (AD-A4); once applied it may call for stun, knockdown, unconsciousness and death checks
 * (AD-A4, active-defense-damage-checks.ts). From the fight, as the attacker's budget stood before the attack
 * spent it: its all-out attack option (AD-M2), aim (AD-M5), last turn's feint (AD-M1, first attack of the turn
 * only) and a feint-and-attack's contest rolled with the attack (AD-M2 c, the larger effect counts); the
 * defender's flags, Parry/Block tries and concentration.
 */
import type { LegalDefenses } from "../../rules/attack/legal-defenses";
import {
  activeDefenseHitTarget,
  HIT_ROLL_FORMULA,
  resolveActiveDefenseHit,
  type ActiveDefenseAttackInput,
  type ActiveDefenseHitResult,
  type AllOutAttackOption,
} from "../../rules/families/active-defense-3d6/attack";
import { activeDefenseAttackOutcome } from "../../rules/families/active-defense-3d6/attack-outcome";
import {
  defenderFlags,
  earlierFeint,
  shotAim,
  spendActiveDefense,
  type ActiveDefenseBudget,
} from "../../rules/families/active-defense-3d6/budget";
import {
  maintenanceRollDue,
  MAINTENANCE_FORMULA,
  resolveMaintenanceRoll,
  SPELL_CONCENTRATION_STATE,
} from "../../rules/families/active-defense-3d6/concentration";
import { activeDefenseFinalDamage } from "../../rules/families/active-defense-3d6/damage";
import { HEALTH_LIMIT } from "../../data/actor/common";
import {
  resolveActiveDefenseRoll,
  type ActiveDefenseRollResult,
} from "../../rules/families/active-defense-3d6/defense-roll";
import { recordDefense, type ActiveDefenseId } from "../../rules/families/active-defense-3d6/defense-usage";
import {
  activeDefenseLegalDefenses,
  type ActiveDefenseIncomingAttack,
} from "../../rules/families/active-defense-3d6/defenses";
import {
  feintPenalty,
  feintTargetValue,
  resolveFeint,
  type FeintResult,
} from "../../rules/families/active-defense-3d6/feint";
import {
  activeDefenseFumble,
  FUMBLE_TABLE_FORMULA,
} from "../../rules/families/active-defense-3d6/fumble-table";
import { isMissile } from "../../rules/items/weapon-kinds";
import { accept, refuse, type Outcome } from "../../rules/outcome";
import { applyRoundEvents, updateCombatantData, type CombatantDataPatch } from "../../documents/combat-api";
import { AttackRoll, DefenseRoll } from "../../dice/fray-roll";
import type {
  DefenseTaken,
  FeintRecord,
  FumbleRecord,
  MaintenanceTaken,
  RollSnapshot,
  TargetEntry,
} from "../card-data";
import { budgetOf, defenseUsageOf, timedStates } from "../combat-link";
import { canAct, weaponStats } from "../parties";
import type { RollSink } from "../roll-sink";
import { postDamageChecks } from "./active-defense-damage-checks";
import { bestDefense } from "./best-defense";
import { damageDice } from "./damage-dice";
import {
  attackRecord,
  damageDue,
  resolvedDraft,
  weaponDamage,
  type DefendInput,
  type Defender,
  type EntryDraft,
  type FamilyCard,
} from "./family-card";

// A type, not an interface: it is stored as the card's JSON record (`attack.data`) as it is.
type AdAttackData = {
  readonly hit: ActiveDefenseHitResult;
  /** The incoming attack as the defender's legal defenses read it (its `failed` comes from the entry). */
  readonly incoming: Omit<ActiveDefenseIncomingAttack, "failed">;
  readonly damageFormula: string;
};

/** The data `attack` below wrote: an active-defense card's entries are only ever written by this module. */
function dataOf(entry: EntryDraft): AdAttackData {
  return entry.attack.data as AdAttackData;
}

const BOWS = new Set(["bow", "crossbow"]);

/** AD-M2: the all-out attack option in force this turn, in the shape attack.ts reads. */
function allOutOption(budget: ActiveDefenseBudget | null): AllOutAttackOption | null {
  const allOut = budget?.allOut;
  if (!budget || allOut?.kind !== "attack" || allOut.turn !== budget.turnNumber) return null;
  return allOut.option === "readyAndAttack" ? null : allOut.option;
}

/**
 * AD-M2: which attack of the turn this is (0 the first): the attacks already rolled under the turn's all-out
 * attack, read from the budget as it stood before this one spent it.
 */
function attackIndexOf(budget: ActiveDefenseBudget | null): number {
  return budget?.maneuver === "allOutAttack" ? budget.strikes : 0;
}

/** AD-M1: the enemy's side of a feint contest: its best ready weapon skill, or AG when it holds none. */
function enemyFeintTarget(party: Defender["party"]): number {
  const skills: number[] = [];
  for (const item of party.actor.items) {
    if (item.type !== "weapon") continue;
    const stats = weaponStats(item);
    if (stats.equipped) skills.push(party.stats.activeDefense.skills[stats.skill] ?? 0);
  }
  return feintTargetValue(skills, party.stats.activeDefense.ag);
}

/**
 * AD-M2 (c): the feint of a feint-and-attack, rolled with the attack: the attacker's 3d6 under its weapon skill
 * against the enemy's 3d6 under its own (AD-M1).
 */
async function feintContest(
  skill: number,
  enemy: Defender["party"],
  sink: RollSink,
): Promise<{ rolls: RollSnapshot[]; result: FeintResult }> {
  const mine = await sink.roll(AttackRoll, HIT_ROLL_FORMULA, { purpose: "feint" });
  const theirs = await sink.roll(DefenseRoll, HIT_ROLL_FORMULA, { purpose: "feint" });
  const result = resolveFeint(
    { faces: mine.faces.terms[0] ?? [], target: skill },
    { faces: theirs.faces.terms[0] ?? [], target: enemyFeintTarget(enemy) },
  );
  return { rolls: [mine.snapshot, theirs.snapshot], result };
}

/** The defender's equipped weapon that parries best (it gave the derived PEV). */
function parryWeapon(actor: Actor.Implementation): Item.Implementation | null {
  let best: { item: Item.Implementation; parry: number } | null = null;
  for (const item of actor.items) {
    if (item.type !== "weapon") continue;
    const stats = weaponStats(item);
    if (!stats.equipped || stats.parry <= 0) continue;
    if (!best || stats.parry > best.parry) best = { item, parry: stats.parry };
  }
  return best?.item ?? null;
}

function legal(entry: EntryDraft, defender: Defender): LegalDefenses {
  const { party, link } = defender;
  const targets = party.stats.derived.activeDefense;
  const weapon = parryWeapon(party.actor);
  const budget = budgetOf<ActiveDefenseBudget>(link);
  const flags = budget
    ? defenderFlags(budget, weapon?.id ?? undefined)
    : { allOutAttack: false, allOutDefense: false, aiming: false, readyingMissile: false };
  // A weapon the budget does not track yet is ready in hand.
  const tracked = budget && weapon?.id ? budget.weapons[weapon.id] : undefined;
  const states = timedStates(link);
  return activeDefenseLegalDefenses(
    {
      canAct: canAct(party.actor),
      targets: { parry: targets.parry, block: targets.block, dodge: targets.dodge },
      parryWeaponReady: tracked ? tracked.status === "ready" : true,
      parryWeaponUnbalanced: tracked
        ? tracked.unbalanced
        : weapon
          ? weaponStats(weapon).properties.unbalanced
          : false,
      allOutAttack: flags.allOutAttack,
      allOutDefense: flags.allOutDefense,
      usage: defenseUsageOf(link),
      aiming: flags.aiming,
      readyingMissile: flags.readyingMissile,
      concentrating: link ? maintenanceRollDue(states, link.id) : false,
    },
    {
      ...dataOf(entry).incoming,
      failed: entry.defenses.filter((d) => !d.success).map((d) => d.id as ActiveDefenseId),
    },
  );
}

function rollResultOf(taken: DefenseTaken): ActiveDefenseRollResult {
  return {
    id: taken.id as ActiveDefenseId,
    roll: {
      total: taken.roll.total,
      target: taken.target ?? 0,
      margin: taken.margin,
      success: taken.success,
      critical: taken.critical,
    },
    success: taken.success,
    attackerFumbles: taken.critical === "success",
    next: null,
  };
}

/** AD-A4, AD-C1, AD-C2: the entry's outcome from its hit roll and the defenses taken. */
function resolveEntry<E extends EntryDraft>(entry: E, rest: Partial<EntryDraft> = {}): E {
  const next = { ...entry, ...rest };
  const data = dataOf(next);
  const out = activeDefenseAttackOutcome(data.hit, next.defenses.map(rollResultOf));
  const fumble: FumbleRecord | null = out.fumbleTable ? { roll: null, total: null, key: null } : null;
  return {
    ...next,
    stage: "resolved",
    pendingDefense: null,
    outcome: { outcome: out.outcome, hit: out.damageDue, margin: null, damageDue: out.damageDue },
    fumble,
    damage: out.damageDue ? damageDue(data.damageFormula) : null,
  };
}

async function rollDefense(input: DefendInput, maintained: boolean): Promise<Outcome<TargetEntry>> {
  const { entry, defender, choice, conventions, sink } = input;
  const now = legal(entry, defender);
  const id = choice === "auto" ? bestDefense(now) : choice;
  if (id === null) return accept(resolveEntry(entry, { declined: true, legal: now }));
  const option = now.options.find((o) => o.id === id);
  if (!option) {
    const reason = now.unavailable.find((u) => u.id === id)?.reason ?? now.reason ?? "defenseNotAvailable";
    return refuse(reason);
  }
  // AD-M6: a maintenance roll comes first.
  if (!maintained && option.consequences.some((c) => c.kind === "concentrationCheck")) {
    return accept({ ...entry, stage: "awaitingMaintenance", pendingDefense: option.id, legal: now });
  }
  const target = option.target ?? 0;
  const { snapshot, faces } = await sink.roll(DefenseRoll, option.formula, {
    purpose: "defense",
    entry: entry.key,
  });
  const result = resolveActiveDefenseRoll(
    { id: option.id as ActiveDefenseId, target },
    faces.terms[0] ?? [],
    conventions.criticals,
  );
  const taken: DefenseTaken = {
    id: option.id,
    labelKey: option.labelKey,
    roll: snapshot,
    target,
    modifier: null,
    success: result.success,
    critical: result.roll.critical,
    margin: result.roll.margin,
  };
  // AD-A3 one more try of Parry/Block; AD-M4/AD-M5 what defending cost.
  const link = defender.link;
  if (link) {
    const patch: { -readonly [K in keyof CombatantDataPatch]: CombatantDataPatch[K] } = {
      defenseUsage: recordDefense(defenseUsageOf(link), option.id as ActiveDefenseId),
    };
    const budget = budgetOf<ActiveDefenseBudget>(link);
    const weaponId = parryWeapon(defender.party.actor)?.id;
    if (budget && option.consequences.length) {
      const spent = spendActiveDefense(budget, {
        type: "defended",
        consequences: option.consequences,
        ...(option.id === "parry" && weaponId ? { weaponId } : {}),
      });
      if (spent.ok) patch.budget = spent.value;
    }
    await updateCombatantData(link.combatant, patch);
  }
  const next: TargetEntry = { ...entry, defenses: [...entry.defenses, taken], pendingDefense: null };
  if (!result.success) {
    // AD-M3: under all-out defense, another defense may be tried.
    const retry = legal(next, defender);
    if (retry.mode === "choose") return accept({ ...next, stage: "awaitingDefense", legal: retry });
  }
  return accept(resolveEntry(next, { legal: now }));
}

/** AD-C2: the attacker's 3d6 on the fumble table. */
export async function rollFumbleTable(entry: TargetEntry, sink: RollSink): Promise<TargetEntry> {
  const { snapshot, faces } = await sink.roll(AttackRoll, FUMBLE_TABLE_FORMULA, {
    purpose: "fumbleTable",
    entry: entry.key,
  });
  const result = activeDefenseFumble(faces.terms[0] ?? []);
  return { ...entry, fumble: { roll: snapshot, total: result.total, key: result.key } };
}

export const activeDefenseCard: FamilyCard = {
  async attack(setup, target, sink) {
    const { attacker, weapon, situation } = setup;
    // The budget before this attack spent it: a shot's aim is used up by the shot (AD-M5), and the attacks
    // already made under an all-out attack say which one this is (AD-M2).
    const budget = (setup.budgetBefore ?? null) as ActiveDefenseBudget | null;
    const dice = damageDice(weapon.snapshot.damage);
    const skill = attacker.stats.activeDefense.skills[weapon.stats.skill] ?? 0;
    const allOut = allOutOption(budget);
    const input: ActiveDefenseAttackInput = {
      skill,
      modifier: situation.modifier,
      allOutAttack: allOut,
      ...(budget && BOWS.has(weapon.stats.skill) ? { aim: shotAim(budget, weapon.id) } : {}),
      damage: dice ?? { count: 0 },
    };
    const { snapshot, faces } = await sink.roll(AttackRoll, HIT_ROLL_FORMULA, { purpose: "attack" });
    const hit = resolveActiveDefenseHit(input, faces.terms[0] ?? [], setup.conventions.criticals);
    // AD-M1/AD-M2: last turn's feint against this enemy (first attack only), or the feint of a feint-and-attack.
    const attackIndex = attackIndexOf(budget);
    const contest =
      target && allOut === "feintAndAttack" && attackIndex === 0
        ? await feintContest(skill, target.party, sink)
        : null;
    const feint = feintPenalty({
      earlierFeint: budget && target?.link ? earlierFeint(budget, target.link.id) : 0,
      ...(contest ? { feintAndAttack: contest.result.effect } : {}),
      attackIndex,
    });
    const feintRecord: FeintRecord | null =
      feint || contest
        ? {
            penalty: feint,
            contest: contest
              ? {
                  rolls: contest.rolls,
                  feinterMargin: contest.result.feinterMargin,
                  enemyMargin: contest.result.enemyMargin,
                  effect: contest.result.effect,
                }
              : null,
          }
        : null;
    const data: AdAttackData = {
      hit,
      incoming: {
        missile: isMissile(weapon.stats.kind),
        critical: hit.critical,
        ...(feint ? { feintPenalty: feint } : {}),
      },
      damageFormula: dice ? hit.damageFormula : weaponDamage(weapon.snapshot),
    };
    const common = {
      rolls: [snapshot],
      total: hit.roll.total,
      parts: activeDefenseHitTarget(input).parts.map((p) => ({
        labelKey: `FRAY.Attack.Part.${p.part}`,
        value: p.value,
      })),
      against: { labelKey: "FRAY.Attack.target", value: hit.roll.target },
      margin: hit.roll.margin,
      critical: hit.critical,
      fumble: hit.fumble,
      ...(feintRecord ? { feint: feintRecord } : {}),
      data,
    };
    if (!target) {
      const outcome = hit.outcome === "nearHit" ? "hit" : hit.outcome;
      const fumble: FumbleRecord | null = hit.fumble ? { roll: null, total: null, key: null } : null;
      return resolvedDraft(attackRecord({ ...common, outcome }), { fumble });
    }
    const draft = resolvedDraft(attackRecord({ ...common, outcome: hit.outcome }));
    if (!hit.defensePossible) return resolveEntry(draft);
    const now = legal(draft, target);
    if (now.mode === "choose") return { ...draft, stage: "awaitingDefense", legal: now };
    return resolveEntry(draft, { legal: now });
  },

  legalDefenses(entry, defender) {
    return legal(entry, defender);
  },

  defend(input) {
    return rollDefense(input, false);
  },

  async maintain(input) {
    const { entry, defender, conventions, sink } = input;
    if (entry.stage !== "awaitingMaintenance" || !entry.pendingDefense) return refuse("maintenanceNotDue");
    const link = defender.link;
    const states = timedStates(link);
    let next = entry;
    if (link && maintenanceRollDue(states, link.id)) {
      const { snapshot, faces } = await sink.roll(DefenseRoll, MAINTENANCE_FORMULA, {
        purpose: "maintenance",
        entry: entry.key,
      });
      const result = resolveMaintenanceRoll(states, link.id, {
        wl: defender.party.stats.activeDefense.wl,
        faces: faces.terms[0] ?? [],
        criticals: conventions.criticals,
      });
      if (result.ok) {
        const taken: MaintenanceTaken = {
          roll: snapshot,
          target: result.value.target,
          margin: result.value.margin,
          success: result.value.success,
          critical: result.value.critical,
        };
        next = { ...next, maintenance: [...next.maintenance, taken] };
        // AD-M6: a failure breaks the concentration; the spell is not cast.
        if (result.value.broken) {
          await applyRoundEvents(link.combat, [
            { type: "removeTimedState", holder: link.id, key: SPELL_CONCENTRATION_STATE },
          ]);
        }
      }
    }
    // The defense goes ahead either way.
    return rollDefense({ ...input, entry: next, choice: entry.pendingDefense }, true);
  },

  damage(_entry, rolled, target) {
    const dr = target.stats.derived.activeDefense.dr;
    const result = activeDefenseFinalDamage(rolled, dr);
    return {
      multiplier: 1,
      reductions: dr ? [{ labelKey: "FRAY.Attack.damageReduction", value: dr }] : [],
      final: result.final,
    };
  },

  // AD-A4: Health counts below 0 (unconsciousness at 0 or below, death at −max or below), to the schema's floor.
  healthFloor() {
    return -HEALTH_LIMIT;
  },

  damageApplied(input) {
    return postDamageChecks(input);
  },
};
