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
});
