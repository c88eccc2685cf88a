/**
 * The round engine's state: plain JSON (arrays, records of primitives, no Maps, Sets, classes or functions),
 * so the Foundry layer can keep it whole in a Combat's system data and every client can render it.
 * Only `reduce`/`reduceAll` (round-engine.ts) make new states; everything here is read-only.
 */
import type { FamilyId } from "../families/ids";
import type { MissileWeapon } from "../families/phased-round/budget";
import type { TimedState } from "./timed-states";

/** Whose creature it is: the players' or the GM's (FS-R2, FS-R3, FS-R7, FS-R9). */
export type Side = "players" | "gm";

/** FS-R1: the kind of turn a fast-slow creature takes. */
export type Speed = "fast" | "slow";

/** A plain JSON record, the usual data of a timed state. */
export type TimedData = Readonly<Record<string, string | number | boolean | null>>;

/**
 * A timed state as the engine stores it (timed-states.ts). Its `data` is the family module's own shape
 * (concentration, help, feint…); it must be plain JSON, as the whole state is.
 */
export type RoundTimedState = TimedState;

/** OD-R3: actions a participant has taken this round (reset at the start of each round, OD-R1). */
export interface ActionCounts {
  readonly active: number;
  readonly passive: number;
}

export type { MissileWeapon };

/** PR-P3/PR-P11: the band of a d100 orientation roll. */
export type OrientationBand =
  /** 05 or less: unable to act for the rest of the round (always, or as the GM rules: `prOrientationLow`). */
  | "incapacitated"
  /** 06–95: the GM's judgement (`failed` records the GM's ruling). */
  | "judgement"
  /** 96 or more: the best possible outcome. */
  | "best";

export interface OrientationResult {
  readonly roll: number;
  readonly band: OrientationBand;
  /** A failed orientation roll (always for "incapacitated", never for "best", the GM's ruling otherwise). */
  readonly failed: boolean;
  /** PR-P3: a compromised character's penalty, taken off `roll` before the band was read. */
  readonly penalty?: number;
  /**
   * PR-P3 under the "gm" reading: whether a low roll leaves the character unable to act ("pending" until the
   * GM rules; ruled "able", `failed` is false). Absent: the "always unable" reading.
   */
  readonly ruling?: "pending" | "unable" | "able";
}

/** PR-P6: what a combatant declared in the movement and manoeuvre phase. */
export interface MovementDeclaration {
  /** Share of its movement potential used, 0–100. */
  readonly percent: number;
  /** An extraordinary manoeuvre and its result (PR-P6 manoeuvre roll). */
  readonly manoeuvre: "none" | "succeeded" | "failed";
  /** Drew a weapon (20 % of the round's activity) / changed weapons (50 %). */
  readonly draw: boolean;
  readonly change: boolean;
}

/** PR-P9: a melee declaration; PR-P10 orders strikers by group, then initiative. */
export interface MeleeDeclaration {
  /** The group of combatants fighting each other. */
  readonly group: string;
  /** Extra usable weapons (weapon in each hand, haste…): a second strike in pass 2 when above 0. */
  readonly extraWeapons: number;
}

/** Phased-round declarations for the current round (reset at the start of each round). */
export interface PhasedSheet {
  readonly spell: "cast" | "prepare" | null;
  readonly missileA: MissileWeapon | null;
  readonly missileB: MissileWeapon | null;
  readonly movement: MovementDeclaration | null;
  readonly melee: MeleeDeclaration | null;
  readonly spellOrientation: OrientationResult | null;
  readonly finalOrientation: OrientationResult | null;
  /** Set by the GM (stunned, held…): bars PR-P7 and PR-P9; kept across rounds until the GM clears it. */
  readonly unableToAct: boolean;
}

export interface TurnCombatant {
  /** The Foundry Combatant id. */
  readonly id: string;
  readonly side: Side;
  /** Join order: the last tie-break, and the display order where no other order applies. */
  readonly seq: number;
  readonly defeated: boolean;
  /** Ordering total (CD-I1, OD-I2, AD-T2 speed score, PR-B3 melee initiative); null until set. */
  readonly initiative: number | null;
  /** Keys compared after the total, higher first (CD-I3 Dexterity modifier, OD-I3 Initiative). */
  readonly tieKeys: readonly number[];
  /** Roll-off faces, one per roll-off, compared last, higher first (FS-R2, CD-I3, OD-I3, AD-T2). */
  readonly rollOff: readonly number[];
  /** The GM placed it by hand (`reorder`): a remaining tie with it is settled. */
  readonly placedByGm: boolean;
  /** OD-I4: the initiative roll was a Critical. */
  readonly critical: boolean;
  /** The last round in which it finished a turn (FS-R4); 0 for never. */
  readonly actedRound: number;
  /** The last round in which it gave up (or missed) its turn; 0 for never. */
  readonly passedRound: number;
  /** fast-slow: the kind of turn chosen; changes until it acts (FS-R1); null while undecided. */
  readonly speed: Speed | null;
  /** opposed-d20: action counters (OD-R1, OD-R3); null in other families. */
  readonly actions: ActionCounts | null;
  /** phased-round: this round's declarations; null in other families. */
  readonly sheet: PhasedSheet | null;
}

/** One strike in a sequenced phase (PR-P10): pass 1 in initiative order, pass 2 for extra weapons. */
export interface QueueEntry {
  readonly id: string;
  readonly group: string;
  readonly pass: 1 | 2;
}

/** How a turn ended. */
export type TurnEndCause = "ended" | "removed" | "defeated" | "forced" | "interrupted";

/**
 * What the last event did, for the Foundry layer's lifecycle work (expire ActiveEffects, apply start- and
 * end-of-round effects, chat cards). Replaced by each `reduce`; accumulated over a `reduceAll` batch.
 */
export type RoundNotice =
  | { readonly kind: "roundStarted"; readonly round: number; readonly effects: readonly RoundTimedState[] }
  | { readonly kind: "phaseStarted"; readonly round: number; readonly phase: string }
  | {
      readonly kind: "turnStarted";
      readonly round: number;
      readonly phase: string;
      readonly id: string;
      /** AD-T1: the holder's "until your next turn" states that ended as this turn started. */
      readonly expired: readonly RoundTimedState[];
      /**
       * The turn an interruption paused goes on (a GM's out-of-order turn, a roll-off or a hand order above
       * it): the same turn, not the holder's next one, so nothing expires and its budget is not opened again.
       */
      readonly resumed?: true;
    }
  | {
      readonly kind: "turnEnded";
      readonly round: number;
      readonly phase: string;
      readonly id: string;
      readonly cause: TurnEndCause;
    }
  | {
      readonly kind: "roundEnded";
      readonly round: number;
      /** FS-R7: the effects to resolve now, players' side first; `ends` when the state expired (FS-R8). */
      readonly effects: readonly { readonly state: RoundTimedState; readonly ends: boolean }[];
    }
  | {
      readonly kind: "statesRemoved";
      readonly cause: "combatantRemoved" | "removed";
      readonly states: readonly RoundTimedState[];
    };

export interface RoundState {
  readonly family: FamilyId;
  /** 0 until the combat starts, then 1, 2… */
  readonly round: number;
  /** Index of the current phase in the family structure's `phases`. */
  readonly phase: number;
  /** The combatant whose turn it is, or null ("nobody is acting now"). */
  readonly current: string | null;
  /** Position of the turn being played in `order` (initiative phases) or `queue` (sequenced phases). */
  readonly cursor: number;
  /** Claim phases: whose sub-part it is (FS-R2 players first, FS-R3 then the GM's creatures). */
  readonly claimSide: Side;
  /** Initiative order, fixed once the combat starts (CD-I2, CD-I3, OD-I3, AD-T1). */
  readonly order: readonly string[];
  /** The strikes of a sequenced phase (PR-P10). */
  readonly queue: readonly QueueEntry[];
  /** FS-R2: the players who settled a disputed order by a roll-off in this part. */
  readonly contest: readonly string[];
  /**
   * Initiative phases: the combatants whose turn was interrupted in this phase and has not resumed; when it
   * does, it is the same turn (CD-A1 one budget, AD-T1 no "next turn"). Closed when the phase ends.
   */
  readonly interrupted: readonly string[];
  /** Everyone in the combat, in join order. */
  readonly combatants: readonly TurnCombatant[];
  /** The combat's timed states, in creation order (timed-states.ts). */
  readonly timed: readonly RoundTimedState[];
  readonly nextSeq: number;
  readonly notices: readonly RoundNotice[];
}

/** A combat that has not started: no combatants, round 0. */
export function emptyRoundState(family: FamilyId): RoundState {
  return {
    family,
    round: 0,
    phase: 0,
    current: null,
    cursor: -1,
    claimSide: "players",
    order: [],
    queue: [],
    contest: [],
    interrupted: [],
    combatants: [],
    timed: [],
    nextSeq: 0,
    notices: [],
  };
}
