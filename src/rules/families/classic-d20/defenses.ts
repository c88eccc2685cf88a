/** Classic-d20 defenders roll nothing: Armor Class «Klasa Pancerza (KP)» is the total to reach (CD-AC1). */
import { passiveDefense, type LegalDefenses } from "../../attack/legal-defenses";

export function classicD20LegalDefenses(armorClass: number): LegalDefenses<never> {
  return passiveDefense("FRAY.Defense.armorClass", armorClass);
}
