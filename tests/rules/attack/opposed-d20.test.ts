import fc from "fast-check";
import { runs } from "../../property-runs";
import { describe, expect, it } from "vitest";
import { opposedD20Formula, resolveOpposedD20Attack } from "../../../src/rules/families/opposed-d20/attack";
import { opposedD20HealthLoss } from "../../../src/rules/families/opposed-d20/damage";
import {
  opposedD20LegalDefenses,
  type OpposedD20Defender,
} from "../../../src/rules/families/opposed-d20/defenses";

const defender: OpposedD20Defender = {
  canAct: true,
  passiveActionsLeft: 1,
  defenses: [
    { id: "dodge", value: 5, validAgainst: "all" },
    { id: "parry", value: 7, validAgainst: ["melee"] },
    { id: "willpower", labelKey: "FRAY.Defense.willpower", value: 3, validAgainst: ["mental"] },
  ],
};

describe("opposed-d20 attack resolution", () => {
  it("OD-A1/OD-A2 the attacker rolls 1d20 + its skill; the defender 1d20 + a valid defense", () => {
    expect(opposedD20Formula(7)).toBe("1d20 + 7");
    const legal = opposedD20LegalDefenses(defender, { kind: "melee" });
    expect(legal.mode).toBe("choose");
    expect(legal.mayDecline).toBe(true);
    expect(legal.options.map((o) => [o.id, o.formula])).toEqual([
      ["dodge", "1d20 + 5"],
      ["parry", "1d20 + 7"],
    ]);
    expect(legal.unavailable).toEqual([
      { id: "willpower", labelKey: "FRAY.Defense.willpower", reason: "defenseNotValidAgainstAttack" },
    ]);
    expect(opposedD20LegalDefenses(defender, { kind: "ranged" }).options.map((o) => o.id)).toEqual(["dodge"]);
  });

  it("OD-A2/OD-R3 the defense roll counts as a passive action; none left, no defense", () => {
    const legal = opposedD20LegalDefenses(defender, { kind: "melee" });
    expect(legal.options.every((o) => o.consequences.some((c) => c.kind === "passiveAction"))).toBe(true);
    expect(opposedD20LegalDefenses({ ...defender, passiveActionsLeft: 0 }, { kind: "melee" })).toMatchObject({
      mode: "none",
      options: [],
      reason: "noPassiveActionLeft",
    });
    expect(opposedD20LegalDefenses({ ...defender, canAct: false }, { kind: "melee" }).reason).toBe(
      "defenderCannotAct",
    );
    const parryOnly = { ...defender, defenses: defender.defenses.slice(1) };
    expect(opposedD20LegalDefenses(parryOnly, { kind: "psychic" })).toMatchObject({
      mode: "none",
      reason: "noValidDefense",
    });
  });

  it("OD-A3 even when the target cannot defend the attacker rolls for a Critical or a Fumble", () => {
    expect(resolveOpposedD20Attack({ d20: 20, modifier: 3 }, null)).toMatchObject({
      attack: { total: 23, critical: true, fumble: false },
      defense: null,
      hit: true,
      margin: null,
    });
    expect(resolveOpposedD20Attack({ d20: 1, modifier: 3 }, null)).toMatchObject({
      attack: { critical: false, fumble: true },
      hit: true,
    });
    const strict = { criticalOn: 20, fumbleOn: 1, fumbleMissesUndefended: true };
    expect(resolveOpposedD20Attack({ d20: 1, modifier: 3 }, null, strict)).toMatchObject({ hit: false });
  });

  it("OD-A3 the Critical and Fumble faces are settings, and flag defense rolls too", () => {
    const wide = { criticalOn: 19, fumbleOn: 2 };
    const r = resolveOpposedD20Attack({ d20: 19, modifier: 0 }, { d20: 2, modifier: 4 }, wide);
    expect(r.attack.critical).toBe(true);
    expect(r.defense).toMatchObject({ fumble: true, critical: false });
    expect(resolveOpposedD20Attack({ d20: 19, modifier: 0 }, null).attack.critical).toBe(false);
  });

  it("OD-A4 the attack must be strictly greater than the defense: ties favour the defender", () => {
    expect(resolveOpposedD20Attack({ d20: 12, modifier: 5 }, { d20: 10, modifier: 7 })).toMatchObject({
      hit: false,
      margin: 0,
      outcome: "miss",
    });
    expect(resolveOpposedD20Attack({ d20: 13, modifier: 5 }, { d20: 10, modifier: 7 }).hit).toBe(true);
  });

  it("OD-A5 the margin is the attack total minus the defense total", () => {
    expect(resolveOpposedD20Attack({ d20: 18, modifier: 4 }, { d20: 6, modifier: 5 }).margin).toBe(11);
    expect(resolveOpposedD20Attack({ d20: 3, modifier: 4 }, { d20: 6, modifier: 5 }).margin).toBe(-4);
  });

  it("OD-A6 a successful defense avoids the hit, or only mitigates it", () => {
    const avoided = resolveOpposedD20Attack({ d20: 5, modifier: 0 }, { d20: 10, modifier: 0 });
    expect(avoided).toMatchObject({ hit: false, damageDue: false, mitigated: false });
    const mitigating = { d20: 10, modifier: 0, onSuccess: "mitigate" as const };
    expect(resolveOpposedD20Attack({ d20: 5, modifier: 0 }, mitigating)).toMatchObject({
      hit: false,
      damageDue: true,
      mitigated: true,
      outcome: "mitigated",
    });
  });

  it("OD-A7 damage minus protections, armour and reductions is the loss of Health, never below 0", () => {
    expect(opposedD20HealthLoss({ damage: 10, protections: [3, 2] })).toEqual({
      rolled: 10,
      reduction: 5,
      final: 5,
    });
    expect(opposedD20HealthLoss({ damage: 10, protections: [3], mitigation: 4 }).final).toBe(3);
    expect(opposedD20HealthLoss({ damage: 4, protections: [6] }).final).toBe(0);
  });

  it("OD-A4/OD-A5 for any rolls, a hit is exactly a positive margin", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: -5, max: 15 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: -5, max: 15 }),
        (a, am, d, dm) => {
          const r = resolveOpposedD20Attack({ d20: a, modifier: am }, { d20: d, modifier: dm });
          expect(r.margin).toBe(a + am - (d + dm));
          expect(r.hit).toBe((r.margin ?? 0) > 0);
        },
      ),
      runs(1000),
    );
  });

  it("OD-A2 both rolls are one d20: a face outside 1–20 is refused", () => {
    for (const d20 of [0, 21, 3.5, Number.NaN]) {
      expect(() => resolveOpposedD20Attack({ d20, modifier: 0 }, null)).toThrow(RangeError);
      expect(() =>
        resolveOpposedD20Attack({ d20: 10, modifier: 0 }, { d20, modifier: 0, onSuccess: "avoid" }),
      ).toThrow(RangeError);
    }
  });

  it("OD-A3 OD-A6 an undefended attack hits, and nothing mitigates it", () => {
    expect(resolveOpposedD20Attack({ d20: 2, modifier: 0 }, null)).toMatchObject({
      hit: true,
      damageDue: true,
      mitigated: false,
      outcome: "hit",
    });
    expect(
      resolveOpposedD20Attack({ d20: 1, modifier: 0 }, null, {
        criticalOn: 20,
        fumbleOn: 1,
        fumbleMissesUndefended: true,
      }),
    ).toMatchObject({ hit: false, damageDue: false, mitigated: false, outcome: "miss" });
    expect(
      resolveOpposedD20Attack({ d20: 15, modifier: 2 }, { d20: 3, modifier: 4, onSuccess: "mitigate" }),
    ).toMatchObject({ hit: true, mitigated: false, outcome: "hit" });
  });

  it("OD-A2 a defender who cannot act or has no passive action left: every defense is listed as unavailable, and why", () => {
    const unable = opposedD20LegalDefenses({ ...defender, canAct: false }, { kind: "melee" });
    expect(unable).toStrictEqual({
      mode: "none",
      options: [],
      unavailable: [
        { id: "dodge", labelKey: "FRAY.Defense.dodge", reason: "defenderCannotAct" },
        { id: "parry", labelKey: "FRAY.Defense.parry", reason: "defenderCannotAct" },
        { id: "willpower", labelKey: "FRAY.Defense.willpower", reason: "defenderCannotAct" },
      ],
      mayDecline: false,
      reason: "defenderCannotAct",
    });
    const spent = opposedD20LegalDefenses({ ...defender, passiveActionsLeft: 0 }, { kind: "melee" });
    expect([spent.reason, spent.mayDecline, spent.unavailable.map((u) => u.reason)]).toEqual([
      "noPassiveActionLeft",
      false,
      ["noPassiveActionLeft", "noPassiveActionLeft", "noPassiveActionLeft"],
    ]);
    const none = opposedD20LegalDefenses(
      { ...defender, defenses: [{ id: "willpower", value: 3, validAgainst: ["mental"] }] },
      { kind: "melee" },
    );
    expect([none.mode, none.mayDecline, none.reason]).toEqual(["none", false, "noValidDefense"]);
  });
});
