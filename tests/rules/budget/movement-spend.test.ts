/**
 * Token movement against the budgets (FS-R5, FS-R6, FS-M1…FS-M6, FS-A12, FS-A13, CD-A1…CD-A4, PR-P2, PR-P6,
 * AD-M7): the waypoints of a move become stretches of one movement action, and each family spends them.
 */
import { describe, expect, it } from "vitest";
import {
  movementStretches,
  ownMetres,
  type MovementStretch,
} from "../../../src/rules/budget/movement-stretches";
import {
  activeDefenseMove,
  classicD20Move,
  fastSlowMove,
  movementPercent,
  phasedMoveDeclaration,
} from "../../../src/rules/budget/movement-spend";
import {
  fastSlowRemaining,
  initialFastSlowBudget,
  spendFastSlow,
  startFastSlowRound,
  startFastSlowTurn,
  type FastSlowBudget,
  type TurnKind,
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

function fsTurn(kind: TurnKind, speed = 10): FastSlowBudget {
  return startFastSlowTurn(startFastSlowRound(initialFastSlowBudget(), { round: 1 }), { kind, speed });
}

function cdTurn(speed = 9): ClassicD20Budget {
  return startClassicD20Turn(startClassicD20Round(initialClassicD20Budget(), { round: 1 }), { speed });
}

const left = (s: FastSlowBudget, key: string) => fastSlowRemaining(s).turn.find((l) => l.key === key)?.left;
const fs = { prone: false, agilityModifier: 0 };

describe("movement stretches", () => {
  it("FS-M5 FS-M6 a jump is high when it rises, down when it drops, long when level; the walk before is its run-up", () => {
    const stretches = movementStretches(
      [
        walk(1.5),
        walk(1.5),
        { action: "jump", cost: 3, elevation: 0 },
        { action: "jump", cost: 1, elevation: 0.6 },
      ],
      0,
    );
    expect(
      stretches.map((s) => [s.action, s.metres, s.jump?.kind ?? null, s.jump?.runUpMetres ?? null]),
    ).toEqual([
      ["walk", 3, null, null],
      // The two jump waypoints cover 4 m (3 m level, then 1 m rising 0.6 m): the move pays all 4 m; the high
      // jump's height is 0.6 m.
      ["jump", 4, "high", 3],
    ]);
    expect(stretches[1]?.jump).toMatchObject({ measure: 0.6 });
    const down = movementStretches([{ action: "jump", cost: 0, elevation: 0 }], 4);
    expect(down[0]?.jump).toEqual({ kind: "down", runUpMetres: 0, measure: 4, across: 0 });
    expect(down[0]?.metres).toBe(4);
    const long = movementStretches([walk(1), { action: "jump", cost: 3, elevation: 0 }], 0);
    expect(long[1]?.jump).toEqual({ kind: "long", runUpMetres: 1, measure: 3, across: 3 });
  });

  it("FS-M1 Fray's balance action is walking on a treacherous surface; being pushed or teleported is not one's own move", () => {
    const s = movementStretches([{ action: "balance", cost: 2, elevation: 0 }], 0);
    expect(s[0]).toMatchObject({ action: "walk", balance: true, metres: 2 });
    const pushed = movementStretches(
      [walk(2), { action: "displace", cost: 5, elevation: 0 }, { action: "blink", cost: 9, elevation: 0 }],
      0,
    );
    expect(ownMetres(pushed)).toBe(2);
  });
  it("FS-M3 Fray's crawlNarrow action is a crawl through a narrow passage; FS-M6 a jump over open space keeps overGap", () => {
    expect(movementStretches([{ action: "crawlNarrow", cost: 2, elevation: 0 }], 0)).toEqual([
      { action: "crawl", balance: false, narrow: true, metres: 2, rise: 0, jump: null },
    ]);
    const pit: MovementStretch = {
      action: "jump",
      balance: false,
      metres: 4,
      rise: 0,
      jump: { kind: "long", runUpMetres: 0, overGap: true },
    };
    const moved = fastSlowMove(
      fsTurn("slow"),
      [{ action: "walk", balance: false, metres: 8, rise: 0, jump: null }, pit],
      {
        prone: false,
        agilityModifier: 2,
      },
    );
    expect(moved.ok && moved.value.landing).toBe("fall");
  });
});

describe("fast-slow token movement", () => {
  it("FS-R5 a fast turn's move gives up the action; FS-R6 a slow turn keeps it", () => {
    const fast = fastSlowMove(fsTurn("fast"), movementStretches([walk(4)], 0), fs);
    expect(fast.ok && [left(fast.value.state, "move"), left(fast.value.state, "action")]).toEqual([6, 0]);
    const slow = fastSlowMove(fsTurn("slow"), movementStretches([walk(4)], 0), fs);
    expect(slow.ok && [left(slow.value.state, "move"), left(slow.value.state, "action")]).toEqual([6, 1]);
  });

  it("FS-R5 once a fast turn acted, its token cannot move; the refused move spends nothing", () => {
    const acted = spendFastSlow(fsTurn("fast"), { type: "activity", activity: "cast" }, { prone: false });
    if (!acted.ok) throw new Error(acted.reason);
    const before = structuredClone(acted.value);
    const out = fastSlowMove(acted.value, movementStretches([walk(1)], 0), fs);
    expect(out).toMatchObject({ ok: false, reason: "fastTurnActed" });
    expect(acted.value).toEqual(before);
  });

  it("FS-M3 a prone creature only crawls, at half Speed, at least 1 m; it cannot walk", () => {
    const prone = { ...fs, prone: true };
    const crawl = fastSlowMove(
      fsTurn("slow", 10),
      movementStretches([{ action: "crawl", cost: 5, elevation: 0 }], 0),
      prone,
    );
    expect(crawl.ok && left(crawl.value.state, "move")).toBe(0);
    const tooFar = fastSlowMove(
      fsTurn("slow", 10),
      movementStretches([{ action: "crawl", cost: 6, elevation: 0 }], 0),
      prone,
    );
    expect(tooFar).toMatchObject({ ok: false, reason: "notEnoughMovement" });
    // Speed 1: half is 0.5 m, but a creature crawls at least 1 m.
    const slowCrawler = fastSlowMove(
      fsTurn("slow", 1),
      movementStretches([{ action: "crawl", cost: 1, elevation: 0 }], 0),
      prone,
    );
    expect(slowCrawler.ok).toBe(true);
    expect(fastSlowMove(fsTurn("slow"), movementStretches([walk(1)], 0), prone)).toMatchObject({
      ok: false,
      reason: "proneMustCrawl",
    });
  });

  it("FS-M1 balance waits for its Agility roll; once it passed this turn the surface costs double", () => {
    const ledge = movementStretches([{ action: "balance", cost: 2, elevation: 0 }], 0);
    const turn = fsTurn("slow");
    expect(fastSlowMove(turn, ledge, fs)).toMatchObject({ ok: false, reason: "balanceRollNeeded" });
    const passed = spendFastSlow(turn, { type: "traversal", result: "continue" }, { prone: false });
    if (!passed.ok) throw new Error(passed.reason);
    const out = fastSlowMove(passed.value, ledge, fs);
    expect(out.ok && left(out.value.state, "move")).toBe(6);
    // The GM may let the creature on without the roll.
    expect(fastSlowMove(turn, ledge, { ...fs, override: true }).ok).toBe(true);
  });

  it("FS-M1 FS-M2 a failed roll stops the move for this turn", () => {
    const stopped = spendFastSlow(fsTurn("slow"), { type: "traversal", result: "stop" }, { prone: false });
    if (!stopped.ok) throw new Error(stopped.reason);
    expect(fastSlowMove(stopped.value, movementStretches([walk(1)], 0), fs)).toMatchObject({
      ok: false,
      reason: "movementStopped",
    });
  });

  it("FS-M2 climbing costs double and leaves the GM a Strength roll to ask", () => {
    const out = fastSlowMove(
      fsTurn("slow"),
      movementStretches([{ action: "climb", cost: 3, elevation: 3 }], 0),
      fs,
    );
    expect(out.ok && left(out.value.state, "move")).toBe(4);
    expect(out.ok && out.value.checks).toEqual([{ attribute: "strength", required: false }]);
  });

  it("FS-M6 a long jump counts against the move; running out mid-jump lands prone", () => {
    const stretches = movementStretches([walk(8), { action: "jump", cost: 3, elevation: 0 }], 0);
    const out = fastSlowMove(fsTurn("slow", 10), stretches, { ...fs, agilityModifier: 2 });
    expect(out.ok && out.value.landing).toBe("prone");
    expect(out.ok && left(out.value.state, "move")).toBe(0);
    const made = fastSlowMove(
      fsTurn("slow", 10),
      movementStretches([walk(2), { action: "jump", cost: 3, elevation: 0 }], 0),
      fs,
    );
    expect(made.ok && [made.value.landing, left(made.value.state, "move")]).toEqual(["safe", 5]);
    // 2 + Agility modifier, +2 m after a 2 m run-up, without a roll.
    expect(made.ok && made.value.jumps[0]?.withoutRoll).toBe(4);
  });

  it("FS-M5 a drop of 5 m or more is a fall; a high jump higher than the Agility allows asks a roll", () => {
    const drop = fastSlowMove(
      fsTurn("slow"),
      movementStretches([{ action: "jump", cost: 0, elevation: 0 }], 5),
      fs,
    );
    expect(drop.ok && drop.value.landing).toBe("fall");
    const safe = fastSlowMove(
      fsTurn("slow"),
      movementStretches([{ action: "jump", cost: 0, elevation: 0 }], 4.5),
      fs,
    );
    expect(safe.ok && safe.value.landing).toBe("safe");
    const high = fastSlowMove(
      fsTurn("slow"),
      movementStretches([{ action: "jump", cost: 0, elevation: 1 }], 0),
      {
        ...fs,
        agilityModifier: 2,
      },
    );
    // 30 cm × half of +2 without a run-up: 0.3 m; 1 m is beyond it.
    expect(high.ok && high.value.jumps[0]).toMatchObject({
      withoutRoll: 0.3,
      agilityRollAsked: true,
      landing: "safe",
    });
  });

  it("FS-M4 a flyer moves its Speed in any direction; a prone flyer cannot fly", () => {
    const up = fastSlowMove(
      fsTurn("slow"),
      movementStretches([{ action: "fly", cost: 6, elevation: 6 }], 0),
      fs,
    );
    expect(up.ok && left(up.value.state, "move")).toBe(4);
    expect(
      fastSlowMove(fsTurn("slow"), movementStretches([{ action: "fly", cost: 1, elevation: 1 }], 0), {
        ...fs,
        prone: true,
      }),
    ).toMatchObject({ ok: false, reason: "proneCannotFly" });
  });

  it("FS-A12 Retreat movement is half Speed and provokes no opportunity attack; FS-A13 Rush doubles it", () => {
    const retreat = spendFastSlow(
      fsTurn("fast"),
      { type: "activity", activity: "retreat" },
      { prone: false },
    );
    if (!retreat.ok) throw new Error(retreat.reason);
    const out = fastSlowMove(retreat.value, movementStretches([walk(5)], 0), fs);
    expect(out.ok && out.value.noOpportunity).toBe(true);
    expect(fastSlowMove(retreat.value, movementStretches([walk(6)], 0), fs)).toMatchObject({ ok: false });
    const rush = spendFastSlow(fsTurn("fast"), { type: "activity", activity: "rush" }, { prone: false });
    if (!rush.ok) throw new Error(rush.reason);
    expect(fastSlowMove(rush.value, movementStretches([walk(20)], 0), fs).ok).toBe(true);
  });

  it("displace and blink cost nothing, even with no move left", () => {
    const fast = spendFastSlow(fsTurn("fast"), { type: "activity", activity: "cast" }, { prone: false });
    if (!fast.ok) throw new Error(fast.reason);
    const pushed = fastSlowMove(
      fast.value,
      movementStretches([{ action: "displace", cost: 4, elevation: 0 }], 0),
      fs,
    );
    expect(pushed.ok).toBe(true);
  });
});

describe("classic-d20 token movement", () => {
  it("CD-A1 the move opens the move action; CD-A2 more needs the standard action, asked for", () => {
    const moved = classicD20Move(cdTurn(9), movementStretches([walk(6)], 0), {});
    if (!moved.ok) throw new Error(moved.reason);
    expect(moved.value.state.turn).toMatchObject({ moveLeft: 0, metresLeft: 3, standardLeft: 1 });
    const further = classicD20Move(moved.value.state, movementStretches([walk(6)], 0), {});
    expect(further).toMatchObject({ ok: false, reason: "wouldUseStandard" });
    const doubled = spendClassicD20(moved.value.state, { type: "openMove", useStandard: true });
    if (!doubled.ok) throw new Error(doubled.reason);
    const second = classicD20Move(doubled.value, movementStretches([walk(6)], 0), {});
    expect(second.ok && second.value.state.turn).toMatchObject({ standardLeft: 0, standardUsedAs: "move" });
  });

  it("CD-A3 after a full-round action a move of at most 1.5 m is the step, once; CD-A4 some allow none", () => {
    const full = spendClassicD20(cdTurn(), { type: "fullRound" });
    if (!full.ok) throw new Error(full.reason);
    const step = classicD20Move(full.value, movementStretches([walk(1.5)], 0), {});
    expect(step.ok && step.value.state.turn?.stepTaken).toBe(true);
    if (!step.ok) return;
    expect(classicD20Move(step.value.state, movementStretches([walk(1.5)], 0), {})).toMatchObject({
      ok: false,
    });
    const noStep = spendClassicD20(cdTurn(), { type: "fullRound", allowsStep: false });
    if (!noStep.ok) throw new Error(noStep.reason);
    expect(classicD20Move(noStep.value, movementStretches([walk(1.5)], 0), {})).toMatchObject({
      ok: false,
      reason: "noStepWithThisAction",
    });
  });

  it("CD-A1 the GM may force a move; the overspend is recorded, nothing goes negative", () => {
    const forced = classicD20Move(cdTurn(9), movementStretches([walk(30)], 0), { override: true });
    if (!forced.ok) throw new Error(forced.reason);
    expect(forced.value.state.turn?.metresLeft).toBe(0);
    expect(forced.value.state.overrides.length).toBe(1);
  });
});

describe("phased-round and active-defense token movement", () => {
  it("PR-P6 a move is its share of the movement potential, added to the round's declaration", () => {
    expect(movementPercent(3, 12)).toBe(25);
    expect(movementPercent(1, 12)).toBe(9); // a started percent counts
    expect(movementPercent(30, 12)).toBe(100);
    const declared = phasedMoveDeclaration(
      { percent: 10, manoeuvre: "none", draw: true, change: false },
      movementStretches([walk(3)], 0),
      12,
    );
    expect(declared).toEqual({ percent: 35, manoeuvre: "none", draw: true, change: false });
    expect(
      phasedMoveDeclaration(null, movementStretches([{ action: "displace", cost: 3, elevation: 0 }], 0), 12),
    ).toBe(null);
  });

  it("AD-M7 moving is the turn's Move manoeuvre; after another manoeuvre it is refused", () => {
    const turn = startActiveDefenseTurn(initialActiveDefenseBudget());
    const moved = activeDefenseMove(turn, movementStretches([walk(2)], 0), {});
    if (!moved.ok) throw new Error(moved.reason);
    expect(moved.value.state.maneuver).toBe("move");
    expect(activeDefenseMove(moved.value.state, movementStretches([walk(2)], 0), {}).ok).toBe(true);
    const defended = spendActiveDefense(turn, { type: "maneuver", maneuver: "allOutDefense" });
    if (!defended.ok) throw new Error(defended.reason);
    expect(activeDefenseMove(defended.value, movementStretches([walk(1)], 0), {})).toMatchObject({
      ok: false,
      reason: "maneuverTaken",
    });
    expect(
      activeDefenseMove(initialActiveDefenseBudget(), movementStretches([walk(1)], 0), {}),
    ).toMatchObject({
      ok: false,
      reason: "notYourTurn",
    });
  });
});
