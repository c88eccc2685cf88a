/**
 * What a player's client asks the active GM to do to a fight (DESIGN.md: only the active GM writes). Each
 * request names a combat and a combatant; the GM side re-checks that the asking user owns that combatant's
 * actor, builds the engine event itself from the payload's fields (never passing a client's object through),
 * sets `gmOverride` only for a GM user who asked to force, and applies it with `applyRoundEvents`. Requests
 * about one combat run one at a time, so two identical clicks are applied once: the second is refused by the
 * engine, which sees the first's result.
 */
import { combatKeyOf, defineGmRequest, userOwns } from "../net/gm-requests";
import { accept, refuse, type Outcome } from "../rules/outcome";
import type { MissileWeapon } from "../rules/families/phased-round/budget";
import type { InitiativeRoll, RoundEvent } from "../rules/turns/round-event";
import type { Speed } from "../rules/turns/round-state";
import { applyRoundEvents, asFray, familyOf, roundStateOf } from "./combat-api";
import { rollManoeuvre } from "./manoeuvre-roll";
import { initiativeStats } from "./initiative-stats";

interface CombatantPayload {
  readonly combatId: string;
  readonly combatantId: string;
  /** GM only: force the event past the rules where the engine allows it. */
  readonly force?: boolean;
}

type Found = { combat: Combat.Implementation; combatant: Combatant.Implementation };

function findCombat(combatId: unknown): Combat.Implementation | undefined {
  return typeof combatId === "string" ? asFray(game.combats?.get(combatId)) : undefined;
}

/** The combat and combatant the payload names, if `user` owns the combatant (a GM owns every one). */
function owned(p: CombatantPayload, user: User.Implementation): Outcome<Found> {
  const combat = findCombat(p?.combatId);
  if (!combat) return refuse("combatGone");
  const combatant = typeof p.combatantId === "string" ? combat.combatants.get(p.combatantId) : undefined;
  if (!combatant) return refuse("unknownCombatant", { id: String(p.combatantId) });
  if (!user.isGM && !userOwns(user, combatant.actor))
    return refuse("notOwner", { name: combatant.name ?? combatant.actor?.name ?? "" });
  return accept({ combat, combatant });
}

const override = (p: { force?: boolean }, user: User.Implementation) =>
  user.isGM && p.force === true ? { gmOverride: true } : {};

async function applyFor(found: Found, events: RoundEvent[]): Promise<Outcome<true>> {
  const out = await applyRoundEvents(found.combat, events);
  return out.ok ? accept(true) : out;
}

function combatantRequest<P extends CombatantPayload>(
  name: string,
  build: (p: P, found: Found, user: User.Implementation) => Outcome<RoundEvent>,
) {
  return defineGmRequest<P, true>(
    name,
    async (p, { user }) => {
      const found = owned(p, user);
      if (!found.ok) return found;
      const event = build(p, found.value, user);
      return event.ok ? applyFor(found.value, [event.value]) : event;
    },
    combatKeyOf,
  );
}

/** FS-R1: fast or slow, until the creature acts. */
export const chooseSpeedRequest = combatantRequest<CombatantPayload & { speed: Speed }>(
  "combat.chooseSpeed",
  (p, { combatant }, user) =>
    accept({ type: "chooseSpeed", id: combatant.id ?? "", speed: p.speed, ...override(p, user) }),
);

/** FS-R2/FS-R3: claim a turn; a GM forcing makes someone act out of order (initiative phases). */
export const takeTurnRequest = combatantRequest<CombatantPayload>(
  "combat.takeTurn",
  (p, { combatant }, user) => accept({ type: "takeTurn", id: combatant.id ?? "", ...override(p, user) }),
);

/** End the asker's own turn: refused unless that combatant is the one acting (so a repeat is refused). */
export const endTurnRequest = combatantRequest<CombatantPayload>("combat.endTurn", (_p, { combatant }) =>
  accept({ type: "endTurn", id: combatant.id ?? "" }),
);

/** FS-R4: give up the turn in this part (fast → slow; slow → none this round). */
export const passRequest = combatantRequest<CombatantPayload>("combat.pass", (_p, { combatant }) =>
  accept({ type: "pass", id: combatant.id ?? "" }),
);

/** A phased-round declaration (PR-P1, PR-P4, PR-P6, PR-P7, PR-P9) or orientation roll (PR-P3, PR-P11). */
export type Declaration =
  | { readonly kind: "spell"; readonly spell: "cast" | "prepare" | null }
  | { readonly kind: "missile"; readonly weapon: MissileWeapon | null }
  | {
      readonly kind: "movement";
      readonly movement: {
        readonly percent: number;
        /**
         * PR-P6: "roll" asks the GM to roll the manoeuvre roll (manoeuvre-roll.ts) and record its result;
         * "succeeded"/"failed" are the GM's own ruling, refused from a player.
         */
        readonly manoeuvre?: "none" | "roll" | "succeeded" | "failed";
        readonly draw?: boolean;
        readonly change?: boolean;
      } | null;
    }
  | {
      readonly kind: "melee";
      readonly melee: {
        readonly group: string;
        readonly extraWeapons?: number;
        /** PR-B3: the GM's only (a player's is rolled by the GM: combat.rollInitiative). */
        readonly initiative?: number;
      } | null;
    }
  | { readonly kind: "orientation"; readonly roll: number; readonly failed?: boolean };

/** A number a payload carries (a form's numeric string too); NaN for anything else, which the rules refuse. */
function numberIn(value: unknown): number {
  if (typeof value === "number") return value;
  return typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
}

export function declarationEvent(
  id: string,
  d: Declaration,
  gm: { gmOverride?: boolean },
  isGM: boolean,
): Outcome<RoundEvent> {
  switch (d?.kind) {
    case "spell":
      return accept({ type: "declareSpell", id, spell: d.spell ?? null, ...gm });
    case "missile":
      return accept({ type: "declareMissile", id, weapon: d.weapon ?? null, ...gm });
    case "movement": {
      const m = d.movement;
      const manoeuvre = m?.manoeuvre ?? "none";
      // Issue 12: a manoeuvre's result is the GM's roll (manoeuvre-roll.ts) or the GM's ruling, never a player's.
      if (!isGM && (manoeuvre === "succeeded" || manoeuvre === "failed")) return refuse("gmOnly");
      if (manoeuvre === "roll") return refuse("invalidValue");
      return accept({
        type: "declareMovement",
        id,
        movement: m
          ? {
              percent: numberIn(m.percent),
              manoeuvre,
              draw: m.draw === true,
              change: m.change === true,
            }
          : null,
        ...gm,
      });
    }
    case "melee": {
      const m = d.melee;
      // Issue 12: PR-B3's melee initiative is rolled by the GM (combat.rollInitiative); a total is the GM's.
      if (!isGM && m?.initiative !== undefined) return refuse("gmOnly");
      const melee = m
        ? {
            group: typeof m.group === "string" || typeof m.group === "number" ? String(m.group) : "",
            extraWeapons: m.extraWeapons === undefined ? 0 : numberIn(m.extraWeapons),
            ...(m.initiative === undefined ? {} : { initiative: numberIn(m.initiative) }),
          }
        : null;
      return accept({ type: "declareMelee", id, melee, ...gm });
    }
    case "orientation":
      // Issue 12: a player's orientation is rolled by the GM (combat.rollOrientation); a face is the GM's to set.
      if (!isGM) return refuse("gmOnly");
      // PR-P3: for 06–95 a failure is the GM's ruling.
      return accept({
        type: "recordOrientation",
        id,
        roll: numberIn(d.roll),
        ...(isGM && d.failed === true ? { failed: true } : {}),
        ...gm,
      });
    default:
      return refuse("invalidValue");
  }
}

/** What a movement declaration recorded this round (PR-P6), if any. */
function declaredManoeuvre(found: Found): "none" | "succeeded" | "failed" {
  const entry = roundStateOf(found.combat).combatants.find((c) => c.id === found.combatant.id);
  return entry?.sheet?.movement?.manoeuvre ?? "none";
}

/**
 * PR-P6 with a manoeuvre roll: the GM rolls it (manoeuvre-roll.ts), records the declaration with its result and
 * then posts the roll. One roll a round: once a manoeuvre roll is recorded, a player's declaration may neither
 * roll again nor drop it (declaring again keeps the result; withdrawing is refused).
 */
async function declareMovementOnGm(
  found: Found,
  d: Extract<Declaration, { kind: "movement" }>,
  p: { force?: boolean; mode?: unknown },
  user: User.Implementation,
): Promise<Outcome<true>> {
  const recorded = declaredManoeuvre(found);
  const id = found.combatant.id ?? "";
  const asked = d.movement?.manoeuvre ?? "none";
  if (!user.isGM && recorded !== "none") {
    if (!d.movement || asked === "roll") return refuse("alreadyDeclared");
    if (asked === "none") {
      const kept = { ...d, movement: { ...d.movement, manoeuvre: recorded } };
      const event = declarationEvent(id, kept, override(p, user), true);
      return event.ok ? applyFor(found, [event.value]) : event;
    }
  }
  if (asked !== "roll" || !d.movement) {
    const event = declarationEvent(id, d, override(p, user), user.isGM);
    return event.ok ? applyFor(found, [event.value]) : event;
  }
  const rolled = await rollManoeuvre(found.combat, found.combatant, user, p.mode);
  const manoeuvre = rolled.result.succeeded ? "succeeded" : "failed";
  const event = declarationEvent(
    id,
    { ...d, movement: { ...d.movement, manoeuvre } },
    override(p, user),
    true,
  );
  if (!event.ok) return event;
  const out = await applyFor(found, [event.value]);
  if (out.ok) await rolled.post();
  return out;
}

export const declareRequest = defineGmRequest<
  CombatantPayload & { declaration: Declaration; mode?: string },
  true
>(
  "combat.declare",
  async (p, { user }) => {
    const found = owned(p, user);
    if (!found.ok) return found;
    const d = p.declaration;
    if (d?.kind === "movement") return declareMovementOnGm(found.value, d, p, user);
    const event = declarationEvent(found.value.combatant.id ?? "", d, override(p, user), user.isGM);
    return event.ok ? applyFor(found.value, [event.value]) : event;
  },
  combatKeyOf,
);

/** A rolled initiative: the total and, for OD-I4, the natural d20 face. Tie keys are read on the GM side. */
export interface RolledInitiative {
  readonly combatantId: string;
  readonly total: number;
  readonly natural?: number;
}

/**
 * CD-I1, OD-I2, PR-B3, AD-T2 initiative results for combatants the asker owns. The tie keys (CD-I3 Dexterity,
 * OD-I3 Initiative) are read from the actor here, not taken from the client.
 */
export const setInitiativeRequest = defineGmRequest<{ combatId: string; rolls: RolledInitiative[] }, true>(
  "combat.setInitiative",
  async (p, { user }) => {
    // Issue 12: a total is the GM's to set; a player's initiative is rolled by the GM (combat.rollInitiative).
    if (!user.isGM) return refuse("gmOnly");
    const combat = findCombat(p?.combatId);
    if (!combat) return refuse("combatGone");
    if (!Array.isArray(p.rolls) || !p.rolls.length) return refuse("invalidRoll");
    const events: RoundEvent[] = [];
    for (const r of p.rolls) {
      const found = owned({ combatId: p.combatId, combatantId: r?.combatantId }, user);
      if (!found.ok) return found;
      // OD-I4: the natural face, when sent, is a d20's.
      const natural = r.natural;
      if (natural !== undefined && !(Number.isInteger(natural) && natural >= 1 && natural <= 20))
        return refuse("invalidRoll");
      events.push({
        type: "setInitiative",
        id: found.value.combatant.id ?? "",
        roll: initiativeRoll(familyOf(combat), found.value.combatant, Number(r.total), r.natural),
      });
    }
    const out = await applyRoundEvents(combat, events);
    return out.ok ? accept(true) : out;
  },
  combatKeyOf,
);

export function initiativeRoll(
  family: ReturnType<typeof familyOf>,
  combatant: Combatant.Implementation,
  total: number,
  natural?: number,
): InitiativeRoll {
  const stats = initiativeStats(combatant.actor);
  switch (family) {
    case "classic-d20":
      return { total, dexterity: stats.dex };
    case "opposed-d20":
      return {
        total,
        initiativeStat: stats.initiative,
        ...(natural === undefined ? {} : { natural: Number(natural) }),
      };
    default:
      return { total };
  }
}

/** GM-only events (advance the phase, end the round, reorder ties, roll-offs, force…): GM users only. */
export const gmEventsRequest = defineGmRequest<{ combatId: string; events: RoundEvent[] }, true>(
  "combat.gmEvents",
  async (p, { user }) => {
    if (!user.isGM) return refuse("gmOnly");
    const combat = findCombat(p?.combatId);
    if (!combat) return refuse("combatGone");
    if (!Array.isArray(p.events) || !p.events.length) return refuse("invalidValue");
    const out = await applyRoundEvents(combat, p.events);
    return out.ok ? accept(true) : out;
  },
  combatKeyOf,
);
