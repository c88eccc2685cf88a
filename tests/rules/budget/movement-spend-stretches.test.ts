/**
 * Token movement against the budgets, stretch by stretch: what a whole move reports beyond its new state (rolls,
 * jumps, landing, opportunity attacks), how the GM's override is recorded, and when a classic-d20 move is the
 * CD-A3 step (FS-M1, FS-M3, FS-M6, FS-A12, FS-A16, CD-A1…CD-A4, AD-M7, PR-P6).
 */
import { describe, expect, it } from "vitest";
import { movementStretches } from "../../../src/rules/budget/movement-stretches";
import {
  activeDefenseMove,
  classicD20Move,
  fastSlowMove,
  movementPercent,
} from "../../../src/rules/budget/movement-spend";
import {
  fastSlowRemaining,
  initialFastSlowBudget,
  spendFastSlow,
  startFastSlowRound,
  startFastSlowTurn,
  type FastSlowBudget,
} from "../../../src/rules/families/fast-slow/budget";
import {
  initialClassicD20Budget,
  spendClassicD20,
  startClassicD20Round,
  startClassicD20Turn,
  type ClassicD20Budget,
} from "../../../src/rules/families/classic-d20/budget";
import {
  initialActiveDefenseBudget,
  spendActiveDefense,
  startActiveDefenseTurn,
} from "../../../src/rules/families/active-defense-3d6/budget";

const walk = (cost: number, elevation = 0) => ({ action: "walk", cost, elevation });
const fs = { prone: false, agilityModifier: 0 };

function slowTurn(speed = 10): FastSlowBudget {
  return startFastSlowTurn(startFastSlowRound(initialFastSlowBudget(), { round: 1 }), {
    kind: "slow",
    speed,
  });
}

function cdTurn(speed = 9): ClassicD20Budget {
  return startClassicD20Turn(startClassicD20Round(initialClassicD20Budget(), { round: 1 }), { speed });
}

const moveLeft = (s: FastSlowBudget) => fastSlowRemaining(s).turn.find((l) => l.key === "move")?.left;

/** Everything a move reports beside its state. */
function report<S>(out: { ok: true; value: { state: S } } | { ok: false; reason: string }) {
  if (!out.ok) throw new Error(out.reason);
  const { state: _state, ...rest } = out.value as { state: S } & Record<string, unknown>;
  return rest;
}

describe("fast-slow: what a whole move reports", () => {
  it("FS-A16 an ordinary walk leaves reach voluntarily: it may draw opportunity attacks", () => {
    const out = fastSlowMove(slowTurn(), movementStretches([walk(3)], 0), fs);
    expect(report(out)).toEqual({ checks: [], jumps: [], landing: "safe", noOpportunity: false });
  });

  it("FS-A16 being pushed is not leaving reach voluntarily: no opportunity attack, nothing spent", () => {
    const turn = slowTurn();
    const out = fastSlowMove(turn, movementStretches([{ action: "displace", cost: 4, elevation: 0 }], 0), fs);
    expect(out).toEqual({
      ok: true,
      value: { state: turn, checks: [], jumps: [], landing: "safe", noOpportunity: true },
    });
  });

  it("FS-M1 once the Agility roll passed this turn, the balance stretch asks no further roll", () => {
    const passed = spendFastSlow(slowTurn(), { type: "traversal", result: "continue" }, { prone: false });
    if (!passed.ok) throw new Error(passed.reason);
    const out = fastSlowMove(
      passed.value,
      movementStretches([{ action: "balance", cost: 2, elevation: 0 }], 0),
      fs,
    );
    expect(report(out)).toEqual({ checks: [], jumps: [], landing: "safe", noOpportunity: false });
  });

  it("FS-M1 the GM letting a creature on without its roll leaves no roll pending", () => {
    const out = fastSlowMove(
      slowTurn(),
      movementStretches([{ action: "balance", cost: 2, elevation: 0 }], 0),
      {
        ...fs,
        override: true,
      },
    );
    expect(report(out)).toEqual({ checks: [], jumps: [], landing: "safe", noOpportunity: false });
  });

  it("FS-M6 a long jump cut short by the move ends the move there: what follows is not walked", () => {
    const stretches = movementStretches([walk(8), { action: "jump", cost: 3, elevation: 0 }, walk(1)], 0);
    expect(stretches.map((s) => s.action)).toEqual(["walk", "jump", "walk"]);
    const out = fastSlowMove(slowTurn(10), stretches, { ...fs, agilityModifier: 2 });
    if (!out.ok) throw new Error(out.reason);
    expect([out.value.landing, out.value.jumps.length, moveLeft(out.value.state)]).toEqual(["prone", 1, 0]);
    expect(out.value.state.overrides).toEqual([]);
  });

  it("FS-M3 a narrow passage slows a prone crawl further: Speed 10 crawls 2.5 m there with the whole move", () => {
    const prone = { ...fs, prone: true };
    const narrow = (m: number) => movementStretches([{ action: "crawlNarrow", cost: m, elevation: 0 }], 0);
    const through = fastSlowMove(slowTurn(10), narrow(2.5), prone);
    expect(through.ok && moveLeft(through.value.state)).toBe(0);
    expect(fastSlowMove(slowTurn(10), narrow(3), prone)).toEqual({
      ok: false,
      reason: "notEnoughMovement",
      data: { left: "10" },
    });
    // On open ground the same 3 m crawl is within half Speed.
    const open = fastSlowMove(
      slowTurn(10),
      movementStretches([{ action: "crawl", cost: 3, elevation: 0 }], 0),
      prone,
    );
    expect(open.ok && moveLeft(open.value.state)).toBe(4);
  });

  it("FS-R6 the GM may force a move beyond the move left: the move is recorded with its overspend", () => {
    const out = fastSlowMove(slowTurn(10), movementStretches([walk(12)], 0), { ...fs, override: true });
    if (!out.ok) throw new Error(out.reason);
    expect(moveLeft(out.value.state)).toBe(0);
    expect(out.value.state.overrides).toEqual([{ event: "move", reason: "notEnoughMovement", amount: 2 }]);
    expect(fastSlowMove(slowTurn(10), movementStretches([walk(12)], 0), fs)).toEqual({
      ok: false,
      reason: "notEnoughMovement",
      data: { left: "10" },
    });
  });
});

describe("classic-d20: the move action or the CD-A3 step", () => {
  it("CD-A1 a first short move opens the move action (it is not the step)", () => {
    const out = classicD20Move(cdTurn(9), movementStretches([walk(1)], 0), {});
    if (!out.ok) throw new Error(out.reason);
    expect(report(out)).toEqual({ checks: [], jumps: [], landing: "safe", noOpportunity: false });
    expect(out.value.state.turn).toMatchObject({ moveLeft: 0, metresLeft: 8, moved: true, stepTaken: false });
  });

  it("CD-A1 a move action opened before moving pays a short move from its metres, not with the step", () => {
    const opened = spendClassicD20(cdTurn(9), { type: "openMove" });
    if (!opened.ok) throw new Error(opened.reason);
    const out = classicD20Move(opened.value, movementStretches([walk(1)], 0), {});
    expect(out.ok && out.value.state.turn).toMatchObject({ metresLeft: 8, moved: true, stepTaken: false });
  });

  it("CD-A3 after a move action that covered no distance (standing up), a move of 1.5 m is the step", () => {
    const stood = spendClassicD20(cdTurn(9), { type: "moveAction" });
    if (!stood.ok) throw new Error(stood.reason);
    const out = classicD20Move(stood.value, movementStretches([walk(1.5)], 0), {});
    if (!out.ok) throw new Error(out.reason);
    expect(out.value.state.turn).toMatchObject({
      moveLeft: 0,
      stepTaken: true,
      moved: false,
      standardLeft: 1,
    });
    expect(report(out)).toEqual({ checks: [], jumps: [], landing: "safe", noOpportunity: false });
  });

  it("CD-A4 after a full-round action a move longer than 1.5 m is no step: the full round took the move", () => {
    const full = spendClassicD20(cdTurn(), { type: "fullRound" });
    if (!full.ok) throw new Error(full.reason);
    expect(classicD20Move(full.value, movementStretches([walk(1.6)], 0), {})).toEqual({
      ok: false,
      reason: "fullRoundTaken",
    });
  });

  it("CD-A1 being pushed is no move: nothing is spent, not even the step", () => {
    const full = spendClassicD20(cdTurn(), { type: "fullRound" });
    if (!full.ok) throw new Error(full.reason);
    const pushed = movementStretches([{ action: "displace", cost: 3, elevation: 0 }], 0);
    for (const state of [cdTurn(), full.value]) {
      expect(classicD20Move(state, pushed, {})).toEqual({
        ok: true,
        value: { state, checks: [], jumps: [], landing: "safe", noOpportunity: false },
      });
    }
  });

  it("CD-A1 outside its turn a GM-forced short move spends nothing and is recorded as a move", () => {
    const outside = startClassicD20Round(initialClassicD20Budget(), { round: 1 });
    const out = classicD20Move(outside, movementStretches([walk(1)], 0), { override: true });
    if (!out.ok) throw new Error(out.reason);
    expect(out.value.state).toEqual({ ...outside, overrides: [{ event: "move", reason: "notYourTurn" }] });
    expect(classicD20Move(outside, movementStretches([walk(1)], 0), {})).toEqual({
      ok: false,
      reason: "notYourTurn",
    });
  });
});

describe("active-defense-3d6 and phased-round", () => {
  it("AD-M7 being pushed is no Move manoeuvre: the turn keeps its choice", () => {
    const turn = startActiveDefenseTurn(initialActiveDefenseBudget());
    const out = activeDefenseMove(
      turn,
      movementStretches([{ action: "displace", cost: 3, elevation: 0 }], 0),
      {},
    );
    expect(out).toEqual({
      ok: true,
      value: { state: turn, checks: [], jumps: [], landing: "safe", noOpportunity: false },
    });
  });

  it("AD-M7 a move reports no roll and no landing; the GM may force one after another manoeuvre", () => {
    const turn = startActiveDefenseTurn(initialActiveDefenseBudget());
    const moved = activeDefenseMove(turn, movementStretches([walk(2)], 0), {});
    expect(report(moved)).toEqual({ checks: [], jumps: [], landing: "safe", noOpportunity: false });
    const defended = spendActiveDefense(turn, { type: "maneuver", maneuver: "allOutDefense" });
    if (!defended.ok) throw new Error(defended.reason);
    const forced = activeDefenseMove(defended.value, movementStretches([walk(1)], 0), { override: true });
    if (!forced.ok) throw new Error(forced.reason);
    expect(forced.value.state.overrides).toEqual([{ event: "maneuver", reason: "maneuverTaken" }]);
  });

  it("PR-P6 no movement uses none of the potential, even a potential of 0; with no potential any move uses it all", () => {
    expect(movementPercent(0, 0)).toBe(0);
    expect(movementPercent(0, 12)).toBe(0);
    expect(movementPercent(-3, 12)).toBe(0);
    expect(movementPercent(3, 0)).toBe(100);
    expect(movementPercent(3, -12)).toBe(100);
  });
});
