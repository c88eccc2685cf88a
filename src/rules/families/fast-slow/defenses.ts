/**
 * Fast-slow defenders choose no defense roll: an attack is compared with their Defense or the named attribute
 * (FS-D2). Defend (FS-A5) is a state taken with an action on the defender's turn, not a reaction; its bane
 * is already in `fastSlowAttackBoons`.
 */
import { passiveDefense, type LegalDefenses } from "../../attack/legal-defenses";
import type { FsAttackTarget } from "./attack";

export function fastSlowLegalDefenses(against: FsAttackTarget, targetValue: number): LegalDefenses<never> {
  return passiveDefense(`FRAY.Defense.Target.${against}`, targetValue);
}
