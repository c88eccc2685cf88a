import { describe, expect, it } from "vitest";
import {
  DEFAULT_PHASED_ROUND_CONVENTIONS,
  phasedRoundOffensiveBonus,
  resolvePhasedRoundAttack,
  type PhasedRoundAttackInput,
} from "../../../src/rules/families/phased-round/attack";
import { phasedRoundLegalDefenses } from "../../../src/rules/families/phased-round/defenses";

const melee: PhasedRoundAttackInput = { ob: 60, db: 20, kind: "melee", weaponDamage: "1d8" };

describe("phased-round attacks", () => {
  it("d100 + OB − DB against the hit threshold (a setting, 100 by default)", () => {
    expect(resolvePhasedRoundAttack(melee, [50])).toMatchObject({
      status: "resolved",
      total: 90,
      hit: false,
      next: null,
      outcome: "miss",
    });
    expect(resolvePhasedRoundAttack(melee, [60])).toMatchObject({ total: 100, hit: true, margin: 0 });
    const low = { ...DEFAULT_PHASED_ROUND_CONVENTIONS, hitThreshold: 80 };
    expect(resolvePhasedRoundAttack(melee, [50], low)).toMatchObject({ hit: true, margin: 10 });
    expect(phasedRoundLegalDefenses(20)).toMatchObject({
      mode: "passive",
      passive: { labelKey: "FRAY.Defense.defensiveBonus", value: 20 },
    });
  });

  it("PR-P3 a compromised attacker's chances of succeeding are jeopardised: the GM's penalty comes off the total", () => {
    expect(resolvePhasedRoundAttack({ ...melee, compromised: 15 }, [60])).toMatchObject({
      total: 85,
      compromised: 15,
      hit: false,
    });
    expect(resolvePhasedRoundAttack(melee, [60])).toMatchObject({ total: 100, compromised: 0, hit: true });
  });

  it("the d100 is open-ended: the card rolls again while the rule asks", () => {
    expect(resolvePhasedRoundAttack(melee, [97])).toEqual({
      status: "needsMore",
      next: { purpose: "openEndedUp", formula: "1d100" },
      faces: [97],
    });
    expect(resolvePhasedRoundAttack(melee, [97, 30])).toMatchObject({
      roll: 127,
      total: 167,
      openEnded: "up",
    });
    expect(resolvePhasedRoundAttack(melee, [2])).toMatchObject({ next: { purpose: "openEndedDown" } });
    expect(resolvePhasedRoundAttack(melee, [2, 40])).toMatchObject({ roll: -38, total: 2, hit: false });
    const closed = {
      ...DEFAULT_PHASED_ROUND_CONVENTIONS,
      openEnded: { ...DEFAULT_PHASED_ROUND_CONVENTIONS.openEnded, enabled: false },
    };
    expect(resolvePhasedRoundAttack(melee, [97], closed)).toMatchObject({ status: "resolved", total: 137 });
  });

  it("damage convention 'margin': the weapon's dice + 1 per step above the threshold", () => {
    expect(resolvePhasedRoundAttack(melee, [85])).toMatchObject({
      margin: 25,
      damageBonus: 2,
      next: { purpose: "damage", formula: "1d8 + 2" },
    });
    const step5 = { ...DEFAULT_PHASED_ROUND_CONVENTIONS, damageStep: 5 };
    expect(resolvePhasedRoundAttack(melee, [85], step5)).toMatchObject({ damageBonus: 5 });
  });

  it("damage convention 'weapon': the weapon's dice only", () => {
    const weapon = { ...DEFAULT_PHASED_ROUND_CONVENTIONS, damageMode: "weapon" as const };
    expect(resolvePhasedRoundAttack(melee, [85], weapon)).toMatchObject({
      damageBonus: 0,
      next: { purpose: "damage", formula: "1d8" },
    });
  });

  it("PR-P5 after firing in phase (A) a combatant melees at 50 % of its OB", () => {
    expect(phasedRoundOffensiveBonus({ ob: 61, kind: "melee", firedInPhaseA: true })).toEqual({
      ob: 30,
      halved: true,
    });
    expect(phasedRoundOffensiveBonus({ ob: 61, kind: "melee" })).toEqual({ ob: 61, halved: false });
    expect(phasedRoundOffensiveBonus({ ob: 61, kind: "missile", firedInPhaseA: true })).toEqual({
      ob: 61,
      halved: false,
    });
    expect(resolvePhasedRoundAttack({ ...melee, firedInPhaseA: true }, [70])).toMatchObject({
      ob: 30,
      obHalved: true,
      total: 80,
      hit: false,
    });
  });

  it("modifiers add to the total", () => {
    expect(resolvePhasedRoundAttack({ ...melee, modifier: -15 }, [70]).status === "resolved").toBe(true);
    expect(resolvePhasedRoundAttack({ ...melee, modifier: -15 }, [70])).toMatchObject({
      total: 95,
      hit: false,
    });
  });
});
