/**
 * Fray's Combatant: its initiative formula is its combat's family rule (CD-I1, OD-I2, PR-B3; AD-T2 and
 * fast-slow roll none), so core paths that roll through the combatant agree with the tracker. The turn
 * state lives in the Combat's engine state; `system` holds the per-combatant data (budget, AD-A3 usage).
 */
import { initiativeFormula } from "../data/combat/initiative-formula";
import { combatOptionsOf, familyOf } from "./combat-api";
import { initiativeStats, speedScore } from "./initiative-stats";

export class FrayCombatant extends Combatant {
  /** The family's initiative formula; AD-T2 "rolls" its speed score as a constant, fast-slow none ("0"). */
  protected override _getInitiativeFormula(): string {
    const combat = this.combat;
    if (!combat) return "0";
    const family = familyOf(combat);
    const options = combatOptionsOf(combat);
    if (family === "active-defense-3d6")
      return String(speedScore(initiativeStats(this.actor), options.adSpeedScore));
    return initiativeFormula(family, options.prInitiativeFormula) ?? "0";
  }

  override getInitiativeRoll(formula?: string) {
    const stats = initiativeStats(this.actor);
    const data = { dex: stats.dex, initiative: stats.initiative, quickness: stats.quickness };
    return new Roll(formula ?? this._getInitiativeFormula(), data);
  }
}
