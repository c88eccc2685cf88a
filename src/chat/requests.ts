/**
 * What the buttons of an attack card ask of the active GM (DESIGN.md: only the active GM writes shared
 * state). Each request is serialised per message (net/gm-requests.ts), so a second click — by the same user
 * or another — finds the first one's result and is refused: a defense, a damage roll, an application and an
 * undo are each taken once. Every handler finds the creatures again (one deleted meanwhile is refused with
 * its name) and re-checks that the asking user owns the side it acts for.
 */
import { defineGmRequest, inFightLock } from "../net/gm-requests";
import { boundedWhole, situationBounds } from "../rules/attack/situation-bounds";
import type { FamilyId } from "../rules/families/ids";
import { accept, refuse, type Outcome } from "../rules/outcome";
import { DamageRoll } from "../dice/fray-roll";
import { locateEntry, writeEntry, type LocatedEntry } from "./attack-message";
import type { ActorRef, AttackCardData, TargetEntry } from "./card-data";
import { combatLinkOf } from "./combat-link";
import { attackConventions } from "./conventions";
import { rollFumbleTable } from "./families/active-defense-3d6";
import type { DamageAftermath, Defender } from "./families/family-card";
import { FAMILY_CARDS } from "./families";
import { ownsActor, resolveParty, statsOf, withHealthLock, type Party } from "./parties";
import { RollSink } from "./roll-sink";

export interface EntryPayload {
  readonly messageId: string;
  /** The entry's key ("t0"…). */
  readonly entry: string;
}

export interface DefendPayload extends EntryPayload {
  /** A legal defense's id; null: no defense; "auto": the best legal one (NPC auto-defense). */
  readonly defense: string | null;
  /** OD-A2: the defender's situational modifier: a whole number within the asker's bounds (situation-bounds.ts). */
  readonly modifier?: number;
}

/**
 * OD-A2: the defender's situational modifier as the asker may choose it (rules/attack/situation-bounds.ts: a
 * player's within ±10, a GM's within what a card stores); none is 0, anything else is refused.
 */
export function situationalModifier(value: unknown, family: FamilyId, gm: boolean): Outcome<number> {
  if (value === undefined || value === null) return accept(0);
  const { modifier } = situationBounds(family, gm);
  return boundedWhole(value, -modifier, modifier);
}

const byMessage = (payload: EntryPayload) => `attack-card.${payload.messageId}`;

function found(ref: ActorRef): Outcome<Party> {
  const party = resolveParty(ref);
  return party ? accept(party) : refuse("documentGone", { name: ref.name });
}

function combatOf(card: AttackCardData): Combat.Implementation | null | undefined {
  if (!card.combatId) return undefined;
  return (game.combats?.get(card.combatId) as Combat.Implementation | undefined) ?? null;
}

function defenderOf(card: AttackCardData, entry: TargetEntry): Outcome<Defender> {
  if (!entry.target) return refuse("noTarget");
  const party = found(entry.target);
  if (!party.ok) return party;
  return accept({ party: party.value, link: combatLinkOf(party.value, combatOf(card)) });
}

/**
 * A defense is resolved in its defender's fight's request lock: the tries it counts (AD-A3) and what it spends
 * (AD-M4/AD-M5) are the fight's, and another card defended at the same moment must see them.
 */
function inDefenderFight<T>(defender: Defender, work: () => Promise<T>): Promise<T> {
  const combat = defender.link?.combat;
  return combat ? inFightLock(combat, work) : work();
}

/** The asking user acts for the attacker (its owner, or a GM). A GM may act for an attacker deleted since. */
function attackerAllowed(user: User.Implementation, card: AttackCardData): Outcome<null> {
  if (user.isGM) return accept(null);
  const attacker = found(card.attacker);
  if (!attacker.ok) return attacker;
  return ownsActor(user, attacker.value.actor)
    ? accept(null)
    : refuse("notOwner", { name: card.attacker.name });
}

type EntryWork = (located: LocatedEntry, user: User.Implementation) => Promise<Outcome<TargetEntry>>;

/** Finds the entry, runs `work`, writes what it returns with its rolls. */
function entryHandler(
  work: (located: LocatedEntry, user: User.Implementation, sink: RollSink) => ReturnType<EntryWork>,
) {
  return async (payload: EntryPayload, { user }: { user: User.Implementation }): Promise<Outcome<null>> => {
    const located = locateEntry(payload.messageId, payload.entry);
    if (!located.ok) return located;
    const sink = new RollSink((located.value.message.rolls ?? []).length);
    const result = await work(located.value, user, sink);
    if (!result.ok) return result;
    await writeEntry(located.value.message, located.value.card, result.value, sink);
    return accept(null);
  };
}

/** OD-A2, AD-A2: the defender's choice (or none), rolled and resolved. */
export const defendRequest = defineGmRequest<DefendPayload, null>(
  "attack.defend",
  async (payload, context) => {
    const located = locateEntry(payload.messageId, payload.entry);
    if (!located.ok) return located;
    const { message, card, entry } = located.value;
    const family = FAMILY_CARDS[card.family];
    if (entry.stage !== "awaitingDefense" || !family.defend) return refuse("defenseTaken");
    const defender = defenderOf(card, entry);
    if (!defender.ok) return defender;
    if (!ownsActor(context.user, defender.value.party.actor))
      return refuse("notOwner", { name: entry.target?.name ?? "" });
    const situational = situationalModifier(payload.modifier, card.family, context.user.isGM);
    if (!situational.ok) return situational;
    const sink = new RollSink((message.rolls ?? []).length);
    const result = await inDefenderFight(defender.value, () =>
      family.defend!({
        card,
        entry,
        defender: defender.value,
        choice: payload.defense,
        modifier: situational.value,
        conventions: attackConventions(),
        sink,
      }),
    );
    if (!result.ok) {
      // The defender's state changed since the card was drawn: show what is legal now.
      const legal = family.legalDefenses?.(entry, defender.value);
      // The stored card says null where the rules leave a part out (card-schema.ts): compare them alike.
      const same = (a: unknown, b: unknown) => JSON.stringify(a, noNulls) === JSON.stringify(b, noNulls);
      if (legal && !same(legal, entry.legal)) await writeEntry(message, card, { ...entry, legal }, null);
      return result;
    }
    await writeEntry(message, card, result.value, sink);
    return accept(null);
  },
  byMessage,
);

/** AD-M6: the maintenance roll before a defense while concentrating, then that defense. */
export const maintainRequest = defineGmRequest<EntryPayload, null>(
  "attack.maintain",
  entryHandler(async ({ card, entry }, user, sink) => {
    const family = FAMILY_CARDS[card.family];
    if (entry.stage !== "awaitingMaintenance" || !family.maintain) return refuse("maintenanceNotDue");
    const defender = defenderOf(card, entry);
    if (!defender.ok) return defender;
    if (!ownsActor(user, defender.value.party.actor))
      return refuse("notOwner", { name: entry.target?.name ?? "" });
    return inDefenderFight(defender.value, () =>
      family.maintain!({ card, entry, defender: defender.value, conventions: attackConventions(), sink }),
    );
  }),
  byMessage,
);

/** Rolls the damage due (attacker's side) and works out the loss of Health after reductions. */
export const rollDamageRequest = defineGmRequest<EntryPayload, null>(
  "attack.rollDamage",
  entryHandler(async ({ card, entry }, user, sink) => {
    const damage = entry.damage;
    if (!damage) return refuse("damageNotDue");
    if (damage.roll) return refuse("damageRolled");
    if (!entry.target) return refuse("noTarget");
    const target = found(entry.target);
    if (!target.ok) return target;
    const allowed = attackerAllowed(user, card);
    if (!allowed.ok) return allowed;
    const { snapshot } = await sink.roll(DamageRoll, damage.formula, { purpose: "damage", entry: entry.key });
    const conventions = attackConventions();
    const result = FAMILY_CARDS[card.family].damage(entry, snapshot.total, target.value, conventions);
    return accept({
      ...entry,
      damage: {
        ...damage,
        roll: snapshot,
        multiplier: result.multiplier,
        reductions: result.reductions,
        final: result.final,
      },
    });
  }),
  byMessage,
);

/**
 * Subtracts the final damage from the target's Health, once (down to 0, or below where the family counts it,
 * AD-A4); notes what an undo gives back. What the damage sets off (AD-A4 check cards) is posted now, recorded
 * on the entry, and rolled once the entry is written (a check reads the entry to know its damage stands).
 */
export const applyDamageRequest = defineGmRequest<EntryPayload, null>(
  "attack.applyDamage",
  async (payload, { user }): Promise<Outcome<null>> => {
    const located = locateEntry(payload.messageId, payload.entry);
    if (!located.ok) return located;
    const { message, card, entry } = located.value;
    const damage = entry.damage;
    if (!damage || !damage.roll || damage.final === null) return refuse("damageNotRolled");
    if (damage.applied) return refuse("damageApplied");
    // An undo is final unless the GM applies the damage again (a player's Apply, forged or not, is refused).
    if (damage.undone && !user.isGM) return refuse("damageUndone");
    if (!entry.target) return refuse("noTarget");
    const target = found(entry.target);
    if (!target.ok) return target;
    if (!ownsActor(user, target.value.actor) && !attackerAllowed(user, card).ok)
      return refuse("notOwner", { name: entry.target.name });
    const family = FAMILY_CARDS[card.family];
    const final = damage.final;
    const { before, after } = await withHealthLock(target.value.actor, async () => {
      const health = statsOf(target.value.actor).health;
      const now = {
        before: health.value,
        after: Math.max(family.healthFloor?.(health.max) ?? 0, health.value - final),
      };
      await target.value.actor.update({ "system.health.value": now.after } as Actor.UpdateData);
      return now;
    });
    // The Health is written: whatever goes wrong after, the entry must say so (no second application).
    let aftermath: DamageAftermath | undefined;
    try {
      aftermath = await family.damageApplied?.({
        messageId: message.id ?? payload.messageId,
        card,
        entry,
        target: target.value,
        link: combatLinkOf(target.value, combatOf(card)),
        damage: damage.final,
        before,
        after,
      });
    } catch (error) {
      console.error("fray | what the damage sets off could not be posted", error);
    }
    const applied = {
      before,
      after,
      userId: user.id ?? "",
      ...(aftermath?.checks.length ? { checks: aftermath.checks } : {}),
    };
    await writeEntry(message, card, { ...entry, damage: { ...damage, applied, undone: null } }, null);
    await aftermath?.roll();
    return accept(null);
  },
  byMessage,
);

/**
 * GM only: gives back what the application took (Health + (before − after), up to its maximum). It does not
 * undo an AD-A4 check already rolled (a status it set stays); a check not yet rolled will have no effect.
 */
export const undoDamageRequest = defineGmRequest<EntryPayload, null>(
  "attack.undoDamage",
  entryHandler(async ({ entry }, user) => {
    if (!user.isGM) return refuse("undoNeedsGM");
    const damage = entry.damage;
    if (!damage?.applied) return refuse("nothingToUndo");
    if (!entry.target) return refuse("noTarget");
    const target = found(entry.target);
    if (!target.ok) return target;
    const restored = damage.applied.before - damage.applied.after;
    const { value, was } = await withHealthLock(target.value.actor, async () => {
      const health = statsOf(target.value.actor).health;
      const given = Math.min(Math.max(health.max, health.value), health.value + restored);
      await target.value.actor.update({ "system.health.value": given } as Actor.UpdateData);
      return { value: given, was: health.value };
    });
    // AD-A4: the checks this application called for are not undone; one rolled from now on has no effect.
    const checks = damage.applied.checks?.length ?? 0;
    return accept({
      ...entry,
      damage: {
        ...damage,
        applied: null,
        undone: { restored: value - was, ...(checks ? { checks } : {}) },
      },
    });
  }),
  byMessage,
);

/** AD-C2: the attacker's roll on the fumble table. */
export const fumbleRequest = defineGmRequest<EntryPayload, null>(
  "attack.fumbleTable",
  entryHandler(async ({ card, entry }, user, sink) => {
    if (!entry.fumble) return refuse("fumbleNotDue");
    if (entry.fumble.roll) return refuse("fumbleRolled");
    const allowed = attackerAllowed(user, card);
    if (!allowed.ok) return allowed;
    return accept(await rollFumbleTable(entry, sink));
  }),
  byMessage,
);

/** A JSON replacer that leaves out null values (a stored card's null is the rules' absent part). */
function noNulls(_key: string, value: unknown): unknown {
  return value === null ? undefined : value;
}
