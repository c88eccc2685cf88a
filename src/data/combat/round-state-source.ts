/**
 * Reads the round engine's state back from a Combat's stored system data. The stored value is plain JSON
 * (round-state.ts) written only by the active GM, but a combat created before Fray, an old world or a hand
 * edit may hold anything: a value that is not a whole, valid state of the combat's family yields null and
 * the caller falls back to an empty state (a valid round, never a crash in the tracker). Pure: no Foundry.
 */
import type { FamilyId } from "../../rules/families/ids";
import type {
  ActionCounts,
  MeleeDeclaration,
  MovementDeclaration,
  OrientationResult,
  PhasedSheet,
  QueueEntry,
  RoundState,
  RoundTimedState,
  TurnCombatant,
} from "../../rules/turns/round-state";

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => Number.isInteger(v);
const isNum = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
const isStr = (v: unknown): v is string => typeof v === "string";
const isBool = (v: unknown): v is boolean => typeof v === "boolean";
const isSide = (v: unknown) => v === "players" || v === "gm";
const oneOf =
  (...values: readonly unknown[]) =>
  (v: unknown) =>
    values.includes(v);
const nullOr = (check: (v: unknown) => boolean) => (v: unknown) => v === null || check(v);
const arrayOf = (check: (v: unknown) => boolean) => (v: unknown) => Array.isArray(v) && v.every(check);

const MISSILE = oneOf("selfReloading", "single", "thrownPair");

function isActions(v: unknown): v is ActionCounts {
  return isObject(v) && isInt(v.active) && isInt(v.passive);
}

function isMovement(v: unknown): v is MovementDeclaration {
  return (
    isObject(v) &&
    isNum(v.percent) &&
    oneOf("none", "succeeded", "failed")(v.manoeuvre) &&
    isBool(v.draw) &&
    isBool(v.change)
  );
}

function isMelee(v: unknown): v is MeleeDeclaration {
  return isObject(v) && isStr(v.group) && isInt(v.extraWeapons);
}

function isOrientation(v: unknown): v is OrientationResult {
  return (
    isObject(v) &&
    isInt(v.roll) &&
    oneOf("incapacitated", "judgement", "best")(v.band) &&
    isBool(v.failed) &&
    (v.penalty === undefined || isInt(v.penalty)) &&
    (v.ruling === undefined || oneOf("pending", "unable", "able")(v.ruling))
  );
}

function isSheet(v: unknown): v is PhasedSheet {
  return (
    isObject(v) &&
    nullOr(oneOf("cast", "prepare"))(v.spell) &&
    nullOr(MISSILE)(v.missileA) &&
    nullOr(MISSILE)(v.missileB) &&
    nullOr(isMovement)(v.movement) &&
    nullOr(isMelee)(v.melee) &&
    nullOr(isOrientation)(v.spellOrientation) &&
    nullOr(isOrientation)(v.finalOrientation) &&
    isBool(v.unableToAct)
  );
}

function isCombatant(v: unknown): v is TurnCombatant {
  return (
    isObject(v) &&
    isStr(v.id) &&
    v.id.length > 0 &&
    isSide(v.side) &&
    isInt(v.seq) &&
    isBool(v.defeated) &&
    nullOr(isNum)(v.initiative) &&
    arrayOf(isNum)(v.tieKeys) &&
    arrayOf(isInt)(v.rollOff) &&
    isBool(v.placedByGm) &&
    isBool(v.critical) &&
    isInt(v.actedRound) &&
    isInt(v.passedRound) &&
    nullOr(oneOf("fast", "slow"))(v.speed) &&
    nullOr(isActions)(v.actions) &&
    nullOr(isSheet)(v.sheet)
  );
}

function isExpiry(v: unknown): boolean {
  if (!isObject(v)) return false;
  if (v.kind === "endOfRound") return isInt(v.round);
  return v.kind === "holderNextTurn" || v.kind === "manual";
}

function isTimed(v: unknown): v is RoundTimedState {
  return (
    isObject(v) &&
    isStr(v.key) &&
    isStr(v.holder) &&
    isInt(v.createdRound) &&
    isExpiry(v.expiry) &&
    (v.side === undefined || isSide(v.side)) &&
    (v.triggers === undefined || arrayOf(oneOf("roundStart", "roundEnd"))(v.triggers))
    // `data` is the family module's own plain JSON (any shape): not checked here.
  );
}

function isQueueEntry(v: unknown): v is QueueEntry {
  return isObject(v) && isStr(v.id) && isStr(v.group) && (v.pass === 1 || v.pass === 2);
}

/**
 * The stored state if it is a whole, coherent state of `family` with `phaseCount` phases, else null.
 * Coherence: ids are unique, the order, queue, contest, interrupted turns, current turn and timed states name
 * combatants that exist, and the indexes are in range — what the engine relies on without checking.
 */
export function readRoundState(raw: unknown, family: FamilyId, phaseCount: number): RoundState | null {
  if (!isObject(raw) || raw.family !== family) return null;
  if (!isInt(raw.round) || raw.round < 0) return null;
  if (!isInt(raw.phase) || raw.phase < 0 || raw.phase >= phaseCount) return null;
  if (!isInt(raw.cursor) || raw.cursor < -1) return null;
  if (!isInt(raw.nextSeq) || raw.nextSeq < 0) return null;
  if (!isSide(raw.claimSide)) return null;
  if (!arrayOf(isCombatant)(raw.combatants)) return null;
  const combatants = raw.combatants as TurnCombatant[];
  const ids = new Set(combatants.map((c) => c.id));
  if (ids.size !== combatants.length) return null;
  const known = (id: unknown) => isStr(id) && ids.has(id);
  if (!arrayOf(known)(raw.order) || new Set(raw.order as string[]).size !== (raw.order as string[]).length) {
    return null;
  }
  if (!arrayOf(isQueueEntry)(raw.queue) || !(raw.queue as QueueEntry[]).every((q) => ids.has(q.id)))
    return null;
  if (!arrayOf(known)(raw.contest)) return null;
  // Kept since interrupted turns resume as the same turn; a state stored before has none.
  const interrupted = raw.interrupted === undefined ? [] : raw.interrupted;
  if (
    !arrayOf(known)(interrupted) ||
    new Set(interrupted as string[]).size !== (interrupted as string[]).length
  )
    return null;
  if (!(raw.current === null || known(raw.current))) return null;
  if (!arrayOf(isTimed)(raw.timed) || !(raw.timed as RoundTimedState[]).every((s) => ids.has(s.holder))) {
    return null;
  }
  if (combatants.some((c) => c.seq >= (raw.nextSeq as number))) return null;
  return {
    family,
    round: raw.round,
    phase: raw.phase,
    current: raw.current as string | null,
    cursor: raw.cursor,
    claimSide: raw.claimSide as RoundState["claimSide"],
    order: raw.order as string[],
    queue: raw.queue as QueueEntry[],
    contest: raw.contest as string[],
    interrupted: interrupted as string[],
    combatants,
    timed: raw.timed as RoundTimedState[],
    nextSeq: raw.nextSeq,
    // Notices describe the last transition only; a malformed list is dropped, not the state.
    notices: Array.isArray(raw.notices) ? (raw.notices as RoundState["notices"]) : [],
  };
}
