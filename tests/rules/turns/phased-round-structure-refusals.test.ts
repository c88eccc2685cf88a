import { describe, expect, it } from "vitest";
import { phasedRoundStructure } from "../../../src/rules/families/phased-round/structure";
import { reduce } from "../../../src/rules/turns/round-engine";
import type { RoundEvent } from "../../../src/rules/turns/round-event";
import { emptyRoundState, type RoundState } from "../../../src/rules/turns/round-state";
import { describeRound } from "../../../src/rules/turns/turn-view";
import { combat, expectRefused, phaseId, run } from "./helpers";

const pr = phasedRoundStructure();

function unstarted(): RoundState {
  return combat(pr, [
    { id: "mage", side: "players" },
    { id: "orc", side: "gm" },
  ]);
}

function started(): RoundState {
  return run(pr, unstarted(), { type: "startCombat" });
}

/** Advances (without override) until `phase` is the current one. */
function to(state: RoundState, phase: string): RoundState {
  let s = state;
  for (let i = 0; i < 12 && phaseId(pr, s) !== phase; i++) s = run(pr, s, { type: "advancePhase" });
  expect(phaseId(pr, s)).toBe(phase);
  return s;
}

function refusal(state: RoundState, event: RoundEvent) {
  const out = reduce(pr, state, event);
  return out.ok ? "accepted" : out;
}

function sheet(state: RoundState, id: string) {
  return state.combatants.find((c) => c.id === id)?.sheet;
}

const move = (percent: number, extra: Record<string, unknown> = {}): RoundEvent =>
  ({ type: "declareMovement", id: "orc", movement: { percent, ...extra } }) as RoundEvent;

const melee = (value: Record<string, unknown> | null): RoundEvent =>
  ({ type: "declareMelee", id: "orc", melee: value }) as RoundEvent;

describe("phased-round declarations the tracker refuses (PR-B2)", () => {
  it("PR-B2 nothing is declared, rolled or ruled before the battle's first round", () => {
    const s = unstarted();
    for (const event of [
      { type: "declareSpell", id: "mage", spell: "cast" },
      { type: "recordOrientation", id: "mage", roll: 50 },
      { type: "ruleOrientation", id: "mage", unable: true, penalty: 0 },
    ] as RoundEvent[])
      expect(refusal(s, event)).toEqual({ ok: false, reason: "notStarted" });
  });

  it("PR-B2 an unknown combatant is refused by name, whatever the event", () => {
    const s = started();
    const events: RoundEvent[] = [
      { type: "declareSpell", id: "ghost", spell: "cast" },
      { type: "recordOrientation", id: "ghost", roll: 50 },
      { type: "ruleOrientation", id: "ghost", unable: true, penalty: 0 },
      { type: "setUnableToAct", id: "ghost", unable: true },
    ];
    for (const event of events)
      expect(refusal(s, event)).toEqual({ ok: false, reason: "unknownCombatant", data: { id: "ghost" } });
  });

  it("PR-P1 PR-P4 PR-P6 PR-P7 PR-P9 each declaration belongs to its phase; the refusal names it, even to the GM", () => {
    const s = started();
    expect(refusal(s, { type: "declareMissile", id: "orc", weapon: "single" })).toEqual({
      ok: false,
      reason: "notThisPhase",
      data: { phase: "4 / 7" },
    });
    expect(refusal(s, move(10))).toEqual({ ok: false, reason: "notThisPhase", data: { phase: "6" } });
    expect(refusal(s, melee({ group: "g" }))).toEqual({
      ok: false,
      reason: "notThisPhase",
      data: { phase: "9" },
    });
    const later = to(s, "movement");
    expect(refusal(later, { type: "declareSpell", id: "orc", spell: "cast" })).toEqual({
      ok: false,
      reason: "notThisPhase",
      data: { phase: "1" },
    });
    expect(refusal(later, { type: "declareMissile", id: "orc", weapon: "selfReloading" })).toEqual({
      ok: false,
      reason: "notThisPhase",
      data: { phase: "4 / 7" },
    });
    // The GM's override lets a forbidden declaration through, not one made in another phase.
    const forced: RoundEvent[] = [
      { type: "declareSpell", id: "orc", spell: "cast", gmOverride: true },
      { type: "declareMissile", id: "orc", weapon: "single", gmOverride: true },
      { type: "declareMelee", id: "orc", melee: { group: "g" }, gmOverride: true },
      { type: "declareSpell", id: "orc", spell: null },
    ];
    for (const event of forced) expect(refusal(later, event)).toMatchObject({ reason: "notThisPhase" });
    expect(
      refusal(to(later, "melee"), { type: "declareMovement", id: "orc", movement: null, gmOverride: true }),
    ).toMatchObject({ reason: "notThisPhase" });
  });

  it("PR-B2 a defeated combatant declares nothing", () => {
    const s = run(pr, started(), { type: "setDefeated", id: "orc", defeated: true });
    expect(refusal(s, { type: "declareSpell", id: "orc", spell: "prepare", gmOverride: true })).toEqual({
      ok: false,
      reason: "defeated",
    });
  });

  it("PR-P1 a spell is cast or prepared; anything else is refused; null withdraws the declaration", () => {
    let s = started();
    expect(refusal(s, { type: "declareSpell", id: "mage", spell: "fly" } as unknown as RoundEvent)).toEqual({
      ok: false,
      reason: "invalidValue",
    });
    s = run(pr, s, { type: "declareSpell", id: "mage", spell: "cast" });
    expect(sheet(s, "mage")?.spell).toBe("cast");
    s = run(pr, s, { type: "declareSpell", id: "mage", spell: null });
    expect(sheet(s, "mage")?.spell).toBeNull();
    expect(describeRound(pr, s).entries.find((e) => e.id === "mage")?.status).toBe("ready");
  });

  it("PR-P4 PR-P7 a missile weapon is self-reloading, single or a thrown pair; null withdraws", () => {
    let s = to(started(), "missileDeclarationA");
    expect(refusal(s, { type: "declareMissile", id: "orc", weapon: "bow" } as unknown as RoundEvent)).toEqual(
      {
        ok: false,
        reason: "invalidValue",
      },
    );
    s = run(
      pr,
      s,
      { type: "declareMissile", id: "orc", weapon: "single" },
      { type: "declareMissile", id: "orc", weapon: null },
    );
    expect(sheet(s, "orc")?.missileA).toBeNull();
    // Withdrawn, the (A) shot no longer counts: the orc still has all its movement.
    s = run(pr, to(s, "movement"), move(100));
    expect(sheet(s, "orc")?.movement?.percent).toBe(100);
  });

  it("PR-P6 movement is 0–100 % of the potential, with no, a succeeded or a failed manoeuvre; null withdraws", () => {
    let s = to(started(), "movement");
    for (const bad of [move(-1), move(101), move(Number.NaN), move(20, { manoeuvre: "maybe" })])
      expect(refusal(s, bad)).toEqual({ ok: false, reason: "invalidValue" });
    s = run(pr, s, move(0));
    expect(sheet(s, "orc")?.movement).toEqual({ percent: 0, manoeuvre: "none", draw: false, change: false });
    s = run(pr, s, move(100));
    expect(sheet(s, "orc")?.movement?.percent).toBe(100);
    s = run(pr, s, { type: "declareMovement", id: "orc", movement: null });
    expect(sheet(s, "orc")?.movement).toBeNull();
    expect(describeRound(pr, s).entries.find((e) => e.id === "orc")?.status).toBe("ready");
  });

  it("PR-P2 PR-P6 a manoeuvre is movement too: a caster's manoeuvre is held to its movement cap", () => {
    let s = run(pr, started(), { type: "declareSpell", id: "orc", spell: "cast" });
    s = to(s, "movement");
    expect(refusal(s, move(30, { manoeuvre: "succeeded" }))).toEqual({
      ok: false,
      reason: "movementCapped",
      data: { cap: "25" },
    });
    s = run(pr, s, move(25, { manoeuvre: "succeeded" }));
    expect(sheet(s, "orc")?.movement).toEqual({
      percent: 25,
      manoeuvre: "succeeded",
      draw: false,
      change: false,
    });
  });

  it("PR-P2 PR-P6 drawing a weapon while moving spends the same activity: a preparing caster who moved its 10 % has none left", () => {
    let s = run(pr, started(), { type: "declareSpell", id: "orc", spell: "prepare" });
    s = to(s, "movement");
    expect(refusal(s, move(11))).toEqual({ ok: false, reason: "movementCapped", data: { cap: "10" } });
    expect(refusal(s, move(10, { draw: true }))).toEqual({
      ok: false,
      reason: "notEnoughActivity",
      data: { left: "0" },
    });
  });

  it("PR-P9 PR-P10 a melee declaration names its group, a whole number of extra weapons, a finite initiative", () => {
    let s = to(started(), "melee");
    for (const bad of [
      melee({ group: "" }),
      melee({ group: 7 }),
      melee({ group: "g", extraWeapons: -1 }),
      melee({ group: "g", extraWeapons: 1.5 }),
    ])
      expect(refusal(s, bad)).toEqual({ ok: false, reason: "invalidValue" });
    expect(refusal(s, melee({ group: "g", initiative: Number.NaN }))).toEqual({
      ok: false,
      reason: "invalidRoll",
    });
    s = run(pr, s, melee({ group: "g", initiative: 7 }));
    expect(sheet(s, "orc")?.melee).toEqual({ group: "g", extraWeapons: 0 });
    s = run(pr, s, melee(null));
    expect(sheet(s, "orc")?.melee).toBeNull();
    // Withdrawing the melee keeps the initiative rolled for it.
    expect(s.combatants.find((c) => c.id === "orc")?.initiative).toBe(7);
  });

  it("PR-P3 PR-P11 an orientation roll is a d100 face, 1 to 100, recorded in an orientation phase", () => {
    let s = started();
    expect(refusal(s, { type: "recordOrientation", id: "orc", roll: 50 })).toEqual({
      ok: false,
      reason: "notThisPhase",
      data: { phase: "3 / 11" },
    });
    s = to(s, "spellOrientation");
    for (const roll of [0, 101, 2.5, Number.NaN])
      expect(refusal(s, { type: "recordOrientation", id: "orc", roll })).toEqual({
        ok: false,
        reason: "invalidRoll",
      });
    s = run(
      pr,
      s,
      { type: "recordOrientation", id: "orc", roll: 1 },
      { type: "recordOrientation", id: "mage", roll: 100 },
    );
    expect(s.combatants.map((c) => c.sheet?.spellOrientation)).toEqual([
      { roll: 100, band: "best", failed: false },
      { roll: 1, band: "incapacitated", failed: true },
    ]);
  });

  it("PR-P3 one orientation roll a phase: only the GM records it again", () => {
    let s = to(started(), "spellOrientation");
    s = run(pr, s, { type: "recordOrientation", id: "orc", roll: 40 });
    expectRefused(pr, s, { type: "recordOrientation", id: "orc", roll: 60 }, "alreadyDeclared");
    s = run(pr, s, { type: "recordOrientation", id: "orc", roll: 3, gmOverride: true });
    expect(sheet(s, "orc")?.spellOrientation).toEqual({ roll: 3, band: "incapacitated", failed: true });
  });

  it("PR-P3 the GM's penalty for a compromised next round is a whole number from 0 to 100", () => {
    const table = phasedRoundStructure({ orientationLow: "gm" });
    let s = to(started(), "spellOrientation");
    s = run(table, s, { type: "recordOrientation", id: "orc", roll: 2 });
    for (const penalty of [101, 2.5, Number.NaN])
      expectRefused(table, s, { type: "ruleOrientation", id: "orc", unable: true, penalty }, "invalidValue");
    s = run(table, s, { type: "ruleOrientation", id: "orc", unable: true, penalty: 100 });
    expect(s.timed.map((t) => [t.key, t.holder, t.data])).toEqual([
      ["compromised", "orc", { penalty: 100, round: 2 }],
    ]);
  });

  it("PR-P3 under the always-unable reading there is nothing to rule, even on a roll recorded under the GM's", () => {
    const table = phasedRoundStructure({ orientationLow: "gm" });
    let s = to(started(), "spellOrientation");
    s = run(table, s, { type: "recordOrientation", id: "orc", roll: 2 });
    expect(sheet(s, "orc")?.spellOrientation?.ruling).toBe("pending");
    expect(refusal(s, { type: "ruleOrientation", id: "orc", unable: false, penalty: 0 })).toEqual({
      ok: false,
      reason: "nothingToRule",
    });
  });

  it("PR-B2 the round structure is the phased-round family's, and other families' events are not its own", () => {
    expect(pr.family).toBe("phased-round");
    const s = run(pr, emptyRoundState("phased-round"), {
      type: "addCombatant",
      combatant: { id: "a", side: "gm" },
    });
    expect(s.combatants.map((c) => c.id)).toEqual(["a"]);
    expect(
      reduce(pr, run(pr, s, { type: "startCombat" }), { type: "chooseSpeed", id: "a", speed: "slow" }),
    ).toEqual({ ok: false, reason: "notInThisFamily" });
  });
});
