/**
 * The fast-slow activities whose action is a roll, pressed on the budget panel (tracker or sheet): the form
 * names the other creature and the situation's boons and banes; the active GM checks them, spends the action and
 * posts the roll as a check card rolled at once (`check.activity`, issue 12), whose GM-side consequence does what
 * the rule says (activities/activity-consequences.ts):
 * - FS-A8 Help: a creature within 4.5 m that the helper can see (its token's sight, where the scene has token
 *   vision: documents/activities/sight.ts; the GM is offered the creatures out of sight too, marked, as the GM's
 *   override); Intellect roll; success gives it 1 boon on its next roll this round;
 * - FS-A7 Search: Perception roll against 10 for a hidden object, against the hider's Agility for a creature;
 * - FS-A14 Stabilize: an incapacitated creature in reach; Intellect roll with 1 bane if it is dying; success
 *   heals it 1 Health;
 * - FS-A9 Hide: Agility roll (the GM judges whether the creature is unobserved, obscured or behind cover, as the
 *   card recalls); success makes it Hidden «caché».
 * The roller's own Help boons apply to this roll too (FS-A8: its next roll), taken as the card is rolled
 * (chat/checks/check-requests.ts).
 */
import { actorSystemOf } from "../../data/system-of";
import { postCheck, type CheckLine } from "../../chat/check-card";
import { hasStatus, partyOf } from "../../chat/parties";
import {
  HELP_CONSEQUENCE,
  HIDE_CONSEQUENCE,
  SEARCH_CONSEQUENCE,
  STABILIZE_CONSEQUENCE,
} from "../../documents/activities/activity-consequences";
import { asFray } from "../../documents/combat-api";
import { tokenSight } from "../../documents/activities/sight";
import { gridOf, inReach } from "../../documents/mounts/token-geometry";
import { stabilizeBanes } from "../../rules/families/fast-slow/activities";
import { HELP_RANGE_METRES } from "../../rules/families/fast-slow/help";
import { accept, refuse, type Outcome } from "../../rules/outcome";
import { askWithOverride } from "../budget/override-confirm";
import { askerAudience } from "../../compat/asker-audience";
import { currentMessageMode } from "../../compat/message-modes";
import { authorized } from "../../documents/budget-requests";
import { spendFor } from "../../documents/budget-spend";
import { familyOf } from "../../documents/combat-api";
import { defineGmRequest, inFightLock } from "../../net/gm-requests";
import { boundedWhole, situationBounds } from "../../rules/attack/situation-bounds";
import { spendEventFrom, withOverride } from "../../rules/budget/spend-events";
import { loc } from "../../utils/loc";
import { askFields, type DialogField, type DialogOption } from "../budget/budget-dialogs";
import { notifyRefusal } from "../notify";

export const ROLLED_ACTIVITIES = ["search", "help", "stabilize", "hide"] as const;
export type RolledActivity = (typeof ROLLED_ACTIVITIES)[number];

export function isRolledActivity(value: unknown): value is RolledActivity {
  return typeof value === "string" && (ROLLED_ACTIVITIES as readonly string[]).includes(value);
}

/** The form's answers (a test or a macro may give them and skip the form). */
export interface ActivityAnswers {
  /** A combatant id, or "object" for FS-A7's hidden object; FS-A9 Hide names none. */
  readonly target?: string;
  readonly boons?: number;
  readonly banes?: number;
  /** FS-A14: the creature is dying (1 bane). */
  readonly dying?: boolean;
}

/** The value of the Search form's "a hidden object" choice. */
export const HIDDEN_OBJECT = "object";

/** The status a dying creature may show (FS-A14); the form asks when it does not. */
export const DYING_STATUS = "dying";

type TokenLike = TokenDocument.Implementation;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

function boxOf(token: TokenLike): Box {
  return {
    x: Number(token.x) || 0,
    y: Number(token.y) || 0,
    width: Number(token.width) || 1,
    height: Number(token.height) || 1,
  };
}

/**
 * Metres between two creatures as the grid counts them: one square for neighbours, one more per square
 * between their nearest edges (square grids, the scene's `grid.distance` per square).
 */
export function metresBetween(a: TokenLike, b: TokenLike): number {
  const { size, distance } = gridOf(a);
  const p = boxOf(a);
  const q = boxOf(b);
  const gapX = Math.max(0, Math.max(p.x, q.x) - Math.min(p.x + p.width * size, q.x + q.width * size));
  const gapY = Math.max(0, Math.max(p.y, q.y) - Math.min(p.y + p.height * size, q.y + q.height * size));
  const squares = Math.round(Math.max(gapX, gapY) / size);
  return (squares + 1) * distance;
}

/** FS-A14: incapacitated — no Health left, unconscious or dying. */
export function isIncapacitated(actor: Actor.Implementation | null | undefined): boolean {
  if (!actor) return false;
  const health = actorSystemOf(actor).health;
  return Number(health?.value ?? 1) <= 0 || hasStatus(actor, "unconscious") || hasStatus(actor, DYING_STATUS);
}

interface Candidate {
  readonly combatant: Combatant.Implementation;
  readonly actor: Actor.Implementation;
  readonly token: TokenLike | null;
  /** FS-A8: the scene's vision says the helper cannot see it (offered to the GM only: the GM's override). */
  readonly outOfSight?: boolean;
}

function tokenOf(combatant: Combatant.Implementation): TokenLike | null {
  return combatant.token ?? null;
}

/**
 * The other creatures of the fight the activity may name; `unseen` counts those FS-A8 left out for being out of
 * the helper's sight (a player's list; the GM's keeps them, marked). `deciding`: the active GM deciding a
 * player's request — a creature whose sight its client cannot check (its canvas shows another scene) is left out
 * and counted in `unverified` (issue 12: what the GM cannot check is not granted); on the player's own client it
 * is offered, for the GM to decide.
 */
export function activityCandidates(
  combat: Combat.Implementation,
  roller: Combatant.Implementation,
  activity: RolledActivity,
  isGM = game.user?.isGM === true,
  deciding = false,
): { candidates: Candidate[]; unseen: number; unverified: number } {
  const mine = tokenOf(roller);
  const out: Candidate[] = [];
  let unseen = 0;
  let unverified = 0;
  for (const combatant of combat.combatants.values()) {
    if (combatant.id === roller.id || !combatant.actor) continue;
    const token = tokenOf(combatant);
    const actor = (token?.actor ?? combatant.actor) as Actor.Implementation;
    const placed = mine && token;
    if (activity === "help" && placed && metresBetween(mine, token) > HELP_RANGE_METRES) continue;
    if (activity === "stabilize" && (!isIncapacitated(actor) || (placed && !inReach(mine, token)))) continue;
    // FS-A8: "a creature that you can see".
    const sight = activity === "help" && placed ? tokenSight(mine, token) : "open";
    if (sight === "unknown" && deciding && !isGM) {
      unverified++;
      continue;
    }
    if (sight === "unseen") {
      if (!isGM) {
        unseen++;
        continue;
      }
      out.push({ combatant, actor, token, outOfSight: true });
      continue;
    }
    out.push({ combatant, actor, token });
  }
  return { candidates: out, unseen, unverified };
}

/** FS-D1 situational boons and banes, as far as the asker may go (rules/attack/situation-bounds.ts). */
function situationFieldsFor(gm: boolean): DialogField[] {
  const bounds = situationBounds("fast-slow", gm);
  return [
    {
      name: "boons",
      label: "FRAY.Sheet.Roll.boons",
      number: true,
      value: 0,
      step: 1,
      min: 0,
      max: bounds.boons,
    },
    {
      name: "banes",
      label: "FRAY.Sheet.Roll.banes",
      number: true,
      value: 0,
      step: 1,
      min: 0,
      max: bounds.banes,
    },
  ];
}

function formFields(activity: RolledActivity, candidates: readonly Candidate[]): DialogField[] {
  // FS-A9: hiding names no other creature.
  if (activity === "hide") return [...situationFieldsFor(game.user?.isGM === true)];
  const seenFirst = candidates.findIndex((c) => !c.outOfSight);
  const options: DialogOption[] = candidates.map((c, i) => {
    const name = c.token?.name || c.actor.name || "";
    return {
      value: c.combatant.id ?? "",
      // FS-A8: a creature out of the helper's sight, offered to the GM only.
      text: c.outOfSight ? loc("FRAY.Activity.Roll.outOfSight", { name }) : name,
      selected: activity !== "search" && i === Math.max(0, seenFirst),
    };
  });
  if (activity === "search")
    options.unshift({ value: HIDDEN_OBJECT, key: "FRAY.Activity.Roll.hiddenObject", selected: true });
  const fields: DialogField[] = [
    { name: "target", label: `FRAY.Activity.Roll.${activity}Target`, options },
    ...situationFieldsFor(game.user?.isGM === true),
  ];
  if (activity === "stabilize")
    fields.push({
      name: "dying",
      label: "FRAY.Activity.Roll.dying",
      checkbox: true,
      value: candidates.some((c) => hasStatus(c.actor, DYING_STATUS)),
    });
  return fields;
}

/**
 * FS-A7, FS-A8, FS-A14 from the budget panel of `ids.combatantId`: asks the form (unless `answers`), then asks the
 * active GM to spend the action and roll (`check.activity`). Resolves true when the roll was posted.
 */
export async function rollActivity(
  ids: { readonly combatId: string; readonly combatantId: string; readonly expect?: string },
  activity: RolledActivity,
  answers?: ActivityAnswers,
): Promise<boolean> {
  const combat = asFray(game.combats?.get(ids.combatId));
  const roller = combat?.combatants.get(ids.combatantId);
  if (!combat || !roller?.actor) return notifyRefusal(refuse(combat ? "creatureGone" : "combatGone"));
  const { candidates, unseen } =
    activity === "hide" ? { candidates: [], unseen: 0 } : activityCandidates(combat, roller, activity);
  if ((activity === "help" || activity === "stabilize") && !candidates.length)
    return notifyRefusal(
      refuse(activity === "help" ? (unseen ? "noHelpTargetInSight" : "noHelpTarget") : "noStabilizeTarget"),
    );
  const form =
    answers ??
    ((await askFields(
      loc(`FRAY.Activity.${activity}`),
      formFields(activity, candidates),
    )) as ActivityAnswers | null);
  if (!form) return false;
  const out = await askWithOverride((override) =>
    activityRollRequest.send({
      combatId: ids.combatId,
      combatantId: ids.combatantId,
      activity,
      ...(form.target === undefined ? {} : { target: String(form.target) }),
      boons: Math.trunc(Number(form.boons ?? 0)) || 0,
      banes: Math.trunc(Number(form.banes ?? 0)) || 0,
      dying: form.dying === true || String(form.dying) === "true",
      mode: currentMessageMode(),
      ...(ids.expect ? { expect: ids.expect } : {}),
      ...(override ? { override: true } : {}),
    }),
  );
  return out.ok;
}

export interface ActivityRollPayload {
  readonly combatId: string;
  readonly combatantId: string;
  readonly activity: RolledActivity;
  /** A combatant id of the fight, or "object" (FS-A7); none for FS-A9 Hide. */
  readonly target?: string;
  readonly boons?: number;
  readonly banes?: number;
  readonly dying?: boolean;
  readonly mode?: string;
  readonly expect?: string;
  readonly override?: boolean;
}

/**
 * The activity's roll on the active GM (issue 12): the asker owns the roller; the other creature is one the rules
 * let it name (activityCandidates: within 4.5 m to help, incapacitated and in reach to stabilize), the boons and
 * banes are bounded; the action is spent in the fight's lock, then the check card is posted and rolled at once.
 * Every consequence names only what this derived: the roller itself, or the candidate it checked.
 */
async function activityRollOnGm(
  p: ActivityRollPayload,
  user: User.Implementation,
): Promise<Outcome<{ messageId: string }>> {
  const activity = p.activity;
  if (!isRolledActivity(activity)) return refuse("invalidValue");
  const override = user.isGM && p.override === true;
  const ids = {
    combatId: p.combatId,
    combatantId: p.combatantId,
    ...(typeof p.expect === "string" ? { expect: p.expect } : {}),
    ...(override ? { override: true } : {}),
  };
  const found = authorized(ids, user);
  if (!found.ok) return found;
  const { combat, combatant: roller } = found.value;
  const rollerToken = tokenOf(roller);
  const actor = (rollerToken?.actor ?? roller.actor ?? null) as Actor.Implementation | null;
  if (!actor) return refuse("creatureGone");
  // FS-A8: the asker's own sight decides, not the GM's (a player cannot name a creature its token cannot see).
  const { candidates, unseen, unverified } =
    activity === "hide"
      ? { candidates: [], unseen: 0, unverified: 0 }
      : activityCandidates(combat, roller, activity, user.isGM, true);
  if ((activity === "help" || activity === "stabilize") && !candidates.length)
    return refuse(
      activity === "help"
        ? unverified
          ? "sightUnknown"
          : unseen
            ? "noHelpTargetInSight"
            : "noHelpTarget"
        : "noStabilizeTarget",
    );
  const chosen = candidates.find((c) => c.combatant.id === String(p.target));
  const named = activity === "hide" || (activity === "search" && p.target === HIDDEN_OBJECT);
  if (!chosen && !named)
    return unverified ? refuse("sightUnknown") : refuse("unknownCombatant", { id: String(p.target) });
  const boons = boundedWhole(p.boons ?? 0, 0, situationBounds("fast-slow", user.isGM).boons);
  if (!boons.ok) return boons;
  const asked = boundedWhole(p.banes ?? 0, 0, situationBounds("fast-slow", user.isGM).banes);
  if (!asked.ok) return asked;
  if (p.dying !== undefined && typeof p.dying !== "boolean") return refuse("invalidValue");
  const event = spendEventFrom(familyOf(combat), { type: "activity", activity });
  if (!event.ok) return event;
  // The action first, in the fight's lock, from the budget as it is then.
  const spent = await inFightLock(combat, async () => {
    const now = authorized(ids, user);
    return now.ok ? spendFor(combat, roller, withOverride(event.value, override)) : now;
  });
  if (!spent.ok) return spent;

  const lines: CheckLine[] = [];
  const name = chosen ? chosen.token?.name || chosen.actor.name || "" : "";
  let banes = asked.value;
  let attribute: "intellect" | "perception" | "agility" = "intellect";
  let target: number | undefined;
  let consequence: { name: string; data: Record<string, unknown> } | undefined;
  switch (activity) {
    case "help":
      lines.push({ key: "FRAY.Activity.Roll.helping", data: { name } });
      consequence = {
        name: HELP_CONSEQUENCE,
        data: { combatId: combat.id ?? "", helperId: roller.id ?? "", targetId: chosen?.combatant.id ?? "" },
      };
      break;
    case "search":
      attribute = "perception";
      if (chosen) {
        // FS-A7: against the hider's Agility; the searcher finds it when its total reaches it.
        target = Number(actorSystemOf(chosen.actor).fastSlow?.agility?.value ?? 10);
        lines.push({ key: "FRAY.Activity.Roll.searchingFor", data: { name, target: String(target) } });
        consequence = { name: SEARCH_CONSEQUENCE, data: { hider: partyOf(chosen.actor, chosen.token).ref } };
      } else lines.push({ key: "FRAY.Activity.Roll.searchingObject" });
      break;
    case "stabilize": {
      lines.push({ key: "FRAY.Activity.Roll.stabilizing", data: { name } });
      // FS-A14: dying as the GM sees it on the patient; the asker may only add what no status shows.
      const dying = stabilizeBanes(
        p.dying === true || (chosen !== undefined && hasStatus(chosen.actor, DYING_STATUS)),
      );
      if (dying) lines.push({ key: "FRAY.Activity.Roll.dyingBane", data: { name } });
      banes += dying;
      consequence = {
        name: STABILIZE_CONSEQUENCE,
        data: { patient: chosen ? partyOf(chosen.actor, chosen.token).ref : null },
      };
      break;
    }
    case "hide":
      // FS-A9 (FS-D2: a challenge roll reaches 10).
      attribute = "agility";
      lines.push({ key: "FRAY.Activity.Roll.hiding" });
      consequence = { name: HIDE_CONSEQUENCE, data: { hider: partyOf(actor, rollerToken).ref } };
      break;
  }
  const message = await postCheck({
    actor,
    token: rollerToken,
    kind: activity,
    attribute,
    boons: boons.value,
    banes,
    ...(target === undefined ? {} : { target }),
    lines,
    combatId: combat.id ?? null,
    ...(consequence ? { consequence } : {}),
    roll: "now",
    audience: askerAudience(user, p.mode),
  });
  return message?.id ? accept({ messageId: message.id }) : refuse("requestError");
}

/** One roller's activity at a time (the fight's lock is taken for the spend only: the roll takes it again). */
export const activityRollRequest = defineGmRequest<ActivityRollPayload, { messageId: string }>(
  "check.activity",
  (p, { user }) => activityRollOnGm(p, user),
  (p) => `check.activity.${String(p.combatId)}.${String(p.combatantId)}`,
);
