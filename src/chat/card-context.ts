/**
 * What one user sees of an attack card: the template's context, prepared for `viewer`. Every label is an
 * i18n key (the template localizes it); names stay plain strings (the template escapes them). Buttons appear
 * only for whoever may press them: the defender's connected owners (the GM when none is connected) for a
 * defense or a maintenance roll, the attacker's owners and the GM for damage and the fumble table, either
 * side's owners for applying damage, the GM for undoing it. The GM's requests check the same again.
 */
import type { FamilyId } from "../rules/families/ids";
import type { AttackCardData, BreakdownPart, DefenseTaken, RollSnapshot, TargetEntry } from "./card-data";
import { wholeName } from "../data/chat/card-fields";
import {
  EVERYONE,
  ownsActor,
  partyTooltip,
  promptsUser,
  resolveParty,
  type Party,
  type Readers,
} from "./parties";

/** AD-C3 critical success/failure of a 3d6 roll; OD-A3 Critical «Crítico» and Fumble «Pifia» of a d20. */
function criticalKey(family: FamilyId, critical: "success" | "failure" | null): string | null {
  if (!critical) return null;
  if (family === "active-defense-3d6")
    return critical === "success" ? "FRAY.Card.criticalSuccess" : "FRAY.Card.criticalFailure";
  return critical === "success" ? "FRAY.Attack.Outcome.critical" : "FRAY.Attack.Outcome.fumble";
}

function rollView(roll: RollSnapshot) {
  return { formula: roll.formula, total: roll.total, faces: roll.faces.join(", ") };
}

function partsView(parts: readonly BreakdownPart[]) {
  return parts.map((p) => ({ labelKey: p.labelKey, value: p.value }));
}

function defenseView(family: FamilyId, taken: DefenseTaken) {
  return {
    labelKey: taken.labelKey,
    roll: rollView(taken.roll),
    target: taken.target,
    modifier: taken.modifier,
    success: taken.success,
    margin: taken.margin,
    criticalKey: criticalKey(family, taken.critical),
  };
}

interface ViewerRights {
  readonly attacker: Party | null;
  readonly viewer: User.Implementation;
  /** Who can read the card (its roll mode): an owner who cannot is not waited for. */
  readonly readers: Readers;
}

function entryView(card: AttackCardData, entry: TargetEntry, rights: ViewerRights) {
  const { viewer, attacker, readers } = rights;
  const target = entry.target ? resolveParty(entry.target) : null;
  const gone = entry.target !== null && target === null;
  const answers = target !== null && promptsUser(viewer, target.actor, readers);
  const ownsAttacker = viewer.isGM || (attacker !== null && ownsActor(viewer, attacker.actor));
  const ownsTarget = target !== null && ownsActor(viewer, target.actor);
  const attack = entry.attack;
  const legal = entry.legal;
  const awaiting = entry.stage === "awaitingDefense";
  const damage = entry.damage;

  return {
    key: entry.key,
    hasTarget: entry.target !== null,
    targetName: entry.target?.name ?? "",
    // A name shortened to fit the card: the whole one, while the creature still has it, in a tooltip.
    targetTooltip: entry.target ? partyTooltip(entry.target, target) : null,
    gone,
    attack: {
      rolls: attack.rolls.map(rollView),
      total: attack.total,
      natural: attack.natural,
      parts: partsView(attack.parts),
      boons: attack.boons.map((b) => ({
        labelKey: `FRAY.Attack.Source.${b.source}`,
        boons: b.boons,
        banes: b.banes,
      })),
      against: attack.against,
      margin: attack.margin,
      critical: attack.critical,
      fumble: attack.fumble,
      threat: attack.threat && !attack.critical,
      confirmation: attack.confirmation
        ? {
            roll: rollView(attack.confirmation.roll),
            total: attack.confirmation.total,
            confirmed: attack.confirmation.confirmed,
          }
        : null,
      openEndedKey:
        attack.openEnded === "up"
          ? "FRAY.Attack.Next.openEndedUp"
          : attack.openEnded === "down"
            ? "FRAY.Attack.Next.openEndedDown"
            : null,
      halved: attack.halved,
      wrongGuess: attack.wrongGuess,
      // AD-M1/AD-M2: what a feint takes off the defense roll, and a feint-and-attack's contest.
      feint: attack.feint
        ? {
            penalty: attack.feint.penalty,
            contest: attack.feint.contest
              ? {
                  rolls: attack.feint.contest.rolls.map(rollView),
                  feinterMargin: attack.feint.contest.feinterMargin,
                  enemyMargin: attack.feint.contest.enemyMargin,
                }
              : null,
          }
        : null,
      // The roll's own reading until the entry has an outcome (AD-A1 "nearly hits"; no target: a threat).
      outcomeKey: attack.outcome && !entry.outcome ? `FRAY.Attack.Outcome.${attack.outcome}` : null,
    },
    defense: {
      passive: legal?.mode === "passive" ? (legal.passive ?? null) : null,
      awaiting: awaiting && !gone,
      choosing: awaiting && answers,
      options: awaiting
        ? (legal?.options ?? []).map((o) => ({
            id: o.id,
            labelKey: o.labelKey,
            target: o.target ?? null,
            modifier: o.modifier ?? null,
            consequences: o.consequences.map((c) => `FRAY.Defense.Consequence.${c.kind}`),
          }))
        : [],
      mayDecline: awaiting && (legal?.mayDecline ?? false),
      // OD-A2: the defender applies situational modifiers to its defense roll.
      situational: awaiting && card.family === "opposed-d20",
      retry: awaiting && entry.defenses.some((d) => !d.success),
      unavailable:
        awaiting || legal?.mode === "none"
          ? (legal?.unavailable ?? []).map((u) => ({
              labelKey: u.labelKey,
              reasonKey: `FRAY.Refusal.${u.reason}`,
            }))
          : [],
      noneKey: legal?.mode === "none" && legal.reason ? `FRAY.Refusal.${legal.reason}` : null,
      taken: entry.defenses.map((d) => defenseView(card.family, d)),
      declined: entry.declined,
    },
    maintenance: {
      awaiting: entry.stage === "awaitingMaintenance" && !gone,
      canRoll: entry.stage === "awaitingMaintenance" && answers,
      pendingKey: entry.pendingDefense ? `FRAY.Defense.${entry.pendingDefense}` : null,
      taken: entry.maintenance.map((m) => ({
        roll: rollView(m.roll),
        target: m.target,
        margin: m.margin,
        success: m.success,
        criticalKey: criticalKey("active-defense-3d6", m.critical),
      })),
    },
    outcome: entry.outcome
      ? {
          key: `FRAY.Attack.Outcome.${entry.outcome.outcome}`,
          hit: entry.outcome.hit,
          margin: entry.outcome.margin,
        }
      : null,
    fumble: entry.fumble
      ? {
          canRoll: !entry.fumble.roll && ownsAttacker,
          roll: entry.fumble.roll ? rollView(entry.fumble.roll) : null,
          key: entry.fumble.key,
        }
      : null,
    damage: damage
      ? {
          formula: damage.formula,
          canRoll: !damage.roll && ownsAttacker && !gone,
          roll: damage.roll ? rollView(damage.roll) : null,
          multiplier: damage.multiplier > 1 ? damage.multiplier : null,
          // Shown as what they take off: DR −2.
          reductions: damage.reductions.map((p) => ({ labelKey: p.labelKey, value: -p.value })),
          final: damage.final,
          canApply:
            damage.roll !== null &&
            damage.final !== null &&
            !damage.applied &&
            !gone &&
            // An undo is final unless the GM applies the damage again.
            (damage.undone === null || viewer.isGM) &&
            (ownsAttacker || ownsTarget),
          applied: damage.applied ? { before: damage.applied.before, after: damage.applied.after } : null,
          // AD-A4: the checks the damage called for (their cards show the rolls).
          checks: (damage.applied?.checks ?? []).map((c) => ({ labelKey: `FRAY.Check.Kind.${c.check}` })),
          canUndo: damage.applied !== null && viewer.isGM && !gone,
          undone: damage.undone ? { restored: damage.undone.restored } : null,
          // AD-A4: an undo does not undo a check already rolled — told to the GM before and to all after.
          checksKept:
            (damage.applied !== null && (damage.applied.checks?.length ?? 0) > 0 && viewer.isGM && !gone) ||
            (damage.undone?.checks ?? 0) > 0,
        }
      : null,
  };
}

export type EntryView = ReturnType<typeof entryView>;

/** The attacker's item a card names, while it still has it. */
function weaponOf(attacker: Party | null, itemId: string): Item.Implementation | undefined {
  const items = (attacker?.actor.items ?? []) as Iterable<Item.Implementation>;
  return [...items].find((i) => i.id === itemId);
}

export function attackCardContext(
  card: AttackCardData,
  messageId: string,
  viewer: User.Implementation,
  readers: Readers = EVERYONE,
) {
  const attacker = resolveParty(card.attacker);
  const { modifier, boons, banes } = card.situation;
  return {
    messageId,
    family: card.family,
    familyKey: `FRAY.Family.${card.family}.name`,
    attacker: {
      name: card.attacker.name,
      img: card.attacker.img,
      tooltip: partyTooltip(card.attacker, attacker),
    },
    weapon: {
      name: card.weapon.name,
      img: card.weapon.img,
      // Drawn on one line: its whole name (the live item's, when the card's is it shortened) in a tooltip.
      tooltip: wholeName(card.weapon.name, weaponOf(attacker, card.weapon.itemId)?.name) ?? card.weapon.name,
    },
    situation: modifier || boons || banes ? { modifier, boons, banes } : null,
    noTarget: card.entries.length === 1 && card.entries[0]?.target === null,
    entries: card.entries.map((entry) => entryView(card, entry, { attacker, viewer, readers })),
  };
}

export type AttackCardContext = ReturnType<typeof attackCardContext>;
