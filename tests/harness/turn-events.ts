/**
 * What both Combat stand-ins (`combat.ts`, `world/documents.ts`) share of core's turn machinery (tests/harness/README.md,
 * "Two generations"): the `turn` core gives a combat whose combatants change (foundryvtt#11531, #12990), and core's
 * turn events in v14's order (Weird Wizard's copy of `Combat#triggerTurnEvents`). Each stand-in supplies its own
 * combatants, where a call is recorded and how an effect expires. No Fray logic lives here.
 */
import { V14 } from "./generation";

type Data = Record<string, unknown>;

/** Core's `CombatHistoryData`: what `current`, `previous` and the `combatTurnChange` arguments hold. */
export interface TurnHistory {
  round: number;
  turn: number | null;
  combatantId: string | null;
  tokenId: string | null;
}

export const sameHistory = (a: TurnHistory, b: TurnHistory) =>
  a.round === b.round && a.turn === b.turn && a.combatantId === b.combatantId && a.tokenId === b.tokenId;

interface Identified {
  readonly id: string;
}

/** The part of a Combat stand-in the turn adjustment reads. */
interface TurnCombat<C extends Identified> {
  readonly turn: number | null | undefined;
  readonly combatant: C | null | undefined;
  readonly combatants: { readonly contents: C[] };
  _sortCombatants(a: C, b: C): number;
}

/**
 * foundryvtt#11531, #12990: the `turn` core gives the combat when combatants change, computed on the requesting
 * client before the write — the index, in core's order (`_sortCombatants`) of the combatants after the change,
 * of the combatant current now (a deleted one: the next after it, clamped at the end). Undefined when nobody is
 * current. `after` holds each remaining combatant as it will be (its new initiative).
 */
export function combatTurnOf<C extends Identified>(
  combat: TurnCombat<C>,
  after: C[],
  removed: ReadonlySet<string>,
): number | null | undefined {
  const current = combat.combatant;
  if (combat.turn === null || combat.turn === undefined || !current) return undefined;
  const sort = (list: C[]) => [...list].sort((a, b) => combat._sortCombatants(a, b));
  const order = sort(after);
  if (!order.length) return null;
  let keep: string | undefined = current.id;
  if (removed.has(current.id)) {
    const before = sort(combat.combatants.contents);
    const at = before.findIndex((c) => c.id === current.id);
    keep = before.slice(at + 1).find((c) => !removed.has(c.id))?.id;
  }
  const index = order.findIndex((c) => c.id === keep);
  return index >= 0 ? index : order.length - 1;
}

/** The part of a Combat stand-in core's turn events call. */
interface EventCombat<C extends Identified> {
  readonly combatants: { get(id: string): C | undefined; readonly contents: C[] };
  _onEndTurn(combatant: C, context: Data): Promise<void>;
  _onEndRound(context: Data): Promise<void>;
  _onStartRound(context: Data): Promise<void>;
  _onStartTurn(combatant: C, context: Data): Promise<void>;
  _clearMovementHistoryOnStartTurn(combatant: C, context: Data): Promise<void>;
}

/**
 * Core's turn events for the change from `previous` to `current`, as the active GM's client runs them: the prior
 * combatant's turn ends, on a new round the round ends and the next begins, the current combatant's turn starts;
 * v14 adds the ActiveEffect registry's `turnEnd`/`roundEnd`/`roundStart`/`turnStart` refreshes (`expire`, for the
 * turn's combatant or every one) and `_clearMovementHistoryOnStartTurn`. None when the acting combatant and the
 * round stay (foundryvtt#12747). `record` notes each event, in order.
 */
export async function triggerTurnEvents<C extends Identified>(
  combat: EventCombat<C>,
  previous: TurnHistory,
  current: TurnHistory,
  record: (event: string, combatantId: string | null, context: Data) => void,
  expire: (event: string, combatants: C[]) => Promise<void> | void,
): Promise<void> {
  const prior = previous.combatantId ? combat.combatants.get(previous.combatantId) : undefined;
  const next = current.combatantId ? combat.combatants.get(current.combatantId) : undefined;
  const skipped = previous.round !== current.round || previous.turn !== current.turn;
  // foundryvtt#12747 (closed): no turn event when the acting combatant and the round stay, the turn index moved.
  if (previous.round === current.round && previous.combatantId === current.combatantId) return;
  const everyone = combat.combatants.contents;
  if (prior) {
    const context = { round: previous.round, turn: previous.turn, skipped: false };
    await combat._onEndTurn(prior, context);
    record("_onEndTurn", prior.id, context);
    if (V14) {
      record("ActiveEffect.registry.refresh:turnEnd", prior.id, context);
      await expire("turnEnd", [prior]);
    }
  }
  if (previous.round !== current.round) {
    const end = { round: previous.round, skipped: false };
    await combat._onEndRound(end);
    record("_onEndRound", null, end);
    if (V14) {
      record("ActiveEffect.registry.refresh:roundEnd", null, end);
      await expire("roundEnd", everyone);
    }
    const start = { round: current.round, skipped: false };
    await combat._onStartRound(start);
    record("_onStartRound", null, start);
    if (V14) {
      record("ActiveEffect.registry.refresh:roundStart", null, start);
      await expire("roundStart", everyone);
    }
  }
  if (next) {
    const context = { round: current.round, turn: current.turn, skipped };
    await combat._onStartTurn(next, context);
    record("_onStartTurn", next.id, context);
    if (V14) {
      await combat._clearMovementHistoryOnStartTurn(next, context);
      record("_clearMovementHistoryOnStartTurn", next.id, context);
      record("ActiveEffect.registry.refresh:turnStart", next.id, context);
      await expire("turnStart", [next]);
    }
  }
}
