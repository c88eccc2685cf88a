/** Phased-round defenders roll nothing: their defensive bonus «BD» is subtracted from the attack total. */
import { passiveDefense, type LegalDefenses } from "../../attack/legal-defenses";

export function phasedRoundLegalDefenses(db: number): LegalDefenses<never> {
  return passiveDefense("FRAY.Defense.defensiveBonus", db);
}
