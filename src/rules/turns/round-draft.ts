/**
 * A working copy of a `RoundState` while the engine applies events. It copies on write, only what it
 * touches, and keeps private indexes (id → position, holder → timed states, claim counters) so that a whole
 * round of events costs about one pass over the combatants, not one pass per event. The base state is
 * never mutated; `finish()` returns the new plain state. Not part of any stored data.
 */
import { phaseAt, type PhaseDefinition, type RoundReader, type RoundStructure } from "./round-structure";
import type {
  QueueEntry,
  RoundNotice,
  RoundState,
  RoundTimedState,
  Side,
  TurnCombatant,
} from "./round-state";

export type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** Linear look-ups a draft makes before it builds an id index (cheap single events, fast batches). */
const LINEAR_PROBES = 6;

const NONE: readonly RoundTimedState[] = Object.freeze([]);
const NO_IDS: readonly string[] = Object.freeze([]);

/** A copy with every field listed, so all combatants share one object shape (fast property access). */
function cloneCombatant(c: TurnCombatant): Mutable<TurnCombatant> {
  return {
    id: c.id,
    side: c.side,
    seq: c.seq,
    defeated: c.defeated,
    initiative: c.initiative,
    tieKeys: c.tieKeys,
    rollOff: c.rollOff,
    placedByGm: c.placedByGm,
    critical: c.critical,
    actedRound: c.actedRound,
    passedRound: c.passedRound,
    speed: c.speed,
    actions: c.actions,
    sheet: c.sheet,
  };
}

export class RoundDraft implements RoundReader {
  readonly structure: RoundStructure;
  readonly family: RoundState["family"];
  round: number;
  phase: number;
  current: string | null;
  cursor: number;
  claimSide: Side;
  nextSeq: number;
  notices: RoundNotice[];

  private list: TurnCombatant[];
  private listOwned = false;
  /** ownedAt[i] === 1: list[i] is this draft's own copy (copy on write). Sized with the list. */
  private ownedAt = new Uint8Array(0);
  private index: Map<string, number> | null = null;
  private probes = 0;
  private lastIndex = 0;

  private orderList: string[];
  private orderOwned = false;
  /** Positions in `combatants` of each entry of `order`, when this draft knows them (set at combat start). */
  private orderAt: Int32Array | null = null;
  private queueList: QueueEntry[];
  private queueOwned = false;
  private contestList: string[];
  private contestOwned = false;
  private interruptedList: readonly string[];

  private timedList: RoundTimedState[];
  private timedOwned = false;
  private dropped: Set<RoundTimedState> | null = null;
  private byHolder: Map<string, RoundTimedState[]> | null = null;

  /** Claim phases: combatants still expected to act in this part, per side (FS-R3). */
  private pendingCount: { players: number; gm: number } | null = null;

  constructor(structure: RoundStructure, base: RoundState) {
    this.structure = structure;
    this.family = base.family;
    this.round = base.round;
    this.phase = base.phase;
    this.current = base.current;
    this.cursor = base.cursor;
    this.claimSide = base.claimSide;
    this.nextSeq = base.nextSeq;
    this.notices = [];
    this.list = base.combatants as TurnCombatant[];
    this.orderList = base.order as string[];
    this.queueList = base.queue as QueueEntry[];
    this.contestList = base.contest as string[];
    this.interruptedList = base.interrupted;
    this.timedList = base.timed as RoundTimedState[];
  }

  // Stryker disable next-line UnaryOperator: the cached definition starts empty (null), so the first read computes it whatever index is cached
  private phaseCache = -1;
  private phaseDefCache: PhaseDefinition | null = null;

  get phaseDef(): PhaseDefinition {
    // Stryker disable next-line ConditionalExpression, BooleanLiteral: phaseAt is pure, so computing it again changes nothing; the mutants that leave a stale cache are killed
    if (this.phaseCache !== this.phase || !this.phaseDefCache) {
      this.phaseDefCache = phaseAt(this.structure, this.phase);
      this.phaseCache = this.phase;
    }
    return this.phaseDefCache;
  }

  get combatants(): readonly TurnCombatant[] {
    return this.list;
  }

  get order(): readonly string[] {
    return this.orderList;
  }

  get queue(): readonly QueueEntry[] {
    return this.queueList;
  }

  get contest(): readonly string[] {
    return this.contestList;
  }

  indexOf(id: string): number {
    const last = this.list[this.lastIndex];
    // Stryker disable next-line ConditionalExpression: the last-hit shortcut; lookUp finds the same position (the mutants that return a wrong one are killed)
    if (last !== undefined && last.id === id) return this.lastIndex;
    const i = this.lookUp(id);
    // Stryker disable next-line ConditionalExpression, EqualityOperator: lastIndex only speeds up the next look-up; a missing or stale hint is checked before use
    if (i >= 0) this.lastIndex = i;
    return i;
  }

  private lookUp(id: string): number {
    // Stryker disable next-line ConditionalExpression: without the index the draft rebuilds it or scans the list, which finds the same positions (the null-index mutant is killed)
    if (this.index) return this.index.get(id) ?? -1;
    // Stryker disable next-line ConditionalExpression, EqualityOperator, UpdateOperator, BlockStatement: when the id index is built only changes speed; index and scan give the same positions
    if (++this.probes > LINEAR_PROBES) {
      this.index = new Map();
      for (let i = 0; i < this.list.length; i++) this.index.set((this.list[i] as TurnCombatant).id, i);
      return this.index.get(id) ?? -1;
    }
    for (let i = 0; i < this.list.length; i++) if ((this.list[i] as TurnCombatant).id === id) return i;
    return -1;
  }

  find(id: string): TurnCombatant | undefined {
    const i = this.indexOf(id);
    // Stryker disable next-line ConditionalExpression: list[-1] is undefined as well
    return i < 0 ? undefined : this.list[i];
  }

  /** Changes one combatant (copy on write) and keeps the claim counters right. */
  update(id: string, patch: Partial<TurnCombatant>): TurnCombatant | undefined {
    const i = this.indexOf(id);
    return i < 0 ? undefined : this.updateAt(i, patch);
  }

  /** FS-R4: `id` finished a turn this round (keeps the claim counters right). */
  markActed(id: string): void {
    const i = this.indexOf(id);
    if (i < 0) return;
    // Stryker disable next-line BooleanLiteral: with no counters there is nothing to count down (countPending checks them)
    const wasPending = this.pendingCount ? this.isPending(this.list[i] as TurnCombatant) : false;
    const own = this.own(i);
    own.actedRound = this.round;
    if (wasPending) this.countPending(own, -1);
  }

  /** `update` for the combatant at position `i` of `combatants` (a loop over everyone needs no look-up). */
  updateAt(i: number, patch: Partial<TurnCombatant>): TurnCombatant {
    const before = this.list[i] as TurnCombatant;
    // Stryker disable next-line BooleanLiteral: with no counters there is nothing to count (the next line checks them)
    const wasPending = this.pendingCount ? this.isPending(before) : false;
    const after = this.own(i);
    Object.assign(after, patch);
    // Stryker disable next-line ConditionalExpression: countPending checks the counters itself (the mutant that never counts is killed)
    if (this.pendingCount) this.countPending(after, (this.isPending(after) ? 1 : 0) - (wasPending ? 1 : 0));
    return after;
  }

  /**
   * The draft's own, writable copy of the combatant at position `i` (copied on first write). For family
   * fields only — `sheet`, `actions`, `initiative`, `tieKeys`, `rollOff`, `placedByGm`, `critical`: the
   * fields that decide who may still act (`defeated`, `actedRound`, `passedRound`, `speed`) go through
   * `update`, which keeps the claim counters right.
   */
  own(i: number): Mutable<TurnCombatant> {
    if (this.ownedAt[i] === 1) return this.list[i] as Mutable<TurnCombatant>;
    const copy = cloneCombatant(this.list[i] as TurnCombatant);
    this.ownList()[i] = copy;
    this.ownedAt[i] = 1;
    return copy;
  }

  add(combatant: TurnCombatant): void {
    this.ownList().push(combatant);
    // Stryker disable next-line EqualityOperator: growing one step earlier changes nothing (the mutant that never grows is killed)
    if (this.ownedAt.length < this.list.length) {
      const grown = new Uint8Array(Math.max(8, this.list.length * 2));
      grown.set(this.ownedAt);
      this.ownedAt = grown;
    }
    this.ownedAt[this.list.length - 1] = 1;
    this.index?.set(combatant.id, this.list.length - 1);
    if (this.pendingCount && this.isPending(combatant)) this.countPending(combatant, 1);
  }

  remove(id: string): TurnCombatant | undefined {
    const i = this.indexOf(id);
    if (i < 0) return undefined;
    const [gone] = this.ownList().splice(i, 1) as [TurnCombatant];
    this.orderAt = null;
    this.ownedAt.copyWithin(i, i + 1);
    this.index = null;
    this.probes = 0;
    this.lastIndex = 0;
    if (this.pendingCount && this.isPending(gone)) this.countPending(gone, -1);
    return gone;
  }

  // --- claim counters (FS-R3) -------------------------------------------------------------------------

  /** Whether `c` is still expected to take a turn in the current claim part. */
  isPending(c: TurnCombatant): boolean {
    const phase = this.phaseDef;
    if (phase.policy !== "claim" || c.defeated) return false;
    if (c.actedRound >= this.round || c.passedRound >= this.round) return false;
    return phase.speed !== "fast" || c.speed !== "slow";
  }

  pending(side: Side): number {
    // Stryker disable next-line ConditionalExpression: counting again gives what the kept counters say (the mutant that never counts is killed)
    if (!this.pendingCount) {
      this.pendingCount = { players: 0, gm: 0 };
      for (const c of this.list) if (this.isPending(c)) this.pendingCount[c.side]++;
    }
    return this.pendingCount[side];
  }

  /** Call when the phase or round changes: what "pending" means changes with it. */
  resetPending(): void {
    this.pendingCount = null;
  }

  /** Whether the current phase may end without a GM override: nobody still to act in it. */
  phaseComplete(): boolean {
    switch (this.phaseDef.policy) {
      case "claim":
        return this.current === null && this.pending("gm") === 0 && this.pending("players") === 0;
      case "initiative":
      case "sequence":
        return this.current === null;
      default:
        return true;
    }
  }

  private countPending(c: TurnCombatant, delta: number): void {
    // Stryker disable next-line ConditionalExpression, LogicalOperator: every caller checks the counters exist first, and adding 0 changes nothing (the mutant that never counts is killed)
    if (this.pendingCount && delta) this.pendingCount[c.side] += delta;
  }

  // --- order, queue, contest ------------------------------------------------------------------------------

  /** The combatant at place `i` of the initiative order. */
  atOrder(i: number): TurnCombatant | undefined {
    const at = this.orderAt?.[i];
    // Stryker disable next-line ConditionalExpression: looking the id up gives the same combatant as the kept position (the mutant that never looks up is killed)
    if (at === undefined) {
      const id = this.orderList[i];
      // Stryker disable next-line ConditionalExpression: find(undefined) is undefined as well
      return id === undefined ? undefined : this.find(id);
    }
    this.lastIndex = at;
    return this.list[at];
  }

  /** Sets the order from positions in `combatants` (the draft keeps them: no id look-ups while walking it). */
  setOrderAt(positions: Int32Array): void {
    this.orderList = Array.from(positions, (i) => (this.list[i] as TurnCombatant).id);
    // Stryker disable next-line BooleanLiteral: the list was just made by Array.from; not owning it only costs a copy at the next write
    this.orderOwned = true;
    this.orderAt = positions;
  }

  orderForWrite(): string[] {
    this.orderAt = null;
    if (!this.orderOwned) {
      this.orderList = [...this.orderList];
      this.orderOwned = true;
    }
    return this.orderList;
  }

  setOrder(order: string[]): void {
    this.orderList = order;
    // Stryker disable next-line BooleanLiteral: not owning the list only costs a copy at the next write (orderForWrite)
    this.orderOwned = true;
    this.orderAt = null;
  }

  queueForWrite(): QueueEntry[] {
    if (!this.queueOwned) {
      this.queueList = [...this.queueList];
      this.queueOwned = true;
    }
    return this.queueList;
  }

  setQueue(queue: QueueEntry[]): void {
    this.queueList = queue;
    // Stryker disable next-line BooleanLiteral: not owning the list only costs a copy at the next write (queueForWrite)
    this.queueOwned = true;
  }

  setContest(contest: string[]): void {
    this.contestList = contest;
    // Stryker disable next-line BooleanLiteral: not owning the list only costs a copy at the next write (contestForWrite)
    this.contestOwned = true;
  }

  contestForWrite(): string[] {
    if (!this.contestOwned) {
      this.contestList = [...this.contestList];
      this.contestOwned = true;
    }
    return this.contestList;
  }

  // --- interrupted turns ---------------------------------------------------------------------------------

  get interrupted(): readonly string[] {
    return this.interruptedList;
  }

  /** `id`'s turn was interrupted: when it starts again it resumes (the same turn). */
  markInterrupted(id: string): void {
    if (!this.interruptedList.includes(id)) this.interruptedList = [...this.interruptedList, id];
  }

  /** Whether `id`'s turn was interrupted (and forgets it: the turn resumes now, or is closed). */
  takeInterrupted(id: string): boolean {
    const list = this.interruptedList;
    if (!list.length || !list.includes(id)) return false;
    this.interruptedList = list.length === 1 ? NO_IDS : list.filter((x) => x !== id);
    return true;
  }

  // --- timed states ------------------------------------------------------------------------------------

  /** The live timed states, in creation order. */
  get timed(): readonly RoundTimedState[] {
    this.compactTimed();
    return this.timedList;
  }

  statesOf(holder: string): readonly RoundTimedState[] {
    // Stryker disable next-line ConditionalExpression: with no states the holder index is empty and the answer is NONE as well (the mutant that always answers NONE is killed)
    if (!this.timedList.length) return NONE;
    // Stryker disable next-line ConditionalExpression: rebuilding the holder index from the list gives the same lists (the mutant that never builds it is killed)
    if (!this.byHolder) {
      this.byHolder = new Map();
      for (const s of this.timedList) {
        // Stryker disable next-line ConditionalExpression: ended states are filtered out of the answer anyway (the mutant that skips every state is killed)
        if (this.dropped?.has(s)) continue;
        const list = this.byHolder.get(s.holder);
        if (list) list.push(s);
        else this.byHolder.set(s.holder, [s]);
      }
    }
    const list = this.byHolder.get(holder);
    if (!list) return NONE;
    const dropped = this.dropped;
    return dropped?.size ? list.filter((s) => !dropped.has(s)) : list;
  }

  /** AD-T1: ends the holder's "until your next turn" states and returns them (none: a shared empty list). */
  expireAtTurnStart(holder: string): readonly RoundTimedState[] {
    // Stryker disable next-line ConditionalExpression: with no states statesOf answers NONE and nothing expires (the mutant that always answers NONE is killed)
    if (!this.timedList.length) return NONE;
    const held = this.statesOf(holder);
    let expired: RoundTimedState[] | null = null;
    for (const s of held) {
      if (s.expiry.kind !== "holderNextTurn") continue;
      (expired ??= []).push(s);
    }
    if (!expired) return NONE;
    this.dropTimed(expired);
    return expired;
  }

  addTimed(state: RoundTimedState): void {
    this.compactTimed();
    // Stryker disable next-line ConditionalExpression: copying an owned list again only costs time (the mutant that writes into the stored list is killed)
    if (!this.timedOwned) {
      this.timedList = [...this.timedList];
      // Stryker disable next-line BooleanLiteral: not owning the list only costs a copy at the next write
      this.timedOwned = true;
    }
    this.timedList.push(state);
    const list = this.byHolder?.get(state.holder);
    if (list) list.push(state);
    else this.byHolder?.set(state.holder, [state]);
  }

  /** Ends states; they leave the list when it is next read or when the draft finishes. */
  dropTimed(states: readonly RoundTimedState[]): void {
    // Stryker disable next-line ConditionalExpression: an empty set of ended states is treated as none everywhere (the mutant that drops nothing is killed)
    if (!states.length) return;
    this.dropped ??= new Set();
    for (const s of states) this.dropped.add(s);
  }

  setTimed(states: RoundTimedState[]): void {
    this.timedList = states;
    // Stryker disable next-line BooleanLiteral: not owning the list only costs a copy at the next write (addTimed)
    this.timedOwned = true;
    this.dropped = null;
    this.byHolder = null;
  }

  private compactTimed(): void {
    if (!this.dropped?.size) return;
    const dropped = this.dropped;
    this.timedList = this.timedList.filter((s) => !dropped.has(s));
    // Stryker disable next-line BooleanLiteral: the list was just made by filter; not owning it only costs a copy at the next write
    this.timedOwned = true;
    this.dropped = null;
    this.byHolder = null;
  }

  // --- results ----------------------------------------------------------------------------------------

  finish(): RoundState {
    return {
      family: this.family,
      round: this.round,
      phase: this.phase,
      current: this.current,
      cursor: this.cursor,
      claimSide: this.claimSide,
      order: this.orderList,
      queue: this.queueList,
      contest: this.contestList,
      interrupted: this.interruptedList,
      combatants: this.list,
      timed: this.timed,
      nextSeq: this.nextSeq,
      notices: this.notices,
    };
  }

  private ownList(): TurnCombatant[] {
    if (!this.listOwned) {
      this.list = [...this.list];
      this.listOwned = true;
      this.ownedAt = new Uint8Array(this.list.length + 8);
    }
    return this.list;
  }
}
