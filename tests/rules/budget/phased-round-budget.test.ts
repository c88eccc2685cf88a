import { describe, expect, it } from "vitest";
import {
  DEFAULT_WEAPON_COSTS,
  initialPhasedBudget,
  mayDeclare,
  meleeObPercent,
  phasedBudgetFromSheet,
  phasedRoundBudget,
  spendPhased,
  type PhasedBudget,
  type PhasedEvent,
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

function reason(state: PhasedBudget, event: PhasedEvent, phase?: number): string | null {
  const out = spendPhased(state, event, phase === undefined ? {} : { phase });
  return out.ok ? null : out.reason;
}

const line = (state: PhasedBudget, key: string) =>
  phasedRoundBudget.remaining(state).round.find((l) => l.key === key);

const cast: PhasedEvent = { type: "spell", spell: "cast" };
const prepare: PhasedEvent = { type: "spell", spell: "prepare" };
const fireA = (weapon: "selfReloading" | "single" | "thrownPair" = "single"): PhasedEvent => ({
  type: "missile",
  phase: "A",
  weapon,
});
const fireB = (weapon: "selfReloading" | "single" | "thrownPair" = "single"): PhasedEvent => ({
  type: "missile",
  phase: "B",
  weapon,
});
const move = (percent: number): PhasedEvent => ({ type: "move", percent });
const melee: PhasedEvent = { type: "melee" };

describe("phased-round declarations", () => {
  it("PR-P2 casters move at most 25 % of normal, 10 % when preparing", () => {
    const caster = run(cast);
    expect(line(caster, "movement")).toMatchObject({ left: 25, max: 25 });
    expect(reason(caster, move(25))).toBeNull();
    expect(reason(caster, move(26))).toBe("movementCapped");
    const preparer = run(prepare, move(5));
    expect(reason(preparer, move(5))).toBeNull();
    expect(reason(preparer, move(6))).toBe("movementCapped");
  });

  it("PR-P4 casters make no missile attacks; self-reloading weapons fire in (A) and (B), others in one", () => {
    expect(reason(run(cast), fireA())).toBe("casterCannotShoot");
    expect(reason(run(prepare), fireB())).toBe("casterCannotShoot");
    expect(reason(run(fireA("selfReloading")), fireB("selfReloading"))).toBeNull();
    expect(reason(run(fireA("single")), fireB("single"))).toBe("alreadyFired");
    expect(reason(run(fireA("selfReloading")), fireB("single"))).toBe("alreadyFired");
    expect(reason(run(fireB("single")), fireA())).toBe("phasePassed");
    expect(reason(run(fireA()), fireA())).toBe("alreadyDeclared");
  });

  it("PR-P4 a thrown weapon in each hand: one in (A), the other in (B)", () => {
    expect(reason(run(fireA("thrownPair")), fireB("thrownPair"))).toBeNull();
    // The exception is for the second thrown weapon only: after the pair's first throw in (A), a bow, a sling or a
    // crossbow (one-phase weapons) or even a self-reloading one does not also fire in (B).
    expect(reason(run(fireA("thrownPair")), fireB("single"))).toBe("alreadyFired");
    expect(reason(run(fireA("thrownPair")), fireB("selfReloading"))).toBe("alreadyFired");
    // Nor does the pair's second weapon follow a one-phase shot.
    expect(reason(run(fireA("single")), fireB("thrownPair"))).toBe("alreadyFired");
  });

  it("PR-P5 an (A) shooter keeps 50 %: melee at 50 % OB, or move at 50 %, or (B) with a self-reloading weapon", () => {
    const shot = run(fireA("selfReloading"));
    expect(line(shot, "activity")?.left).toBe(50);
    expect(meleeObPercent(shot)).toBe(50);
    expect(reason(shot, melee)).toBeNull();
    expect(reason(shot, move(50))).toBeNull();
    expect(reason(shot, move(60))).toBe("notEnoughActivity");
    expect(meleeObPercent(fresh())).toBe(100);
  });

  it("PR-P6 the costs are defaults a table may change; a new round keeps them; a sheet replays with them", () => {
    const table = { draw: 30, change: 70 };
    const start = phasedRoundBudget.startRound(initialPhasedBudget(table), { round: 1 });
    const drawn = spendPhased(start, { type: "draw" });
    expect(drawn.ok && line(drawn.value, "activity")?.left).toBe(70);
    const changed = spendPhased(start, { type: "change" });
    expect(changed.ok && line(changed.value, "activity")?.left).toBe(30);
    expect(reason(start, { type: "change" })).toBeNull();
    const next = phasedRoundBudget.startRound(drawn.ok ? drawn.value : start, { round: 2 });
    expect(next.weaponCosts).toEqual(table);
    const sheet = {
      spell: null,
      missileA: null,
      missileB: null,
      movement: { percent: 0, manoeuvre: "none" as const, draw: true, change: true },
      melee: null,
      spellOrientation: null,
      finalOrientation: null,
      unableToAct: false,
    };
    expect(phasedBudgetFromSheet(sheet, 1, table).activityLeft).toBe(0);
    expect(phasedBudgetFromSheet(sheet, 1).activityLeft).toBe(30);
    expect(DEFAULT_WEAPON_COSTS).toEqual({ draw: 20, change: 50 });
  });

  it("PR-P6 drawing a weapon costs 20 % of the round's activity, changing weapons 50 %", () => {
    const drawn = run({ type: "draw" });
    expect(line(drawn, "activity")?.left).toBe(80);
    const changed = run({ type: "change" });
    expect(line(changed, "activity")?.left).toBe(50);
    expect(reason(run({ type: "change" }, move(40)), { type: "draw" })).toBe("notEnoughActivity");
  });

  it("PR-P7 no (B) fire after a spell, after (A) fire and a move, after moving over 50 %, unable to act or failed orientation", () => {
    expect(reason(run(cast), fireB())).toBe("casterCannotShoot");
    expect(reason(run(fireA("selfReloading"), move(10)), fireB("selfReloading"))).toBe("shotThenMoved");
    expect(reason(run(move(51)), fireB())).toBe("movedTooFar");
    expect(reason(run(move(50)), fireB())).toBeNull();
    expect(reason(run({ type: "unableToAct", unable: true }), fireB())).toBe("unableToAct");
    expect(reason(run({ type: "orientation", failed: true }), fireB())).toBe("failedOrientation");
  });

  it("PR-P8 (B) resolves like (A): a (B) shot leaves 50 %", () => {
    expect(line(run(fireB()), "activity")?.left).toBe(50);
  });

  it("PR-P9 melee is barred by a spell, (A) fire then a move, a move then (B) fire, both shots, a move over 50 %, or failed rolls", () => {
    expect(reason(run(prepare), melee)).toBe("casterCannotMelee");
    expect(reason(run(fireA(), move(10)), melee)).toBe("shotThenMoved");
    expect(reason(run(move(10), fireB()), melee)).toBe("movedThenShot");
    expect(reason(run(fireA("selfReloading"), fireB("selfReloading")), melee)).toBe("firedTwice");
    expect(reason(run(move(60)), melee)).toBe("movedTooFar");
    expect(reason(run({ type: "unableToAct", unable: true }), melee)).toBe("unableToAct");
    expect(reason(run({ type: "orientation", failed: true }), melee)).toBe("failedOrientation");
    expect(reason(run({ type: "move", percent: 10, manoeuvre: "failed" }), melee)).toBe("failedManoeuvre");
    // Allowed: a move of 50 % or less, a (B) shot alone, or nothing at all.
    expect(reason(run(move(50)), melee)).toBeNull();
    expect(reason(run(fireB()), melee)).toBeNull();
    expect(reason(fresh(), melee)).toBeNull();
  });

  it("PR-B1 100 % activity per round, never below 0; melee uses what is left and needs some", () => {
    const s = run(move(50), { type: "change" });
    expect(line(s, "activity")?.left).toBe(0);
    expect(reason(s, melee)).toBe("noActivityLeft");
    const fought = run(move(30), melee);
    expect(line(fought, "activity")?.left).toBe(0);
    const next = phasedRoundBudget.startRound(fought, { round: 2 });
    expect(line(next, "activity")?.left).toBe(100);
  });

  it("PR-B2 a refused declaration has a reason; declarations follow the phases; the GM may override", () => {
    const refused = spendPhased(run(cast), fireA());
    expect(refused).toEqual({ ok: false, reason: "casterCannotShoot" });
    expect(reason(fresh(), fireA(), 6)).toBe("notThisPhase");
    expect(reason(fresh(), fireA(), 4)).toBeNull();
    expect(reason(run(move(10)), cast)).toBe("phasePassed");
    const forced = spendPhased(run(move(80)), { ...move(40), override: true });
    expect(forced.ok).toBe(true);
    if (!forced.ok) return;
    expect(line(forced.value, "activity")?.left).toBe(0);
    expect(forced.value.movedPercent).toBe(120);
    expect(forced.value.overrides).toEqual([{ event: "move", reason: "movementCapped", amount: 20 }]);
  });

  it("PR-B2 the answer can be read from a round-engine sheet of plain data", () => {
    const sheet = {
      spell: null,
      missileA: "single" as const,
      missileB: null,
      movement: { percent: 20, manoeuvre: "none" as const, draw: false, change: false },
      melee: null,
      spellOrientation: null,
      finalOrientation: null,
      unableToAct: false,
    };
    const state = phasedBudgetFromSheet(sheet, 3);
    expect(state.activityLeft).toBe(30);
    expect(mayDeclare(state, melee)).toMatchObject({ reason: "shotThenMoved" });
    expect(mayDeclare(state, fireB("single"))).toMatchObject({ reason: "shotThenMoved" });
  });
});
