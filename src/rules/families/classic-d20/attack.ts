/**
 * Classic-d20 attack rolls (CD-AT1…CD-AT3, CD-AC1): 1d20 + attack bonus «test ataku»; the attack hits when
 * the total equals or exceeds the target's Armor Class «Klasa Pancerza (KP)». A natural 1 always misses, a
 * natural 20 always hits. A natural 20 — or any natural face in the weapon's threat range that hits — is a
 * threat «zagrożenie»; by convention (world setting `cdConfirmCriticals`) a second attack roll with the same
 * bonus must hit the AC to confirm the critical hit «trafienie krytyczne». The confirmation roll is an attack
 * roll, so its natural 1 and 20 are automatic too.
 */
import { d20Formula } from "../../dice/formula";
import type { NextRoll } from "../../attack/next-roll";

export interface ClassicD20AttackInput {
  /** From `classicD20AttackBonus`, plus any other modifier. */
  readonly attackBonus: number;
  readonly armorClass: number;
  /** The lowest natural face that threatens: 20 by default, 19 for a 19–20 weapon (CD-AT3). */
  readonly threatRange?: number;
  /** CD-AT3 (convention, world setting `cdConfirmCriticals`): threats need a confirmation roll. */
  readonly confirmCriticals?: boolean;
}

/** "1d20 + bonus": the attack roll's formula, and the confirmation roll's. */
export function classicD20AttackFormula(attackBonus: number): string {
  return d20Formula(attackBonus);
}

function checkD20(face: number): void {
  // Stryker disable next-line StringLiteral: the text of a programmer-error RangeError, never shown to a user
  if (!Number.isInteger(face) || face < 1 || face > 20) throw new RangeError(`not a d20 face: ${face}`);
}

function attackHits(natural: number, total: number, armorClass: number) {
  if (natural === 1) return { hit: false, automatic: "miss" as const };
  if (natural === 20) return { hit: true, automatic: "hit" as const };
  return { hit: total >= armorClass, automatic: null };
}

export interface ClassicD20AttackResult {
  readonly natural: number;
  readonly total: number;
  readonly armorClass: number;
  readonly hit: boolean;
  /** CD-AT2: decided by the natural face alone. */
  readonly automatic: "hit" | "miss" | null;
  /** CD-AT3: the attack hit with a face in the threat range. */
  readonly threat: boolean;
  /** A critical hit already decided (a threat when confirmation is off); otherwise false until confirmed. */
  readonly critical: boolean;
  /** `confirm`: roll this formula and call `resolveClassicD20Confirmation`. */
  readonly next: NextRoll | null;
  /** `FRAY.Attack.Outcome.<outcome>`. */
  readonly outcome: "hit" | "miss" | "threat" | "critical";
}

export function resolveClassicD20Attack(input: ClassicD20AttackInput, d20: number): ClassicD20AttackResult {
  checkD20(d20);
  const total = d20 + input.attackBonus;
  const { hit, automatic } = attackHits(d20, total, input.armorClass);
  const threat = hit && d20 >= Math.min(20, input.threatRange ?? 20);
  const confirm = input.confirmCriticals ?? true;
  const critical = threat && !confirm;
  return {
    natural: d20,
    total,
    armorClass: input.armorClass,
    hit,
    automatic,
    threat,
    critical,
    next:
      threat && confirm ? { purpose: "confirm", formula: classicD20AttackFormula(input.attackBonus) } : null,
    outcome: critical ? "critical" : threat ? "threat" : hit ? "hit" : "miss",
  };
}

export interface ClassicD20ConfirmationResult {
  readonly natural: number;
  readonly total: number;
  /** The confirmation roll hit the AC: the threat is a critical hit. Otherwise a normal hit. */
  readonly confirmed: boolean;
  readonly outcome: "critical" | "hit";
}

/** CD-AT3: the confirmation roll of a threat (same bonus, same AC). */
export function resolveClassicD20Confirmation(
  input: ClassicD20AttackInput,
  d20: number,
): ClassicD20ConfirmationResult {
  checkD20(d20);
  const total = d20 + input.attackBonus;
  const confirmed = attackHits(d20, total, input.armorClass).hit;
  return { natural: d20, total, confirmed, outcome: confirmed ? "critical" : "hit" };
}
