/**
 * What rolling an attack spends, per family (issue: "rolling an attack … spends it"):
 * - fast-slow: the turn's action (FS-A1); out of its turn, the reaction — a prepared attack (FS-A10) or an
 *   opportunity attack (FS-A16). An attack spell (FS-A1) out of its turn is the reaction to a prepared attack or
 *   cast only: an opportunity attack is made with a weapon one wields (FS-A16);
 * - classic-d20: the standard action (CD-A6);
 * - opposed-d20: an active action (OD-A1, OD-R3), counted by the round engine;
 * - phased-round: nothing more — the declaration spent the activity (PR-B1); the attack needs its declaration
 *   this round: melee (PR-P9) for a melee weapon, a missile declaration in (A) or (B) (PR-P4, PR-P7) otherwise,
 *   and is rolled in its resolution phase (PR-P5, PR-P8, PR-P10);
 * - active-defense-3d6: a shot at the start of the turn for a bow or crossbow (AD-M5), else an attack roll
 *   under the turn's manoeuvre (Attack, or one of an all-out attack's, AD-M2).
 */
import { accept, refuse, type Outcome } from "../outcome";
import type { FamilyId } from "../families/ids";
import type { FastSlowBudget, FastSlowEvent } from "../families/fast-slow/budget";
import type { ClassicD20Event } from "../families/classic-d20/budget";
import type { OpposedD20Event } from "../families/opposed-d20/budget";
import type { ActiveDefenseEvent } from "../families/active-defense-3d6/budget";
import type { PhasedSheet } from "../turns/round-state";

export interface AttackSpendInput {
  readonly family: FamilyId;
  /** fast-slow: the stored budget (its turn and prepared activity decide). */
  readonly fastSlow?: FastSlowBudget | null;
  /** phased-round: this round's declarations from the round engine. */
  readonly sheet?: PhasedSheet | null;
  readonly weaponId: string;
  /** A melee weapon (phased-round melee) — otherwise missile or thrown. */
  readonly melee: boolean;
  /** active-defense-3d6: a bow or crossbow (AD-M5). */
  readonly bowOrCrossbow: boolean;
  /** phased-round: the id of the phase the fight is in (its attacks resolve in their own phase). */
  readonly phase?: string | null;
  /** fast-slow: an attack spell (FS-A1) rather than a weapon. */
  readonly spell?: boolean;
  readonly override?: boolean;
}

export type AttackSpend =
  | { readonly family: "fast-slow"; readonly event: FastSlowEvent }
  | { readonly family: "classic-d20"; readonly event: ClassicD20Event }
  | { readonly family: "opposed-d20"; readonly event: OpposedD20Event }
  | { readonly family: "active-defense-3d6"; readonly event: ActiveDefenseEvent }
  /** phased-round: the declaration is checked; nothing further is spent. */
  | { readonly family: "phased-round"; readonly event: null };

export const ATTACK_SPEND_REFUSALS = [
  "attackNotDeclared",
  "meleeNotResolving",
  "missileNotResolving",
  "spellNoOpportunity",
] as const;

/** The budget event an attack roll spends, or why the attack is not allowed now. */
export function attackSpend(input: AttackSpendInput): Outcome<AttackSpend> {
  const override = input.override === true ? { override: true } : {};
  switch (input.family) {
    case "fast-slow": {
      const budget = input.fastSlow;
      if (budget?.turn)
        return accept({ family: "fast-slow", event: { type: "activity", activity: "attack", ...override } });
      const preparedFor = budget?.prepared?.activity;
      const prepared = preparedFor === "attack" || (input.spell === true && preparedFor === "cast");
      // FS-A16: the opportunity attack is made with a weapon the creature wields, never with a spell.
      if (input.spell && !prepared) {
        if (!input.override) return refuse("spellNoOpportunity");
        // Forced by the GM out of the turn: nothing is spent, the bypassed rule recorded (outsideTurn).
        return accept({
          family: "fast-slow",
          event: { type: "activity", activity: "attack", override: true },
        });
      }
      return accept({
        family: "fast-slow",
        event: { type: "reaction", kind: prepared ? "prepared" : "opportunityAttack", ...override },
      });
    }
    case "classic-d20":
      return accept({ family: "classic-d20", event: { type: "standard", kind: "attack", ...override } });
    case "opposed-d20":
      return accept({ family: "opposed-d20", event: { type: "action", counter: "active", ...override } });
    case "phased-round": {
      const sheet = input.sheet;
      const declared = input.melee
        ? sheet?.melee != null
        : sheet?.missileA != null || sheet?.missileB != null;
      if (!declared && !input.override) return refuse("attackNotDeclared");
      // PR-P5, PR-P8, PR-P10: a declared attack is rolled in its resolution phase — melee in the melee
      // resolution, a shot in the missile resolution of the part ((A) or (B)) it was declared for.
      const resolvesIn: readonly (string | false)[] = input.melee
        ? ["meleeResolution"]
        : [sheet?.missileA != null && "missileResolutionA", sheet?.missileB != null && "missileResolutionB"];
      if (declared && input.phase != null && !resolvesIn.includes(input.phase) && !input.override)
        return refuse(input.melee ? "meleeNotResolving" : "missileNotResolving");
      return accept({ family: "phased-round", event: null });
    }
    case "active-defense-3d6":
      return accept({
        family: "active-defense-3d6",
        event: input.bowOrCrossbow
          ? { type: "shoot", weaponId: input.weaponId, ...override }
          : { type: "strike", weaponId: input.weaponId, ...override },
      });
  }
}
