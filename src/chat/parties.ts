/**
 * The creatures on an attack card as Foundry documents: refs stored on the card, resolved again when a button
 * is pressed (a token or actor deleted meanwhile resolves to null), their statistics as the rules read them,
 * who owns them and who is connected.
 */
import type { ActorDerived } from "../data/actor/derive";
import { withRequestLock } from "../net/gm-requests";
import type { AdWeaponSkill } from "../rules/families/active-defense-3d6/skills";
import type { FsAttribute } from "../rules/families/fast-slow/derived";
import { FS_ATTACK_TARGETS, type FsAttackTarget } from "../rules/families/fast-slow/attack";
import { WEAPON_PROPERTIES, type WeaponKind, type WeaponProperty } from "../rules/items/weapon-kinds";
import type { ActorRef } from "./card-data";
import { cardImg, cardName, wholeName } from "../data/chat/card-fields";
import { whisperOf } from "../dice/show-rolls";
import { actorSystemOf, itemSystemOf } from "../data/system-of";

/** The parts of `actor.system` the attack cards read (a structural view of the actor schema). */
export interface ActorStats {
  readonly health: { readonly value: number; readonly max: number };
  readonly classicD20: { readonly bab: number };
  readonly opposedD20: {
    readonly attack: { readonly melee: number; readonly ranged: number };
    readonly defense: { readonly block: number; readonly dodge: number };
    readonly actions: { readonly active: number; readonly passive: number };
  };
  readonly activeDefense: {
    readonly ag: number;
    readonly wl: number;
    readonly skills: Readonly<Record<AdWeaponSkill, number>>;
  };
  readonly derived: ActorDerived;
  /** fast-slow attribute scores: an attack made against an attribute reaches its score (FS-D2). */
  readonly fastSlow?: Readonly<Partial<Record<FsAttribute, { readonly value: number }>>>;
}

/** The parts of a weapon's `item.system` an attack reads. */
export interface WeaponStats {
  readonly kind: WeaponKind;
  readonly damage: string;
  readonly attribute: FsAttribute;
  readonly skill: AdWeaponSkill;
  readonly ob: number;
  readonly parry: number;
  readonly equipped: boolean;
  /** OD-A1: how far the weapon reaches in melee, and its range (0: not set); scene units. */
  readonly reach: number;
  readonly range: number;
  /** CD-AT5: the range increment (scene units). */
  readonly rangeIncrement: number;
  readonly threat: { readonly min: number; readonly multiplier: number };
  readonly properties: Readonly<Record<WeaponProperty, boolean>>;
  /** FS-D2: what the attack is made against — Defense (a weapon's, and the default) or an attribute. */
  readonly against?: FsAttackTarget;
  /** FS-A1: the attack is an attack spell's, its stats built from the spell (`spellAttackStats`). */
  readonly spell?: boolean;
}

/** A creature taking part in an attack, as read now. */
export interface Party {
  readonly actor: Actor.Implementation;
  readonly token: TokenDocument.Implementation | null;
  readonly ref: ActorRef;
  readonly stats: ActorStats;
}

export function statsOf(actor: Actor.Implementation): ActorStats {
  return actorSystemOf(actor);
}

export function weaponStats(item: Item.Implementation): WeaponStats {
  return itemSystemOf<"weapon">(item);
}

const NO_PROPERTIES = Object.fromEntries(WEAPON_PROPERTIES.map((p) => [p, false])) as Readonly<
  Record<WeaponProperty, boolean>
>;

/**
 * FS-A1: an attack spell as the attack card reads a weapon — the casting attribute, what it is made against,
 * its damage; a spell reaches as its text says, so nothing limits its range, and it has none of a weapon's
 * parts (skill, readiness, parry). Its kind is "ranged" only because the card's record needs one: no spell
 * attack goes through the families that read a weapon's kind.
 */
export function spellAttackStats(item: Item.Implementation): WeaponStats {
  const spell = itemSystemOf<"spell">(item);
  const against = (FS_ATTACK_TARGETS as readonly string[]).includes(spell.against ?? "")
    ? (spell.against as FsAttackTarget)
    : "defense";
  return {
    kind: "ranged",
    damage: spell.damage ?? "",
    attribute: spell.attribute ?? "intellect",
    against,
    spell: true,
    skill: "unarmed",
    ob: 0,
    parry: 0,
    equipped: true,
    reach: 0,
    range: 0,
    rangeIncrement: 0,
    threat: { min: 20, multiplier: 1 },
    properties: NO_PROPERTIES,
  };
}

export function actorRefOf(
  actor: Actor.Implementation,
  token: TokenDocument.Implementation | null,
): ActorRef {
  return {
    actorUuid: actor.uuid,
    tokenUuid: token?.uuid ?? null,
    name: cardName(partyName(actor, token)),
    img: cardImg(actor.img ?? ""),
  };
}

/** A creature's name as the table sees it: its token's, else its actor's (whole, as the documents hold it). */
export function partyName(actor: Actor.Implementation, token: TokenDocument.Implementation | null): string {
  return token?.name || actor.name || "";
}

/** The whole name over a card's shortened name of a creature still on the table (see `wholeName`). */
export function partyTooltip(ref: ActorRef, party: Party | null): string | null {
  return party ? wholeName(ref.name, partyName(party.actor, party.token)) : null;
}

export function partyOf(actor: Actor.Implementation, token: TokenDocument.Implementation | null): Party {
  return { actor, token, ref: actorRefOf(actor, token), stats: statsOf(actor) };
}

/**
 * The document a uuid names, or null: a uuid that is not a string, or that core cannot parse, names nothing
 * (refs come from card data and from requests' payloads).
 */
function lookup(uuid: unknown): unknown {
  if (typeof uuid !== "string" || !uuid) return null;
  try {
    return foundry.utils.fromUuidSync(uuid);
  } catch {
    return null;
  }
}

/**
 * The creature a ref names now: the token's actor (an unlinked token has its own), else the actor.
 * null when the token or the actor was deleted meanwhile.
 */
export function resolveParty(ref: ActorRef): Party | null {
  if (ref.tokenUuid) {
    const token = lookup(ref.tokenUuid) as TokenDocument.Implementation | null;
    const actor = token?.actor as Actor.Implementation | null | undefined;
    return token && actor ? { actor, token, ref, stats: statsOf(actor) } : null;
  }
  const actor = lookup(ref.actorUuid) as Actor.Implementation | null;
  return actor ? { actor, token: null, ref, stats: statsOf(actor) } : null;
}

/**
 * Runs `work` (active GM) in the creature's Health lock: whatever reads its Health and writes it back — an attack
 * card's damage or its undo, a mount's fall, a stabilizing roll — does it there, from the Health as it is then,
 * so two such writes at the same moment both count.
 */
export function withHealthLock<T>(actor: Actor.Implementation, work: () => Promise<T>): Promise<T> {
  return withRequestLock(`health.${actor.uuid}`, work);
}

/** Whether `user` owns the creature (a GM owns everything). */
export function ownsActor(user: User.Implementation, actor: Actor.Implementation): boolean {
  return user.isGM || actor.testUserPermission(user, "OWNER");
}

/** Who may read a message's content: everyone, its whisper list (and GMs), or only GMs for a blind roll. */
export type Readers = (user: User.Implementation) => boolean;

export const EVERYONE: Readers = () => true;

export function readersOf(message: ChatMessage.Implementation): Readers {
  const whisper = whisperOf(message);
  const blind = Boolean(message.blind);
  return (user) => user.isGM || (!blind && (whisper.length === 0 || whisper.includes(user.id ?? "")));
}

/** The connected players (not GMs) who own the creature and can read the card. */
export function connectedOwners(
  actor: Actor.Implementation,
  readers: Readers = EVERYONE,
): User.Implementation[] {
  const users = (game.users?.contents ?? []) as User.Implementation[];
  return users.filter((u) => u.active && !u.isGM && actor.testUserPermission(u, "OWNER") && readers(u));
}

/**
 * Who answers for a creature on a card: its connected owners who can read it; the GM when there are none
 * (the GM is always allowed by the requests, but is only prompted then).
 */
export function promptsUser(
  user: User.Implementation,
  actor: Actor.Implementation,
  readers: Readers = EVERYONE,
): boolean {
  if (!user.isGM) return actor.testUserPermission(user, "OWNER");
  return connectedOwners(actor, readers).length === 0;
}

/**
 * Statuses that leave a creature unable to act (FS-A5 Dazed, Stunned, Unconscious; OD and AD "cannot act"):
 * Fray's own ids and the core ones that mean the same.
 */
export const CANNOT_ACT_STATUSES = ["dead", "unconscious", "sleep", "stun", "stunned", "dazed", "paralysis"];

export function hasStatus(actor: Actor.Implementation, id: string): boolean {
  return (actor.statuses as Set<string> | undefined)?.has(id) ?? false;
}

export function canAct(actor: Actor.Implementation): boolean {
  return !CANNOT_ACT_STATUSES.some((id) => hasStatus(actor, id));
}
