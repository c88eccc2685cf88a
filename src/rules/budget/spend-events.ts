/**
 * A spend asked for by a client arrives as untrusted JSON. The GM builds the family's own event from its
 * fields, checked one by one (never passing the client's object through), and drops any `override` the payload
 * carries: the GM side adds it only for a GM user who asked (see `authorizeSpend`).
 */
import { accept, refuse, type Outcome } from "../outcome";
import type { FamilyId } from "../families/ids";
import { isFsActivity } from "../families/fast-slow/activities";
import type { FastSlowEvent } from "../families/fast-slow/budget";
import type { ClassicD20Event } from "../families/classic-d20/budget";
import type { OpposedD20Event } from "../families/opposed-d20/budget";
import type { ActiveDefenseEvent } from "../families/active-defense-3d6/budget";
import { ALL_OUT_ATTACK_OPTIONS, type AllOutAttackChoice } from "../families/active-defense-3d6/maneuvers";

/** The events a spend request may carry, per family (phased-round declares through the round engine). */
export type SpendEvent =
  | { readonly family: "fast-slow"; readonly event: FastSlowEvent }
  | { readonly family: "classic-d20"; readonly event: ClassicD20Event }
  | { readonly family: "opposed-d20"; readonly event: OpposedD20Event }
  | { readonly family: "active-defense-3d6"; readonly event: ActiveDefenseEvent };

/** The longest free text kept (a prepared trigger, a reaction's trigger). */
export const MAX_TEXT = 200;

type Json = Record<string, unknown>;

const str = (v: unknown, max = MAX_TEXT): string | null => (typeof v === "string" ? v.slice(0, max) : null);
const id = (v: unknown): string | null =>
  typeof v === "string" && /^[A-Za-z0-9_.-]{1,64}$/.test(v) ? v : null;
const int = (v: unknown, min: number, max: number): number | null =>
  // Stryker disable next-line ConditionalExpression: Number.isInteger is already false for any non-number; the typeof test only narrows the type
  typeof v === "number" && Number.isInteger(v) && v >= min && v <= max ? v : null;
const oneOf = <T extends string>(v: unknown, values: readonly T[]): T | null =>
  // Stryker disable next-line ConditionalExpression: includes() of a list of strings is already false for any non-string; the typeof test only narrows the type
  typeof v === "string" && (values as readonly string[]).includes(v) ? (v as T) : null;
/** A counter, or null when there is none or it is not one of the two. */
const counter = (v: unknown) => oneOf(v, ["active", "passive"] as const);

function fastSlow(e: Json): FastSlowEvent | null {
  switch (e.type) {
    case "activity": {
      const activity = e.activity;
      if (!isFsActivity(activity)) return null;
      if (activity === "prepare") {
        const prepared = e.prepared as Json | undefined;
        const what = prepared?.activity;
        const trigger = str(prepared?.trigger);
        if (!isFsActivity(what) || trigger === null) return null;
        return { type: "activity", activity, prepared: { activity: what, trigger } };
      }
      if (activity === "reload")
        return {
          type: "activity",
          activity,
          weaponHasReload: e.weaponHasReload === true,
          hasAmmunition: e.hasAmmunition === true,
        };
      return { type: "activity", activity };
    }
    case "standUp": {
      const using = oneOf(e.using, ["action", "move"] as const);
      return using ? { type: "standUp", using } : null;
    }
    case "dropProne":
      return { type: "dropProne" };
    case "minor":
      return { type: "minor" };
    case "reaction": {
      const kind = oneOf(e.kind, ["opportunityAttack", "prepared", "other"] as const);
      return kind ? { type: "reaction", kind } : null;
    }
  }
  return null;
}

function classicD20(e: Json): ClassicD20Event | null {
  switch (e.type) {
    case "standard": {
      const kind = e.kind === undefined ? "other" : oneOf(e.kind, ["attack", "cast", "other"] as const);
      return kind ? { type: "standard", kind } : null;
    }
    case "moveAction":
      return { type: "moveAction", useStandard: e.useStandard === true };
    case "openMove":
      return { type: "openMove", useStandard: e.useStandard === true };
    case "fullRound":
      return {
        type: "fullRound",
        allowsStep: e.allowsStep !== false,
        canBeStandard: e.canBeStandard === true,
      };
    case "free":
      return { type: "free" };
  }
  return null;
}

function opposedD20(e: Json): OpposedD20Event | null {
  switch (e.type) {
    case "action": {
      const c = counter(e.counter);
      return c ? { type: "action", counter: c } : null;
    }
    case "reaction": {
      const trigger = str(e.trigger);
      const c = counter(e.counter);
      if (trigger === null || (e.counter !== undefined && e.counter !== null && c === null)) return null;
      return { type: "reaction", trigger, counter: c };
    }
    case "intrusive": {
      const before = id(e.before);
      const c = counter(e.counter);
      if (!before || (e.counter !== undefined && e.counter !== null && c === null)) return null;
      return { type: "intrusive", before, counter: c };
    }
  }
  return null;
}

function activeDefense(e: Json): ActiveDefenseEvent | null {
  if (e.type !== "maneuver") return null;
  switch (e.maneuver) {
    case "feint": {
      const target = id(e.target);
      const effect = int(e.effect, 0, 18);
      return target && effect !== null ? { type: "maneuver", maneuver: "feint", target, effect } : null;
    }
    case "allOutAttack": {
      const option = oneOf<AllOutAttackChoice>(e.option, ALL_OUT_ATTACK_OPTIONS);
      const weaponId = id(e.weaponId);
      return option && weaponId ? { type: "maneuver", maneuver: "allOutAttack", option, weaponId } : null;
    }
    case "allOutDefense":
    case "concentrate":
    case "move":
    case "other":
      return { type: "maneuver", maneuver: e.maneuver };
    case "ready":
    case "pickUp": {
      const weaponId = id(e.weaponId);
      return weaponId ? { type: "maneuver", maneuver: e.maneuver, weaponId } : null;
    }
    case "aim": {
      const weaponId = id(e.weaponId);
      const margin = int(e.margin, -18, 18);
      return weaponId && margin !== null ? { type: "maneuver", maneuver: "aim", weaponId, margin } : null;
    }
  }
  return null;
}

/** The family event `payload` describes, or `invalidValue`. */
export function spendEventFrom(family: FamilyId, payload: unknown): Outcome<SpendEvent> {
  if (!payload || typeof payload !== "object" || Array.isArray(payload)) return refuse("invalidValue");
  const e = payload as Json;
  switch (family) {
    case "fast-slow": {
      const event = fastSlow(e);
      return event ? accept({ family, event }) : refuse("invalidValue");
    }
    case "classic-d20": {
      const event = classicD20(e);
      return event ? accept({ family, event }) : refuse("invalidValue");
    }
    case "opposed-d20": {
      const event = opposedD20(e);
      return event ? accept({ family, event }) : refuse("invalidValue");
    }
    case "active-defense-3d6": {
      const event = activeDefense(e);
      return event ? accept({ family, event }) : refuse("invalidValue");
    }
    case "phased-round":
      // PR-P1…PR-P9: declarations go to the round engine (combat.declare), which checks them (PR-B2).
      return refuse("declareInTracker");
  }
}

/** The event with the GM's override when it was allowed (`authorizeSpend` decided). */
export function withOverride(spend: SpendEvent, override: boolean): SpendEvent {
  if (!override) return spend;
  return { ...spend, event: { ...spend.event, override: true } } as SpendEvent;
}
