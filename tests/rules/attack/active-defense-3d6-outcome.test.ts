import { describe, expect, it } from "vitest";
import { activeDefenseAttackOutcome } from "../../../src/rules/families/active-defense-3d6/attack-outcome";
import {
  resolveActiveDefenseHit,
  type ActiveDefenseAttackInput,
} from "../../../src/rules/families/active-defense-3d6/attack";
import { resolveActiveDefenseRoll } from "../../../src/rules/families/active-defense-3d6/defense-roll";

const criticals = { success: 4, failure: 17 };
// Skill 12, damage 2d6 + 1.
const sword: ActiveDefenseAttackInput = { skill: 12, damage: { count: 2, bonus: 1 } };
const damage = { purpose: "damage", formula: "2d6 + 1" };
const fumbleTable = { purpose: "fumbleTable", formula: "3d6" };

describe("active-defense-3d6 attack outcome: the rolls that follow (AD-A4, AD-C1, AD-C2)", () => {
  it("AD-C2 an attack fumble: the attacker rolls 3d6 on the fumble table, and nothing else follows", () => {
    const hit = resolveActiveDefenseHit({ ...sword, skill: 25 }, [6, 6, 5], criticals);
    expect(activeDefenseAttackOutcome(hit, [])).toEqual({
      outcome: "fumble",
      damageDue: false,
      fumbleTable: true,
      defendedBy: null,
      next: [fumbleTable],
    });
  });

  it("AD-C1 a critical hit: damage is rolled at once with the weapon's formula, no fumble table", () => {
    const hit = resolveActiveDefenseHit(sword, [1, 1, 2], criticals);
    expect(activeDefenseAttackOutcome(hit, [])).toEqual({
      outcome: "critical",
      damageDue: true,
      fumbleTable: false,
      defendedBy: null,
      next: [damage],
    });
  });

  it("AD-A4 the hit succeeds and the defense fails: damage is rolled, no fumble table", () => {
    const hit = resolveActiveDefenseHit(sword, [3, 3, 3], criticals);
    const failedBlock = resolveActiveDefenseRoll({ id: "block", target: 8 }, [4, 4, 4], criticals);
    expect(activeDefenseAttackOutcome(hit, [failedBlock])).toEqual({
      outcome: "hit",
      damageDue: true,
      fumbleTable: false,
      defendedBy: null,
      next: [damage],
    });
  });

  it("AD-A4 an ordinary successful defense stops the attack: no damage and no roll follows", () => {
    const hit = resolveActiveDefenseHit(sword, [3, 3, 3], criticals);
    const parry = resolveActiveDefenseRoll({ id: "parry", target: 9 }, [3, 3, 3], criticals);
    expect(activeDefenseAttackOutcome(hit, [parry])).toEqual({
      outcome: "defended",
      damageDue: false,
      fumbleTable: false,
      defendedBy: "parry",
      next: [],
    });
  });

  it("AD-C2 a critical defense after a failed one (all-out defense, AD-M3) still sends the attacker to the fumble table", () => {
    const hit = resolveActiveDefenseHit(sword, [3, 3, 3], criticals);
    const failedBlock = resolveActiveDefenseRoll({ id: "block", target: 8 }, [4, 4, 4], criticals);
    const criticalParry = resolveActiveDefenseRoll({ id: "parry", target: 9 }, [1, 1, 1], criticals);
    expect(activeDefenseAttackOutcome(hit, [failedBlock, criticalParry])).toEqual({
      outcome: "defended",
      damageDue: false,
      fumbleTable: true,
      defendedBy: "parry",
      next: [fumbleTable],
    });
  });
});
