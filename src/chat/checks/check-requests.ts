/**
 * The roll of a check card, carried out by the active GM (DESIGN.md: only the active GM writes shared state):
 * the roller's owner (or a GM) asks, the GM rolls a real Roll, reads it with the rules (FS-D1/FS-D2
 * `resolveChallengeRoll`, AD `resolveRollUnder` with the AD-C3 criticals), runs the card's consequence and
 * writes the result, the consequence's report and every roll in one update. Requests are serialised per
 * message, so a second click finds the result and is refused: a check is rolled, and its consequence applied,
 * once. A fast-slow d20 card is its roller's next roll (FS-A8): the Help the roller holds is taken as the
 * card is rolled, not when it is posted, and its boons join the card's (FS-D1: they cancel banes one for
 * one) with a line naming the helpers.
 */
import { getSetting } from "../../config/settings";
import { isMessageOfType } from "../../data/system-of";
import { helpLines, takePartyHelp, type HelpTaken } from "../../documents/activities/help-boons";
import { CheckRoll } from "../../dice/check-roll";
import type { AttackRoll } from "../../dice/fray-roll";
import { showRolls } from "../../dice/show-rolls";
import { defineGmRequest } from "../../net/gm-requests";
import { resolveRollUnder } from "../../rules/dice/roll-under";
import {
  challengeFormula,
  resolveChallengeRoll,
  type ChallengeRoll,
} from "../../rules/families/fast-slow/challenge-roll";
import { netBoons } from "../../rules/dice/boons";
import { accept, refuse, type Outcome } from "../../rules/outcome";
import { ownsActor, resolveParty } from "../parties";
import { authoredByGM } from "../card-trust";
import { RollSink } from "../roll-sink";
import { cardLines, type CheckCardData, type CheckConsequenceRecord, type CheckResult } from "./check-data";
import { consequenceNamed, type CheckConsequenceContext } from "./consequences";

export const CHECK_MESSAGE_TYPE = "check" as const;

/** The card data of a check message, or null for any other message. */
export function checkCardOf(message: ChatMessage.Implementation | null | undefined): CheckCardData | null {
  return message && isMessageOfType(message, CHECK_MESSAGE_TYPE) ? message.system : null;
}

/** d20: the modifier, boons and banes as the fast-slow rules take them. */
export function challengeOf(card: CheckCardData): ChallengeRoll {
  return { modifier: card.modifier, boons: card.boons, banes: card.banes };
}

/** The formula the card rolls: "1d20 + 2 - 1d6" (FS-D1, boon die from the world setting) or "3d6". */
export function checkFormula(card: CheckCardData): string {
  return card.dice === "3d6" ? "3d6" : challengeFormula(challengeOf(card), Number(getSetting("boonDie")));
}

/** 3d6: the effective target value «目標値» (base + modifier, e.g. WL − 2). */
export function effectiveTarget(card: CheckCardData): number {
  return card.dice === "3d6" ? card.target + card.modifier : card.target;
}

type Reading = Omit<CheckResult, "roll" | "userId"> & {
  readonly challenge: CheckConsequenceContext<unknown>["challenge"];
  readonly rollUnderFaces: readonly number[] | null;
};

async function rollAndRead(card: CheckCardData, sink: RollSink) {
  const { snapshot, faces } = await sink.roll(CheckRoll as typeof AttackRoll, checkFormula(card), {
    purpose: "check",
  });
  if (card.dice === "3d6") {
    const dice = faces.terms[0] ?? [];
    const r = resolveRollUnder(dice, effectiveTarget(card), {
      success: getSetting("adCriticalSuccess"),
      failure: getSetting("adCriticalFailure"),
    });
    const reading: Reading = {
      total: r.total,
      target: r.target,
      success: r.success,
      margin: r.margin,
      critical: r.critical,
      natural: null,
      boonValue: null,
      challenge: null,
      rollUnderFaces: dice,
    };
    return { snapshot, reading };
  }
  const roll = challengeOf(card);
  const net = netBoons(roll.boons, roll.banes);
  const challengeFaces = { d20: faces.terms[0]?.[0] ?? 1, boonDice: net ? (faces.terms[1] ?? []) : [] };
  const r = resolveChallengeRoll(roll, challengeFaces, card.target);
  const reading: Reading = {
    total: r.total,
    target: r.target,
    success: r.success,
    margin: r.total - r.target,
    critical: null,
    natural: r.d20,
    boonValue: r.boonValue,
    challenge: { roll, faces: challengeFaces, target: card.target },
    rollUnderFaces: null,
  };
  return { snapshot, reading };
}

/** Runs the card's consequence (once: the record says whether it was applied). */
async function applyConsequence(
  message: ChatMessage.Implementation,
  card: CheckCardData,
  result: CheckResult,
  reading: Reading,
  sink: RollSink,
  user: User.Implementation,
): Promise<CheckConsequenceRecord | null> {
  const record = card.consequence;
  if (!record || record.applied) return record;
  const handler = consequenceNamed(record.name);
  if (!handler) return { ...record, lines: [{ key: "FRAY.Check.consequenceMissing" }] };
  try {
    const report = await handler({
      message,
      card,
      data: record.data as Record<string, unknown>,
      result,
      challenge: reading.challenge,
      rollUnderFaces: reading.rollUnderFaces,
      sink,
      user,
    });
    return {
      ...record,
      applied: true,
      lines: cardLines(report.lines ?? []),
      rolls: [...(report.rolls ?? [])],
    };
  } catch (error) {
    console.error(`fray | check consequence ${record.name} failed`, error);
    return { ...record, lines: [{ key: "FRAY.Check.consequenceFailed" }] };
  }
}

/** The most boons a card stores (its data model's bound). */
const MAX_CARD_BOONS = 20;

/** FS-A8: the card with the Help the roller held added to its boons, and the line saying whose. */
function withHelp(card: CheckCardData, help: HelpTaken): CheckCardData {
  if (!help.boons) return card;
  return {
    ...card,
    boons: Math.min(MAX_CARD_BOONS, card.boons + help.boons),
    lines: [...card.lines, ...cardLines(helpLines(help))],
  };
}

/**
 * Issue 12, no GM connected: a check rolled on its roller's own client, so a table plays on while the GM
 * reconnects. The card as `card` says, rolled and read by the same rules; no Help is taken (a write to the fight,
 * the GM's) and no consequence runs (there is none to run: the card is posted by the player, drawn as rolled
 * without a GM, and no GM-side code acts on it later, card-trust.ts).
 */
export async function rollCheckWithoutGm(
  card: CheckCardData,
  user: User.Implementation | null,
): Promise<{ card: CheckCardData; rolls: Roll[] }> {
  const sink = new RollSink(0);
  const { snapshot, reading } = await rollAndRead(card, sink);
  const { challenge: _challenge, rollUnderFaces: _faces, ...read } = reading;
  const result: CheckResult = { ...read, roll: snapshot, userId: user?.id ?? "" };
  return { card: { ...card, consequence: null, result }, rolls: sink.rolls };
}

export interface CheckPayload {
  readonly messageId: string;
}

/** Rolls a check card: its roller's owner or a GM; once. */
export const rollCheckRequest = defineGmRequest<CheckPayload, null>(
  "check.roll",
  async (payload, { user }): Promise<Outcome<null>> => {
    const message = game.messages?.get(String(payload.messageId)) as ChatMessage.Implementation | undefined;
    const card = checkCardOf(message);
    if (!message || !card) return refuse("notCheckCard");
    // Issue 12: a card a player wrote (or edited) names nothing the GM acts on (card-trust.ts).
    if (!authoredByGM(message)) return refuse("notGmCard");
    if (card.result) return refuse("checkRolled");
    const roller = resolveParty(card.roller);
    if (!roller && !user.isGM) return refuse("documentGone", { name: card.roller.name });
    if (roller && !ownsActor(user, roller.actor)) return refuse("notOwner", { name: card.roller.name });

    // FS-A8: taken here, in the card's lock and then the fight's, so one Help goes to one roll; 3d6 checks
    // take none.
    const helped = card.dice === "d20" && roller ? withHelp(card, await takePartyHelp(roller)) : card;
    const sink = new RollSink((message.rolls ?? []).length);
    const { snapshot, reading } = await rollAndRead(helped, sink);
    const { challenge: _challenge, rollUnderFaces: _faces, ...read } = reading;
    const result: CheckResult = { ...read, roll: snapshot, userId: user.id ?? "" };
    const consequence = await applyConsequence(message, helped, result, reading, sink, user);

    const existing = message.rolls ?? [];
    const update: Record<string, unknown> = {
      ...(helped === card ? {} : { "system.boons": helped.boons, "system.lines": helped.lines }),
      "system.result": result,
      "system.consequence": consequence,
      rolls: [...existing, ...sink.rolls].map((r) => JSON.stringify(r)),
    };
    await showRolls(message, sink.rolls);
    await message.update(update as ChatMessage.UpdateData);
    return accept(null);
  },
  (payload) => `check-card.${payload.messageId}`,
);
