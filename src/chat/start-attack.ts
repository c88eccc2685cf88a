/**
 * Starting an attack from a weapon (the sheet's roll button) or an attack spell (FS-A1, the sheet's Cast
 * button, chat/cast-spell.ts): the dialog, then one attack roll per target
 * the user has targeted (or one with no target, OD-A3), each resolved as far as its family allows without the
 * defender; the card is posted with every roll attached, in the user's roll mode. The fight the attacker is
 * in gives the family and the state-based modifiers; outside a fight, the world's family and none.
 */
import { activeFamily } from "../applications/active-family";
import { applyMessageMode, currentMessageMode } from "../compat";
import type { AttackCardData, AttackSituation, TargetEntry, WeaponSnapshot } from "./card-data";
import { ATTACK_MESSAGE_TYPE } from "./attack-message";
import { attackDialog } from "./attack-dialog";
import { budgetOf, combatLinkOf, familyFor } from "./combat-link";
import { attackConventions } from "./conventions";
import { FAMILY_CARDS } from "./families";
import type { AttackSetup } from "./families/family-card";
import { partyOf, spellAttackStats, weaponStats, type WeaponStats } from "./parties";
import type { FamilyId } from "../rules/families/ids";
import { castingKind, spellFacts } from "../rules/spells/casting";
import { RollSink } from "./roll-sink";
import { notifyRefusal } from "../applications/notify";
import { claimIndependentAttack, releaseIndependentAttack } from "../documents/mounts/mount-requests";
import { chooseMountedTargets } from "./mounted-targets";
import { spendAttackBudget } from "./attack-budget";
import { reachesTargets } from "./attack-reach";
import { takeHelpBoons } from "../documents/activities/help-boons";

export interface StartAttackOptions {
  /** The attacker's token (default: the actor's own token, or its first active one on the scene). */
  readonly token?: TokenDocument.Implementation | null;
  /** The targets (default: the user's targeted tokens). */
  readonly targets?: readonly TokenDocument.Implementation[];
  /** Skip the dialog with this input. */
  readonly situation?: AttackSituation;
}

/** The actor's own token (an unlinked token's), else its first active one on the scene. */
export function attackerToken(actor: Actor.Implementation): TokenDocument.Implementation | null {
  const own = actor.token;
  if (own) return own;
  const active = actor.getActiveTokens(true, true);
  return active[0] ?? null;
}

function userTargets(): TokenDocument.Implementation[] {
  return [...(game.user?.targets ?? [])].map((t) => t.document);
}

/**
 * What the attack is made with: a weapon, or an attack spell (FS-A1, fast-slow only: rules/spells/casting.ts)
 * as a weapon built from the spell; null for anything else.
 */
function attackStats(item: Item.Implementation, family: FamilyId): WeaponStats | null {
  if (item.type === "weapon") return weaponStats(item);
  if (item.type !== "spell") return null;
  return castingKind(family, spellFacts(item.system), true) === "attack" ? spellAttackStats(item) : null;
}

/**
 * Rolls the attack and posts its card; null when the dialog was closed, a refusal stopped it, or the item is
 * neither a weapon nor an attack spell under the attacker's family.
 */
export async function startAttack(
  actor: Actor.Implementation,
  item: Item.Implementation,
  options: StartAttackOptions = {},
): Promise<ChatMessage.Implementation | null> {
  if (item.type !== "weapon" && item.type !== "spell") return null;
  const token = options.token === undefined ? attackerToken(actor) : options.token;
  const attacker = partyOf(actor, token);
  const attackerLink = combatLinkOf(attacker);
  const family = familyFor(attackerLink, activeFamily());
  const stats = attackStats(item, family);
  if (!stats) return null;
  const aimed = (options.targets ?? userTargets()).filter((t) => t.actor);
  // FS-MT7: an attack at a rider or its mount goes to either, as the attacker chooses (asked when interactive).
  const targets = options.targets || family !== "fast-slow" ? aimed : await chooseMountedTargets(aimed);
  if (!targets) return null;
  const situation =
    options.situation ??
    (await attackDialog(
      family,
      item.name ?? "",
      targets.map((t) => t.name ?? ""),
    ));
  if (!situation) return null;
  // OD-A1: the attacker checks that it can reach every target before its action is counted.
  if (family === "opposed-d20" && !(await reachesTargets(token, item, targets))) return null;
  // FS-MT4: the pair's independent attack happens once per round (each member's one roll, 2 banes). The roll
  // is claimed first, so a refused claim spends nothing.
  const claim = situation.mountedIndependent ? await claimIndependentAttack(token) : null;
  if (claim && !notifyRefusal(claim)) return null;
  // Rolling the attack spends the attacker's action (budget-requests.ts); a refusal stops it here, and the
  // independent roll it claimed was not made: it is given back. The attack is made under the budget as it
  // stood before (a shot's aim, AD-M5, is used up by the shot).
  const budgetBefore = budgetOf<unknown>(attackerLink);
  if (!(await spendAttackBudget(attackerLink, item))) {
    if (claim?.ok) notifyRefusal(await releaseIndependentAttack(token, claim.value));
    return null;
  }
  // FS-A8: the attack is the attacker's next roll: it uses the Help it holds.
  const help = family === "fast-slow" ? await takeHelpBoons(actor, token) : null;

  const snapshot: WeaponSnapshot = {
    itemId: item.id ?? "",
    name: item.name ?? "",
    img: item.img ?? "",
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
    ...(help?.boons ? { helpBoons: help.boons } : {}),
    ...(budgetBefore !== null ? { budgetBefore } : {}),
  };
  const adapter = FAMILY_CARDS[family];
  const sink = new RollSink(0);
  const entries: TargetEntry[] = [];
  for (const [i, targetToken] of targets.entries()) {
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
  const data = applyMessageMode(
    {
      type: ATTACK_MESSAGE_TYPE,
      system: card,
      rolls: sink.rolls,
      content: "",
      speaker: ChatMessage.getSpeaker({ actor, ...(token ? { token } : {}) }),
    },
    currentMessageMode(),
  );
  const cls = CONFIG.ChatMessage.documentClass;
  return (await cls.create(data)) ?? null;
}
