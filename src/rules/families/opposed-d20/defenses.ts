/**
 * Opposed-d20 legal defenses (OD-A2, OD-R3): the defender picks one of its defenses that is valid against
 * the attack and rolls 1d20 + its value; the roll spends one passive action «acciones pasivas», so a defender
 * with none left, or that cannot act, cannot defend (the attacker still rolls, OD-A3). Defending is a choice.
 */
import type { DefenseOption, LegalDefenses, UnavailableDefense } from "../../attack/legal-defenses";
import { opposedD20Formula } from "./attack";

export interface OpposedD20DefenseSkill {
  /** The defense's id on the actor (e.g. "dodge", "parry", "block", "willpower"). */
  readonly id: string;
  /** i18n key of its name; `FRAY.Defense.<id>` when missing. */
  readonly labelKey?: string;
  /** The defense skill plus modifiers: the roll is 1d20 + value. */
  readonly value: number;
  /** The attack kinds it is valid against (e.g. "melee", "ranged", "mental"), or "all". */
  readonly validAgainst: readonly string[] | "all";
}

export interface OpposedD20Defender {
  readonly canAct: boolean;
  /** Passive actions the defender may still take this round (OD-R3). */
  readonly passiveActionsLeft: number;
  readonly defenses: readonly OpposedD20DefenseSkill[];
}

export function opposedD20LegalDefenses(
  defender: OpposedD20Defender,
  attack: { readonly kind: string },
): LegalDefenses {
  const label = (d: OpposedD20DefenseSkill) => d.labelKey ?? `FRAY.Defense.${d.id}`;
  const blocked = (reason: string): LegalDefenses => ({
    mode: "none",
    options: [],
    unavailable: defender.defenses.map((d) => ({ id: d.id, labelKey: label(d), reason })),
    mayDecline: false,
    reason,
  });
  if (!defender.canAct) return blocked("defenderCannotAct");
  if (defender.passiveActionsLeft <= 0) return blocked("noPassiveActionLeft");
  const options: DefenseOption[] = [];
  const unavailable: UnavailableDefense[] = [];
  for (const d of defender.defenses) {
    if (d.validAgainst === "all" || d.validAgainst.includes(attack.kind)) {
      options.push({
        id: d.id,
        labelKey: label(d),
        formula: opposedD20Formula(d.value),
        modifier: d.value,
        consequences: [{ kind: "passiveAction" }],
      });
    } else {
      unavailable.push({ id: d.id, labelKey: label(d), reason: "defenseNotValidAgainstAttack" });
    }
  }
  if (!options.length)
    return { mode: "none", options, unavailable, mayDecline: false, reason: "noValidDefense" };
  return { mode: "choose", options, unavailable, mayDecline: true };
}
