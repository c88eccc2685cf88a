/**
 * The active-defense-3d6 turn budget of one combatant (AD-M1…AD-M8, AD-T1): one manoeuvre per turn; bows and
 * crossbows shoot at the start of the turn, before the manoeuvre (AD-M5); the readiness of each weapon (AD-M4);
 * the aim carried to the next shot (AD-M5); the feint carried to the next turn's attack (AD-M1); all-out attack
 * and all-out defense until the next turn (AD-M2, AD-M3); picking up a dropped weapon over two turns (AD-M8).
 *
 * Defense rolls are chosen in defenses.ts (and counted in defense-usage.ts); this budget gives them the
 * defender's flags (`defenderFlags`) and takes back what a defense cost (`defended`: aim lost, readying voided,
 * an unbalanced weapon unready). Concentration on a spell is kept by concentration.ts; the "concentrate"
 * manoeuvre here is what the turn was spent on.
 */
import type { DefenseConsequence } from "../../attack/legal-defenses";
import { decide, outsideTurn } from "../../budget/override";
import type { BudgetLine, BudgetRules, OverrideRecord } from "../../budget/budget-rules";
import { accept, refuse, type Outcome, type Refusal } from "../../outcome";
import { allOutAttackCount, type AdManeuver, type AllOutAttackChoice } from "./maneuvers";
import {
  adWeapon,
  afterReadyTurn,
  afterUse,
  type AdWeapon,
  type AdWeaponSpec,
  type AdWeaponStatus,
} from "./readiness";

/** AD-M5: a shot without aim takes −4 (attack.ts applies it). */
export const UNAIMED_PENALTY = 4;

export interface ActiveDefenseBudget {
  /** The combatant's own turns so far; "until your next turn" states are stamped with it (AD-T1). */
  readonly turnNumber: number;
  readonly inTurn: boolean;
  /** This turn's manoeuvre. */
  readonly maneuver: AdManeuver | null;
  /** AD-M8: the second pick-up turn still allows an attack. */
  readonly attackAfterPickUp: boolean;
  /** AD-M5: a shot was made at the start of this turn. */
  readonly shotThisTurn: boolean;
  /** Attack rolls made this turn under the turn's manoeuvre (AD-M2 d: two). */
  readonly strikes: number;
  readonly weapons: Readonly<Record<string, AdWeapon>>;
  /** AD-M4: a missile weapon readied on turn `turn`, which counts only if no defense is tried before the next. */
  readonly pendingReady: { readonly weaponId: string; readonly turn: number } | null;
  /** AD-M5: the aim taken on turn `turn` for the weapon's next shot (margin ≥ 0). */
  readonly aim: { readonly weaponId: string; readonly margin: number; readonly turn: number } | null;
  /** AD-M1: a successful feint made on turn `turn`. */
  readonly feint: { readonly target: string; readonly effect: number; readonly turn: number } | null;
  /** AD-M2/AD-M3: chosen on turn `turn`, lasting until the next. */
  readonly allOut:
    | { readonly kind: "attack"; readonly option: AllOutAttackChoice; readonly turn: number }
    | { readonly kind: "defense"; readonly turn: number }
    | null;
  /** AD-M8: knelt on turn `turn` to pick up this dropped weapon. */
  readonly kneeling: { readonly weaponId: string; readonly turn: number } | null;
  readonly overrides: readonly OverrideRecord[];
}

export type ActiveDefenseEvent =
  /** Add or replace a weapon (from the actor's items). */
  | {
      readonly type: "weapon";
      readonly weaponId: string;
      readonly spec: AdWeaponSpec;
      readonly status: AdWeaponStatus;
      readonly override?: boolean;
    }
  /** The weapon was dropped (a fumble, a disarm). */
  | { readonly type: "dropWeapon"; readonly weaponId: string; readonly override?: boolean }
  /** AD-M5: a bow or crossbow shot, at the start of the turn. */
  | { readonly type: "shoot"; readonly weaponId: string; readonly override?: boolean }
  /**
   * An attack roll with a weapon: the turn's Attack manoeuvre when none was chosen, or one of the attacks an
   * all-out attack makes (AD-M2), or the attack a second pick-up turn allows (AD-M8).
   */
  | { readonly type: "strike"; readonly weaponId: string; readonly override?: boolean }
  | {
      readonly type: "maneuver";
      readonly maneuver: "attack";
      readonly weaponId: string;
      readonly override?: boolean;
    }
  /** AD-M1: `effect` from `resolveFeint` (0 when the feint failed). */
  | {
      readonly type: "maneuver";
      readonly maneuver: "feint";
      readonly target: string;
      readonly effect: number;
      readonly override?: boolean;
    }
  | {
      readonly type: "maneuver";
      readonly maneuver: "allOutAttack";
      readonly option: AllOutAttackChoice;
      readonly weaponId: string;
      readonly override?: boolean;
    }
  | { readonly type: "maneuver"; readonly maneuver: "allOutDefense"; readonly override?: boolean }
  | {
      readonly type: "maneuver";
      readonly maneuver: "ready";
      readonly weaponId: string;
      readonly override?: boolean;
    }
  /** AD-M5: `margin` of the skill roll; a failed roll (margin < 0) gives no aim. */
  | {
      readonly type: "maneuver";
      readonly maneuver: "aim";
      readonly weaponId: string;
      readonly margin: number;
      readonly override?: boolean;
    }
  | {
      readonly type: "maneuver";
      readonly maneuver: "concentrate" | "move" | "other";
      readonly override?: boolean;
    }
  | {
      readonly type: "maneuver";
      readonly maneuver: "pickUp";
      readonly weaponId: string;
      readonly override?: boolean;
    }
  /** A defense was tried: apply what it cost (from the chosen option's `consequences`). */
  | {
      readonly type: "defended";
      readonly consequences: readonly DefenseConsequence[];
      /** The parrying weapon, for "unreadyWeapon". */
      readonly weaponId?: string;
      readonly override?: boolean;
    };

/** Every reason code this budget refuses with (`FRAY.Refusal.<code>`). */
export const ACTIVE_DEFENSE_REFUSALS = [
  "notYourTurn",
  "maneuverTaken",
  "unknownWeapon",
  "weaponNotReady",
  "weaponDropped",
  "weaponNotDropped",
  "alreadyReady",
  "notMissileWeapon",
  "shootAtTurnStart",
  "shotTaken",
  "unbalancedTwoAttacks",
  "attacksUsed",
] as const;

export type ActiveDefenseRefusal = (typeof ACTIVE_DEFENSE_REFUSALS)[number];

export function initialActiveDefenseBudget(
  weapons: Readonly<Record<string, AdWeapon>> = {},
): ActiveDefenseBudget {
  return {
    turnNumber: 0,
    inTurn: false,
    maneuver: null,
    attackAfterPickUp: false,
    shotThisTurn: false,
    strikes: 0,
    weapons,
    pendingReady: null,
    aim: null,
    feint: null,
    allOut: null,
    kneeling: null,
    overrides: [],
  };
}

/** Rounds carry nothing over that turns do not already: only the override log starts again. */
export function startActiveDefenseRound(state: ActiveDefenseBudget): ActiveDefenseBudget {
  return { ...state, overrides: [] };
}

/**
 * AD-T1: the combatant's turn starts. All-out attack and defense end; a missile readying that no defense voided
 * counts now (AD-M4); the aim and the feint of the previous turn stay for this turn only (AD-M1, AD-M5).
 */
export function startActiveDefenseTurn(state: ActiveDefenseBudget): ActiveDefenseBudget {
  const turnNumber = state.turnNumber + 1;
  let weapons = state.weapons;
  const pending = state.pendingReady;
  if (pending) {
    const weapon = weapons[pending.weaponId];
    if (weapon) weapons = { ...weapons, [pending.weaponId]: afterReadyTurn(weapon) };
  }
  const lastTurn = turnNumber - 1;
  return {
    ...state,
    turnNumber,
    inTurn: true,
    maneuver: null,
    attackAfterPickUp: false,
    shotThisTurn: false,
    strikes: 0,
    weapons,
    pendingReady: null,
    allOut: null,
    aim: state.aim && state.aim.turn === lastTurn ? state.aim : null,
    feint: state.feint && state.feint.turn === lastTurn ? state.feint : null,
    kneeling: state.kneeling && state.kneeling.turn === lastTurn ? state.kneeling : null,
  };
}

export function endActiveDefenseTurn(state: ActiveDefenseBudget): ActiveDefenseBudget {
  return { ...state, inTurn: false };
}

function weaponRefusal(state: ActiveDefenseBudget, weaponId: string): Refusal<ActiveDefenseRefusal> | null {
  const weapon = state.weapons[weaponId];
  if (!weapon) return refuse("unknownWeapon");
  if (weapon.status === "dropped") return refuse("weaponDropped");
  if (weapon.status !== "ready") return refuse("weaponNotReady");
  return null;
}

function withWeapon(state: ActiveDefenseBudget, weaponId: string, weapon: AdWeapon | undefined) {
  return weapon ? { ...state, weapons: { ...state.weapons, [weaponId]: weapon } } : state;
}

/** The manoeuvre slot: one per turn, except the attack the second pick-up turn allows (AD-M8). */
function maneuverRefusal(
  state: ActiveDefenseBudget,
  maneuver: AdManeuver,
): Refusal<ActiveDefenseRefusal> | null {
  if (state.maneuver === null) return null;
  if (maneuver === "attack" && state.attackAfterPickUp) return null;
  return refuse("maneuverTaken");
}

function spendManeuver(
  state: ActiveDefenseBudget,
  event: Extract<ActiveDefenseEvent, { type: "maneuver" }>,
): Outcome<ActiveDefenseBudget> {
  const turn = state.turnNumber;
  let refusal: Refusal | null = maneuverRefusal(state, event.maneuver);
  // Any manoeuvre, including the attack a second pick-up turn allows, closes the slot.
  const taken = { ...state, maneuver: state.maneuver ?? event.maneuver, attackAfterPickUp: false };
  switch (event.maneuver) {
    case "attack": {
      const weapon = state.weapons[event.weaponId];
      refusal ??= weaponRefusal(state, event.weaponId);
      // Stryker disable next-line OptionalChaining: weaponRefusal refuses an unknown weapon, so weapon is defined whenever refusal is null
      if (!refusal && weapon?.missile) refusal = refuse("shootAtTurnStart"); // AD-M5
      return decide(event, refusal, () => withWeapon(taken, event.weaponId, weapon && afterUse(weapon)));
    }
    case "feint":
      // AD-M4: a feint alone does not unready an unbalanced weapon.
      return decide(event, refusal, () => ({
        ...taken,
        feint: event.effect > 0 ? { target: event.target, effect: event.effect, turn } : null,
      }));
    case "allOutAttack": {
      const weapon = state.weapons[event.weaponId];
      if (!refusal) {
        if (!weapon) refusal = refuse("unknownWeapon");
        else if (weapon.missile) refusal = refuse("shootAtTurnStart");
        else if (event.option === "twoAttacks" && weapon.unbalanced) refusal = refuse("unbalancedTwoAttacks");
        else if (event.option === "readyAndAttack") {
          if (weapon.status === "dropped") refusal = refuse("weaponDropped");
        } else refusal = weaponRefusal(state, event.weaponId);
      }
      return decide(event, refusal, () => ({
        ...withWeapon(
          taken,
          event.weaponId,
          weapon && afterUse({ ...weapon, status: "ready", readyingLeft: 0 }),
        ),
        allOut: { kind: "attack", option: event.option, turn },
      }));
    }
    case "allOutDefense":
      return decide(event, refusal, () => ({ ...taken, allOut: { kind: "defense", turn } }));
    case "ready": {
      const weapon = state.weapons[event.weaponId];
      if (!refusal) {
        if (!weapon) refusal = refuse("unknownWeapon");
        else if (weapon.status === "dropped") refusal = refuse("weaponDropped");
        else if (weapon.status === "ready") refusal = refuse("alreadyReady");
      }
      if (weapon?.missile) {
        // AD-M4: readying a missile weapon counts when the next turn starts, unless a defense voids it first.
        return decide(event, refusal, () => ({ ...taken, pendingReady: { weaponId: event.weaponId, turn } }));
      }
      return decide(event, refusal, () =>
        withWeapon(taken, event.weaponId, weapon && afterReadyTurn(weapon)),
      );
    }
    case "aim": {
      const weapon = state.weapons[event.weaponId];
      if (!refusal) {
        if (!weapon) refusal = refuse("unknownWeapon");
        else if (!weapon.missile) refusal = refuse("notMissileWeapon");
        else refusal = weaponRefusal(state, event.weaponId);
      }
      return decide(event, refusal, () => ({
        ...taken,
        aim: event.margin >= 0 ? { weaponId: event.weaponId, margin: event.margin, turn } : null,
      }));
    }
    case "pickUp": {
      const weapon = state.weapons[event.weaponId];
      if (!refusal) {
        if (!weapon) refusal = refuse("unknownWeapon");
        else if (weapon.status !== "dropped") refusal = refuse("weaponNotDropped");
      }
      const knelt = state.kneeling?.weaponId === event.weaponId && state.kneeling.turn === turn - 1;
      if (!knelt)
        return decide(event, refusal, () => ({ ...taken, kneeling: { weaponId: event.weaponId, turn } }));
      // AD-M8: second turn: the weapon is in hand (a bow or crossbow still to load) and an attack may follow.
      const inHand = weapon && adWeapon(weapon, weapon.missile ? "unready" : "ready");
      return decide(event, refusal, () => ({
        ...withWeapon(taken, event.weaponId, inHand),
        kneeling: null,
        attackAfterPickUp: true,
      }));
    }
    default:
      return decide(event, refusal, () => taken);
  }
}

export function spendActiveDefense(
  state: ActiveDefenseBudget,
  event: ActiveDefenseEvent,
  _ctx?: unknown,
): Outcome<ActiveDefenseBudget> {
  switch (event.type) {
    case "weapon":
      return accept({
        ...state,
        weapons: { ...state.weapons, [event.weaponId]: adWeapon(event.spec, event.status) },
      });
    case "dropWeapon": {
      const weapon = state.weapons[event.weaponId];
      if (!weapon) return refuse("unknownWeapon");
      return accept({
        ...withWeapon(state, event.weaponId, { ...weapon, status: "dropped", readyingLeft: 0 }),
        aim: state.aim?.weaponId === event.weaponId ? null : state.aim,
        pendingReady: state.pendingReady?.weaponId === event.weaponId ? null : state.pendingReady,
      });
    }
    case "defended": {
      let next = state;
      for (const c of event.consequences) {
        if (c.kind === "loseAim" && state.aim?.turn === state.turnNumber) next = { ...next, aim: null };
        if (c.kind === "voidReadying") next = { ...next, pendingReady: null };
        if (c.kind === "unreadyWeapon" && event.weaponId) {
          const weapon = next.weapons[event.weaponId];
          if (weapon) next = withWeapon(next, event.weaponId, afterUse(weapon));
        }
      }
      return accept(next);
    }
    case "shoot": {
      if (!state.inTurn) return outsideTurn(state, event);
      const weapon = state.weapons[event.weaponId];
      let refusal: Refusal | null = weaponRefusal(state, event.weaponId);
      if (!refusal && weapon && !weapon.missile) refusal = refuse("notMissileWeapon");
      if (!refusal && state.shotThisTurn) refusal = refuse("shotTaken");
      if (!refusal && state.maneuver !== null) refusal = refuse("shootAtTurnStart"); // AD-M5
      return decide(event, refusal, () => ({
        ...withWeapon(state, event.weaponId, weapon && afterUse(weapon)),
        shotThisTurn: true,
        aim: null,
      }));
    }
    case "maneuver":
      if (!state.inTurn) return outsideTurn(state, event);
      return spendManeuver(state, event);
    case "strike":
      if (!state.inTurn) return outsideTurn(state, event);
      return spendStrike(state, event);
  }
}

/** AD-M2: the attacks the turn's all-out attack allows. */
function allOutStrikes(state: ActiveDefenseBudget): number {
  const allOut = state.allOut;
  return allOut?.kind === "attack" && allOut.turn === state.turnNumber ? allOutAttackCount(allOut.option) : 0;
}

/**
 * An attack roll. With no manoeuvre yet (or after the second pick-up turn, AD-M8) it is the Attack manoeuvre,
 * with its readiness checks; under an all-out attack it is one of that manoeuvre's attacks (the manoeuvre already
 * readied or used the weapon, AD-M2), two with option (d); after any other manoeuvre it is refused.
 */
function spendStrike(
  state: ActiveDefenseBudget,
  event: Extract<ActiveDefenseEvent, { type: "strike" }>,
): Outcome<ActiveDefenseBudget> {
  const counted = (s: ActiveDefenseBudget) => ({ ...s, strikes: s.strikes + 1 });
  if (state.maneuver === null || state.attackAfterPickUp) {
    const attack = spendManeuver(state, {
      type: "maneuver",
      maneuver: "attack",
      weaponId: event.weaponId,
      ...(event.override ? { override: true } : {}),
    });
    return attack.ok ? accept(counted(attack.value)) : attack;
  }
  const allowed = allOutStrikes(state);
  const refusal: Refusal | null =
    state.maneuver === "allOutAttack"
      ? state.strikes < allowed
        ? null
        : refuse("attacksUsed", { count: allowed })
      : refuse("maneuverTaken");
  return decide(event, refusal, () => counted(state));
}

/** AD-M5: the aim the shot takes, in the shape attack.ts reads: the aim's margin, or unaimed (−4). */
export function shotAim(
  state: ActiveDefenseBudget,
  weaponId: string,
): { readonly aimed: true; readonly margin: number } | { readonly aimed: false } {
  const aim = state.aim;
  if (aim && aim.weaponId === weaponId && aim.turn === state.turnNumber - 1 && state.inTurn)
    return { aimed: true, margin: aim.margin };
  return { aimed: false };
}

/** AD-M1: the effect of last turn's feint against `target`, for `feintPenalty`'s `earlierFeint`. */
export function earlierFeint(state: ActiveDefenseBudget, target: string): number {
  const feint = state.feint;
  return feint && feint.target === target && feint.turn === state.turnNumber - 1 && state.inTurn
    ? feint.effect
    : 0;
}

/** The defender's side of defenses.ts's input, read from this budget (AD-M2…AD-M5). */
export function defenderFlags(state: ActiveDefenseBudget, parryWeaponId?: string) {
  const weapon = parryWeaponId ? state.weapons[parryWeaponId] : undefined;
  // No turn stamp (undefined) is never the current turn.
  const current = (turn: number | undefined) => turn === state.turnNumber;
  return {
    parryWeaponReady: weapon?.status === "ready",
    parryWeaponUnbalanced: weapon?.unbalanced === true,
    allOutAttack: state.allOut?.kind === "attack" && current(state.allOut.turn),
    allOutDefense: state.allOut?.kind === "defense" && current(state.allOut.turn),
    aiming: current(state.aim?.turn),
    readyingMissile: state.pendingReady !== null,
  };
}

/** What is left this turn: the manoeuvre (and the start-of-turn shot while a ready missile weapon waits). */
export function activeDefenseRemaining(state: ActiveDefenseBudget) {
  const turn: BudgetLine[] = [];
  if (state.inTurn) {
    const free = state.maneuver === null || state.attackAfterPickUp;
    turn.push({ key: "maneuver", left: free ? 1 : 0, max: 1, unit: "count" });
    const allowed = allOutStrikes(state);
    if (state.maneuver === "allOutAttack" && allowed > 0)
      turn.push({ key: "attacks", left: Math.max(0, allowed - state.strikes), max: allowed, unit: "count" });
    const canShoot = Object.values(state.weapons).some((w) => w.missile && w.status === "ready");
    if (canShoot)
      turn.push({
        key: "shot",
        left: !state.shotThisTurn && state.maneuver === null ? 1 : 0,
        max: 1,
        unit: "count",
      });
  }
  return { turn, round: [] as BudgetLine[] };
}

export const activeDefenseBudget: BudgetRules<ActiveDefenseBudget, ActiveDefenseEvent, unknown, void, void> =
  {
    family: "active-defense-3d6",
    initial: () => initialActiveDefenseBudget(),
    startRound: startActiveDefenseRound,
    startTurn: startActiveDefenseTurn,
    endTurn: endActiveDefenseTurn,
    spend: spendActiveDefense,
    remaining: activeDefenseRemaining,
  };
