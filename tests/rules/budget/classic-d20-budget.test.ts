import { describe, expect, it } from "vitest";
import {
  classicD20Budget,
  spendClassicD20,
  stepAvailable,
  type ClassicD20Budget,
  type ClassicD20Event,
} from "../../../src/rules/families/classic-d20/budget";

function turn(speed = 9, standardOnly = false): ClassicD20Budget {
  const round = classicD20Budget.startRound(classicD20Budget.initial(), { round: 1 });
  return classicD20Budget.startTurn(round, { speed, standardOnly });
}

function run(state: ClassicD20Budget, ...events: ClassicD20Event[]): ClassicD20Budget {
  return events.reduce((s, e) => {
    const out = spendClassicD20(s, e);
    if (!out.ok) throw new Error(`refused ${e.type}: ${out.reason}`);
    return out.value;
  }, state);
}

function reason(state: ClassicD20Budget, event: ClassicD20Event): string | null {
  const out = spendClassicD20(state, event);
  return out.ok ? null : out.reason;
}

const left = (state: ClassicD20Budget, key: string) =>
  classicD20Budget.remaining(state).turn.find((l) => l.key === key)?.left;

describe("classic-d20 actions", () => {
  it("CD-A1 a standard action and a move action in one round", () => {
    const s = run(turn(), { type: "standard", kind: "attack" }, { type: "move", metres: 9 });
    expect(left(s, "standard")).toBe(0);
    expect(left(s, "moveAction")).toBe(0);
    expect(reason(s, { type: "standard" })).toBe("standardActionUsed");
    expect(reason(s, { type: "move", metres: 1 })).toBe("notEnoughMovement");
  });

  it("CD-A1 or one full-round action, which needs the whole round", () => {
    const s = run(turn(), { type: "fullRound" });
    expect(reason(s, { type: "standard" })).toBe("fullRoundTaken");
    expect(reason(s, { type: "move", metres: 3 })).toBe("fullRoundTaken");
    const afterStandard = run(turn(), { type: "standard" });
    expect(reason(afterStandard, { type: "fullRound" })).toBe("fullRoundNeedsWholeTurn");
    const afterMove = run(turn(), { type: "move", metres: 3 });
    expect(reason(afterMove, { type: "fullRound" })).toBe("fullRoundNeedsWholeTurn");
  });

  it("CD-A1 free actions alongside the others", () => {
    const s = run(turn(), { type: "fullRound" }, { type: "free" }, { type: "free" });
    expect(s.turn?.freeActions).toBe(2);
  });

  it("CD-A2 a move action may replace the standard: two moves", () => {
    // Without asking, the standard is kept.
    expect(reason(turn(9), { type: "move", metres: 12 })).toBe("wouldUseStandard");
    const s = run(turn(9), { type: "move", metres: 12, useStandard: true });
    expect(left(s, "standard")).toBe(0);
    expect(left(s, "metres")).toBe(6);
    expect(s.turn?.standardUsedAs).toBe("move");
    expect(reason(s, { type: "move", metres: 7 })).toBe("notEnoughMovement");
    // A move-equivalent action in place of the standard.
    const stood = run(turn(), { type: "moveAction" }, { type: "moveAction", useStandard: true });
    expect(left(stood, "standard")).toBe(0);
    expect(reason(stood, { type: "moveAction", useStandard: true })).toBe("noMoveAction");
  });

  it("CD-A3 a 1.5 m step only when the combatant moves no distance this round", () => {
    const stood = run(turn(), { type: "moveAction" }, { type: "step" }, { type: "standard" });
    expect(stood.turn?.stepTaken).toBe(true);
    expect(reason(stood, { type: "step" })).toBe("stepTaken");
    expect(reason(run(turn(), { type: "move", metres: 3 }), { type: "step" })).toBe("movedThisRound");
    expect(reason(run(turn(), { type: "step" }), { type: "move", metres: 3 })).toBe("steppedThisRound");
    expect(reason(turn(), { type: "step", metres: 3 })).toBe("stepTooLong");
    // Before, during or after the action.
    expect(stepAvailable(run(turn(), { type: "standard" }).turn!)).toBe(true);
  });

  it("CD-A4 a full-round action allows only the 1.5 m step, and some allow none", () => {
    const s = run(turn(), { type: "step" }, { type: "fullRound" });
    expect(s.turn?.fullRound).toBe(true);
    expect(reason(run(turn(), { type: "fullRound" }), { type: "step" })).toBeNull();
    expect(reason(run(turn(), { type: "fullRound", allowsStep: false }), { type: "step" })).toBe(
      "noStepWithThisAction",
    );
    expect(reason(run(turn(), { type: "step" }), { type: "fullRound", allowsStep: false })).toBe(
      "steppedThisRound",
    );
  });

  it("CD-A5 limited to a standard action, only some full-round actions can be taken, as the standard", () => {
    const limited = turn(9, true);
    expect(left(limited, "moveAction")).toBe(0);
    expect(reason(limited, { type: "fullRound" })).toBe("limitedToStandard");
    const s = run(limited, { type: "fullRound", canBeStandard: true });
    expect(left(s, "standard")).toBe(0);
    // The standard may still become a move (CD-A2).
    expect(reason(limited, { type: "move", metres: 9, useStandard: true })).toBeNull();
  });

  it("CD-A6 an attack or a spell is a standard action", () => {
    for (const kind of ["attack", "cast"] as const) {
      const s = run(turn(), { type: "standard", kind });
      expect(left(s, "standard")).toBe(0);
      expect(left(s, "moveAction")).toBe(1);
    }
  });

  it("CD-A1 nothing is spent outside the combatant's turn; the GM may override a refusal", () => {
    expect(reason(classicD20Budget.initial(), { type: "standard" })).toBe("notYourTurn");
    const s = run(turn(), { type: "standard" });
    const forced = spendClassicD20(s, { type: "standard", override: true });
    expect(forced.ok && forced.value.overrides).toEqual([
      { event: "standard", reason: "standardActionUsed" },
    ]);
    const far = spendClassicD20(turn(9), { type: "move", metres: 20, useStandard: true, override: true });
    expect(far.ok && far.value.overrides).toEqual([
      { event: "move", reason: "notEnoughMovement", amount: 2 },
    ]);
    expect(far.ok && left(far.value, "metres")).toBe(0);
  });

  it("CD-A1…CD-A5 what is left of the turn: the standard, the move, its metres, the step, the full-round action", () => {
    const lines = (s: ClassicD20Budget) =>
      classicD20Budget.remaining(s).turn.map((l) => [l.key, l.left, l.max, l.unit]);
    expect(lines(turn(9))).toEqual([
      ["standard", 1, 1, "count"],
      ["moveAction", 1, 1, "count"],
      ["metres", 0, 9, "metres"],
      ["step", 1, 1, "count"],
      ["fullRound", 1, 1, "count"],
    ]);
    expect(classicD20Budget.remaining(classicD20Budget.initial()).turn).toEqual([]);
    // CD-A1: the full-round action needs the whole round.
    expect(left(run(turn(), { type: "standard" }), "fullRound")).toBe(0);
    expect(left(run(turn(), { type: "moveAction" }), "fullRound")).toBe(0);
    expect(left(run(turn(), { type: "fullRound" }), "fullRound")).toBe(0);
    // CD-A3: a step, and after it the full-round action (CD-A4); moving uses up both.
    const stepped = run(turn(), { type: "step" });
    expect([left(stepped, "step"), left(stepped, "fullRound")]).toEqual([0, 1]);
    const moved = run(turn(), { type: "move", metres: 3 });
    expect([left(moved, "step"), left(moved, "fullRound"), left(moved, "metres")]).toEqual([0, 0, 6]);
    // CD-A4: the step beside a full-round action, unless the action allows none.
    expect(left(run(turn(), { type: "fullRound" }), "step")).toBe(1);
    expect(left(run(turn(), { type: "fullRound", allowsStep: false }), "step")).toBe(0);
    // CD-A5: limited to a standard action, no move action, but a full-round action that can be a standard.
    const limited = turn(9, true);
    expect(lines(limited).slice(0, 2)).toEqual([
      ["standard", 1, 1, "count"],
      ["moveAction", 0, 0, "count"],
    ]);
    expect(left(limited, "fullRound")).toBe(1);
    expect(left(run(limited, { type: "standard" }), "fullRound")).toBe(0);
  });

  it("CD-A1 each action is recorded as what the standard action became", () => {
    expect(run(turn(), { type: "standard" }).turn?.standardUsedAs).toBe("standard");
    expect(run(turn(), { type: "fullRound" }).turn?.standardUsedAs).toBe("fullRound");
    expect(classicD20Budget.family).toBe("classic-d20");
  });

  it("CD-A1 a full-round action is refused once one was taken, or after the move action alone", () => {
    const full = run(turn(), { type: "fullRound" });
    expect(reason(full, { type: "fullRound" })).toBe("fullRoundTaken");
    expect(reason(full, { type: "moveAction" })).toBe("fullRoundTaken");
    expect(reason(full, { type: "openMove" })).toBe("fullRoundTaken");
    expect(reason(run(turn(), { type: "moveAction" }), { type: "fullRound" })).toBe(
      "fullRoundNeedsWholeTurn",
    );
  });

  it("CD-A1 CD-A2 the move action comes first; after the standard, it is the move action that is used", () => {
    const standard = run(turn(), { type: "standard" });
    expect(left(run(standard, { type: "moveAction" }), "moveAction")).toBe(0);
    const opened = run(standard, { type: "openMove" });
    expect([left(opened, "moveAction"), left(opened, "metres")]).toEqual([0, 9]);
    // A second move-equivalent action must ask for the standard (CD-A2).
    expect(reason(run(turn(), { type: "moveAction" }), { type: "moveAction" })).toBe("wouldUseStandard");
    expect(reason(run(turn(), { type: "moveAction" }), { type: "openMove" })).toBe("wouldUseStandard");
  });

  it("CD-A2 a distance within two moves asks for the standard; beyond two moves it is refused", () => {
    expect(reason(turn(9), { type: "move", metres: 18 })).toBe("wouldUseStandard");
    expect(reason(turn(9), { type: "move", metres: 18.5 })).toBe("notEnoughMovement");
    const standard = run(turn(9), { type: "standard" });
    const out = spendClassicD20(standard, { type: "move", metres: 10 });
    expect(!out.ok && [out.reason, out.data]).toEqual(["notEnoughMovement", { left: "9" }]);
    const step = spendClassicD20(turn(), { type: "step", metres: 3 });
    expect(!step.ok && step.data).toEqual({ max: "1.5" });
  });

  it("CD-A3 a move of no distance is not moving: the step stays, and a step does not forbid it", () => {
    const still = run(turn(), { type: "move", metres: 0 });
    expect(left(still, "step")).toBe(1);
    expect(reason(run(turn(), { type: "step" }), { type: "move", metres: 0 })).toBeNull();
  });

  it("CD-A1 a GM forcing a move action when none is left changes nothing else", () => {
    const spent = run(turn(), { type: "standard" }, { type: "moveAction" });
    for (const type of ["moveAction", "openMove"] as const) {
      const forced = spendClassicD20(spent, { type, override: true });
      expect(forced.ok && forced.value.turn?.standardUsedAs).toBe("standard");
    }
  });

  it("CD-A1 CD-A3 a GM forcing a move after the step: the creature has moved, so no full-round action is left", () => {
    const stepped = run(turn(), { type: "step" });
    const forced = spendClassicD20(stepped, { type: "move", metres: 3, override: true });
    expect(forced.ok && [left(forced.value, "fullRound"), left(forced.value, "standard")]).toEqual([0, 1]);
  });
});
