/**
 * The fast-slow budget in the corners of its turn: what is left (FS-R5, FS-R6, FS-A12, FS-A13, FS-A16, FS-A17),
 * what spends the move or the action and what does not (FS-M1, FS-M3, FS-M5, FS-MT2), the prepared activity
 * (FS-A10) and the GM's overrides of FS-A17's extra minor activities.
 */
import { describe, expect, it } from "vitest";
import {
  fastSlowBudget,
  fastSlowRemaining,
  initialFastSlowBudget,
  spendFastSlow,
  spendMountMove,
  spendMovement,
  startFastSlowRound,
  startFastSlowTurn,
  type FastSlowBudget,
  type FastSlowEvent,
  type TurnKind,
} from "../../../src/rules/families/fast-slow/budget";

const standing = { prone: false };
const prone = { prone: true };

function turnOf(kind: TurnKind, speed = 10, minorBonus?: number): FastSlowBudget {
  return startFastSlowTurn(startFastSlowRound(initialFastSlowBudget(), { round: 1 }), {
    kind,
    speed,
    ...(minorBonus === undefined ? {} : { minorBonus }),
  });
}

function spend(state: FastSlowBudget, event: FastSlowEvent, ctx = standing): FastSlowBudget {
  const out = spendFastSlow(state, event, ctx);
  if (!out.ok) throw new Error(out.reason);
  return out.value;
}

const walk = (metres: number, override = false): FastSlowEvent => ({
  type: "move",
  metres,
  action: "walk",
  ...(override ? { override: true } : {}),
});

describe("fast-slow: what is left", () => {
  it("FS-R6 FS-A17 a slow turn: its action, its move, 2 minor activities and the extra one it earns by giving up one", () => {
    expect(fastSlowRemaining(turnOf("slow", 10))).toEqual({
      turn: [
        { key: "action", left: 1, max: 1, unit: "count" },
        { key: "move", left: 10, max: 10, unit: "metres" },
        { key: "minor", left: 3, max: 3, unit: "count" },
      ],
      round: [{ key: "reaction", left: 1, max: 1, unit: "count" }],
    });
  });

  it("FS-R5 after an activity that opens no movement the fast turn has no move and no Rush/Retreat line", () => {
    const cast = spend(turnOf("fast", 10), { type: "activity", activity: "cast" });
    expect(fastSlowRemaining(cast).turn).toEqual([
      { key: "action", left: 0, max: 1, unit: "count" },
      { key: "move", left: 0, max: 10, unit: "metres" },
      { key: "minor", left: 1, max: 2, unit: "count" },
    ]);
  });

  it("FS-A13 Rush opens double Speed of movement of its own, shown beside the move", () => {
    const rush = spend(turnOf("slow", 6), { type: "activity", activity: "rush" });
    expect(fastSlowRemaining(rush).turn).toEqual([
      { key: "action", left: 0, max: 1, unit: "count" },
      { key: "move", left: 6, max: 6, unit: "metres" },
      { key: "rush", left: 12, max: 12, unit: "metres" },
      { key: "minor", left: 3, max: 3, unit: "count" },
    ]);
    // The Rush movement is used first; what is left counts the turn's move and the Rush movement together.
    const step = spendMovement(rush, { type: "move", metres: 5, action: "walk" }, standing);
    expect(step.ok && [step.value.cost, step.value.metresLeft]).toEqual([5, 13]);
  });

  it("FS-A17 once the GM let a turn both move and act after an extra minor activity, the extras left stay counted", () => {
    let s = turnOf("slow", 10, 2);
    s = spend(s, walk(2));
    for (let i = 0; i < 3; i++) s = spend(s, { type: "minor" });
    const forced = spendFastSlow(s, { type: "activity", activity: "cast", override: true }, standing);
    if (!forced.ok) throw new Error(forced.reason);
    expect(forced.value.overrides).toEqual([{ event: "activity", reason: "minorBonusTaken" }]);
    // 2 extra minor activities, one of them done: one is left.
    expect(fastSlowRemaining(forced.value).turn.find((l) => l.key === "minor")).toEqual({
      key: "minor",
      left: 1,
      max: 4,
      unit: "count",
    });
    expect(spendFastSlow(s, { type: "activity", activity: "cast" }, standing)).toEqual({
      ok: false,
      reason: "minorBonusTaken",
    });
  });

  it("FS-M5 FS-M6 after an extra minor activity, a jump without its details stays refused even when the GM forces it", () => {
    let s = spend(turnOf("slow", 10), { type: "activity", activity: "cast" });
    for (let i = 0; i < 3; i++) s = spend(s, { type: "minor" });
    expect(spendFastSlow(s, { type: "move", metres: 2, action: "jump", override: true }, standing)).toEqual({
      ok: false,
      reason: "jumpDetailsMissing",
    });
  });

  it("the budget's family is fast-slow", () => {
    expect(fastSlowBudget.family).toBe("fast-slow");
  });
});

describe("fast-slow: what spends the move", () => {
  it("FS-R5 being pushed is not the creature's move: a fast turn keeps its action and its move", () => {
    const turn = turnOf("fast", 10);
    const out = spendMovement(turn, { type: "move", metres: 4, action: "displace" }, standing);
    expect(out).toEqual({
      ok: true,
      value: { state: turn, cost: 0, metresLeft: 10, noOpportunity: false, check: null, jump: null },
    });
  });

  it("FS-A13 moving only with Rush movement leaves a slow turn's own move unused", () => {
    const rush = spend(turnOf("slow", 6), { type: "activity", activity: "rush" });
    const moved = spend(rush, walk(4));
    expect(moved.turn).toMatchObject({ moveLeft: 6, moveUsed: false, bonusMoveLeft: 8 });
    // So the whole move is still there to mount (FS-MT2).
    expect(spendMountMove(moved).ok).toBe(true);
  });

  it("FS-A12 only the Retreat movement provokes no opportunity attack; metres beyond it do", () => {
    const retreat = spend(turnOf("slow", 10), { type: "activity", activity: "retreat" });
    const within = spendMovement(retreat, { type: "move", metres: 5, action: "walk" }, standing);
    expect(within.ok && within.value.noOpportunity).toBe(true);
    const beyond = spendMovement(retreat, { type: "move", metres: 7, action: "walk" }, standing);
    expect(beyond.ok && [beyond.value.noOpportunity, beyond.value.metresLeft]).toEqual([false, 8]);
  });

  it("FS-M5 FS-M6 a jump needs its details (which jump, the run-up)", () => {
    expect(spendFastSlow(turnOf("slow"), { type: "move", metres: 2, action: "jump" }, standing)).toEqual({
      ok: false,
      reason: "jumpDetailsMissing",
    });
  });

  it("FS-M5 with no move left a creature cannot jump, not even a jump that costs nothing", () => {
    const spent = spend(turnOf("slow", 10), walk(10));
    const out = spendFastSlow(
      spent,
      {
        type: "move",
        metres: 0,
        action: "jump",
        jump: { kind: "down", agilityModifier: 0, runUpMetres: 0, measure: 1 },
      },
      standing,
    );
    expect(out).toEqual({ ok: false, reason: "notEnoughMovement", data: { left: "0" } });
  });

  it("FS-M3 a prone creature forced by the GM to walk pays the metres walked", () => {
    const out = spendFastSlow(turnOf("slow", 10), walk(3, true), prone);
    if (!out.ok) throw new Error(out.reason);
    expect(out.value.turn).toMatchObject({ moveLeft: 7, moveUsed: true });
    expect(out.value.overrides).toEqual([{ event: "move", reason: "proneMustCrawl" }]);
  });

  it("FS-M1 a failed roll stops the creature: Rush then opens no movement", () => {
    const stopped = spend(turnOf("slow", 10), { type: "traversal", result: "stop" });
    const rush = spend(stopped, { type: "activity", activity: "rush" });
    expect(rush.turn).toMatchObject({
      bonusMoveLeft: 0,
      bonusMoveMax: 0,
      bonusMoveFrom: null,
      actionUsedFor: "rush",
    });
  });
});

describe("fast-slow: the whole move and the action", () => {
  it("FS-MT2 a slow turn mounts with its whole move and keeps its action", () => {
    const out = spendMountMove(turnOf("slow", 10));
    expect(out.ok && out.value.turn).toMatchObject({ moveLeft: 0, moveUsed: true, actionLeft: 1 });
  });

  it("FS-M1 after a failed roll the move cannot go to mounting: movement stopped", () => {
    const stopped = spend(turnOf("slow", 10), { type: "traversal", result: "stop" });
    expect(spendMountMove(stopped)).toEqual({ ok: false, reason: "movementStopped" });
  });

  it("FS-M3 a creature with Speed 0 has no move to stand up with", () => {
    expect(spendFastSlow(turnOf("slow", 0), { type: "standUp", using: "move" }, prone)).toEqual({
      ok: false,
      reason: "moveAlreadyUsed",
    });
  });

  it("FS-M3 standing up with the action: only a prone creature, and only with its action left", () => {
    expect(spendFastSlow(turnOf("slow"), { type: "standUp", using: "action" }, standing)).toEqual({
      ok: false,
      reason: "notProne",
    });
    const acted = spend(turnOf("slow"), { type: "activity", activity: "cast" });
    expect(spendFastSlow(acted, { type: "standUp", using: "action" }, prone)).toEqual({
      ok: false,
      reason: "actionUsed",
    });
    const up = spend(turnOf("slow"), { type: "standUp", using: "action" }, prone);
    expect(up.turn).toMatchObject({ actionLeft: 0, actionUsedFor: "standUp", moveLeft: 10 });
  });
});

describe("fast-slow: reactions and the prepared activity", () => {
  const prepared = { activity: "attack" as const, trigger: "the first enemy that comes in reach" };

  it("FS-A16 a creature with two reactions this round has one left after an opportunity attack", () => {
    const two = { ...turnOf("slow"), reactionLeft: 2 };
    expect(spend(two, { type: "reaction", kind: "opportunityAttack" }).reactionLeft).toBe(1);
  });

  it("FS-A10 the prepared activity stays until it is used: an opportunity attack does not use it", () => {
    const ready = spend(turnOf("slow"), { type: "activity", activity: "prepare", prepared });
    expect(spend(ready, { type: "reaction", kind: "opportunityAttack" }).prepared).toEqual(prepared);
    expect(spend(ready, { type: "reaction", kind: "prepared" }).prepared).toBe(null);
  });

  it("FS-A10 another activity the GM forces in the same turn does not drop the prepared one", () => {
    const ready = spend(turnOf("slow"), { type: "activity", activity: "prepare", prepared });
    const forced = spend(ready, { type: "activity", activity: "cast", override: true });
    expect(forced.prepared).toEqual(prepared);
    expect(forced.overrides).toEqual([{ event: "activity", reason: "actionUsed" }]);
  });
});
