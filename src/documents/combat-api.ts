/**
 * What the rest of Fray asks of a fight: its round state, the combatant an actor or token fights as, the
 * timed states a combatant holds, and the two GM-only writes (engine events, per-combatant data).
 *
 * Stable API (chat cards and budgets import exactly these names):
 * - `roundStateOf(combat)` — the stored engine state; a combat created before Fray or holding bad data yields
 *   a valid empty state of its family.
 * - `applyRoundEvents(combat, events)` — active GM only; reduces with the combat's family structure, writes the
 *   new state in one update, runs the lifecycle work for the notices; an illegal event returns the engine's
 *   refusal untouched and nothing is written.
 * - `combatantFor(combat, { actorId, tokenId })`, `activeCombatFor(actor, token)`.
 * - `timedStatesOf(combat, holderCombatantId)`, `creatureOf(combatant)`.
 * - `updateCombatantData(combatant, patch)` — active GM only; `budget` and `defenseUsage` on `combatant.system`.
 * - `restoreEngineMirrors(combat, which)` — active GM only; the documents' copies of the engine's initiative,
 *   round and turn put back to the engine's (issue 24).
 */
import { replaceWhole } from "../compat/replace-whole";
import type { CombatModel } from "../data/combat/combat-model";
import type { CombatantModel } from "../data/combat/combatant-model";
import { reconcileEvents } from "../data/combat/reconcile";
import { readRoundState } from "../data/combat/round-state-source";
import { turnIndex } from "../data/combat/turn-order";
import { SerialLock } from "../net/serial-lock";
import type { DefenseUsage } from "../rules/families/active-defense-3d6/defense-usage";
import { DEFAULT_FAMILY, isFamilyId, type FamilyId } from "../rules/families/ids";
import { roundStructureFor, type RoundStructureOptions } from "../rules/families/round-structures";
import { accept, refuse, type Outcome } from "../rules/outcome";
import { reduceAll } from "../rules/turns/round-engine";
import type { RoundEvent } from "../rules/turns/round-event";
import { emptyRoundState, type RoundState, type RoundTimedState } from "../rules/turns/round-state";
import type { RoundStructure } from "../rules/turns/round-structure";
import { liveCombatant } from "./live-combatant";
import { roundLifecycle } from "./round-lifecycle";

type CombatData = CombatModel & {
  family: string;
  options: RoundStructureOptions & { prInitiativeFormula: string; adSpeedScore: string };
  engine: unknown;
};

/**
 * A Combat as Fray's class. fvtt-types types the viewed and collected combats (`game.combat`, `game.combats`,
 * the tracker's `viewed`) as core's class; at run time every Combat is a FrayCombat (CONFIG.Combat.documentClass).
 */
export function asFray(combat: object | null | undefined): Combat.Implementation | undefined {
  return (combat ?? undefined) as Combat.Implementation | undefined;
}

/** The Combat's system data (type `base`). */
export function combatData(combat: Combat.Implementation): CombatData {
  return combat.system;
}

/** The family the combat recorded when it was created (never the world setting of today). */
export function familyOf(combat: Combat.Implementation): FamilyId {
  const family = combatData(combat)?.family;
  return isFamilyId(family) ? family : DEFAULT_FAMILY;
}

/** The conventions recorded with the family (FS-R2/FS-R3, CD-I3, OD-I3, OD-I4, PR-B3, PR-P3, PR-P6, AD-T2). */
export function combatOptionsOf(combat: Combat.Implementation): CombatData["options"] {
  return (
    combatData(combat)?.options ?? {
      fsTurnOrder: "perPart",
      cdInitiativeTies: "dexterity",
      odInitiativeTies: "random",
      odCriticalOn: 20,
      prInitiativeFormula: "2d10",
      prDrawCost: 20,
      prChangeCost: 50,
      prOrientationLow: "unable",
      adSpeedScore: "ag",
    }
  );
}

const structures = new Map<string, RoundStructure>();

/** The family's round structure under the combat's recorded conventions. */
export function structureOf(combat: Combat.Implementation): RoundStructure {
  const family = familyOf(combat);
  const o = combatOptionsOf(combat);
  const options: RoundStructureOptions = {
    ...(o.fsTurnOrder ? { fsTurnOrder: o.fsTurnOrder } : {}),
    ...(o.cdInitiativeTies ? { cdInitiativeTies: o.cdInitiativeTies } : {}),
    ...(o.odInitiativeTies ? { odInitiativeTies: o.odInitiativeTies } : {}),
    ...(o.odCriticalOn !== undefined ? { odCriticalOn: o.odCriticalOn } : {}),
    ...(o.prDrawCost !== undefined ? { prDrawCost: o.prDrawCost } : {}),
    ...(o.prChangeCost !== undefined ? { prChangeCost: o.prChangeCost } : {}),
    ...(o.prOrientationLow ? { prOrientationLow: o.prOrientationLow } : {}),
  };
  const key = `${family}|${options.fsTurnOrder}|${options.cdInitiativeTies}|${options.odInitiativeTies}|${options.odCriticalOn}|${options.prDrawCost}|${options.prChangeCost}|${options.prOrientationLow}`;
  let structure = structures.get(key);
  if (!structure) {
    structure = roundStructureFor(family, options);
    structures.set(key, structure);
  }
  return structure;
}

const parsed = new WeakMap<object, RoundState>();

/** The combat's round state: the stored one when it is valid for the combat's family, else an empty one. */
export function roundStateOf(combat: Combat.Implementation): RoundState {
  const family = familyOf(combat);
  const raw = combatData(combat)?.engine;
  if (raw && typeof raw === "object") {
    const cached = parsed.get(raw);
    if (cached && cached.family === family) return cached;
    const state = readRoundState(raw, family, structureOf(combat).phases.length);
    if (state) {
      parsed.set(raw, state);
      return state;
    }
  }
  return emptyRoundState(family);
}

/**
 * A combatant's creature: its token's actor first (an unlinked token has its own, with its own items and
 * statuses), else the combatant's actor; null when it is gone.
 */
export function creatureOf(
  combatant: Combatant.Implementation | null | undefined,
): Actor.Implementation | null {
  const c = combatant as
    (Combatant.Implementation & { token?: { actor?: unknown } | null }) | null | undefined;
  return (c?.token?.actor ?? c?.actor ?? null) as Actor.Implementation | null;
}

/** The timed states `holder` (a Combatant id) holds in the combat, in creation order. */
export function timedStatesOf(combat: Combat.Implementation, holderCombatantId: string): RoundTimedState[] {
  return roundStateOf(combat).timed.filter((s) => s.holder === holderCombatantId);
}

/** The combatant an actor or token fights as in `combat` (the token first: unlinked tokens share an actor). */
export function combatantFor(
  combat: Combat.Implementation,
  ids: { readonly actorId?: string | null; readonly tokenId?: string | null },
): Combatant.Implementation | undefined {
  const all = [...combat.combatants.values()];
  if (ids.tokenId) {
    const byToken = all.find((c) => c.tokenId === ids.tokenId);
    if (byToken) return byToken;
  }
  return ids.actorId ? all.find((c) => c.actorId === ids.actorId) : undefined;
}

type TokenLike = { readonly id: string | null } | { readonly document: { readonly id: string | null } };

function tokenIdOf(token: TokenLike | null | undefined): string | null {
  if (!token) return null;
  return "document" in token ? token.document.id : token.id;
}

/** The combat `actor` (or `token`) fights in: the viewed combat (`game.combat`) first, then any other. */
export function activeCombatFor(
  actor: Actor.Implementation | null | undefined,
  token?: TokenLike | null,
): Combat.Implementation | undefined {
  const tokenId = tokenIdOf(token) ?? actor?.token?.id ?? null;
  const actorId = actor?.id ?? null;
  if (!tokenId && !actorId) return undefined;
  const candidates: Combat.Implementation[] = [];
  const viewed = asFray(game.combat);
  if (viewed) candidates.push(viewed);
  for (const combat of game.combats?.values() ?? []) {
    const fight = asFray(combat);
    if (fight && fight !== viewed) candidates.push(fight);
  }
  const fights = (c: Combat.Implementation) => combatantFor(c, { actorId, tokenId }) !== undefined;
  return candidates.find((c) => c.started && fights(c)) ?? candidates.find(fights);
}

const writes = new SerialLock();

/** The state as stored: notices describe one transition and are not kept. */
function stored(state: RoundState): RoundState {
  return { ...state, notices: [] };
}

/** What `events` would make of the combat's stored state, after the reconciliation a write makes first. */
export interface Reduction {
  /** The stored state. */
  readonly before: RoundState;
  /** The stored state with the combatants the engine lost track of reconciled (`before` when none). */
  readonly base: RoundState;
  readonly out: Outcome<RoundState>;
}

/**
 * Reduces `events` on the combat's state as `applyRoundEvents` would, without writing (any client may ask:
 * the state and the combatants are on every client). Combatants created or deleted with no GM connected are
 * reconciled first.
 */
export function reduceOn(combat: Combat.Implementation, events: readonly RoundEvent[]): Reduction {
  const structure = structureOf(combat);
  const before = roundStateOf(combat);
  const live = [...combat.combatants.values()].map((c) => liveCombatant(combat, c));
  const sync = reconcileEvents(before, live);
  let base = before;
  if (sync.length) {
    const synced = reduceAll(structure, before, sync);
    if (synced.ok) base = synced.value;
  }
  return {
    before,
    base,
    out: base === before && !events.length ? accept(before) : reduceAll(structure, base, events),
  };
}

/** Core's `round` and `turn` for an engine state: the index of its current combatant in the engine's order. */
export function coreTurnOf(
  combat: Combat.Implementation,
  state: RoundState,
): { round: number; turn: number | null } {
  return { round: state.round, turn: turnIndex(state, [...combat.combatants.keys()]) };
}

/**
 * Applies engine events to the combat (active GM only). Combatants the engine has lost track of (created or
 * deleted with no GM connected) are reconciled first. All or nothing: a refused event refuses the batch
 * (`data.event` is its index in `events`) and nothing is written. On success the engine state, `round` and
 * `turn` go out in one update, then the lifecycle work for the notices runs (round-lifecycle.ts).
 */
export function applyRoundEvents(
  combat: Combat.Implementation,
  events: readonly RoundEvent[],
): Promise<Outcome<RoundState>> {
  if (!game.user?.isActiveGM) return Promise.resolve(refuse("notActiveGM"));
  return writes.run(combat.id ?? "", async () => {
    const { before, base, out } = reduceOn(combat, events);
    // Nothing to reconcile and nothing asked: no write (hooks call this on every combatant change).
    if (base === before && !events.length) return accept(before);
    if (!out.ok) return out;
    const after = out.value;
    // A state that would not read back would make the fight start over (roundStateOf): refuse it instead.
    if (!readRoundState(stored(after), familyOf(combat), structureOf(combat).phases.length))
      return refuse("invalidValue");
    const notices = [...(base === before ? [] : base.notices), ...after.notices];
    await combat.update({
      ...replaceWhole("system.engine", stored(after)),
      ...coreTurnOf(combat, after),
    });
    await roundLifecycle(combat, before, after, notices);
    return accept({ ...after, notices });
  });
}

/** One copy of the engine's state on a document that `restoreEngineMirrors` put back. */
export interface RestoredMirror {
  readonly field: "initiative" | "round" | "turn";
  /** The combatant whose initiative it was (`initiative` only). */
  readonly combatantId?: string;
  /** What the document held (the raw write). */
  readonly written: number | null;
  /** The engine's value, written back. */
  readonly engine: number | null;
}

const numberOrNull = (value: unknown): number | null => (typeof value === "number" ? value : null);

/**
 * Issue 24: initiative in a fight, the round and the turn are the engine's; `combatant.initiative` and the
 * Combat's `round`/`turn` are their copies, which a player may write (core lets an owner set its combatant's
 * initiative and any player a Combat's round and turn). The active GM puts the copies `which` names back to the
 * engine's: the combatants' initiative (null when the engine has none for it), the Combat's `round` and `turn`
 * (`coreTurnOf`). In the fight's write lock, so it reads the engine after any write already
 * queued; only what differs is written, once, with `turnEvents: false` — every client derives the acting
 * combatant from the engine (fray-combat.ts), so the turn did not change and nothing is announced.
 */
export function restoreEngineMirrors(
  combat: Combat.Implementation,
  which: { readonly combatantIds?: readonly string[]; readonly round?: boolean; readonly turn?: boolean },
): Promise<RestoredMirror[]> {
  if (!game.user?.isActiveGM) return Promise.resolve([]);
  return writes.run(combat.id ?? "", async () => {
    const state = roundStateOf(combat);
    const restored: RestoredMirror[] = [];
    const updates: { _id: string; initiative: number | null }[] = [];
    for (const id of which.combatantIds ?? []) {
      const doc = combat.combatants.get(id);
      if (!doc) continue;
      const written = numberOrNull(doc._source.initiative);
      const engine = state.combatants.find((c) => c.id === id)?.initiative ?? null;
      if (written === engine) continue;
      updates.push({ _id: id, initiative: engine });
      restored.push({ field: "initiative", combatantId: id, written, engine });
    }
    if (updates.length)
      await combat.updateEmbeddedDocuments("Combatant", updates, { turnEvents: false } as never);
    if (which.round || which.turn) {
      const engine = coreTurnOf(combat, state);
      const source = combat._source as { round?: unknown; turn?: unknown };
      const change: { round?: number; turn?: number | null } = {};
      const round = numberOrNull(source.round);
      const turn = numberOrNull(source.turn);
      if (which.round && round !== engine.round) {
        change.round = engine.round;
        restored.push({ field: "round", written: round, engine: engine.round });
      }
      if (which.turn && turn !== engine.turn) {
        change.turn = engine.turn;
        restored.push({ field: "turn", written: turn, engine: engine.turn });
      }
      if (Object.keys(change).length) await combat.update(change, { turnEvents: false } as never);
    }
    return restored;
  });
}

/** What `updateCombatantData` may write. */
export interface CombatantDataPatch {
  /** The family action-budget state (rules/families/<id>/budget.ts), written whole; null clears it. */
  readonly budget?: object | null;
  /** AD-A3 Parry and Block tries this turn. */
  readonly defenseUsage?: DefenseUsage;
}

/** The Combatant's system data (type `base`). */
export function combatantData(combatant: Combatant.Implementation): CombatantModel & {
  budget: object | null;
  defenseUsage: DefenseUsage;
} {
  return combatant.system;
}

/** Writes per-combatant data (active GM only), replacing `budget` whole rather than merging into it. */
export async function updateCombatantData(
  combatant: Combatant.Implementation,
  patch: CombatantDataPatch,
): Promise<Outcome<Combatant.Implementation>> {
  if (!game.user?.isActiveGM) return refuse("notActiveGM");
  const update: Record<string, unknown> = {};
  if (patch.budget !== undefined) Object.assign(update, replaceWhole("system.budget", patch.budget));
  if (patch.defenseUsage !== undefined) {
    update["system.defenseUsage"] = { parry: patch.defenseUsage.parry, block: patch.defenseUsage.block };
  }
  if (!Object.keys(update).length) return accept(combatant);
  await combatant.update(update as Combatant.UpdateData);
  return accept(combatant);
}
