/**
 * The phased-round budget, checked on whole states and exact refusals: what each declaration records and spends
 * (PR-B1, PR-P2, PR-P5, PR-P6, PR-P9), the refusals' codes and their message values (PR-B2), what the round
 * engine's sheet replays (PR-P3, PR-P6, PR-P7, PR-P9, PR-P11), and what is left (PR-B1, PR-P6).
 */
import { describe, expect, it } from "vitest";
import {
  mayDeclare,
  phasedBudgetFromSheet,
  phasedRoundBudget,
  spendPhased,
  type PhasedBudget,
  type PhasedEvent,
  type PhasedSheetLike,
} from "../../../src/rules/families/phased-round/budget";

function fresh(): PhasedBudget {
  return phasedRoundBudget.startRound(phasedRoundBudget.initial(), { round: 1 });
}

function run(...events: PhasedEvent[]): PhasedBudget {
  return events.reduce((s, e) => {
    const out = spendPhased(s, e);
    if (!out.ok) throw new Error(`refused ${e.type}: ${out.reason}`);
    return out.value;
  }, fresh());
}

const cast: PhasedEvent = { type: "spell", spell: "cast" };
const prepare: PhasedEvent = { type: "spell", spell: "prepare" };
const fireA = (weapon: "selfReloading" | "single" = "single"): PhasedEvent => ({
  type: "missile",
  phase: "A",
  weapon,
});
const fireB = (weapon: "selfReloading" | "single" = "single"): PhasedEvent => ({
  type: "missile",
  phase: "B",
  weapon,
});
const move = (percent: number): PhasedEvent => ({ type: "move", percent });
const draw: PhasedEvent = { type: "draw" };
const change: PhasedEvent = { type: "change" };
const melee: PhasedEvent = { type: "melee" };

/** A fresh round of 100 % (PR-B1), nothing declared. */
const FRESH_STATE = {
  round: 1,
  spell: null,
  missileA: null,
  missileB: null,
  movedPercent: 0,
  manoeuvre: "none",
  draws: 0,
  changes: 0,
  melee: false,
  failedOrientation: false,
  unableToAct: false,
  activityLeft: 100,
  lastPhase: 0,
  overrides: [],
  weaponCosts: { draw: 20, change: 50 },
} as const;

describe("PR-B1 each declaration is recorded and spends its share of the 100 %", () => {
  it("PR-P2 / PR-B1 casting a spell leaves 25 % (movement ≤ 25 %), preparing one leaves 10 %", () => {
    expect(run(cast)).toEqual({ ...FRESH_STATE, spell: "cast", activityLeft: 25, lastPhase: 1 });
    expect(run(prepare)).toEqual({ ...FRESH_STATE, spell: "prepare", activityLeft: 10, lastPhase: 1 });
  });

  it("PR-P6 drawing a weapon is counted as a draw and costs 20 %; changing weapons is counted as a change and costs 50 %", () => {
    expect(run(draw)).toEqual({ ...FRESH_STATE, draws: 1, activityLeft: 80, lastPhase: 6 });
    expect(run(change)).toEqual({ ...FRESH_STATE, changes: 1, activityLeft: 50, lastPhase: 6 });
  });

  it("PR-P9 / PR-B1 a melee declaration is recorded and uses what activity is left", () => {
    expect(run(move(30), melee)).toEqual({
      ...FRESH_STATE,
      movedPercent: 30,
      melee: true,
      activityLeft: 0,
      lastPhase: 9,
    });
  });

  it("PR-P3 / PR-P11 an orientation roll spends nothing and may be recorded in any phase", () => {
    const out = spendPhased(fresh(), { type: "orientation", failed: true }, { phase: 3 });
    expect(out).toEqual({ ok: true, value: { ...FRESH_STATE, failedOrientation: true } });
  });

  it("PR-P7 / PR-P9 the GM lifts the unable-to-act mark: that is no declaration, so being unable does not bar it", () => {
    const unable = run({ type: "unableToAct", unable: true });
    expect(unable).toEqual({ ...FRESH_STATE, unableToAct: true });
    expect(spendPhased(unable, { type: "unableToAct", unable: false })).toEqual({
      ok: true,
      value: FRESH_STATE,
    });
  });
});

describe("PR-B2 a forbidden declaration is refused with its reason code and message values", () => {
  it("PR-P1 one spell a round: a second spell declaration is already declared", () => {
    expect(spendPhased(run(cast), prepare)).toEqual({ ok: false, reason: "alreadyDeclared" });
    expect(spendPhased(run(prepare), cast)).toEqual({ ok: false, reason: "alreadyDeclared" });
  });

  it("PR-P7 a (B) shot is declared once", () => {
    expect(spendPhased(run(fireB()), fireB())).toEqual({ ok: false, reason: "alreadyDeclared" });
  });

  it("PR-P9 melee is declared once", () => {
    expect(spendPhased(run(move(10), melee), melee)).toEqual({ ok: false, reason: "alreadyDeclared" });
  });

  it("PR-P4 a missile (A) declaration outside phase 4 names the phase it belongs to", () => {
    expect(spendPhased(fresh(), fireA(), { phase: 6 })).toEqual({
      ok: false,
      reason: "notThisPhase",
      data: { phase: "4" },
    });
  });

  it("PR-P2 a caster moving beyond its cap is told the cap (25 % casting, 10 % preparing)", () => {
    expect(spendPhased(run(cast), move(30))).toEqual({
      ok: false,
      reason: "movementCapped",
      data: { cap: "25" },
    });
    expect(spendPhased(run(prepare), move(11))).toEqual({
      ok: false,
      reason: "movementCapped",
      data: { cap: "10" },
    });
  });

  it("PR-B1 a declaration costing more than is left is told what is left", () => {
    // Drawing (20 %) and changing weapons (50 %) leave 30 %: a (B) shot needs 50 % (PR-P5, PR-P8).
    expect(spendPhased(run(draw, change), fireB())).toEqual({
      ok: false,
      reason: "notEnoughActivity",
      data: { left: "30" },
    });
  });

  it("PR-P7 a manoeuvre is a move even without distance: (A) fire, a manoeuvre, then no (B) fire", () => {
    const state = run(fireA("selfReloading"), { type: "move", percent: 0, manoeuvre: "succeeded" });
    expect(spendPhased(state, fireB("selfReloading"))).toEqual({ ok: false, reason: "shotThenMoved" });
  });
});

describe("PR-B2 the budget read from a round-engine sheet", () => {
  const blank: PhasedSheetLike = {
    spell: null,
    missileA: null,
    missileB: null,
    movement: null,
    melee: null,
    spellOrientation: null,
    finalOrientation: null,
    unableToAct: false,
  };
  const still = { percent: 0, manoeuvre: "none", draw: false, change: false } as const;

  it("PR-P6 a movement entry that moves nothing and attempts no manoeuvre is no move: phase 4's shot may still be declared", () => {
    const state = phasedBudgetFromSheet({ ...blank, movement: still }, 2);
    expect(state).toEqual({ ...FRESH_STATE, round: 2 });
    expect(mayDeclare(state, fireA())).toBeNull();
  });

  it("PR-P9 a failed manoeuvre without distance bars melee", () => {
    const state = phasedBudgetFromSheet({ ...blank, movement: { ...still, manoeuvre: "failed" } }, 2);
    expect(mayDeclare(state, melee)).toEqual({ ok: false, reason: "failedManoeuvre" });
  });

  it("PR-P7 (A) fire then a manoeuvre without distance bars (B) fire", () => {
    const state = phasedBudgetFromSheet(
      { ...blank, missileA: "selfReloading", movement: { ...still, manoeuvre: "succeeded" } },
      2,
    );
    expect(mayDeclare(state, fireB("selfReloading"))).toEqual({ ok: false, reason: "shotThenMoved" });
  });

  it("PR-P9 a melee declaration on the sheet is melee declared, using what is left", () => {
    const state = phasedBudgetFromSheet({ ...blank, melee: { group: "1", extraWeapons: 0 } }, 2);
    expect(state).toEqual({ ...FRESH_STATE, round: 2, melee: true, activityLeft: 0, lastPhase: 9 });
    expect(mayDeclare(state, melee)).toEqual({ ok: false, reason: "alreadyDeclared" });
  });

  it("PR-P9 no melee on the sheet (null, absent or false) is no melee declared", () => {
    for (const value of [null, undefined, false]) {
      const state = phasedBudgetFromSheet({ ...blank, melee: value }, 2);
      expect(state).toEqual({ ...FRESH_STATE, round: 2 });
    }
  });

  it("PR-P11 a failed final orientation roll on the sheet bars melee", () => {
    const state = phasedBudgetFromSheet({ ...blank, finalOrientation: { failed: true } }, 2);
    expect(state).toEqual({ ...FRESH_STATE, round: 2, failedOrientation: true });
    expect(mayDeclare(state, melee)).toEqual({ ok: false, reason: "failedOrientation" });
  });

  it("PR-P3 a passed spell orientation roll leaves the budget as it was", () => {
    const state = phasedBudgetFromSheet({ ...blank, spellOrientation: { failed: false } }, 2);
    expect(state).toEqual({ ...FRESH_STATE, round: 2 });
  });
});

describe("PR-B1 / PR-P6 what is left this round", () => {
  it("PR-B1 activity and movement are shown in percent; movement is limited by the activity a draw spent", () => {
    // Drawing 20 % then moving 10 %: 70 % activity left, and so at most 70 % more movement (not 90 %).
    expect(phasedRoundBudget.remaining(run(draw, move(10)))).toEqual({
      turn: [],
      round: [
        { key: "activity", left: 70, max: 100, unit: "percent" },
        { key: "movement", left: 70, max: 100, unit: "percent" },
      ],
    });
  });

  it("PR-P2 a caster's movement line is capped at 25 %", () => {
    expect(phasedRoundBudget.remaining(run(cast, move(10)))).toEqual({
      turn: [],
      round: [
        { key: "activity", left: 15, max: 100, unit: "percent" },
        { key: "movement", left: 15, max: 25, unit: "percent" },
      ],
    });
  });
});

describe("PR-P1…PR-P11 the battle round has phases, not turns", () => {
  it("PR-B1 the budget is the phased-round family's; starting or ending a turn leaves it as it is", () => {
    expect(phasedRoundBudget.family).toBe("phased-round");
    const state = run(fireA(), move(20));
    expect(phasedRoundBudget.startTurn(state, undefined)).toBe(state);
    expect(phasedRoundBudget.endTurn(state)).toBe(state);
  });
});
