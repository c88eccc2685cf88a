/**
 * The sheet's Cast button: a spell cast as the family in play says (rules/spells/casting.ts):
 * - an attack spell (fast-slow, made against Defense or an attribute): the attack card, as a weapon's attack
 *   (FS-A1: start-attack.ts with the spell as the weapon), spending what an attack spends; a concentration the
 *   spell needs is begun apart, with its own button (FS-A3);
 * - a spell that needs concentration in an active-defense-3d6 fight: concentrating on it, the turn's manoeuvre
 *   (AD-M6); its casting roll «詠唱判定» comes at the start of the caster's next turn;
 * - any other active-defense-3d6 spell: cast at once with its casting roll, a 3d6 check card against the
 *   spell's casting target value, the turn's manoeuvre spent;
 * - otherwise a spell card, once what casting spends was spent through the active GM: FS-A2 the action (or the
 *   reaction to a prepared cast, FS-A10), CD-A6 a standard action, OD-R3 an active action; PR-P2 nothing, but
 *   only in the spell resolution phase and after the spell's declaration (PR-P1), which the GM may override.
 * Outside a fight (or before it begins) nothing is spent: the roll or the card alone. Only the caster's owners
 * (and the GM) may cast; a second click while a cast is under way does nothing, and the GM spends once
 * whatever the clients send (the budget's fingerprint).
 */
import { activeFamily } from "../applications/active-family";
import { sendWithOverride } from "../applications/budget/override-confirm";
import { notifyRefusal } from "../applications/notify";
import { currentMessageMode } from "../compat/message-modes";
import { budgetOf as budgetNow } from "../documents/budget-store";
import { roundStateOf } from "../documents/combat-api";
import { startConcentration } from "../documents/concentration/concentration-start";
import { castSpellRequest } from "../documents/spells/cast-request";
import { budgetFingerprint } from "../rules/budget/fingerprint";
import { refuse } from "../rules/outcome";
import { castingKind, spellFacts } from "../rules/spells/casting";
import { locHtml } from "../utils/loc";
import { combatLinkOf, familyFor, type CombatLink } from "./combat-link";
import { ownsActor, partyOf } from "./parties";
import { castingRollRequest, postSpellCard } from "./spell-card";
import { attackerToken, startAttack, type StartAttackOptions } from "./start-attack";

/** The caster's token (default: as an attack's), and for an attack spell its targets and dialog answers. */
export type CastSpellOptions = StartAttackOptions;

/** Casts under way on this client, by caster and spell: a double click casts once. */
const casting = new Set<string>();

/** What casting costs in the fight, through the active GM (a GM may confirm an override); true to go on. */
async function spendCast(link: CombatLink | null, item: Item.Implementation): Promise<boolean> {
  if (!link || roundStateOf(link.combat).round === 0) return true;
  const now = budgetNow(link.combat, link.combatant);
  const expect = now ? budgetFingerprint(now.state) : null;
  return sendWithOverride((override) =>
    castSpellRequest.send({
      combatId: link.combat.id ?? "",
      combatantId: link.id,
      itemId: item.id ?? "",
      ...(expect ? { expect } : {}),
      ...(override ? { override: true } : {}),
    }),
  );
}

async function cast(
  actor: Actor.Implementation,
  item: Item.Implementation,
  options: CastSpellOptions,
): Promise<ChatMessage.Implementation | null> {
  const token = options.token === undefined ? attackerToken(actor) : options.token;
  const link = combatLinkOf(partyOf(actor, token));
  const family = familyFor(link, activeFamily());
  const inFight = link !== null && roundStateOf(link.combat).round > 0;
  switch (castingKind(family, spellFacts(item.system), inFight)) {
    case "attack":
      return startAttack(actor, item, { ...options, token });
    case "concentrate": {
      // AD-M6: concentrating is how the spell is cast; the casting roll follows at the next turn's start.
      if (notifyRefusal(await startConcentration(actor, item, token)))
        ui.notifications?.info(locHtml("FRAY.Spell.concentrating", { spell: item.name ?? "" }));
      return null;
    }
    case "castingRoll": {
      if (!(await spendCast(link, item))) return null;
      // Issue 12: the GM posts the casting roll, its target value read from the spell.
      const out = await castingRollRequest.send({
        actorUuid: actor.uuid ?? "",
        tokenUuid: token?.uuid ?? null,
        spellId: item.id ?? "",
        mode: currentMessageMode(),
      });
      if (!out.ok) {
        notifyRefusal(out);
        return null;
      }
      return (game.messages?.get(out.value.messageId) as ChatMessage.Implementation | undefined) ?? null;
    }
    case "card":
      if (!(await spendCast(link, item))) return null;
      return postSpellCard({ actor, token, item, family });
  }
}

/**
 * Casts `item` (a spell of `actor`'s): the posted card or check card, or null — nothing posted (a refusal,
 * shown to the user; the attack dialog closed; concentration begun; a cast of it already under way).
 */
export async function castSpell(
  actor: Actor.Implementation,
  item: Item.Implementation,
  options: CastSpellOptions = {},
): Promise<ChatMessage.Implementation | null> {
  if (item.type !== "spell") return null;
  const user = (game.user as User.Implementation | null | undefined) ?? null;
  if (!user || !ownsActor(user, actor)) {
    notifyRefusal(refuse("notOwner", { name: actor.name ?? "" }));
    return null;
  }
  const key = `${actor.uuid}|${item.id ?? ""}`;
  if (casting.has(key)) return null;
  casting.add(key);
  try {
    return await cast(actor, item, options);
  } finally {
    casting.delete(key);
  }
}
