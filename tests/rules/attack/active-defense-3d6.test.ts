import fc from "fast-check";
import { runs } from "../../property-runs";
import { describe, expect, it } from "vitest";
import { activeDefenseAttackOutcome } from "../../../src/rules/families/active-defense-3d6/attack-outcome";
import {
  activeDefenseHitTarget,
  resolveActiveDefenseHit,
  type ActiveDefenseAttackInput,
} from "../../../src/rules/families/active-defense-3d6/attack";
import {
  activeDefenseDamageFormula,
  activeDefenseFinalDamage,
} from "../../../src/rules/families/active-defense-3d6/damage";
import { resolveActiveDefenseRoll } from "../../../src/rules/families/active-defense-3d6/defense-roll";
import {
  defenseLimit,
  defenseUsageResets,
  NO_DEFENSE_USED,
  recordDefense,
} from "../../../src/rules/families/active-defense-3d6/defense-usage";
import {
  activeDefenseLegalDefenses,
  type ActiveDefenseDefender,
  type ActiveDefenseIncomingAttack,
} from "../../../src/rules/families/active-defense-3d6/defenses";
import { adDefenseTargets } from "../../../src/rules/families/active-defense-3d6/derived";
import {
  feintPenalty,
  feintTargetValue,
  resolveFeint,
} from "../../../src/rules/families/active-defense-3d6/feint";
import {
  activeDefenseFumble,
  FUMBLE_TABLE,
  FUMBLE_TABLE_FORMULA,
} from "../../../src/rules/families/active-defense-3d6/fumble-table";

const criticals = { success: 4, failure: 17 };
const sword: ActiveDefenseAttackInput = { skill: 12, damage: { count: 2, bonus: 1 } };
// DEV 6, PEV 3, BEV 2, WT 1: Parry 9, Block 8, Dodge 5 (AD-A2).
const targets = adDefenseTargets(
  { dev: 6, pev: 0, bev: 0, wt: 1, dr: 0 },
  { weaponParry: [3], shieldBlock: [2], armorDr: [] },
);
const guard: ActiveDefenseDefender = {
  canAct: true,
  targets,
  parryWeaponReady: true,
  allOutAttack: false,
  allOutDefense: false,
  usage: NO_DEFENSE_USED,
};
const melee: ActiveDefenseIncomingAttack = { missile: false, critical: false };

function targetsOf(defender: ActiveDefenseDefender, attack: ActiveDefenseIncomingAttack) {
  return Object.fromEntries(
    activeDefenseLegalDefenses(defender, attack).options.map((o) => [o.id, o.target]),
  );
}

describe("active-defense-3d6 hit roll", () => {
  it("AD-A1 the attacker rolls 3d6; at or under the target value the attack nearly hits", () => {
    expect(resolveActiveDefenseHit(sword, [3, 4, 5], criticals)).toMatchObject({
      roll: { total: 12, margin: 0 },
      success: true,
      defensePossible: true,
      next: null,
      outcome: "nearHit",
    });
    expect(resolveActiveDefenseHit(sword, [3, 4, 6], criticals)).toMatchObject({
      success: false,
      outcome: "miss",
    });
  });

  it("AD-A1/AD-A4 a plain miss (over the target value, no fumble) deals no damage and asks for no roll", () => {
    // AD-A4: damage is rolled only "if the hit succeeds and the defense fails"; 13 > skill 12 is no hit.
    const miss = resolveActiveDefenseHit(sword, [3, 4, 6], criticals);
    expect(miss).toMatchObject({ success: false, fumble: false, critical: false, defensePossible: false });
    const outcome = activeDefenseAttackOutcome(miss, []);
    expect(outcome).toEqual({
      outcome: "miss",
      damageDue: false,
      fumbleTable: false,
      defendedBy: null,
      next: [],
    });
    // A failed defense cannot turn a miss into a hit either.
    const failedParry = resolveActiveDefenseRoll({ id: "parry", target: 9 }, [5, 5, 5], criticals);
    expect(activeDefenseAttackOutcome(miss, [failedParry])).toMatchObject({
      outcome: "miss",
      damageDue: false,
    });
  });

  it("AD-C1 a critical hit allows no defense: damage at once", () => {
    const hit = resolveActiveDefenseHit(sword, [1, 1, 2], criticals);
    expect(hit).toMatchObject({ critical: true, defensePossible: false, outcome: "critical" });
    expect(hit.next).toEqual({ purpose: "damage", formula: "2d6 + 1" });
    expect(activeDefenseLegalDefenses(guard, { ...melee, critical: true })).toMatchObject({
      mode: "none",
      options: [],
      reason: "defenseAgainstCritical",
    });
    // The defender's sheet shows each defense greyed out, with why.
    expect(activeDefenseLegalDefenses(guard, { ...melee, critical: true }).unavailable).toEqual(
      (["parry", "block", "dodge"] as const).map((id) => ({
        id,
        labelKey: `FRAY.Defense.${id}`,
        reason: "defenseAgainstCritical",
      })),
    );
    expect(activeDefenseAttackOutcome(hit, [])).toMatchObject({ outcome: "critical", damageDue: true });
  });

  it("AD-C2 an attack fumble sends the attacker to the 3d6 fumble table", () => {
    const hit = resolveActiveDefenseHit({ ...sword, skill: 25 }, [6, 6, 5], criticals);
    expect(hit).toMatchObject({ fumble: true, success: false, outcome: "fumble" });
    expect(hit.next).toEqual({ purpose: "fumbleTable", formula: "3d6" });
    expect(activeDefenseAttackOutcome(hit, [])).toMatchObject({
      outcome: "fumble",
      damageDue: false,
      fumbleTable: true,
    });
  });

  it("AD-C2 a critical defense also sends the attacker to the fumble table", () => {
    const hit = resolveActiveDefenseHit(sword, [3, 3, 3], criticals);
    const parry = resolveActiveDefenseRoll({ id: "parry", target: 9 }, [1, 1, 1], criticals);
    // AD-C2: the attacker "rolls 3d6 on the fumble table".
    expect(parry).toMatchObject({ success: true, attackerFumbles: true });
    expect(parry.next).toEqual({ purpose: "fumbleTable", formula: "3d6" });
    expect(activeDefenseAttackOutcome(hit, [parry])).toMatchObject({
      outcome: "defended",
      defendedBy: "parry",
      damageDue: false,
      fumbleTable: true,
    });
  });

  it("AD-C2 the fumble table covers 3–18 once each, with i18n keys", () => {
    for (let total = 3; total <= 18; total += 1) {
      expect(FUMBLE_TABLE.filter((b) => total >= b.min && total <= b.max)).toHaveLength(1);
    }
    expect(activeDefenseFumble([1, 1, 1])).toEqual({ total: 3, band: "3", key: "FRAY.Fumble.3" });
    expect(activeDefenseFumble([3, 3, 4])).toMatchObject({ total: 10, key: "FRAY.Fumble.9-11" });
    expect(activeDefenseFumble([6, 6, 6]).key).toBe("FRAY.Fumble.18");
    expect(() => activeDefenseFumble([6, 6])).toThrow(RangeError);
  });

  it("AD-C2 the attacker rolls 3d6 on the table: three faces of a d6 each, nothing else", () => {
    expect(FUMBLE_TABLE_FORMULA).toBe("3d6");
    for (const faces of [
      [0, 3, 3],
      [7, 3, 3],
      [3, 3, 2.5],
      [3, Number.NaN, 3],
      [3, 3, 3, 3],
    ])
      expect(() => activeDefenseFumble(faces)).toThrow(RangeError);
  });

  it("AD-C3 3–4 is a critical success and 17–18 a critical failure, by settings", () => {
    expect(resolveActiveDefenseHit({ ...sword, skill: 3 }, [1, 1, 2], criticals).critical).toBe(true);
    expect(resolveActiveDefenseHit(sword, [1, 2, 2], criticals).critical).toBe(false);
    expect(resolveActiveDefenseHit(sword, [1, 2, 2], { success: 5, failure: 17 }).critical).toBe(true);
    expect(resolveActiveDefenseHit(sword, [5, 5, 6], { success: 4, failure: 16 }).fumble).toBe(true);
  });
});

describe("active-defense-3d6 defenses", () => {
  it("AD-A2 Parry DEV + PEV, Block DEV + BEV, Dodge DEV − WT, each rolled on 3d6", () => {
    const legal = activeDefenseLegalDefenses(guard, melee);
    expect(legal).toMatchObject({ mode: "choose", mayDecline: true, unavailable: [] });
    expect(legal.options.map((o) => [o.id, o.target, o.formula, o.labelKey])).toEqual([
      ["parry", 9, "3d6", "FRAY.Defense.parry"],
      ["block", 8, "3d6", "FRAY.Defense.block"],
      ["dodge", 5, "3d6", "FRAY.Defense.dodge"],
    ]);
    const unarmed = { ...guard, targets: { parry: null, block: null, dodge: 5 } };
    expect(activeDefenseLegalDefenses(unarmed, melee).unavailable.map((u) => u.reason)).toEqual([
      "noParryWeapon",
      "noShield",
    ]);
  });

  it("AD-A2 a defense roll succeeds at or under its target", () => {
    expect(resolveActiveDefenseRoll({ id: "dodge", target: 5 }, [1, 2, 2], criticals)).toMatchObject({
      success: true,
      attackerFumbles: false,
      next: null,
    });
    expect(resolveActiveDefenseRoll({ id: "dodge", target: 5 }, [1, 2, 3], criticals).success).toBe(false);
  });

  it("AD-A3 Parry and Block once per turn each; Dodge without limit", () => {
    const used = recordDefense(recordDefense(NO_DEFENSE_USED, "parry"), "block");
    expect(used).toEqual({ parry: 1, block: 1 });
    expect(recordDefense(used, "dodge")).toEqual(used);
    const legal = activeDefenseLegalDefenses({ ...guard, usage: used }, melee);
    expect(legal.options.map((o) => o.id)).toEqual(["dodge"]);
    expect(legal.unavailable.map((u) => [u.id, u.reason])).toEqual([
      ["parry", "parryAlreadyUsed"],
      ["block", "blockAlreadyUsed"],
    ]);
    expect(defenseLimit("dodge", false)).toBeNull();
  });

  it("AD-A3 against missiles Parry takes −4 and Block −2", () => {
    expect(targetsOf(guard, { ...melee, missile: true })).toEqual({ parry: 5, block: 6, dodge: 5 });
  });

  it("AD-A3/AD-M3 the per-turn count starts again at the holder's turn (or the round, by setting)", () => {
    expect(defenseUsageResets("holderTurnStart", { kind: "turnStart", combatant: "a" }, "a")).toBe(true);
    expect(defenseUsageResets("holderTurnStart", { kind: "turnStart", combatant: "b" }, "a")).toBe(false);
    expect(defenseUsageResets("holderTurnStart", { kind: "roundStart" }, "a")).toBe(false);
    expect(defenseUsageResets("roundStart", { kind: "roundStart" }, "a")).toBe(true);
  });

  it("AD-M3 all-out defense: Parry and Block twice per turn", () => {
    const once = { parry: 1, block: 1 };
    const aod = { ...guard, allOutDefense: true, usage: once };
    expect(activeDefenseLegalDefenses(aod, melee).options.map((o) => o.id)).toEqual([
      "parry",
      "block",
      "dodge",
    ]);
    expect(
      activeDefenseLegalDefenses({ ...aod, usage: { parry: 2, block: 2 } }, melee).options.map((o) => o.id),
    ).toEqual(["dodge"]);
  });

  it("AD-M3 all-out defense: after a failed defense, one more try with another defense", () => {
    const aod = { ...guard, allOutDefense: true, usage: { parry: 0, block: 1 } };
    expect(activeDefenseLegalDefenses(aod, { ...melee, failed: ["block"] }).options.map((o) => o.id)).toEqual(
      ["parry", "dodge"],
    );
    expect(activeDefenseLegalDefenses(aod, { ...melee, failed: ["block", "parry"] })).toMatchObject({
      mode: "none",
      reason: "defenseRetryUsed",
    });
    expect(activeDefenseLegalDefenses(guard, { ...melee, failed: ["block"] })).toMatchObject({
      mode: "none",
      reason: "noDefenseRetry",
    });
    const hit = resolveActiveDefenseHit(sword, [3, 3, 3], criticals);
    const block = resolveActiveDefenseRoll({ id: "block", target: 8 }, [4, 4, 4], criticals);
    const parry = resolveActiveDefenseRoll({ id: "parry", target: 9 }, [3, 3, 3], criticals);
    expect(activeDefenseAttackOutcome(hit, [block, parry])).toMatchObject({
      outcome: "defended",
      defendedBy: "parry",
    });
    expect(activeDefenseAttackOutcome(hit, [block])).toMatchObject({ outcome: "hit", damageDue: true });
  });

  it("AD-M2 after an all-out attack, no defense roll until the attacker's next turn", () => {
    expect(activeDefenseLegalDefenses({ ...guard, allOutAttack: true }, melee)).toMatchObject({
      mode: "none",
      options: [],
      mayDecline: false,
      reason: "defenseAfterAllOutAttack",
    });
    expect(activeDefenseLegalDefenses({ ...guard, canAct: false }, melee).reason).toBe("defenderCannotAct");
  });

  it("AD-M2 all-out attack: +4 to skill, or one damage die at its maximum", () => {
    expect(activeDefenseHitTarget({ ...sword, allOutAttack: "plusFour" }).target).toBe(16);
    expect(
      resolveActiveDefenseHit({ ...sword, allOutAttack: "plusFour" }, [5, 5, 6], criticals).success,
    ).toBe(true);
    expect(activeDefenseDamageFormula({ count: 2, bonus: 1 }, true)).toBe("1d6 + 7");
    expect(activeDefenseDamageFormula({ count: 1, sides: 6 }, true)).toBe("6");
    // (a) maximises one of the damage dice: flat damage with no die gains nothing.
    expect(activeDefenseDamageFormula({ count: 0, bonus: 3 }, true)).toBe("3");
    const hit = resolveActiveDefenseHit({ ...sword, allOutAttack: "maxDamage" }, [1, 1, 1], criticals);
    expect(hit.next).toEqual({ purpose: "damage", formula: "1d6 + 7" });
  });

  it("AD-M1 feint: effect = feinter's margin − enemy's margin, failing below margin 1 or without a win", () => {
    const win = resolveFeint({ faces: [3, 3, 3], target: 13 }, { faces: [4, 4, 4], target: 13 });
    expect(win).toEqual({ feinterMargin: 4, enemyMargin: 1, success: true, effect: 3 });
    expect(resolveFeint({ faces: [4, 4, 5], target: 13 }, { faces: [6, 6, 6], target: 10 })).toMatchObject({
      feinterMargin: 0,
      success: false,
      effect: 0,
    });
    expect(resolveFeint({ faces: [3, 3, 3], target: 11 }, { faces: [3, 3, 3], target: 11 }).success).toBe(
      false,
    );
    // No critical processing: a 3 against a 3 still compares margins only.
    expect(resolveFeint({ faces: [1, 1, 1], target: 10 }, { faces: [1, 1, 1], target: 12 }).success).toBe(
      false,
    );
  });

  it("AD-M1 each side of the feint contest rolls under the weapon skill it holds ready, or AG without one", () => {
    expect(feintTargetValue([11, 13], 9)).toBe(13);
    expect(feintTargetValue([7], 12)).toBe(7);
    expect(feintTargetValue([], 12)).toBe(12);
  });

  it("AD-M1 the feint's effect is a penalty on the enemy's defense roll", () => {
    expect(targetsOf(guard, { ...melee, feintPenalty: 3 })).toEqual({ parry: 6, block: 5, dodge: 2 });
    expect(targetsOf(guard, { ...melee, feintPenalty: 3, modifier: 1 })).toEqual({
      parry: 7,
      block: 6,
      dodge: 3,
    });
  });

  it("AD-M2 with two attacks an earlier feint applies to the first only; feint-and-attack takes the larger", () => {
    expect(feintPenalty({ earlierFeint: 3, attackIndex: 0 })).toBe(3);
    expect(feintPenalty({ earlierFeint: 3, attackIndex: 1 })).toBe(0);
    expect(feintPenalty({ earlierFeint: 3, feintAndAttack: 5 })).toBe(5);
    expect(feintPenalty({ earlierFeint: 4, feintAndAttack: 2 })).toBe(4);
    expect(feintPenalty({})).toBe(0);
  });

  it("AD-M4/AD-M5/AD-M6 what defending costs: readying, aim, concentration, an unbalanced weapon", () => {
    const busy = {
      ...guard,
      aiming: true,
      readyingMissile: true,
      concentrating: true,
      parryWeaponUnbalanced: true,
    };
    const [parry, block] = activeDefenseLegalDefenses(busy, melee).options;
    expect(parry?.consequences.map((c) => c.kind)).toEqual([
      "loseAim",
      "voidReadying",
      "concentrationCheck",
      "unreadyWeapon",
    ]);
    expect(block?.consequences.map((c) => c.kind)).toEqual(["loseAim", "voidReadying", "concentrationCheck"]);
    // Each cost comes with its own condition only: a defender doing none of these pays nothing.
    const blockCosts = (extra: Partial<ActiveDefenseDefender>) =>
      activeDefenseLegalDefenses({ ...guard, ...extra }, melee)
        .options.find((o) => o.id === "block")
        ?.consequences.map((c) => c.kind);
    expect(blockCosts({})).toEqual([]);
    expect(blockCosts({ aiming: true })).toEqual(["loseAim"]);
    expect(blockCosts({ readyingMissile: true })).toEqual(["voidReadying"]);
    expect(blockCosts({ concentrating: true })).toEqual(["concentrationCheck"]);
    const unready = activeDefenseLegalDefenses({ ...guard, parryWeaponReady: false }, melee);
    expect(unready.unavailable).toEqual([
      { id: "parry", labelKey: "FRAY.Defense.parry", reason: "parryWeaponNotReady" },
    ]);
  });

  it("AD-M5 an aimed shot adds the aim margin; a bow shot without aim takes −4", () => {
    expect(activeDefenseHitTarget({ ...sword, aim: { aimed: true, margin: 3 } }).target).toBe(15);
    expect(activeDefenseHitTarget({ ...sword, aim: { aimed: false } }).target).toBe(8);
    expect(activeDefenseHitTarget(sword).target).toBe(12);
  });

  it("AD-A1/AD-M2/AD-M5 the hit target lists each term the card shows, and no term worth 0", () => {
    // The card explains the target value term by term: the weapon skill, the situational modifier, all-out
    // attack (b) +4 (AD-M2), the aim roll's margin or −4 without aim (AD-M5).
    expect(
      activeDefenseHitTarget({
        ...sword,
        modifier: -2,
        allOutAttack: "plusFour",
        aim: { aimed: true, margin: 2 },
      }),
    ).toEqual({
      target: 16,
      parts: [
        { part: "skill", value: 12 },
        { part: "modifier", value: -2 },
        { part: "allOutAttack", value: 4 },
        { part: "aim", value: 2 },
      ],
    });
    expect(activeDefenseHitTarget({ ...sword, aim: { aimed: false } }).parts).toEqual([
      { part: "skill", value: 12 },
      { part: "noAim", value: -4 },
    ]);
    // An aim roll made exactly (margin 0) and no modifier add nothing, so the card shows no "+0" term.
    expect(activeDefenseHitTarget({ ...sword, modifier: 0, aim: { aimed: true, margin: 0 } }).parts).toEqual([
      { part: "skill", value: 12 },
    ]);
  });

  it("AD-A4 damage minus the armour's DR is the final damage, never below 0", () => {
    expect(activeDefenseFinalDamage(9, 3)).toEqual({ rolled: 9, reduction: 3, final: 6 });
    expect(activeDefenseFinalDamage(2, 3).final).toBe(0);
    expect(activeDefenseDamageFormula({ count: 2, bonus: 1 })).toBe("2d6 + 1");
  });

  it("AD-A3/AD-M3 a defense is never offered past its per-turn limit, nor against a critical", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 3 }),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (parry, block, allOutDefense, missile, critical) => {
          const legal = activeDefenseLegalDefenses(
            { ...guard, usage: { parry, block }, allOutDefense },
            { missile, critical },
          );
          const ids = legal.options.map((o) => o.id);
          const limit = allOutDefense ? 2 : 1;
          if (critical) expect(ids).toEqual([]);
          else {
            expect(ids.includes("parry")).toBe(parry < limit);
            expect(ids.includes("block")).toBe(block < limit);
            expect(ids.includes("dodge")).toBe(true);
          }
        },
      ),
      runs(1000),
    );
  });
});
