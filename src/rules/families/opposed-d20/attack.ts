/**
 * Opposed-d20 attack resolution «Resolver un ataque» (OD-A2…OD-A6): the attacker rolls 1d20 + its skill
 * (convention), the defender rolls 1d20 + a defense valid against that attack; the attack must be strictly
 * greater to beat it — ties favour the defender (OD-A4); margin = attack total − defense total (OD-A5).
 * The attacker rolls even when the target cannot defend, to see whether it scores a Critical «Crítico» or a
 * Fumble «Pifia» (OD-A3; natural 20 and natural 1 by convention, world settings `odCriticalOn`,
 * `odFumbleOn`). An undefended attack hits; its Critical or Fumble applies by its own rules — a table that
 * lets a Fumble miss sets `fumbleMissesUndefended`. A successful defense avoids the hit or only mitigates
 * it, depending on the defense (OD-A6).
 */
import { d20Formula } from "../../dice/formula";

export interface OpposedD20Conventions {
  /** Natural faces at or above this are a Critical (20). */
  readonly criticalOn: number;
  /** Natural faces at or below this are a Fumble (1). */
  readonly fumbleOn: number;
  /** An undefended attack that fumbles misses (default false: it hits, the Fumble applies its own rules). */
  readonly fumbleMissesUndefended?: boolean;
}

export const DEFAULT_OPPOSED_D20_CONVENTIONS: OpposedD20Conventions = { criticalOn: 20, fumbleOn: 1 };

/** "1d20 + skill": the formula of an attack or a defense roll. */
export function opposedD20Formula(modifier: number): string {
  return d20Formula(modifier);
}

export interface OpposedD20Roll {
  /** The natural d20 face. */
  readonly d20: number;
  /** Skill plus situational modifiers (OD-A2). */
  readonly modifier: number;
}

export interface OpposedD20Defense extends OpposedD20Roll {
  /** OD-A6: what a successful defense does (default "avoid"). */
  readonly onSuccess?: "avoid" | "mitigate";
}

export interface OpposedD20RollResult {
  readonly natural: number;
  readonly total: number;
  readonly critical: boolean;
  readonly fumble: boolean;
}

export interface OpposedD20AttackResult {
  readonly attack: OpposedD20RollResult;
  /** null: the target did not or could not defend. */
  readonly defense: OpposedD20RollResult | null;
  /** OD-A4: the attack beat the defense (strictly greater), or nothing opposed it. */
  readonly hit: boolean;
  /** OD-A5: attack total − defense total; null when undefended. */
  readonly margin: number | null;
  /** OD-A6/OD-A7: damage is due (a hit, or a defense that only mitigates). */
  readonly damageDue: boolean;
  /** OD-A6: the defense succeeded but only mitigates: apply its mitigation to the damage. */
  readonly mitigated: boolean;
  /** `FRAY.Attack.Outcome.<outcome>`. */
  readonly outcome: "hit" | "miss" | "mitigated";
}

function rollResult(roll: OpposedD20Roll, conventions: OpposedD20Conventions): OpposedD20RollResult {
  if (!Number.isInteger(roll.d20) || roll.d20 < 1 || roll.d20 > 20) {
    // Stryker disable next-line StringLiteral: the text of a programmer-error RangeError, never shown to a user
    throw new RangeError(`not a d20 face: ${roll.d20}`);
  }
  return {
    natural: roll.d20,
    total: roll.d20 + roll.modifier,
    critical: roll.d20 >= conventions.criticalOn,
    fumble: roll.d20 <= conventions.fumbleOn,
  };
}

export function resolveOpposedD20Attack(
  attackRoll: OpposedD20Roll,
  defenseRoll: OpposedD20Defense | null,
  conventions: OpposedD20Conventions = DEFAULT_OPPOSED_D20_CONVENTIONS,
): OpposedD20AttackResult {
  const attack = rollResult(attackRoll, conventions);
  if (defenseRoll === null) {
    const hit = !(attack.fumble && (conventions.fumbleMissesUndefended ?? false));
    return {
      attack,
      defense: null,
      hit,
      margin: null,
      damageDue: hit,
      mitigated: false,
      outcome: hit ? "hit" : "miss",
    };
  }
  const defense = rollResult(defenseRoll, conventions);
  const hit = attack.total > defense.total;
  const mitigated = !hit && defenseRoll.onSuccess === "mitigate";
  return {
    attack,
    defense,
    hit,
    margin: attack.total - defense.total,
    damageDue: hit || mitigated,
    mitigated,
    outcome: hit ? "hit" : mitigated ? "mitigated" : "miss",
  };
}
