/**
 * The round engine: a reducer `(structure, state, event) → Outcome<state>`. A round is the structure's list
 * of phases; each phase has an order policy (round-structure.ts). Illegal events are refused with a reason
 * code (`FRAY.Refusal.<code>`); a GM may force some of them with the event's explicit `gmOverride`.
 *
 * Invariants: a combatant finishes at most one turn per round in claim and initiative phases (FS-R4);
 * phases run in order, each once per round; the initiative order never goes up the list (CD-I2).
 */
import { accept, refuse, type Outcome, type Refusal } from "../outcome";
import { claimRefusal } from "./claim-order";
import { compareInitiative, sortByInitiative } from "./initiative-order";
import { RoundDraft } from "./round-draft";
import type { InitiativeRoll, NewCombatant, NewTimedState, RoundEvent } from "./round-event";
import type { RoundState, RoundTimedState, TurnCombatant, TurnEndCause } from "./round-state";
import type { PhaseDefinition, RoundStructure } from "./round-structure";
import { endsAtRoundEnd, sortForResolution, triggeredAt, type SideOf } from "./timed-states";

/** Applies one event. The new state's `notices` say what the event did. */
export function reduce(structure: RoundStructure, state: RoundState, event: RoundEvent): Outcome<RoundState> {
  if (structure.family !== state.family) return refuse("wrongFamily");
  const d = new RoundDraft(structure, state);
  const refusal = apply(d, event);
  return refusal ?? accept(d.finish());
}

/**
 * Applies events in order, all or nothing: the first refusal refuses the batch (its data carries the
 * event's index as `event`). One working copy for the whole batch, so a whole round costs about one pass
 * over the combatants; `notices` accumulate over the batch.
 */
export function reduceAll(
  structure: RoundStructure,
  state: RoundState,
  events: readonly RoundEvent[],
): Outcome<RoundState> {
  if (structure.family !== state.family) return refuse("wrongFamily");
  const d = new RoundDraft(structure, state);
  for (let i = 0; i < events.length; i++) {
    const refusal = apply(d, events[i] as RoundEvent);
    if (refusal) return { ok: false, reason: refusal.reason, data: { ...refusal.data, event: String(i) } };
  }
  return accept(d.finish());
}

function apply(d: RoundDraft, e: RoundEvent): Refusal | null {
  switch (e.type) {
    case "startCombat":
      return startCombat(d, e.gmOverride === true);
    case "addCombatant":
      return addCombatant(d, e.combatant);
    case "removeCombatant":
      return removeCombatant(d, e.id);
    case "setDefeated":
      return setDefeated(d, e.id, e.defeated);
    case "setInitiative":
      return setInitiative(d, e.id, e.roll);
    case "rollOff":
      return rollOff(d, e.faces);
    case "reorder":
      return reorder(d, e.ids, e.gmOverride === true);
    case "takeTurn":
      return takeTurn(d, e.id, e.gmOverride === true);
    case "endTurn":
      return endTurn(d, e.id);
    case "pass":
      return pass(d, e.id);
    case "advancePhase":
      return advancePhase(d, e.gmOverride === true);
    case "endRound":
      return endRound(d, e.gmOverride === true);
    case "shareTurn":
      return shareTurn(d, e.id, e.with);
    case "addTimedState":
      return addTimedState(d, e.state);
    case "removeTimedState":
      return removeTimedState(d, e.holder, e.key, e.match);
    case "setTimedStates":
      return setTimedStates(d, e.states);
    default: {
      const handled = d.structure.handle?.(d, e);
      return handled === undefined ? refuse("notInThisFamily") : handled;
    }
  }
}

// --- combat and rounds --------------------------------------------------------------------------------------

function hasInitiativePhase(structure: RoundStructure): boolean {
  return structure.phases.some((p) => p.policy === "initiative");
}

function startCombat(d: RoundDraft, override: boolean): Refusal | null {
  if (d.round > 0) return refuse("alreadyStarted");
  const s = d.structure;
  if (s.initiative === "combat" && !override) {
    const missing = d.combatants.filter((c) => !c.defeated && c.initiative === null).length;
    if (missing) return refuse("initiativeMissing", { count: missing });
  }
  // CD-I2, OD-I3, AD-T1: the order is set once, high to low, and kept for the whole combat.
  if (hasInitiativePhase(s)) {
    const list = d.combatants;
    const at = new Int32Array(list.length);
    // Stryker disable next-line EqualityOperator: equivalent, a typed array ignores the write one past its end
    for (let i = 0; i < at.length; i++) at[i] = i;
    at.sort((i, j) => compareInitiative(list[i] as TurnCombatant, list[j] as TurnCombatant));
    d.setOrderAt(at);
  }
  d.round = 1;
  beginRound(d);
  return null;
}

function sideOfHolder(d: RoundDraft): SideOf<unknown> {
  return (state) => d.find(state.holder)?.side;
}

function beginRound(d: RoundDraft): void {
  d.phase = 0;
  d.structure.startRound?.(d);
  // OD-R1: start-of-round effects apply now, players' side first (FS-R7 order).
  const effects = triggeredAt(d.timed, "roundStart", sideOfHolder(d));
  d.notices.push({ kind: "roundStarted", round: d.round, effects });
  beginPhase(d);
}

function beginPhase(d: RoundDraft): void {
  const phase = d.phaseDef;
  d.current = null;
  d.cursor = -1;
  d.claimSide = "players";
  d.resetPending();
  if (phase.policy === "sequence") d.setQueue(d.structure.sequence?.(d, phase) ?? []);
  else if (d.queue.length) d.setQueue([]);
  d.notices.push({ kind: "phaseStarted", round: d.round, phase: phase.id });
  d.structure.startPhase?.(d, phase);
  // Stryker disable next-line ConditionalExpression: equivalent, advanceOrdered starts nothing in phases that are neither initiative nor sequence
  if (phase.policy === "initiative" || phase.policy === "sequence") advanceOrdered(d);
}

function advancePhase(d: RoundDraft, override: boolean): Refusal | null {
  if (d.round === 0) return refuse("notStarted");
  // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent, the end-of-round step is the last phase (RoundStructure contract), so without this line the `!next` branch calls endRound the same way
  if (d.phaseDef.policy === "endOfRound") return endRound(d, override);
  if (!d.phaseComplete() && !override) return refuse("phaseNotFinished");
  const next = d.structure.phases[d.phase + 1];
  // Stryker disable next-line ConditionalExpression: equivalent, reached only outside the end-of-round step, which is the last phase: a next phase always exists here
  if (!next) return endRound(d, override);
  const entry = d.structure.enterPhase?.(d, next) ?? null;
  if (entry && !override) return entry;
  leavePhase(d);
  d.phase += 1;
  beginPhase(d);
  return null;
}

function endRound(d: RoundDraft, override: boolean): Refusal | null {
  if (d.round === 0) return refuse("notStarted");
  if (d.phaseDef.policy !== "endOfRound" && !override) return refuse("roundNotFinished");
  // Forced by the GM: the remaining phases still start, in order, and end at once (each runs once a round).
  // Stryker disable next-line ConditionalExpression,LogicalOperator,StringLiteral,EqualityOperator,ArithmeticOperator: equivalent, the end-of-round step is the last phase, so either half of the condition alone stops the loop at it
  while (d.phaseDef.policy !== "endOfRound" && d.phase < d.structure.phases.length - 1) {
    leavePhase(d);
    d.phase += 1;
    beginPhase(d);
  }
  leavePhase(d);
  const round = d.round;
  // FS-R7: end-of-round effects resolve now, the players' first; FS-R8: "N rounds" ends at this step.
  const due: RoundTimedState[] = [];
  const ending = new Set<RoundTimedState>();
  for (const state of d.timed) {
    const ends = endsAtRoundEnd(state, round);
    if (ends) ending.add(state);
    if (ends || state.triggers?.includes("roundEnd")) due.push(state);
  }
  sortForResolution(due, sideOfHolder(d));
  d.dropTimed([...ending]);
  d.notices.push({
    kind: "roundEnded",
    round,
    effects: due.map((state) => ({ state, ends: ending.has(state) })),
  });
  d.round = round + 1;
  beginRound(d);
  return null;
}

// --- turns --------------------------------------------------------------------------------------------------

function startTurn(d: RoundDraft, id: string): void {
  d.current = id;
  // An interrupted turn resumes: the same turn, not the holder's next one (nothing expires, AD-T1).
  if (d.takeInterrupted(id)) {
    d.notices.push({
      kind: "turnStarted",
      round: d.round,
      phase: d.phaseDef.id,
      id,
      expired: [],
      resumed: true,
    });
    return;
  }
  // AD-T1: "until your next turn" states end as the holder's turn starts.
  const expired = d.expireAtTurnStart(id);
  d.notices.push({ kind: "turnStarted", round: d.round, phase: d.phaseDef.id, id, expired });
}

/** Ends the current turn; a turn that ran (not an interrupted one) counts as taken (FS-R4). */
function endCurrent(d: RoundDraft, cause: TurnEndCause): void {
  const id = d.current;
  // Stryker disable next-line ConditionalExpression: equivalent, every caller ends a turn only while someone is acting
  if (id === null) return;
  const policy = d.phaseDef.policy;
  if (cause !== "interrupted" && cause !== "removed" && (policy === "claim" || policy === "initiative")) {
    d.markActed(id);
  }
  // It resumes later in the phase, as the same turn (startTurn).
  if (cause === "interrupted") d.markInterrupted(id);
  d.current = null;
  d.notices.push({ kind: "turnEnded", round: d.round, phase: d.phaseDef.id, id, cause });
}

/**
 * The phase is left (forced by the GM, or done): the turn in progress ends, and so does every interrupted
 * turn that never resumed — each counts as taken (FS-R4) and its end is noticed once.
 */
function leavePhase(d: RoundDraft): void {
  // Stryker disable next-line ConditionalExpression: equivalent, endCurrent returns at once when nobody is acting
  if (d.current !== null) endCurrent(d, "forced");
  for (const id of d.interrupted) {
    d.takeInterrupted(id);
    d.markActed(id);
    d.notices.push({ kind: "turnEnded", round: d.round, phase: d.phaseDef.id, id, cause: "forced" });
  }
}

/** After a turn ended: the next one in order starts (initiative, sequence), or the part may change (claim). */
function continueAfter(d: RoundDraft, endedId: string): void {
  const policy = d.phaseDef.policy;
  // Stryker disable next-line ConditionalExpression: equivalent, outside sequence phases the queue is empty and advanceOrdered from the cursor skips the turn just taken (acted or defeated)
  if (policy === "sequence") {
    if (d.queue[d.cursor]?.id === endedId) d.cursor += 1;
    advanceOrdered(d);
  } else if (policy === "initiative") {
    // The place just played is done: look from the next one (the cursor stays on it if none is left).
    // Stryker disable next-line ConditionalExpression: equivalent, the place at the cursor is the turn just ended, which is now acted or defeated and skipped
    advanceOrdered(d, d.order[d.cursor] === endedId ? d.cursor + 1 : d.cursor);
  }
}

function orderedEligible(d: RoundDraft, c: TurnCombatant, phase: PhaseDefinition): boolean {
  if (c.defeated) return false;
  if (phase.policy === "initiative" && (c.actedRound >= d.round || c.passedRound >= d.round)) return false;
  return !d.structure.barred?.(d, c, phase);
}

/** Starts the next turn at or after the cursor (it never goes back up the list), or leaves nobody acting. */
function advanceOrdered(d: RoundDraft, from = d.cursor): void {
  const phase = d.phaseDef;
  if (phase.policy === "initiative") {
    const order = d.order;
    // Stryker disable next-line EqualityOperator: equivalent, one step past the end finds no combatant
    for (let i = Math.max(from, 0); i < order.length; i++) {
      const c = d.atOrder(i);
      if (c && c.id !== d.current && orderedEligible(d, c, phase)) {
        d.cursor = i;
        startTurn(d, c.id);
        return;
      }
    }
    d.current = null;
  } else if (phase.policy === "sequence") {
    const queue = d.queue;
    for (let i = Math.max(d.cursor, 0); i < queue.length; i++) {
      const c = d.find((queue[i] as { id: string }).id);
      if (c && orderedEligible(d, c, phase)) {
        d.cursor = i;
        startTurn(d, c.id);
        return;
      }
    }
    d.current = null;
    d.cursor = queue.length;
  }
}

function takeTurn(d: RoundDraft, id: string, override: boolean): Refusal | null {
  if (d.round === 0) return refuse("notStarted");
  const c = d.find(id);
  if (!c) return refuse("unknownCombatant", { id });
  if (d.current === id) return refuse("alreadyActing");
  if (c.defeated) return refuse("defeated");
  // FS-R4: one turn per round, never two, whoever asks.
  if (c.actedRound >= d.round) return refuse("alreadyActed");
  const phase = d.phaseDef;
  switch (phase.policy) {
    case "claim": {
      if (d.current !== null) return refuse("turnInProgress");
      if (c.passedRound >= d.round && !override) return refuse("turnForgone");
      const refusal = claimRefusal(d, c);
      if (refusal && !override) return refusal;
      // FS-R3: the GM's creatures have started in this part.
      if (c.side === "gm") d.claimSide = "gm";
      // FS-R1: the turn taken in this part is of its kind (in a part of both kinds, of the kind chosen).
      const kind = phase.speed ?? (c.speed === null ? phase.defaultSpeed : undefined);
      if (kind && c.speed !== kind) d.update(id, { speed: kind });
      startTurn(d, id);
      return null;
    }
    case "initiative": {
      if (!override) return refuse("notYourTurn");
      if (d.structure.barred?.(d, c, phase)) return refuse("notEligible");
      // The GM makes `id` act now; the interrupted turn resumes when it ends (its place is still to come).
      // Stryker disable next-line ConditionalExpression: equivalent, endCurrent returns at once when nobody is acting
      if (d.current !== null) endCurrent(d, "interrupted");
      startTurn(d, id);
      return null;
    }
    case "sequence":
      return refuse("notYourTurn");
    default:
      return refuse("noTurnsInPhase");
  }
}

function endTurn(d: RoundDraft, id: string | undefined): Refusal | null {
  if (d.round === 0) return refuse("notStarted");
  const current = d.current;
  if (current === null) return refuse("noTurnInProgress");
  if (id !== undefined && id !== current) return refuse("notCurrent", { id });
  endCurrent(d, "ended");
  continueAfter(d, current);
  return null;
}

/** FS-MT4: `id` shares the turn `partner` is taking (or took) this round; FS-R4 it cannot take another. */
function shareTurn(d: RoundDraft, id: string, partner: string): Refusal | null {
  if (d.round === 0) return refuse("notStarted");
  const c = d.find(id);
  if (!c) return refuse("unknownCombatant", { id });
  const w = d.find(partner);
  if (!w || partner === id) return refuse("unknownCombatant", { id: partner });
  if (d.current === id) return refuse("alreadyActing");
  if (c.actedRound >= d.round) return refuse("alreadyActed");
  if (d.current !== partner && w.actedRound < d.round) return refuse("notCurrent", { id: partner });
  // FS-R1: the shared turn is of the partner's kind.
  if (w.speed !== null && c.speed !== w.speed) d.update(id, { speed: w.speed });
  d.markActed(id);
  return null;
}

function pass(d: RoundDraft, id: string): Refusal | null {
  if (d.round === 0) return refuse("notStarted");
  const c = d.find(id);
  if (!c) return refuse("unknownCombatant", { id });
  const phase = d.phaseDef;
  if (phase.policy !== "claim") return refuse("cannotPass");
  if (d.current === id) return refuse("alreadyActing");
  if (c.actedRound >= d.round) return refuse("alreadyActed");
  // FS-R4 "or none": passing in the fast part means slow; in the slow part, no turn this round.
  if (phase.speed === "fast") d.update(id, { speed: "slow" });
  else d.update(id, { passedRound: d.round });
  return null;
}

// --- combatants ---------------------------------------------------------------------------------------------

function addCombatant(d: RoundDraft, input: NewCombatant): Refusal | null {
  if (typeof input.id !== "string" || !input.id) return refuse("invalidCombatant");
  if (input.side !== "players" && input.side !== "gm") return refuse("invalidCombatant");
  if (d.find(input.id)) return refuse("duplicateCombatant", { id: input.id });
  const s = d.structure;
  let initiative: number | null = null;
  let tieKeys: readonly number[] = [];
  let critical = false;
  if (input.initiative) {
    if (s.initiative === "none") return refuse("notInThisFamily");
    if (!Number.isFinite(input.initiative.total)) return refuse("invalidRoll");
    const keys = s.readInitiative(input.initiative);
    if (!keys.ok) return keys;
    initiative = input.initiative.total;
    tieKeys = keys.value.tieKeys;
    critical = keys.value.critical;
  }
  const family = s.newCombatant(input);
  // Every field listed, in one order: all combatants share one object shape (cloneCombatant does the same).
  const combatant: TurnCombatant = {
    id: input.id,
    side: input.side,
    seq: d.nextSeq,
    defeated: input.defeated === true,
    initiative,
    tieKeys,
    rollOff: [],
    placedByGm: false,
    critical,
    actedRound: 0,
    passedRound: 0,
    speed: family.speed,
    actions: family.actions,
    sheet: family.sheet,
  };
  d.nextSeq += 1;
  d.add(combatant);
  if (d.round > 0 && hasInitiativePhase(s)) placeLate(d, combatant.id);
  return null;
}

function removeCombatant(d: RoundDraft, id: string): Refusal | null {
  if (!d.find(id)) return refuse("unknownCombatant", { id });
  const wasCurrent = d.current === id;
  if (wasCurrent) endCurrent(d, "removed");
  d.takeInterrupted(id);
  d.remove(id);
  const at = d.order.indexOf(id);
  if (at >= 0) {
    d.orderForWrite().splice(at, 1);
    // The cursor keeps pointing at the last place visited (an earlier one when that place left).
    if (d.phaseDef.policy === "initiative" && at <= d.cursor) d.cursor -= 1;
  }
  // Stryker disable next-line ConditionalExpression: equivalent, filtering a queue that holds none of the id's strikes leaves it as it was (and nothing before the cursor)
  if (d.queue.some((q) => q.id === id)) {
    // PR-P10: its strikes leave the queue; the cursor keeps its place among the strikes that stay.
    const before = d.queue.slice(0, Math.max(d.cursor, 0)).filter((q) => q.id === id).length;
    d.setQueue(d.queue.filter((q) => q.id !== id));
    if (d.phaseDef.policy === "sequence") d.cursor -= before;
  }
  if (d.contest.includes(id)) d.setContest(d.contest.filter((x) => x !== id));
  const held = d.statesOf(id);
  if (held.length) {
    const states = [...held];
    d.dropTimed(states);
    d.notices.push({ kind: "statesRemoved", cause: "combatantRemoved", states });
  }
  if (wasCurrent) continueAfter(d, id);
  return null;
}

function setDefeated(d: RoundDraft, id: string, defeated: boolean): Refusal | null {
  const c = d.find(id);
  if (!c) return refuse("unknownCombatant", { id });
  if (c.defeated === defeated) return null;
  d.update(id, { defeated });
  if (defeated && d.current === id) {
    endCurrent(d, "defeated");
    continueAfter(d, id);
  } else if (!defeated && d.round > 0 && d.current === null) {
    advanceOrdered(d);
  }
  return null;
}

function setInitiative(d: RoundDraft, id: string, roll: InitiativeRoll): Refusal | null {
  const c = d.find(id);
  if (!c) return refuse("unknownCombatant", { id });
  const s = d.structure;
  if (s.initiative === "none") return refuse("notInThisFamily");
  if (!Number.isFinite(roll.total)) return refuse("invalidRoll");
  const keys = s.readInitiative(roll);
  if (!keys.ok) return keys;
  d.update(id, {
    initiative: roll.total,
    tieKeys: keys.value.tieKeys,
    critical: keys.value.critical,
    rollOff: [],
    placedByGm: false,
  });
  if (d.round > 0) {
    if (hasInitiativePhase(s)) placeLate(d, id);
    // Stryker disable next-line ConditionalExpression: equivalent, outside a sequence phase the queue is empty (beginPhase empties it), so there is nothing to re-sort
    if (d.phaseDef.policy === "sequence") resortQueue(d);
  }
  return null;
}

// --- initiative order ---------------------------------------------------------------------------------------

/** The id at the last place visited in an initiative phase (the cursor). */
function visitedPlace(d: RoundDraft): string | undefined {
  // Stryker disable next-line ConditionalExpression,LogicalOperator: equivalent, the anchor only reaches resequence, which returns outside initiative phases, and order[-1] is undefined
  return d.phaseDef.policy === "initiative" && d.cursor >= 0 ? d.order[d.cursor] : undefined;
}

/** The id at the last place visited (the cursor), skipping `except`; the cursor is re-found from it. */
function anchorOf(d: RoundDraft, except: string): string | undefined {
  // Stryker disable next-line ConditionalExpression,LogicalOperator: equivalent, placeLate ignores the anchor outside initiative phases, and order[-1] is undefined
  if (d.phaseDef.policy !== "initiative" || d.cursor < 0) return undefined;
  const at = d.order[d.cursor];
  if (at !== except) return at;
  return d.cursor > 0 ? d.order[d.cursor - 1] : undefined;
}

function insertionPoint(d: RoundDraft, order: readonly string[], c: TurnCombatant): number {
  let p = 0;
  // Stryker disable next-line EqualityOperator: equivalent, one step past the end finds no combatant and splicing past the end appends
  while (p < order.length) {
    const other = d.find(order[p] as string);
    // Stryker disable next-line EqualityOperator: equivalent, compareInitiative never returns 0 for two combatants (join order) and the placed one is out of the order
    if (other && compareInitiative(c, other) < 0) break;
    p++;
  }
  return p;
}

/**
 * A combatant joins the order (or re-rolled) mid-combat: it goes to its place; if that place is above the
 * turn in progress, its count has passed and it acts from the next round (CD-I2).
 */
function placeLate(d: RoundDraft, id: string): void {
  const c = d.find(id) as TurnCombatant;
  const anchor = anchorOf(d, id);
  const order = d.orderForWrite();
  const old = order.indexOf(id);
  if (old >= 0) order.splice(old, 1);
  const p = insertionPoint(d, order, c);
  order.splice(p, 0, id);
  if (d.phaseDef.policy !== "initiative") return;
  // Stryker disable next-line ConditionalExpression: equivalent, indexOf(undefined) is -1
  d.cursor = anchor === undefined ? -1 : order.indexOf(anchor);
  if (p < d.cursor && id !== d.current && c.actedRound < d.round) d.update(id, { passedRound: d.round });
  if (d.current === null) advanceOrdered(d);
}

/**
 * The order among `ids` changed by a roll-off or by the GM's hand: if one of them that has yet to act now
 * stands above the turn in progress, that turn is interrupted and it acts first.
 */
function resequence(d: RoundDraft, ids: readonly string[], anchor: string | undefined): void {
  if (d.phaseDef.policy !== "initiative" || anchor === undefined) return;
  const order = d.order;
  d.cursor = order.indexOf(anchor);
  let first = -1;
  for (const id of ids) {
    const at = order.indexOf(id);
    const c = d.find(id);
    if (!c || id === d.current || at >= d.cursor) continue;
    if (orderedEligible(d, c, d.phaseDef) && (first < 0 || at < first)) first = at;
  }
  if (first < 0) return;
  // Stryker disable next-line ConditionalExpression: equivalent, endCurrent returns at once when nobody is acting
  if (d.current !== null) endCurrent(d, "interrupted");
  d.cursor = first;
  startTurn(d, order[first] as string);
}

function rollOff(d: RoundDraft, faces: Readonly<Record<string, number>>): Refusal | null {
  const ids = Object.keys(faces);
  if (!ids.length) return refuse("invalidRoll");
  const maxFace = d.structure.initiative === "none" ? 6 : Number.POSITIVE_INFINITY;
  for (const id of ids) {
    const face = faces[id] as number;
    if (!d.find(id)) return refuse("unknownCombatant", { id });
    if (!Number.isInteger(face) || face < 1 || face > maxFace) return refuse("invalidRoll");
  }
  if (d.phaseDef.policy === "claim" || d.structure.initiative === "none") {
    // FS-R2: players who cannot agree roll 1d6; the highest acts first, in this part.
    if (d.round === 0 || d.phaseDef.policy !== "claim") return refuse("wrongPhase");
    for (const id of ids) {
      const c = d.find(id) as TurnCombatant;
      if (c.side !== "players") return refuse("rollOffPlayersOnly");
      if (!d.isPending(c)) return refuse("notEligible");
    }
  }
  for (const id of ids) {
    const c = d.find(id) as TurnCombatant;
    d.update(id, { rollOff: [...c.rollOff, faces[id] as number] });
  }
  if (d.structure.initiative === "none") {
    const contest = d.contestForWrite();
    for (const id of ids) if (!contest.includes(id)) contest.push(id);
    return null;
  }
  // Stryker disable next-line ConditionalExpression,EqualityOperator,LogicalOperator: equivalent, before the start and in families without an initiative phase the order is empty: nothing moves
  if (d.round > 0 && hasInitiativePhase(d.structure)) {
    const anchor = visitedPlace(d);
    const order = d.orderForWrite();
    // Stryker disable next-line MethodExpression: equivalent, once the combat has started every combatant is in the initiative order
    const moved = ids.filter((id) => order.includes(id));
    for (const id of moved) order.splice(order.indexOf(id), 1);
    const placed = sortByInitiative(moved.map((id) => d.find(id) as TurnCombatant));
    for (const c of placed) order.splice(insertionPoint(d, order, c), 0, c.id);
    resequence(d, moved, anchor);
  }
  // Stryker disable next-line LogicalOperator: equivalent, outside a sequence phase (and before the start) the queue is empty: nothing to re-sort
  if (d.round > 0 && d.phaseDef.policy === "sequence") resortQueue(d);
  return null;
}

function reorder(d: RoundDraft, ids: readonly string[], override: boolean): Refusal | null {
  if (!override) return refuse("gmOnly");
  if (!hasInitiativePhase(d.structure)) return refuse("notInitiativeOrder");
  if (d.round === 0) return refuse("notStarted");
  const order = d.orderForWrite();
  const positions: number[] = [];
  for (const id of ids) {
    const at = order.indexOf(id);
    if (at < 0) return refuse("invalidOrder");
    positions.push(at);
  }
  if (new Set(ids).size !== ids.length || ids.length < 1) return refuse("invalidOrder");
  const anchor = visitedPlace(d);
  positions.sort((a, b) => a - b);
  positions.forEach((at, i) => {
    order[at] = ids[i] as string;
  });
  for (const id of ids) d.update(id, { placedByGm: true });
  resequence(d, ids, anchor);
  return null;
}

/** PR-P10: a striker's initiative changed mid-phase: the strikes still to come are re-sorted. */
function resortQueue(d: RoundDraft): void {
  const queue = d.queueForWrite();
  const from = d.current !== null ? d.cursor + 1 : Math.max(d.cursor, 0);
  const rank = new Map<string, number>();
  queue.forEach((entry, i) => {
    if (!rank.has(entry.group)) rank.set(entry.group, i);
  });
  const rest = queue.slice(from);
  rest.sort((a, b) => {
    const byGroup = (rank.get(a.group) ?? 0) - (rank.get(b.group) ?? 0);
    if (byGroup || a.pass !== b.pass) return byGroup || a.pass - b.pass;
    const x = d.find(a.id);
    const y = d.find(b.id);
    // Stryker disable next-line ConditionalExpression,LogicalOperator: equivalent, a leaver's strikes leave the queue, so every queued id is a combatant
    return x && y ? compareInitiative(x, y) : 0;
  });
  queue.splice(from, rest.length, ...rest);
}

// --- timed states -------------------------------------------------------------------------------------------

function addTimedState(d: RoundDraft, input: NewTimedState): Refusal | null {
  const holder = d.find(input.holder);
  if (!holder) return refuse("unknownCombatant", { id: input.holder });
  if (!input.key) return refuse("invalidState");
  if (input.expiry.kind === "endOfRound" && input.expiry.round < d.round) return refuse("expiryInPast");
  const state: RoundTimedState = {
    key: input.key,
    holder: input.holder,
    createdRound: d.round,
    expiry: input.expiry,
    side: input.side ?? holder.side,
    ...(input.triggers ? { triggers: input.triggers } : {}),
    ...(input.data !== undefined ? { data: input.data } : {}),
  };
  d.addTimed(state);
  return null;
}

function removeTimedState(
  d: RoundDraft,
  holder: string,
  key: string,
  match?: Readonly<Record<string, string | number | boolean>>,
): Refusal | null {
  const fields = match ? Object.entries(match) : [];
  const matches = (data: unknown) =>
    fields.every(([k, v]) => (data as Record<string, unknown> | undefined)?.[k] === v);
  const states = d.statesOf(holder).filter((s) => s.key === key && matches(s.data));
  if (!states.length) return refuse("unknownState");
  d.dropTimed(states);
  d.notices.push({ kind: "statesRemoved", cause: "removed", states });
  return null;
}

function setTimedStates(d: RoundDraft, states: readonly RoundTimedState[]): Refusal | null {
  for (const s of states) if (!d.find(s.holder)) return refuse("unknownCombatant", { id: s.holder });
  d.setTimed([...states]);
  return null;
}
