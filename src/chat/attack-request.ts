/**
 * The attack roll, made by the active GM (issue 12: the GM makes every card). A player's Roll button asks for an
 * attack naming only what a player may choose — the creature, the weapon or attack spell, the targeted tokens and
 * the dialog's situation, each bounded — and the GM's client does everything else from the documents: it checks
 * that the asker owns the attacker, that the item is one of its weapons (or attack spells, FS-A1), that each
 * target is a creature's token on the attacker's scene, the situation's bounds (rules/attack/situation-bounds.ts),
 * the reach (OD-A1) and the size of the damage formula; claims the pair's independent roll (FS-MT4), spends the
 * attack's budget (attack-spend.ts), takes the Help held (FS-A8), rolls real Rolls and posts the card as a
 * GM-authored message spoken by the attacker, which no player can edit. A refusal changes nothing (a claimed
 * independent roll is given back).
 *
 * Each step takes the lock of what it writes, one after the other (the pair's, the fight's), never one inside
 * another: the request's own lock is the attacker's, so two clicks for one creature attack one at a time.
 */
import { activeFamily } from "../applications/active-family";
import { askerAudience } from "../compat/asker-audience";
import { createOneWithReaders } from "../compat/post-with-readers";
import { takePartyHelp } from "../documents/activities/help-boons";
import { spendAttackOnGm } from "../documents/budget-requests";
import { asDocument, documentAt } from "../documents/lookup";
import { cardImg, cardName } from "../data/chat/card-fields";
import {
  claimIndependentOnGm,
  MOUNTS_LOCK,
  releaseIndependentOnGm,
} from "../documents/mounts/mount-requests";
import { tokenDistance } from "../documents/mounts/token-geometry";
import { roundStateOf } from "../documents/combat-api";
import { defineGmRequest, inFightLock, withRequestLock } from "../net/gm-requests";
import { boundedWhole, situationBounds } from "../rules/attack/situation-bounds";
import { withinDiceCaps } from "../rules/dice/formula-shape";
import { opposedD20CanReach } from "../rules/families/opposed-d20/reach";
import type { FamilyId } from "../rules/families/ids";
import { accept, refuse, type Outcome } from "../rules/outcome";
import { castingKind, spellFacts } from "../rules/spells/casting";
import { ATTACK_MESSAGE_TYPE } from "./attack-message";
import type { AttackCardData, AttackSituation, TargetEntry, WeaponSnapshot } from "./card-data";
import { budgetOf, combatLinkOf, familyFor, type CombatLink } from "./combat-link";
import { attackConventions } from "./conventions";
import { FAMILY_CARDS } from "./families";
import type { AttackSetup } from "./families/family-card";
import {
  ownsActor,
  partyOf,
  resolveParty,
  spellAttackStats,
  weaponStats,
  type Party,
  type WeaponStats,
} from "./parties";
import { RollSink } from "./roll-sink";

/** The most targets one attack names (a card has one entry per target). */
export const MAX_TARGETS = 10;

/** What a client asks: only what a player chooses (issue 12). */
export interface AttackRequestPayload {
  readonly actorUuid: string;
  /** The attacker's token (an unlinked token's actor is its own), or null for an actor with none. */
  readonly tokenUuid: string | null;
  readonly itemId: string;
  /** The targeted tokens (uuids); none: an attack with no target (OD-A3). */
  readonly targets: readonly string[];
  readonly situation: AttackSituation;
  /** The asker's roll mode. */
  readonly mode?: string;
  /** The fingerprint of the attacker's budget the asker saw (two clicks spend once). */
  readonly expect?: string;
  /** GM only: past a rule's refusal (reach, budget). */
  readonly override?: boolean;
}

/**
 * What the attack is made with: a weapon, or an attack spell (FS-A1, fast-slow only: rules/spells/casting.ts)
 * as a weapon built from the spell; null for anything else.
 */
export function attackStats(item: Item.Implementation, family: FamilyId): WeaponStats | null {
  if (item.type === "weapon") return weaponStats(item);
  if (item.type !== "spell") return null;
  return castingKind(family, spellFacts(item.system), true) === "attack" ? spellAttackStats(item) : null;
}

/** The situation a payload carries, within what the asker may choose under `family`; else why not. */
export function readSituation(raw: unknown, family: FamilyId, gm: boolean): Outcome<AttackSituation> {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return refuse("invalidValue");
  const s = raw as Record<string, unknown>;
  const bounds = situationBounds(family, gm);
  const modifier = boundedWhole(s.modifier ?? 0, -bounds.modifier, bounds.modifier);
  if (!modifier.ok) return modifier;
  const fastSlow = family === "fast-slow";
  const boons = boundedWhole(s.boons ?? 0, 0, fastSlow ? bounds.boons : 0);
  if (!boons.ok) return boons;
  const banes = boundedWhole(s.banes ?? 0, 0, fastSlow ? bounds.banes : 0);
  if (!banes.ok) return banes;
  const independent = s.mountedIndependent ?? false;
  if (typeof independent !== "boolean" || (independent && !fastSlow)) return refuse("invalidValue");
  return accept({
    modifier: modifier.value,
    boons: boons.value,
    banes: banes.value,
    mountedIndependent: independent,
  });
}

/** The targeted tokens a payload names: tokens of creatures, on the attacker's scene, each once. */
/**
 * The targeted tokens: creatures on the attacker's scene, at most MAX_TARGETS. A token hidden from players
 * (`TokenDocument#hidden`) is a target for a GM only: to a player it is as if it were not there.
 */
function readTargets(raw: unknown, attackerToken: TokenDocument.Implementation | null, gm: boolean) {
  if (!Array.isArray(raw) || raw.length > MAX_TARGETS) return refuse("invalidValue");
  const out: TokenDocument.Implementation[] = [];
  for (const uuid of raw) {
    if (typeof uuid !== "string") return refuse("invalidValue");
    const token = asDocument(documentAt(uuid), "Token");
    if (!token?.actor || (!gm && token.hidden === true)) return refuse("creatureGone");
    if (attackerToken && token.parent !== attackerToken.parent) return refuse("invalidValue");
    if (!out.includes(token)) out.push(token);
  }
  return accept(out);
}

/** OD-A1: every target within the weapon's reach or range (a GM may go past it); null when all are. */
function outOfReach(
  attacker: TokenDocument.Implementation | null,
  stats: WeaponStats,
  targets: readonly TokenDocument.Implementation[],
): Outcome<null> {
  if (!attacker) return accept(null);
  const grid = attacker.parent?.grid;
  const units = typeof grid?.units === "string" ? grid.units : "";
  const measure = (value: string | undefined) => (units ? `${value ?? ""} ${units}` : (value ?? ""));
  for (const target of targets) {
    const check = opposedD20CanReach({
      kind: stats.kind,
      reach: stats.reach,
      range: stats.range,
      distance: tokenDistance(attacker, target),
    });
    if (!check.ok)
      return refuse(check.reason, {
        name: target.name ?? "",
        distance: measure(check.data?.distance),
        limit: measure(check.data?.limit),
      });
  }
  return accept(null);
}

export interface AttackBuild {
  readonly family: FamilyId;
  readonly attacker: Party;
  readonly attackerLink: CombatLink | null;
  readonly item: Item.Implementation;
  readonly stats: WeaponStats;
  readonly targets: readonly TokenDocument.Implementation[];
  readonly situation: AttackSituation;
  readonly helpBoons?: number;
  readonly budgetBefore?: unknown;
}

/**
 * The card's data and its rolls: one attack roll per target (or one with no target, OD-A3), each resolved as far
 * as its family allows without the defender. Reads only documents and the rules; writes nothing.
 */
export async function buildAttackCard(build: AttackBuild): Promise<{ card: AttackCardData; rolls: Roll[] }> {
  const { family, attacker, attackerLink, item, stats, situation } = build;
  const snapshot: WeaponSnapshot = {
    itemId: item.id ?? "",
    name: cardName(item.name ?? ""),
    img: cardImg(item.img ?? ""),
    kind: stats.kind,
    damage: stats.damage,
  };
  const setup: AttackSetup = {
    family,
    attacker,
    attackerLink,
    weapon: { id: item.id ?? "", stats, snapshot },
    situation,
    conventions: attackConventions(),
    ...(build.helpBoons ? { helpBoons: build.helpBoons } : {}),
    ...(build.budgetBefore !== undefined && build.budgetBefore !== null
      ? { budgetBefore: build.budgetBefore }
      : {}),
  };
  const adapter = FAMILY_CARDS[family];
  const sink = new RollSink(0);
  const entries: TargetEntry[] = [];
  for (const [i, targetToken] of build.targets.entries()) {
    const party = partyOf(targetToken.actor as Actor.Implementation, targetToken);
    const link = combatLinkOf(party, attackerLink ? attackerLink.combat : undefined);
    const draft = await adapter.attack(setup, { party, link }, sink);
    entries.push({ ...draft, key: `t${i}`, target: party.ref, combatantId: link?.id ?? null });
  }
  if (!entries.length) {
    const draft = await adapter.attack(setup, null, sink);
    entries.push({ ...draft, key: "t0", target: null, combatantId: null });
  }
  const card: AttackCardData = {
    family,
    attacker: attacker.ref,
    weapon: snapshot,
    situation,
    combatId: attackerLink?.combat.id ?? null,
    entries,
  };
  return { card, rolls: sink.rolls };
}

/** Posts a card as the GM: spoken by the creature, read by whom the asker's roll mode says. */
export async function postGmCard(
  type: string,
  system: object,
  rolls: readonly Roll[],
  speaker: { actor: Actor.Implementation; token: TokenDocument.Implementation | null },
  audience: { whisper: string[]; blind: boolean },
): Promise<ChatMessage.Implementation | null> {
  const data = {
    type,
    system,
    rolls: [...rolls],
    content: "",
    speaker: ChatMessage.getSpeaker({
      actor: speaker.actor,
      ...(speaker.token ? { token: speaker.token } : {}),
    }),
    whisper: audience.whisper,
    blind: audience.blind,
  } as ChatMessage.CreateData;
  // Held to the readers named, whatever core's `_preCreate` does (compat/post-with-readers.ts).
  return createOneWithReaders(data);
}

async function rollAttackOnGm(
  p: AttackRequestPayload,
  user: User.Implementation,
): Promise<Outcome<{ messageId: string }>> {
  const found = resolveParty({
    actorUuid: String(p.actorUuid ?? ""),
    tokenUuid: typeof p.tokenUuid === "string" ? p.tokenUuid : null,
    name: "",
    img: "",
  });
  if (!found) return refuse("creatureGone");
  // The card names the attacker as the documents do (names, images), never as the payload does.
  const attacker = partyOf(found.actor, found.token);
  if (!ownsActor(user, attacker.actor)) return refuse("notOwner", { name: attacker.ref.name });
  const items = attacker.actor.items as Iterable<Item.Implementation>;
  const item = typeof p.itemId === "string" ? [...items].find((i) => i.id === p.itemId) : undefined;
  const attackerLink = combatLinkOf(attacker);
  const family = familyFor(attackerLink, activeFamily());
  const stats = item ? attackStats(item, family) : null;
  if (!item || !stats) return refuse("unknownWeapon");
  // Issue 12: the item is its owner's to edit; its formula is held to the dice caps before anything is spent.
  if (!withinDiceCaps(stats.damage)) return refuse("formulaTooLarge", { formula: stats.damage.slice(0, 40) });
  const situation = readSituation(p.situation, family, user.isGM);
  if (!situation.ok) return situation;
  const targets = readTargets(p.targets, attacker.token, user.isGM);
  if (!targets.ok) return targets;
  const override = user.isGM && p.override === true;
  if (family === "opposed-d20" && !override) {
    const reach = outOfReach(attacker.token, stats, targets.value);
    if (!reach.ok) return reach;
  }
  // FS-MT4: the pair's independent roll is claimed first, so a refused claim spends nothing.
  let claim: { round: number } | null = null;
  if (situation.value.mountedIndependent) {
    const claimed = await withRequestLock(MOUNTS_LOCK, () =>
      claimIndependentOnGm(attacker.token?.uuid ?? null, user),
    );
    if (!claimed.ok) return claimed;
    claim = claimed.value;
  }
  // The attack spends the attacker's budget, under the budget as it stood before (a shot's aim, AD-M5).
  const inFight = attackerLink !== null && roundStateOf(attackerLink.combat).round > 0;
  const budgetBefore = budgetOf<unknown>(attackerLink);
  if (inFight) {
    const spent = await inFightLock(attackerLink.combat, () =>
      spendAttackOnGm(
        {
          combatId: attackerLink.combat.id ?? "",
          combatantId: attackerLink.id,
          itemId: item.id ?? "",
          ...(typeof p.expect === "string" ? { expect: p.expect } : {}),
          ...(override ? { override: true } : {}),
        },
        user,
      ),
    );
    if (!spent.ok) {
      if (claim)
        await withRequestLock(MOUNTS_LOCK, () =>
          releaseIndependentOnGm(attacker.token?.uuid ?? null, claim.round, user),
        );
      return spent;
    }
  }
  // FS-A8: the attack is the attacker's next roll: it uses the Help it holds.
  const help = family === "fast-slow" ? await takePartyHelp(attacker) : null;
  const { card, rolls } = await buildAttackCard({
    family,
    attacker,
    attackerLink,
    item,
    stats,
    targets: targets.value,
    situation: situation.value,
    ...(help?.boons ? { helpBoons: help.boons } : {}),
    ...(budgetBefore !== null ? { budgetBefore } : {}),
  });
  const message = await postGmCard(
    ATTACK_MESSAGE_TYPE,
    card,
    rolls,
    { actor: attacker.actor, token: attacker.token },
    askerAudience(user, p.mode),
  );
  return message?.id ? accept({ messageId: message.id }) : refuse("requestError");
}

/** The attack's request: one at a time per attacker. */
export const rollAttackRequest = defineGmRequest<AttackRequestPayload, { messageId: string }>(
  "attack.roll",
  (p, { user }) => rollAttackOnGm(p, user),
  (p) => `attack.${String(p.tokenUuid ?? p.actorUuid)}`,
);
