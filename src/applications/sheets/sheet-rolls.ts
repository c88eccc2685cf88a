/**
 * What the actor sheet's roll buttons do, each posting real Rolls through the existing cards:
 * - checks (sheet-checks.ts): d20 checks and AD 3d6 roll-under through the check card (`postCheck`, rolled at
 *   once), after a small form for the situation — FS-D1 boons and banes; the modifier and the total to reach
 *   for classic-d20 and opposed-d20; the modifier to the target value for 3d6. A fast-slow roll gets the Help
 *   boons the creature holds (FS-A8) as its card is rolled (chat/checks/check-requests.ts). The phased-round
 *   manoeuvre roll is an open-ended d100 (PR-P6) posted with every reroll;
 * - initiative: the actor's combatant in its fight, through the combat's own initiative code (CD-I1, OD-I2,
 *   PR-B3, AD-T2); fast-slow has none (FS-R2);
 * - FS-A5 Defend: the action spent through the budget's own GM request, which leaves the Defend state on the
 *   round engine until the end of the round;
 * - PR-P3/PR-P11 orientation roll, in the orientation phases, as the tracker records it.
 * A user who does not own the actor is refused before anything is rolled.
 */
import { actorSystemOf } from "../../data/system-of";
import { postCheck, postCheckWithoutGm, type PostCheckInput } from "../../chat/check-card";
import { askerAudience, type Audience } from "../../compat/asker-audience";
import { compromisePenalty } from "../../rules/families/phased-round/orientation";
import { defineGmRequest } from "../../net/gm-requests";
import { boundedWhole, checkTargetBounds, situationBounds } from "../../rules/attack/situation-bounds";
import { attackConventions } from "../../chat/conventions";
import { ownsActor, resolveParty } from "../../chat/parties";
import { applyMessageMode, currentMessageMode } from "../../compat/message-modes";
import { createOneWithReaders } from "../../compat/post-with-readers";
import { spendBudgetRequest } from "../../documents/budget-requests";
import {
  activeCombatFor,
  combatantFor,
  familyOf,
  roundStateOf,
  structureOf,
  timedStatesOf,
} from "../../documents/combat-api";
import { rollInitiatives, rollOrientation } from "../../documents/initiative-rolls";
import { OPEN_ROLL_FLAVOR, openRollFlavorContext, rollOpenEndedD100 } from "../../dice/open-ended-roll";
import { DEFEND_STATE } from "../../rules/families/fast-slow/defend";
import type { FamilyId } from "../../rules/families/ids";
import { accept, refuse, type Outcome } from "../../rules/outcome";
import { loc } from "../../utils/loc";
import { activeFamily } from "../active-family";
import { askFields, type DialogField } from "../budget/budget-dialogs";
import { sendWithOverride } from "../budget/override-confirm";
import { notifyRefusal } from "../notify";
import { sheetCheck, type SheetCheck } from "./sheet-checks";

type TokenLike = TokenDocument.Implementation | null | undefined;

/** What the player adds to a check (the form's answers). */
export interface CheckSituation {
  /** FS-D1 */
  readonly boons?: number;
  readonly banes?: number;
  /** d20: added to the roll; 3d6: added to the target value; d100: added to the total. */
  readonly modifier?: number;
  /** d20 outside fast-slow: the total to reach (10 when not given). */
  readonly target?: number;
}

/** The convention for a d20 check's total to reach when the GM names none (FS-D2's 10). */
export const DEFAULT_CHECK_TARGET = 10;

/** The card title of each family's checks: `FRAY.Check.Kind.<kind>`. */
const CHECK_KIND: Record<FamilyId, string> = {
  "fast-slow": "attribute",
  "classic-d20": "ability",
  "opposed-d20": "skill",
  "phased-round": "maneuver",
  "active-defense-3d6": "rollUnder",
};

const whole = (value: unknown, fallback: number, min: number, max: number) => {
  const n = Math.trunc(Number(value));
  return Number.isFinite(n) ? Math.max(min, Math.min(max, n)) : fallback;
};

function currentUser(): User.Implementation | null {
  return (game.user as User.Implementation | null | undefined) ?? null;
}

/** Refuses a user who does not own the actor (a GM owns every one). */
export function ownerOnly(actor: Actor.Implementation): Outcome<true> {
  const user = currentUser();
  return user && ownsActor(user, actor) ? accept(true) : refuse("notOwner", { name: actor.name ?? "" });
}

/**
 * The form of a sheet check, within what the GM accepts from the asker (rules/attack/situation-bounds.ts): FS-D1
 * situational boons (a player's held to 3) and banes; the situational modifier (a player's ±10 on a d20 or a 3d6
 * target, ±50 on the d100); the total a classic/opposed d20 check must reach, which no document holds
 * (`checkTargetBounds`). The statistic itself — the modifier, the 3d6 target value, the manoeuvre bonus — comes
 * from the actor on the GM's side.
 */
function situationFields(check: SheetCheck, gm = game.user?.isGM === true): DialogField[] {
  const number = (name: string, label: string, value: number, min: number, max: number): DialogField => ({
    name,
    label,
    number: true,
    value,
    step: 1,
    min,
    max,
  });
  const bounds = situationBounds(check.family, gm);
  if (check.family === "fast-slow")
    return [
      number("boons", "FRAY.Sheet.Roll.boons", 0, 0, bounds.boons),
      number("banes", "FRAY.Sheet.Roll.banes", 0, 0, bounds.banes),
    ];
  const modifier = (label: string) => number("modifier", label, 0, -bounds.modifier, bounds.modifier);
  if (check.dice === "d20") {
    const target = checkTargetBounds(gm);
    return [
      modifier("FRAY.Sheet.Roll.modifier"),
      number("target", "FRAY.Sheet.Roll.target", DEFAULT_CHECK_TARGET, target.min, target.max),
    ];
  }
  if (check.dice === "3d6") return [modifier("FRAY.Sheet.Roll.targetModifier")];
  return [modifier("FRAY.Sheet.Roll.modifier")];
}

/** The form's answers, each held to its field's bounds (what the GM then accepts). */
async function askSituation(check: SheetCheck): Promise<CheckSituation | null> {
  const fields = situationFields(check);
  const form = await askFields(loc("FRAY.Sheet.Roll.title", { stat: loc(check.labelKey) }), fields);
  if (!form) return null;
  const out: Record<string, number> = {};
  for (const field of fields)
    out[field.name] = whole(form[field.name], Number(field.value), Number(field.min), Number(field.max));
  return out as CheckSituation;
}

function combatIdOf(actor: Actor.Implementation, token: TokenLike): string | null {
  return activeCombatFor(actor, token ? { id: token.id } : null)?.id ?? null;
}

/**
 * Rolls the sheet check `checkId` for `actor` under the world's family; `situation` skips the form. Resolves
 * with the posted message (null when the form was closed) or a refusal.
 */
export async function rollSheetCheck(
  actor: Actor.Implementation,
  token: TokenLike,
  checkId: string,
  situation?: CheckSituation,
): Promise<Outcome<ChatMessage.Implementation | null>> {
  const owner = ownerOnly(actor);
  if (!owner.ok) return owner;
  const family = activeFamily();
  const check = sheetCheck(family, actorSystemOf(actor), checkId);
  if (!check) return refuse("notInThisFamily");
  const asked = situation ?? (await askSituation(check));
  if (!asked) return accept(null);
  // Issue 12, no GM connected: the player rolls for itself (situationBounds a player's), as an attack does.
  if (!game.users?.activeGM) return rollSheetCheckWithoutGm(actor, token ?? null, check, asked);
  // Issue 12: the GM rolls the check from the documents and the situation asked (check.sheet).
  const out = await sheetCheckRequest.send({
    actorUuid: actor.uuid ?? "",
    tokenUuid: token?.uuid ?? null,
    checkId,
    situation: asked,
    mode: currentMessageMode(),
  });
  if (!out.ok) return out;
  return accept((game.messages?.get(out.value.messageId) as ChatMessage.Implementation | undefined) ?? null);
}

/**
 * A sheet check with no GM connected (issue 12, deliver 5): rolled on the player's own client and posted by it,
 * the situation held to a player's bounds. A d20 or 3d6 check is a check card with its result and no consequence,
 * drawn as rolled without a GM with no button (card-trust.ts); the PR-P6 manoeuvre roll is a plain roll message.
 */
async function rollSheetCheckWithoutGm(
  actor: Actor.Implementation,
  token: TokenDocument.Implementation | null,
  check: SheetCheck,
  raw: CheckSituation,
): Promise<Outcome<ChatMessage.Implementation | null>> {
  const asked = readCheckSituation(raw, check, false);
  if (!asked.ok) return asked;
  if (check.dice === "d100")
    return accept(
      await postOpenEndedRoll(
        actor,
        token,
        "FRAY.Sheet.Roll.maneuverRoll",
        check.value + (asked.value.modifier ?? 0),
        { penalty: compromiseOf(actor, token) },
      ),
    );
  const { roll: _roll, ...input } = sheetCheckInput(actor, token, check, asked.value);
  return accept(await postCheckWithoutGm(input));
}

/** PR-P3: the penalty a compromised character's rolls take this round, in its phased-round fight (0: none). */
function compromiseOf(actor: Actor.Implementation, token: TokenLike): number {
  const found = sheetCombatant(actor, token);
  if (!found || familyOf(found.combat) !== "phased-round") return 0;
  const id = found.combatant.id ?? "";
  return compromisePenalty(timedStatesOf(found.combat, id), id, roundStateOf(found.combat).round);
}

/** The card of a d20 or 3d6 sheet check, from the actor's statistics and the situation asked. */
function sheetCheckInput(
  actor: Actor.Implementation,
  token: TokenDocument.Implementation | null,
  check: SheetCheck,
  asked: CheckSituation,
): PostCheckInput {
  const family = check.family;
  const common = {
    actor,
    token,
    kind: CHECK_KIND[family],
    combatId: combatIdOf(actor, token),
    roll: "now",
  } as const;
  if (check.dice === "3d6")
    return {
      ...common,
      dice: "3d6",
      ...(check.attribute
        ? { attribute: check.attribute }
        : { attributeKey: check.labelKey, target: check.value }),
      modifier: asked.modifier ?? 0,
    };
  // FS-D1: d20 + the attribute's modifier (postCheck reads it), boons and banes; the Help the roller holds
  // (FS-A8) joins them as the card is rolled.
  if (family === "fast-slow")
    return { ...common, attribute: check.attribute ?? "", boons: asked.boons ?? 0, banes: asked.banes ?? 0 };
  return {
    ...common,
    attributeKey: check.labelKey,
    modifier: check.value + (asked.modifier ?? 0),
    target: asked.target ?? DEFAULT_CHECK_TARGET,
  };
}

/** The situation a request carries, within the form's own bounds for `check` (situationFields); else why not. */
export function readCheckSituation(raw: unknown, check: SheetCheck, gm: boolean): Outcome<CheckSituation> {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return refuse("invalidValue");
  const s = raw as Record<string, unknown>;
  const out: Record<string, number> = {};
  for (const field of situationFields(check, gm)) {
    const value = boundedWhole(s[field.name] ?? field.value, Number(field.min), Number(field.max));
    if (!value.ok) return value;
    out[field.name] = value.value;
  }
  return accept(out as CheckSituation);
}

export interface SheetCheckPayload {
  readonly actorUuid: string;
  readonly tokenUuid: string | null;
  readonly checkId: string;
  readonly situation: CheckSituation;
  /** The asker's roll mode. */
  readonly mode?: string;
}

/** A sheet check, made by the active GM: the asker's own creature, the statistic named, the situation bounded. */
export const sheetCheckRequest = defineGmRequest<SheetCheckPayload, { messageId: string }>(
  "check.sheet",
  async (p, { user }) => {
    const found = resolveParty({
      actorUuid: String(p.actorUuid ?? ""),
      tokenUuid: typeof p.tokenUuid === "string" ? p.tokenUuid : null,
      name: "",
      img: "",
    });
    if (!found) return refuse("creatureGone");
    if (!ownsActor(user, found.actor)) return refuse("notOwner", { name: found.actor.name ?? "" });
    const check =
      typeof p.checkId === "string"
        ? sheetCheck(activeFamily(), actorSystemOf(found.actor), p.checkId)
        : undefined;
    if (!check) return refuse("notInThisFamily");
    const asked = readCheckSituation(p.situation, check, user.isGM);
    if (!asked.ok) return asked;
    const audience = askerAudience(user, p.mode);
    if (check.dice === "d100") {
      // PR-P6: the manoeuvre roll, open-ended d100 + the manoeuvre bonus, less a PR-P3 compromise: no consequence.
      const rolled = await postOpenEndedRoll(
        found.actor,
        found.token,
        "FRAY.Sheet.Roll.maneuverRoll",
        check.value + (asked.value.modifier ?? 0),
        { penalty: compromiseOf(found.actor, found.token), audience },
      );
      return rolled?.id ? accept({ messageId: rolled.id }) : refuse("requestError");
    }
    const message = await postCheck({
      ...sheetCheckInput(found.actor, found.token, check, asked.value),
      audience,
    });
    return message?.id ? accept({ messageId: message.id }) : refuse("requestError");
  },
  (p) => `check.sheet.${String(p.actorUuid)}`,
);

/**
 * An open-ended d100 + `bonus` (phased-round, settings `prOpenEnded`/`prOpenHigh`/`prOpenLow`): every reroll is
 * a real 1d100 on the message, with a flavor that reads them; `penalty` (PR-P3) is a compromised character's.
 */
export async function postOpenEndedRoll(
  actor: Actor.Implementation,
  token: TokenDocument.Implementation | null,
  labelKey: string,
  bonus: number,
  options: { readonly penalty?: number; readonly audience?: Audience } = {},
): Promise<ChatMessage.Implementation | null> {
  const convention = attackConventions().phased.openEnded;
  const { rolls, faces } = await rollOpenEndedD100(convention);
  const flavor = await foundry.applications.handlebars.renderTemplate(
    OPEN_ROLL_FLAVOR,
    openRollFlavorContext(token?.name || actor.name || "", labelKey, faces, convention, bonus, {
      penalty: options.penalty ?? 0,
    }),
  );
  const base: ChatMessage.CreateData = {
    speaker: ChatMessage.getSpeaker({ actor, ...(token ? { token } : {}) }),
    flavor,
    rolls,
    flags: { fray: { sheetRoll: labelKey } },
  };
  if (options.audience)
    return createOneWithReaders({
      ...base,
      whisper: options.audience.whisper,
      blind: options.audience.blind,
    });
  const cls = CONFIG.ChatMessage.documentClass;
  return (await cls.create(applyMessageMode(base, currentMessageMode()))) ?? null;
}

export { OPEN_ROLL_FLAVOR, openRollFlavorContext };

/** The fight and combatant the actor (or its token) is in, if any. */
export function sheetCombatant(actor: Actor.Implementation, token: TokenLike) {
  const combat = activeCombatFor(actor, token ? { id: token.id } : null);
  const combatant = combat
    ? combatantFor(combat, { actorId: actor.id, tokenId: token?.id ?? null })
    : undefined;
  return combat && combatant ? { combat, combatant } : null;
}

/** Why the sheet's initiative button cannot roll now (an i18n key), or null when it can. */
export function initiativeRefusal(actor: Actor.Implementation, token: TokenLike): string | null {
  const found = sheetCombatant(actor, token);
  if (!found) return "notInFight";
  // FS-R2: the players choose their order; there is no initiative roll.
  if (familyOf(found.combat) === "fast-slow") return "noInitiative";
  // CD-I3: once the fight has begun, the order is fixed.
  if (roundStateOf(found.combat).round > 0 && found.combatant.initiative !== null) return "alreadyStarted";
  return null;
}

/** Rolls the actor's initiative in its fight (CD-I1, OD-I2, PR-B3; AD-T2 takes the speed score). */
export async function rollSheetInitiative(
  actor: Actor.Implementation,
  token: TokenLike,
): Promise<Outcome<true>> {
  const owner = ownerOnly(actor);
  if (!owner.ok) return owner;
  const reason = initiativeRefusal(actor, token);
  const found = sheetCombatant(actor, token);
  if (reason || !found) return refuse(reason ?? "notInFight");
  return rollInitiatives(found.combat, [found.combatant.id ?? ""]);
}

/** Why the sheet's Defend button cannot be pressed now (FS-A5), or null. */
export function defendRefusal(actor: Actor.Implementation, token: TokenLike): string | null {
  const found = sheetCombatant(actor, token);
  if (!found) return "notInFight";
  if (familyOf(found.combat) !== "fast-slow") return "notInThisFamily";
  if (roundStateOf(found.combat).round === 0) return "notStarted";
  if (timedStatesOf(found.combat, found.combatant.id ?? "").some((s) => s.key === DEFEND_STATE))
    return "alreadyDefending";
  return null;
}

/**
 * FS-A5: take the Defend action — the turn's action, spent through the active GM, who records the Defend
 * state (a GM may confirm an override of a rule's refusal). Resolves true when the creature now defends.
 */
export async function sheetDefend(actor: Actor.Implementation, token: TokenLike): Promise<boolean> {
  const owner = ownerOnly(actor);
  if (!owner.ok) return notifyRefusal(owner);
  const reason = defendRefusal(actor, token);
  const found = sheetCombatant(actor, token);
  if (reason || !found) return notifyRefusal(refuse(reason ?? "notInFight"));
  return sendWithOverride((override) =>
    spendBudgetRequest.send({
      combatId: found.combat.id ?? "",
      combatantId: found.combatant.id ?? "",
      event: { type: "activity", activity: "defend" },
      ...(override ? { override: true } : {}),
    }),
  );
}

/** PR-P3/PR-P11: the orientation phases of the phased round. */
export const ORIENTATION_PHASES: readonly string[] = ["spellOrientation", "finalOrientation"];

/** Why the sheet's orientation roll cannot be made now, or null. */
export function orientationRefusal(actor: Actor.Implementation, token: TokenLike): string | null {
  const found = sheetCombatant(actor, token);
  if (!found) return "notInFight";
  if (familyOf(found.combat) !== "phased-round") return "notInThisFamily";
  const state = roundStateOf(found.combat);
  const phase = structureOf(found.combat).phases[state.phase]?.id ?? "";
  return state.round > 0 && ORIENTATION_PHASES.includes(phase) ? null : "notOrientationPhase";
}

/** PR-P3/PR-P11: a real d100 orientation roll, recorded by the round engine through the GM, then posted. */
export async function rollSheetOrientation(
  actor: Actor.Implementation,
  token: TokenLike,
): Promise<Outcome<true>> {
  const owner = ownerOnly(actor);
  if (!owner.ok) return owner;
  const reason = orientationRefusal(actor, token);
  const found = sheetCombatant(actor, token);
  if (reason || !found) return refuse(reason ?? "notInFight");
  return rollOrientation(found.combatant);
}
