/**
 * A family's round structure: data (its phases, each with an order policy) plus the few pure functions the
 * engine asks (initiative keys, eligibility, start-of-round and start-of-phase steps, family events, tracker
 * notes). In the spirit of boardgame.io's phases and turn orders; the engine (round-engine.ts) runs it.
 */
import type { FamilyId } from "../families/ids";
import type { Outcome, Refusal } from "../outcome";
import type { RoundDraft } from "./round-draft";
import type { InitiativeRoll, NewCombatant, RoundEvent } from "./round-event";
import type { QueueEntry, RoundTimedState, Side, Speed, TurnCombatant } from "./round-state";

export type OrderPolicy =
  /** Whoever is eligible picks when to act, the players' side before the GM's (FS-R2, FS-R3). */
  | "claim"
  /** One at a time down the initiative order, high to low (CD-I2, OD-I3, AD-T1). */
  | "initiative"
  /** Everyone eligible declares, in any order; nobody "has the turn" (PR-P1, PR-P4, PR-P6…). */
  | "declare"
  /** Declared actions resolve simultaneously (PR-P2, PR-P5, PR-P8). */
  | "resolve"
  /** A queue the family builds when the phase starts, played one at a time (PR-P10). */
  | "sequence"
  /** The explicit end-of-round step (FS-R7, OD-R5). */
  | "endOfRound";

export interface PhaseDefinition {
  /** Stable id; its label is the i18n key `label`. */
  readonly id: string;
  readonly policy: OrderPolicy;
  /** i18n key of the phase or part name (FRAY.Combat.Phase.<id> or FRAY.Combat.Part.<id>). */
  readonly label: string;
  /** Claim phases: the kind of turn taken in this part (FS-R1). */
  readonly speed?: Speed;
  /**
   * Claim phases without a kind of their own (FS-R2/FS-R3 "players first for the whole round"): the kind of a
   * turn taken by a creature that has not chosen fast or slow.
   */
  readonly defaultSpeed?: Speed;
}

/** Read access to a round in progress (a draft or a stored state). */
export interface RoundReader {
  readonly round: number;
  readonly phase: number;
  readonly phaseDef: PhaseDefinition;
  readonly current: string | null;
  readonly cursor: number;
  readonly claimSide: Side;
  readonly combatants: readonly TurnCombatant[];
  readonly order: readonly string[];
  readonly queue: readonly QueueEntry[];
  find(id: string): TurnCombatant | undefined;
  statesOf(holder: string): readonly RoundTimedState[];
}

/** Per-combatant notes for the tracker: localizable codes and numbers, never display text. */
export type TurnNotes = Readonly<Record<string, string | number | boolean>>;

/** What a structure reads from an initiative roll. */
export interface InitiativeKeys {
  readonly tieKeys: readonly number[];
  readonly critical: boolean;
}

export interface RoundStructure {
  readonly family: FamilyId;
  /** The phases of one round, in order; the last one is the end-of-round step. */
  readonly phases: readonly PhaseDefinition[];
  /**
   * "combat": rolled once, orders the whole combat (CD-I1, OD-I2, AD-T2); "round": a value for this round
   * only, reset when a round starts (PR-B3 melee initiative); "none" (fast-slow).
   */
  readonly initiative: "combat" | "round" | "none";
  /** How a tie left after every key is settled: a roll-off, or the GM ordering by hand (OD-I3 "manual"). */
  readonly ties: "rollOff" | "manual";
  /** The tie keys and flags of an initiative roll, or why it is refused (e.g. CD-I3 needs Dexterity). */
  readInitiative(roll: InitiativeRoll): Outcome<InitiativeKeys>;
  /** The family's fields of a new combatant. */
  newCombatant(input: NewCombatant): Pick<TurnCombatant, "speed" | "actions" | "sheet">;
  /** The start-of-round step (OD-R1 counters, PR sheets). */
  startRound?(d: RoundDraft): void;
  /** The start of a phase (FS-R2 roll-offs are per part). */
  startPhase?(d: RoundDraft, phase: PhaseDefinition): void;
  /** Whether the round may move into `phase` now (PR-P10 needs every striker's initiative). */
  enterPhase?(d: RoundReader, phase: PhaseDefinition): Refusal | null;
  /** Why `c` may not act in `phase` (a reason code), or null (PR-P4, PR-P7, PR-P9, PR-P3 incapacitated). */
  barred?(d: RoundReader, c: TurnCombatant, phase: PhaseDefinition): string | null;
  /** Declare phases: whether `c` has already declared in `phase`. */
  declared?(d: RoundReader, c: TurnCombatant, phase: PhaseDefinition): boolean;
  /** The strikes of a sequenced phase, in order (PR-P10). */
  sequence?(d: RoundReader, phase: PhaseDefinition): QueueEntry[];
  /** Family events; `undefined` when the event is not the family's. */
  handle?(d: RoundDraft, event: RoundEvent): Refusal | null | undefined;
  /** Notes the tracker shows beside `c` (orientation band, critical, speed, pass…). */
  notes?(d: RoundReader, c: TurnCombatant): TurnNotes;
}

/** The phase at `index`, or a refusal-proof fallback (the last phase) for a corrupt index. */
export function phaseAt(structure: RoundStructure, index: number): PhaseDefinition {
  const phases = structure.phases;
  return phases[index] ?? (phases[phases.length - 1] as PhaseDefinition);
}
