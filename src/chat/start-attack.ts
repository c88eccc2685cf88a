/**
 * Starting an attack from a weapon (the sheet's roll button) or an attack spell (FS-A1, the sheet's Cast
 * button, chat/cast-spell.ts), on the attacker's client: the targets (the user's, FS-MT7 the rider or the mount
 * of a pair), the dialog's situation, then a request to the active GM, who checks, spends, rolls and posts the
 * card (attack-request.ts). A GM may confirm past a rule's refusal (OD-A1 reach, the budget).
 */
import { activeFamily } from "../applications/active-family";
import { askWithOverride } from "../applications/budget/override-confirm";
import { applyMessageMode, currentMessageMode } from "../compat/message-modes";
import type { AttackSituation } from "./card-data";
import { attackDialog } from "./attack-dialog";
import {
  attackStats,
  buildAttackCard,
  MAX_TARGETS,
  readSituation,
  rollAttackRequest,
  type AttackRequestPayload,
} from "./attack-request";
import { ATTACK_MESSAGE_TYPE } from "./attack-message";
import { notifyRefusal } from "../applications/notify";
import { withinDiceCaps } from "../rules/dice/formula-shape";
import type { FamilyId } from "../rules/families/ids";
import { refuse } from "../rules/outcome";
import { combatLinkOf, familyFor } from "./combat-link";
import { budgetOf } from "../documents/budget-store";
import { partyOf, type Party } from "./parties";
import { chooseMountedTargets } from "./mounted-targets";
import { budgetFingerprint } from "../rules/budget/fingerprint";

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
 * Asks for the attack and resolves with the card the GM posted; null when the dialog was closed, a refusal
 * stopped it (shown to the user), or the item is neither a weapon nor an attack spell under the attacker's family.
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
  if (!attackStats(item, family)) return null;
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
  // Issue 12: with no GM connected a player still rolls for itself; nothing is spent, and no GM acts on the card.
  if (!game.users?.activeGM) return rollWithoutGm(attacker, item, family, targets, situation);
  // The budget as this client sees it: a double click, or a second client, spends once (GM side `expect`).
  const budget = attackerLink ? budgetOf(attackerLink.combat, attackerLink.combatant) : null;
  const expect = budget ? budgetFingerprint(budget.state) : null;
  const payload: AttackRequestPayload = {
    actorUuid: actor.uuid ?? "",
    tokenUuid: token?.uuid ?? null,
    itemId: item.id ?? "",
    targets: targets.map((t) => t.uuid ?? ""),
    situation,
    mode: currentMessageMode(),
    ...(expect ? { expect } : {}),
  };
  const out = await askWithOverride((override) =>
    rollAttackRequest.send(override ? { ...payload, override: true } : payload),
  );
  if (!out.ok) return null;
  return (game.messages?.get(out.value.messageId) as ChatMessage.Implementation | undefined) ?? null;
}

/**
 * The attack rolled on the player's own client while no GM is connected (issue 12: a table plays on while the GM
 * reconnects): the same card, built from the documents with the situation bounded, posted by the player. It spends
 * nothing and claims nothing; it is not GM-authored, so it is drawn as rolled without a GM, with no button, and no
 * GM-side code acts on it later (card-trust.ts).
 */
async function rollWithoutGm(
  attacker: Party,
  item: Item.Implementation,
  family: FamilyId,
  targets: readonly TokenDocument.Implementation[],
  asked: AttackSituation,
): Promise<ChatMessage.Implementation | null> {
  const stats = attackStats(item, family);
  if (!stats) return null;
  const situation = withinDiceCaps(stats.damage)
    ? readSituation(asked, family, false)
    : refuse("formulaTooLarge", { formula: stats.damage.slice(0, 40) });
  if (!situation.ok) {
    notifyRefusal(situation);
    return null;
  }
  const attackerLink = combatLinkOf(attacker);
  const { card, rolls } = await buildAttackCard({
    family,
    attacker,
    attackerLink,
    item,
    stats,
    targets: targets.slice(0, MAX_TARGETS),
    situation: situation.value,
  });
  const data = applyMessageMode(
    {
      type: ATTACK_MESSAGE_TYPE,
      system: card,
      rolls,
      content: "",
      speaker: ChatMessage.getSpeaker({
        actor: attacker.actor,
        ...(attacker.token ? { token: attacker.token } : {}),
      }),
    },
    currentMessageMode(),
  );
  return (await CONFIG.ChatMessage.documentClass.create(data)) ?? null;
}
