/**
 * The events the round engine accepts: plain JSON, so a player's client can send one to the active GM as
 * is (a v13 query) and the GM's client can log or replay them. `gmOverride` is explicit on every event a GM
 * may force against the rules; the Foundry layer sets it only for a GM user.
 */
import type { Expiry, RoundPoint } from "./timed-states";
import type { MissileWeapon, RoundTimedState, Side, Speed } from "./round-state";

/** An initiative roll the Foundry layer made (dice arrive as numbers). */
export interface InitiativeRoll {
  /** The total (CD-I1 d20 + Dexterity, OD-I2 d20 + Initiative, AD-T2 speed score, PR-B3 melee initiative). */
  readonly total: number;
  /** CD-I3: the Dexterity modifier, the first tie-break. */
  readonly dexterity?: number;
  /** OD-I3: the Initiative statistic, the tie-break of the "initiative" method. */
  readonly initiativeStat?: number;
  /** OD-I4: the natural d20 face, to flag a Critical. */
  readonly natural?: number;
}

export interface NewCombatant {
  readonly id: string;
  readonly side: Side;
  readonly defeated?: boolean;
  readonly initiative?: InitiativeRoll;
  /** fast-slow: a turn kind chosen in advance. */
  readonly speed?: Speed;
}

export interface NewTimedState {
  readonly key: string;
  readonly holder: string;
  readonly expiry: Expiry;
  /** Defaults to the holder's side (FS-R7). */
  readonly side?: Side;
  readonly triggers?: readonly RoundPoint[];
  /** Plain JSON. */
  readonly data?: unknown;
}

export type RoundEvent =
  /** Round 1 begins. Initiative families order everyone now (refused while someone has no initiative). */
  | { readonly type: "startCombat"; readonly gmOverride?: boolean }
  | { readonly type: "addCombatant"; readonly combatant: NewCombatant }
  /** Mid-round safe: removing the acting combatant ends its turn (and the next one starts where ordered). */
  | { readonly type: "removeCombatant"; readonly id: string }
  | { readonly type: "setDefeated"; readonly id: string; readonly defeated: boolean }
  | { readonly type: "setInitiative"; readonly id: string; readonly roll: InitiativeRoll }
  /** A roll-off (FS-R2 1d6 each; CD-I3, OD-I3, AD-T2, PR-P10 ties): one face per combatant, highest first. */
  | { readonly type: "rollOff"; readonly faces: Readonly<Record<string, number>> }
  /** The GM orders these combatants by hand, within the places they hold now (OD-I3 "manual", CD-I3). */
  | { readonly type: "reorder"; readonly ids: readonly string[]; readonly gmOverride?: boolean }
  /** FS-R1: fast or slow; changes until the creature acts. */
  | {
      readonly type: "chooseSpeed";
      readonly id: string;
      readonly speed: Speed;
      readonly gmOverride?: boolean;
    }
  /** Claim a turn (claim phases) or, with `gmOverride`, make someone act out of order (initiative phases). */
  | { readonly type: "takeTurn"; readonly id: string; readonly gmOverride?: boolean }
  /** End the current turn; `id`, when given, must be the current actor. */
  | { readonly type: "endTurn"; readonly id?: string }
  /** Give up the turn in this part (claim phases): in the fast part it means "slow", in the slow part "none". */
  | { readonly type: "pass"; readonly id: string }
  /** Next phase; refused while someone may still act in this one, unless the GM forces it. */
  | { readonly type: "advancePhase"; readonly gmOverride?: boolean }
  /** The explicit end-of-round step (FS-R7, OD-R5), then the next round starts (OD-R1). */
  | { readonly type: "endRound"; readonly gmOverride?: boolean }
  /** OD-R3: count an action; refused at `limit` (the actor's counter) unless the GM forces it. */
  | {
      readonly type: "countAction";
      readonly id: string;
      readonly kind: "active" | "passive";
      readonly limit?: number;
      readonly gmOverride?: boolean;
    }
  /** PR-P1: cast or prepare a spell this round (null withdraws). */
  | {
      readonly type: "declareSpell";
      readonly id: string;
      readonly spell: "cast" | "prepare" | null;
      readonly gmOverride?: boolean;
    }
  /** PR-P4 (in phase A) / PR-P7 (in phase B): fire or throw (null withdraws). */
  | {
      readonly type: "declareMissile";
      readonly id: string;
      readonly weapon: MissileWeapon | null;
      readonly gmOverride?: boolean;
    }
  /** PR-P6: movement and manoeuvre (null withdraws). */
  | {
      readonly type: "declareMovement";
      readonly id: string;
      readonly movement: {
        readonly percent: number;
        readonly manoeuvre?: "none" | "succeeded" | "failed";
        readonly draw?: boolean;
        readonly change?: boolean;
      } | null;
      readonly gmOverride?: boolean;
    }
  /** PR-P9: attempt melee in `group`; `initiative` is the PR-B3 total if rolled now (null withdraws). */
  | {
      readonly type: "declareMelee";
      readonly id: string;
      readonly melee: {
        readonly group: string;
        readonly extraWeapons?: number;
        readonly initiative?: number;
      } | null;
      readonly gmOverride?: boolean;
    }
  /** PR-P3 / PR-P11: a d100 orientation roll; `failed` is the GM's ruling for 06–95. */
  | {
      readonly type: "recordOrientation";
      readonly id: string;
      readonly roll: number;
      readonly failed?: boolean;
      readonly gmOverride?: boolean;
    }
  /**
   * PR-P3 (GM only): the GM's ruling on this round's orientation result — whether a low roll leaves `id` unable
   * to act for the rest of the round — and the penalty compromising its rolls in the next round (0: none).
   */
  | {
      readonly type: "ruleOrientation";
      readonly id: string;
      readonly unable: boolean;
      readonly penalty: number;
    }
  /** PR-P7/PR-P9: the GM marks a combatant unable to act (or able again). */
  | { readonly type: "setUnableToAct"; readonly id: string; readonly unable: boolean }
  /**
   * FS-MT4: `id` takes its turn at the same time as `with` (a rider and its mount share one turn): it counts as
   * having acted this round, with the same kind of turn (FS-R1). `with` must be acting now or have acted.
   */
  | { readonly type: "shareTurn"; readonly id: string; readonly with: string }
  | { readonly type: "addTimedState"; readonly state: NewTimedState }
  /**
   * Ends every state `holder` holds under `key` (a dismissal, a broken concentration, the GM); with `match`, only
   * those whose data has each of its fields equal (FS-A6: the concentration on one effect among several).
   */
  | {
      readonly type: "removeTimedState";
      readonly holder: string;
      readonly key: string;
      readonly match?: Readonly<Record<string, string | number | boolean>>;
    }
  /** Replaces the whole list, e.g. with the result of a family helper (concentration, help, defend). */
  | { readonly type: "setTimedStates"; readonly states: readonly RoundTimedState[] };

export type RoundEventType = RoundEvent["type"];
