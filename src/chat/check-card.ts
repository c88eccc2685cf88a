/**
 * Check cards: one creature's roll against a target as a chat card with a real Roll, rolled by the active GM
 * when the roller's owner presses its button (or at once), read by the rules, and followed by an optional
 * GM-side consequence applied once.
 *
 * Issue 12: `postCheck` is the active GM's (a card a player's client makes is refused while a GM is connected, and
 * the GM rolls no card a GM did not write). A player asks for its checks through requests that carry only its
 * choices, each bounded, and the GM builds the card from the documents: `check.sheet` (sheet-rolls.ts),
 * `check.activity` (activity-rolls.ts), `check.traversal` (traversal-rolls.ts), `check.casting` (spell-card.ts).
 *
 * API (others call exactly these):
 *
 * ```ts
 * postCheck(input: PostCheckInput): Promise<ChatMessage.Implementation | null>
 *   input = {
 *     actor, token?,                  // the roller (token first: unlinked tokens have their own actor)
 *     kind: string,                   // title key FRAY.Check.Kind.<kind>: "balance", "climb", "jump", "concentration"…
 *     dice?: "d20" | "3d6",           // FS-D1/FS-D2 challenge roll (default) or AD 3d6 roll-under
 *     attribute?: string,             // d20: a fast-slow attribute ("agility", "will"…); 3d6: an AD stat ("wl", "ag")
 *     attributeKey?: string,          // the label key, when `attribute` is not one of those
 *     modifier?: number,              // d20: added to the roll (default: the attribute's modifier, FS-D1);
 *                                     // 3d6: added to the target value (AD-M6 maintenance −2)
 *     boons?: number, banes?: number, // FS-D1, d20 only
 *     target?: number,                // d20: total to reach (default 10, FS-D2); 3d6: base target value
 *                                     // (default: the actor's `attribute` stat)
 *     lines?: CheckLine[],            // why: { key, data?: { name, rider, mount, effect, spell, amount,
 *                                     //        damage, banes, target, wl } } — values shown escaped
 *     combatId?: string | null,
 *     consequence?: { name: string; data?: JSON },  // a name from defineCheckConsequence
 *     roll?: "now" | "unowned" | "button",          // roll at once; at once when no player owner is
 *                                     // connected (automatic checks); or wait for the button (default)
 *     messageMode?: string,           // default: the user's current roll/message mode
 *   }
 * rollCheck(messageId): Promise<Outcome<null>>       // what the card's button does (GM request "fray.check.roll")
 * defineCheckConsequence<D>(name, async (ctx) => ({ lines?, rolls? }))
 *   // ctx: { message, card, data: D, result: { success, total, margin, critical, natural… },
 *   //        challenge: { roll, faces, target } | null (d20), rollUnderFaces (3d6), sink, user }
 *   // runs on the active GM, once, after the roll and before the result is written; register at import.
 * checkCardOf(message): CheckCardData | null
 * ```
 *
 * Example, the FS-M1 balance roll with a bane for an icy ledge and a consequence that stops the move:
 * `postCheck({ actor, token, kind: "balance", attribute: "agility", banes: 1, consequence: { name: "movement.balance", data: { combatantId } } })`.
 */
import { actorSystemOf } from "../data/system-of";
import { applyMessageMode, currentMessageMode } from "../compat/message-modes";
import { createOneWithReaders } from "../compat/post-with-readers";
import type { Audience } from "../compat/asker-audience";
import { CHALLENGE_TARGET } from "../rules/families/fast-slow/challenge-roll";
import { FS_ATTRIBUTES, type FsAttribute } from "../rules/families/fast-slow/derived";
import type { Outcome } from "../rules/outcome";
import { connectedOwners, partyOf, statsOf } from "./parties";
import { cardLines, type CheckCardData, type CheckDice, type CheckLine } from "./checks/check-data";
import {
  CHECK_MESSAGE_TYPE,
  checkCardOf,
  rollCheckRequest,
  rollCheckWithoutGm,
} from "./checks/check-requests";

export { defineCheckConsequence } from "./checks/consequences";
export type { CheckConsequenceContext, ConsequenceReport } from "./checks/consequences";
export type { CheckCardData, CheckLine, CheckResult } from "./checks/check-data";
export { checkCardOf, CHECK_MESSAGE_TYPE };

export interface PostCheckInput {
  readonly actor: Actor.Implementation;
  readonly token?: TokenDocument.Implementation | null;
  readonly kind: string;
  readonly dice?: CheckDice;
  readonly attribute?: string;
  readonly attributeKey?: string;
  readonly modifier?: number;
  readonly boons?: number;
  readonly banes?: number;
  readonly target?: number;
  readonly lines?: readonly CheckLine[];
  readonly combatId?: string | null;
  readonly consequence?: { readonly name: string; readonly data?: Record<string, unknown> };
  readonly roll?: "now" | "unowned" | "button";
  readonly messageMode?: string;
  /** Who reads the card when the GM posts it for a player (compat/asker-audience.ts); else `messageMode`. */
  readonly audience?: Audience;
}

const AD_STATS = ["ag", "wl", "dev", "pev", "bev"] as const;
const isAdStat = (id: string | undefined): id is (typeof AD_STATS)[number] =>
  (AD_STATS as readonly string[]).includes(id ?? "");

function isFsAttribute(value: string | undefined): value is FsAttribute {
  return (FS_ATTRIBUTES as readonly string[]).includes(value ?? "");
}

/** The label key of an attribute: fast-slow attributes for d20 checks, AD stats for 3d6. */
export function attributeLabelKey(dice: CheckDice, attribute: string | undefined): string {
  if (!attribute) return "FRAY.Check.noAttribute";
  return dice === "3d6"
    ? `FRAY.Family.active-defense-3d6.Stat.${attribute}`
    : `FRAY.Family.fast-slow.Attribute.${attribute}`;
}

const whole = (n: number | undefined, fallback: number) =>
  Number.isFinite(n) ? Math.trunc(n as number) : fallback;

/** The card's data from the input, the actor's statistics filling what the caller left out. */
export function checkCardData(input: PostCheckInput): CheckCardData {
  const dice = input.dice ?? "d20";
  const party = partyOf(input.actor, input.token ?? null);
  const stats = statsOf(input.actor);
  let modifier = whole(input.modifier, 0);
  let target = whole(input.target, CHALLENGE_TARGET);
  if (dice === "d20" && input.modifier === undefined && isFsAttribute(input.attribute)) {
    modifier = stats.derived?.fastSlow?.modifiers?.[input.attribute] ?? 0;
  }
  if (dice === "3d6" && input.target === undefined) {
    const stat = isAdStat(input.attribute)
      ? actorSystemOf(input.actor).activeDefense[input.attribute]
      : undefined;
    target = whole(stat, 10);
  }
  return {
    dice,
    kind: input.kind,
    roller: party.ref,
    attributeKey: input.attributeKey ?? attributeLabelKey(dice, input.attribute),
    modifier,
    boons: dice === "d20" ? Math.max(0, whole(input.boons, 0)) : 0,
    banes: dice === "d20" ? Math.max(0, whole(input.banes, 0)) : 0,
    target,
    lines: cardLines(input.lines ?? []),
    combatId: input.combatId ?? null,
    consequence: input.consequence
      ? {
          name: input.consequence.name,
          data: { ...(input.consequence.data ?? {}) },
          applied: false,
          lines: [],
          rolls: [],
        }
      : null,
    result: null,
  };
}

/** Posts a check card (see the API above); rolls it at once when asked. */
export async function postCheck(input: PostCheckInput): Promise<ChatMessage.Implementation | null> {
  const card = checkCardData(input);
  const token = input.token ?? null;
  const base = {
    type: CHECK_MESSAGE_TYPE,
    system: card,
    content: "",
    speaker: ChatMessage.getSpeaker({ actor: input.actor, ...(token ? { token } : {}) }),
  };
  // For a player, the GM names the readers and holds the post to them (compat/post-with-readers.ts).
  const message = input.audience
    ? await createOneWithReaders({ ...base, whisper: input.audience.whisper, blind: input.audience.blind })
    : ((await CONFIG.ChatMessage.documentClass.create(
        applyMessageMode(base, input.messageMode ?? currentMessageMode()),
      )) ?? null);
  if (!message?.id) return message;
  const when = input.roll ?? "button";
  if (when === "now" || (when === "unowned" && !connectedOwners(input.actor).length)) {
    await rollCheck(message.id);
  }
  return message;
}

/**
 * Issue 12, no GM connected: the check rolled on this client and posted by its user, with its result and no
 * consequence (check-requests.ts `rollCheckWithoutGm`); drawn as rolled without a GM, with no button.
 */
export async function postCheckWithoutGm(
  input: Omit<PostCheckInput, "consequence" | "roll" | "audience">,
): Promise<ChatMessage.Implementation | null> {
  const rolled = await rollCheckWithoutGm(checkCardData(input), (game.user as User.Implementation) ?? null);
  const token = input.token ?? null;
  const data = applyMessageMode(
    {
      type: CHECK_MESSAGE_TYPE,
      system: rolled.card,
      rolls: rolled.rolls,
      content: "",
      speaker: ChatMessage.getSpeaker({ actor: input.actor, ...(token ? { token } : {}) }),
    },
    input.messageMode ?? currentMessageMode(),
  );
  return (await CONFIG.ChatMessage.documentClass.create(data)) ?? null;
}

/** Rolls a posted check card (what its button does): asks the active GM. */
export function rollCheck(messageId: string): Promise<Outcome<null>> {
  return rollCheckRequest.send({ messageId });
}
