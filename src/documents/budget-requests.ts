/**
 * What a client asks the active GM to spend (issue: "a player can never spend another's budget; the GM can
 * override"). Every request names a combat and a combatant; the GM side re-checks with `authorizeSpend` that
 * the asking user owns the combatant's actor (a GM owns every one) and that only a GM asks to override, builds
 * the family event itself from the payload's checked fields (spend-events.ts), and refuses a request drawn
 * from a budget that has changed since (`expect`, a fingerprint): two clicks, or two clients, spend once.
 * Requests about one combat run one at a time on the GM's client, with the round engine's own requests.
 */
import { combatKeyOf, defineGmRequest, userOwns } from "../net/gm-requests";
import { authorizeSpend } from "../rules/budget/authorize";
import { budgetFingerprint } from "../rules/budget/fingerprint";
import { movementStretches } from "../rules/budget/movement-stretches";
import { spendEventFrom, withOverride } from "../rules/budget/spend-events";
import { accept, refuse, type Outcome } from "../rules/outcome";
import { castingKind, spellFacts } from "../rules/spells/casting";
import { budgetOf } from "./budget-store";
import { spendFor, spendForAttack, spendForMove } from "./budget-spend";
import { asFray, familyOf } from "./combat-api";
import { moveFactsOf } from "./move-facts";
import { loc } from "../utils/loc";

interface CombatantPayload {
  readonly combatId: string;
  readonly combatantId: string;
  /** GM only: apply even if the rules refuse (recorded in the budget's overrides). */
  readonly override?: boolean;
  /** The fingerprint of the budget the client saw (`budgetFingerprint`). */
  readonly expect?: string;
}

type Found = { combat: Combat.Implementation; combatant: Combatant.Implementation; override: boolean };

/** Same key as the round engine's requests: one combat's requests run one at a time. */
export { combatKeyOf };

/** The combat and combatant, if `user` may spend that budget (and override, when asked). */
export function authorized(p: CombatantPayload, user: User.Implementation): Outcome<Found> {
  const combat = typeof p?.combatId === "string" ? asFray(game.combats?.get(p.combatId)) : undefined;
  if (!combat) return refuse("combatGone");
  const combatant = typeof p.combatantId === "string" ? combat.combatants.get(p.combatantId) : undefined;
  if (!combatant) return refuse("unknownCombatant", { id: String(p.combatantId) });
  const override = p.override === true;
  const allowed = authorizeSpend(
    { override },
    { isGM: user.isGM, ownsCombatant: userOwns(user, combatant.actor) },
  );
  if (!allowed.ok) return allowed;
  if (typeof p.expect === "string") {
    const now = budgetOf(combat, combatant);
    if (!now || budgetFingerprint(now.state) !== p.expect) return refuse("budgetChanged");
  }
  return accept({ combat, combatant, override });
}

/** One of the combatant's actor's items, by id. */
export function itemOf(combatant: Combatant.Implementation, id: unknown): Item.Implementation | undefined {
  const items = (combatant.actor?.items ?? []) as Iterable<Item.Implementation>;
  return [...items].find((i) => i.id === String(id ?? ""));
}

/** A family event (FS activities, minor activities, reactions, standing up; CD actions; OD reactions and
 * intrusive actions; AD manoeuvres). Phased-round declares through `combat.declare`. */
export const spendBudgetRequest = defineGmRequest<
  CombatantPayload & { event: unknown; itemId?: string },
  true
>(
  "budget.spend",
  async (p, { user }) => {
    const found = authorized(p, user);
    if (!found.ok) return found;
    const { combat, combatant, override } = found.value;
    const spend = spendEventFrom(familyOf(combat), p.event);
    if (!spend.ok) return spend;
    let event = spend.value;
    // FS-A11: whether the weapon has the reload property is the item's, not the client's, to say.
    if (
      event.family === "fast-slow" &&
      event.event.type === "activity" &&
      event.event.activity === "reload"
    ) {
      const item = itemOf(combatant, p.itemId);
      const system = item?.type === "weapon" ? (item.system as { properties?: { reload?: boolean } }) : null;
      event = { ...event, event: { ...event.event, weaponHasReload: system?.properties?.reload === true } };
    }
    const out = await spendFor(combat, combatant, withOverride(event, override));
    return out.ok ? accept(true) : out;
  },
  combatKeyOf,
);

/** FS-A1: a fast-slow spell made against Defense or an attribute is an attack (rules/spells/casting.ts). */
/** FS-M5/FS-M6: "{name} falls." in the chat, spoken for the creature (active GM). */
async function announceFall(combatant: Combatant.Implementation): Promise<void> {
  const name = foundry.utils.escapeHTML(combatant.token?.name ?? combatant.name ?? "");
  await CONFIG.ChatMessage.documentClass.create({
    content: `<p class="fray-fall">${loc("FRAY.Movement.falls", { name })}</p>`,
    speaker: ChatMessage.getSpeaker({ actor: combatant.actor }),
  });
}

function isAttackSpell(combat: Combat.Implementation, item: Item.Implementation): boolean {
  return castingKind(familyOf(combat), spellFacts(item.system), true) === "attack";
}

/** Rolling an attack with one of the combatant's weapons, or its attack spells (attack-spend.ts). */
export async function spendAttackOnGm(
  p: CombatantPayload & { itemId: string },
  user: User.Implementation,
): Promise<Outcome<true>> {
  const found = authorized(p, user);
  if (!found.ok) return found;
  const { combat, combatant, override } = found.value;
  const item = itemOf(combatant, p.itemId);
  if (item?.type === "spell" && isAttackSpell(combat, item))
    return spendForAttack(combat, combatant, item, override);
  if (!item || item.type !== "weapon") return refuse("unknownWeapon");
  return spendForAttack(combat, combatant, item, override);
}

export const spendAttackRequest = defineGmRequest<CombatantPayload & { itemId: string }, true>(
  "budget.attack",
  (p, { user }) => spendAttackOnGm(p, user),
  combatKeyOf,
);

/** FS-M5/FS-M6 from the jump dialog: a jump of `metres`, high, long or down, after a run-up. */
export const jumpRequest = defineGmRequest<
  CombatantPayload & { kind: string; metres: number; runUpMetres: number; overGap?: boolean },
  true
>(
  "budget.jump",
  async (p, { user }) => {
    const found = authorized(p, user);
    if (!found.ok) return found;
    const { combat, combatant, override } = found.value;
    if (familyOf(combat) !== "fast-slow") return refuse("notInThisFamily");
    const kind = p.kind === "high" || p.kind === "down" || p.kind === "long" ? p.kind : null;
    const metres = Number(p.metres);
    const runUp = Number(p.runUpMetres);
    if (!kind || !(metres > 0 && metres <= 100) || !(runUp >= 0 && runUp <= 100))
      return refuse("invalidValue");
    // The dialog's jump as a walk (the run-up) then a jump, measured as token movement is.
    const rise = kind === "high" ? metres : kind === "down" ? -metres : 0;
    const waypoints = [
      ...(runUp > 0 ? [{ action: "walk", cost: runUp, elevation: 0 }] : []),
      { action: "jump", cost: kind === "long" ? metres : 0, elevation: rise },
    ];
    // FS-M6: a long jump over open space (a pit), declared in the dialog: running out of move there is a fall.
    const overGap = kind === "long" && p.overGap === true;
    const stretches = movementStretches(waypoints, 0).map((s) =>
      overGap && s.jump ? { ...s, jump: { ...s.jump, overGap } } : s,
    );
    const out = await spendForMove(combat, combatant, stretches, { ...moveFactsOf(combatant), override });
    if (!out.ok) return out;
    // FS-M5/FS-M6: a fall is said in the chat (the GM places the creature where it fell).
    if (out.value.landing === "fall") await announceFall(combatant);
    return accept(true);
  },
  combatKeyOf,
);
