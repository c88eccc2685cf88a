/**
 * Core's view of a fight against the round engine's, for the turn-order tests: what `combat.round`, `turns`,
 * `turn`, `combatant` and `current` must hold for an engine state, and a log of core's combat hooks
 * (`combatStart`, `combatTurn`, `combatRound`, `combatTurnChange`) with what each client saw when they fired.
 */
import { expect } from "vitest";
import type { CombatHistory, HarnessUser } from "../../harness/combat";
import { roundStateOf } from "../../../src/documents/combat-api";
import { compareByRank, turnRanks } from "../../../src/data/combat/turn-order";
import { alice, gm, recorded, settle, type FrayCombatLike } from "./setup";

type Fight = FrayCombatLike & { current: CombatHistory; previous: CombatHistory };

/** What core's fields must say for the engine's state: the engine's order, its current combatant's index. */
export function engineView(combat: FrayCombatLike) {
  const state = roundStateOf(combat);
  const ids = [...combat.combatants.keys()].map(String);
  const ranks = turnRanks(state);
  const turns = [...ids].sort((a, b) => compareByRank(ranks, a, b));
  // The engine's current combatant, if it is still a document (a deleted one is gone from core's view).
  const acting = state.current !== null && ids.includes(state.current) ? state.current : null;
  const turn = acting === null ? null : turns.indexOf(acting);
  return { state, turns, round: state.round, turn, combatantId: acting };
}

/** `combat.round`, `turns`, `turn`, `combatant` and `current` agree with the round engine. */
export function expectAgrees(combat: FrayCombatLike, when: string): void {
  const fight = combat as Fight;
  const want = engineView(combat);
  const got = {
    round: fight.round,
    turns: fight.turns.map((c) => c.id),
    turn: fight.turn,
    combatant: fight.combatant?.id ?? null,
    current: fight.current,
  };
  expect(got, when).toEqual({
    round: want.round,
    turns: want.turns,
    turn: want.turn,
    combatant: want.combatantId,
    current: {
      round: want.round,
      turn: want.turn,
      combatantId: want.combatantId,
      tokenId: fight.combatant?.tokenId ?? null,
    },
  });
  // The initiative order, where the engine keeps one, leads core's turns.
  const order = want.state.order.filter((id) => want.turns.includes(id));
  expect(want.turns.slice(0, order.length), when).toEqual(order);
}

export interface HookCall {
  readonly hook: string;
  readonly user: string;
  readonly combat: unknown;
  /** The arguments after the combat, as they were when the hook fired. */
  readonly args: unknown[];
  /** The combat's `round` and `turn` when the hook fired (before or after the write). */
  readonly at: { round: number; turn: number | null };
  /** For `combatTurnChange`: what the engine said at that moment, in core's terms. */
  readonly engine?: { round: number; turn: number | null; combatantId: string | null };
}

export const hookCalls: HookCall[] = [];

const CORE_HOOKS = ["combatStart", "combatTurn", "combatRound", "combatTurnChange"] as const;
const g = globalThis as unknown as {
  Hooks: { on(name: string, fn: (...args: unknown[]) => void): void };
  game: { user: HarnessUser };
};
for (const hook of CORE_HOOKS) {
  g.Hooks.on(hook, (combat: unknown, ...args: unknown[]) => {
    const fight = combat as FrayCombatLike;
    const view = engineView(fight);
    hookCalls.push({
      hook,
      user: g.game.user.id,
      combat,
      args: JSON.parse(JSON.stringify(args)) as unknown[],
      at: { round: fight.round, turn: fight.turn },
      ...(hook === "combatTurnChange"
        ? { engine: { round: view.round, turn: view.turn, combatantId: view.combatantId } }
        : {}),
    });
  });
}

const NOBODY: CombatHistory = { round: 0, turn: null, combatantId: null, tokenId: null };

/**
 * Every `combatTurnChange` a client saw for `combat` (its own copy) carried core's state as the engine had it
 * then, and the chain of prior → current is unbroken from the state before the fight, ending at `current`.
 */
export function expectTurnChanges(combat: FrayCombatLike, user: HarnessUser, when: string): void {
  const fight = combat as Fight;
  const seen = hookCalls.filter((c) => c.hook === "combatTurnChange" && c.combat === combat);
  expect(
    seen.every((c) => c.user === user.id),
    `${when}: fired on ${user.name}'s client`,
  ).toBe(true);
  let last = NOBODY;
  for (const call of seen) {
    const [prior, current] = call.args as [CombatHistory, CombatHistory];
    expect(prior, `${when}: prior state`).toEqual(last);
    expect(current, `${when}: new state`).toMatchObject(call.engine ?? {});
    expect(current, `${when}: a change`).not.toEqual(prior);
    last = current;
  }
  expect(fight.current, `${when}: current`).toEqual(last);
  if (seen.length) expect(fight.previous, `${when}: previous`).toEqual(seen.at(-1)?.args[0]);
}

/**
 * Runs one step of a fight watched by the GM's client (`combat`) and Alice's (`seen`): the step's outcome, if it has
 * one, is ok; once the GM's reconciliations finish nobody was refused, both clients agree with the engine and each
 * saw an unbroken chain of turn changes.
 */
export async function checkedStep(
  t: { combat: FrayCombatLike; seen: FrayCombatLike },
  when: string,
  action: () => Promise<unknown>,
): Promise<void> {
  const out = await action();
  if (out && typeof out === "object" && "ok" in out) expect(out, when).toMatchObject({ ok: true });
  await settle();
  expect(recorded.warnings, `${when}: no refusal`).toEqual([]);
  expectAgrees(t.combat, `${when} (GM's client)`);
  expectAgrees(t.seen, `${when} (Alice's client)`);
  expectTurnChanges(t.combat, gm, `${when} (GM's client)`);
  expectTurnChanges(t.seen, alice, `${when} (Alice's client)`);
}
