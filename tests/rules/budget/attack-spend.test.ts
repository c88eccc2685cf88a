/**
 * What rolling an attack spends, per family, checked on the whole result (the family tag and the event the
 * Foundry layer spends): FS-A1, FS-A10, FS-A16, CD-A6, OD-A1 / OD-R3, PR-P4 … PR-P10 with PR-B2's GM override,
 * AD-M2 / AD-M5 / AD-M8. A GM-forced attack carries `override: true` in its event so the budget records the
 * bypassed rule (PR-B2: the tracker lets the GM override).
 */
import { describe, expect, it } from "vitest";
import { attackSpend, type AttackSpendInput } from "../../../src/rules/budget/attack-spend";
import {
  initialFastSlowBudget,
  startFastSlowRound,
  startFastSlowTurn,
  type FastSlowBudget,
} from "../../../src/rules/families/fast-slow/budget";
import { freshSheet } from "../../../src/rules/families/phased-round/structure";

const base = { weaponId: "w1", melee: true, bowOrCrossbow: false } as const;

function onTurn(): FastSlowBudget {
  return startFastSlowTurn(startFastSlowRound(initialFastSlowBudget(), { round: 1 }), {
    kind: "fast",
    speed: 10,
  });
}

function waiting(prepared?: FastSlowBudget["prepared"]): FastSlowBudget {
  const b = startFastSlowRound(initialFastSlowBudget(), { round: 1 });
  return prepared === undefined ? b : { ...b, prepared };
}

describe("FS-A1 / FS-A10 / FS-A16 fast-slow attack spends", () => {
  it("FS-A16 with no stored budget yet the creature is out of its turn: a weapon attack is the opportunity attack", () => {
    const inputs: AttackSpendInput[] = [
      { ...base, family: "fast-slow", fastSlow: null },
      { ...base, family: "fast-slow" },
    ];
    for (const input of inputs) {
      expect(attackSpend(input)).toEqual({
        ok: true,
        value: { family: "fast-slow", event: { type: "reaction", kind: "opportunityAttack" } },
      });
    }
  });

  it("FS-A16 with no stored budget an attack spell out of the turn is refused (spellNoOpportunity)", () => {
    expect(attackSpend({ ...base, family: "fast-slow", fastSlow: null, spell: true })).toEqual({
      ok: false,
      reason: "spellNoOpportunity",
    });
  });

  it("FS-A10 a prepared cast is the reaction for an attack spell only: a weapon attack out of turn is the opportunity attack", () => {
    const budget = waiting({ activity: "cast", trigger: "it moves" });
    expect(attackSpend({ ...base, family: "fast-slow", fastSlow: budget })).toEqual({
      ok: true,
      value: { family: "fast-slow", event: { type: "reaction", kind: "opportunityAttack" } },
    });
    expect(attackSpend({ ...base, family: "fast-slow", fastSlow: budget, spell: true })).toEqual({
      ok: true,
      value: { family: "fast-slow", event: { type: "reaction", kind: "prepared" } },
    });
  });

  it("FS-A10 a prepared attack out of the turn is the prepared reaction, tagged fast-slow", () => {
    const budget = waiting({ activity: "attack", trigger: "it opens the door" });
    expect(attackSpend({ ...base, family: "fast-slow", fastSlow: budget })).toEqual({
      ok: true,
      value: { family: "fast-slow", event: { type: "reaction", kind: "prepared" } },
    });
  });

  it("FS-A1 / FS-A16 a GM-forced attack carries the override mark, on the turn and out of it", () => {
    expect(attackSpend({ ...base, family: "fast-slow", fastSlow: onTurn(), override: true })).toEqual({
      ok: true,
      value: { family: "fast-slow", event: { type: "activity", activity: "attack", override: true } },
    });
    expect(attackSpend({ ...base, family: "fast-slow", fastSlow: waiting(), override: true })).toEqual({
      ok: true,
      value: {
        family: "fast-slow",
        event: { type: "reaction", kind: "opportunityAttack", override: true },
      },
    });
  });

  it("FS-A1 an override other than true marks nothing", () => {
    const input = { ...base, family: "fast-slow", fastSlow: onTurn(), override: false } as const;
    expect(attackSpend(input)).toEqual({
      ok: true,
      value: { family: "fast-slow", event: { type: "activity", activity: "attack" } },
    });
  });
});

describe("CD-A6 / OD-A1 attack spends", () => {
  it("CD-A6 an attack is the standard action; forced by the GM it carries the override mark", () => {
    expect(attackSpend({ ...base, family: "classic-d20" })).toEqual({
      ok: true,
      value: { family: "classic-d20", event: { type: "standard", kind: "attack" } },
    });
    expect(attackSpend({ ...base, family: "classic-d20", override: true })).toEqual({
      ok: true,
      value: { family: "classic-d20", event: { type: "standard", kind: "attack", override: true } },
    });
  });

  it("OD-A1 / OD-R3 an attack is an active action; forced by the GM it carries the override mark", () => {
    expect(attackSpend({ ...base, family: "opposed-d20" })).toEqual({
      ok: true,
      value: { family: "opposed-d20", event: { type: "action", counter: "active" } },
    });
    expect(attackSpend({ ...base, family: "opposed-d20", override: true })).toEqual({
      ok: true,
      value: { family: "opposed-d20", event: { type: "action", counter: "active", override: true } },
    });
  });
});

describe("AD-M2 / AD-M5 / AD-M8 active-defense attack spends", () => {
  it("AD-M2 / AD-M8 a melee weapon's attack roll is a strike with that weapon", () => {
    expect(attackSpend({ ...base, family: "active-defense-3d6" })).toEqual({
      ok: true,
      value: { family: "active-defense-3d6", event: { type: "strike", weaponId: "w1" } },
    });
    expect(attackSpend({ ...base, family: "active-defense-3d6", override: true })).toEqual({
      ok: true,
      value: { family: "active-defense-3d6", event: { type: "strike", weaponId: "w1", override: true } },
    });
  });

  it("AD-M5 a bow's attack roll is the shot, tagged active-defense-3d6", () => {
    expect(
      attackSpend({ ...base, family: "active-defense-3d6", bowOrCrossbow: true, weaponId: "bow" }),
    ).toEqual({
      ok: true,
      value: { family: "active-defense-3d6", event: { type: "shoot", weaponId: "bow" } },
    });
  });
});

describe("PR-P4 … PR-P10 phased-round attacks need their declaration", () => {
  const phased = { ...base, family: "phased-round" } as const satisfies Partial<AttackSpendInput>;

  it("PR-P9 with no declaration sheet a melee attack is not declared (attackNotDeclared)", () => {
    for (const input of [{ ...phased, sheet: null }, phased])
      expect(attackSpend(input)).toEqual({ ok: false, reason: "attackNotDeclared" });
  });

  it("PR-P4 / PR-P7 with no declaration sheet a shot is not declared; PR-B2 the GM may force it", () => {
    expect(attackSpend({ ...phased, melee: false, sheet: null })).toEqual({
      ok: false,
      reason: "attackNotDeclared",
    });
    expect(
      attackSpend({ ...phased, melee: false, sheet: null, phase: "missileResolutionA", override: true }),
    ).toEqual({ ok: true, value: { family: "phased-round", event: null } });
    expect(attackSpend({ ...phased, sheet: null, phase: "meleeResolution", override: true })).toEqual({
      ok: true,
      value: { family: "phased-round", event: null },
    });
  });

  it("PR-P4 / PR-P7 a melee declaration alone does not declare a shot", () => {
    const sheet = { ...freshSheet(), melee: { group: "1", extraWeapons: 0 } };
    expect(attackSpend({ ...phased, melee: false, sheet })).toEqual({
      ok: false,
      reason: "attackNotDeclared",
    });
  });

  it("PR-P8 a shot declared in (B) only is rolled in the (B) resolution, not in the (A) one", () => {
    const sheet = { ...freshSheet(), missileB: "single" as const };
    expect(attackSpend({ ...phased, melee: false, sheet, phase: "missileResolutionB" })).toEqual({
      ok: true,
      value: { family: "phased-round", event: null },
    });
    expect(attackSpend({ ...phased, melee: false, sheet, phase: "missileResolutionA" })).toEqual({
      ok: false,
      reason: "missileNotResolving",
    });
  });

  it("PR-P5 a shot declared in (A) only is rolled in the (A) resolution, not in the (B) one", () => {
    const sheet = { ...freshSheet(), missileA: "single" as const };
    expect(attackSpend({ ...phased, melee: false, sheet, phase: "missileResolutionB" })).toEqual({
      ok: false,
      reason: "missileNotResolving",
    });
  });
});
