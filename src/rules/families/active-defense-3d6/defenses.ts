/**
 * Active-defense-3d6 legal defenses «回避判定» (AD-A2, AD-A3, AD-C1, AD-M2, AD-M3): what a defender may roll
 * against one attack that nearly hit.
 * - Parry «受け» DEV + PEV (a ready weapon that can parry), Block «止め» DEV + BEV (a shield), Dodge «よけ»
 *   DEV − WT. Against missiles «射撃» Parry takes −4 and Block −2. A feint's effect is a penalty on all.
 * - Parry and Block once per turn each, twice under all-out defense «全力防御» (defense-usage.ts).
 * - No defense against a critical hit (AD-C1), nor until its next turn after an all-out attack (AD-M2),
 *   nor when the defender cannot act.
 * - After a failed defense against the same attack, only all-out defense allows one more try, with another
 *   defense (AD-M3).
 * Defending stays optional; what it costs the defender is listed (AD-M4 readying, AD-M5 aim, AD-M6
 * concentration, AD-M4 an unbalanced weapon that parries must be readied again).
 */
import type {
  DefenseConsequence,
  DefenseOption,
  LegalDefenses,
  UnavailableDefense,
} from "../../attack/legal-defenses";
import { ACTIVE_DEFENSE_IDS, defenseLeft, type ActiveDefenseId, type DefenseUsage } from "./defense-usage";

/** AD-A3: Parry and Block penalties against missile attacks. */
export const MISSILE_DEFENSE_PENALTY: Readonly<Record<ActiveDefenseId, number>> = {
  parry: 4,
  block: 2,
  dodge: 0,
};

export interface ActiveDefenseDefender {
  readonly canAct: boolean;
  /** Target values before modifiers (see `adDefenseTargets`): null when nothing can parry or block. */
  readonly targets: { readonly parry: number | null; readonly block: number | null; readonly dodge: number };
  /** AD-M4: the parrying weapon is ready (an unbalanced one is not, right after it attacked or parried). */
  readonly parryWeaponReady: boolean;
  /** AD-M4: the parrying weapon is unbalanced (axes…): parrying unreadies it. */
  readonly parryWeaponUnbalanced?: boolean;
  /** AD-M2: the defender made an all-out attack and its next turn has not come. */
  readonly allOutAttack: boolean;
  /** AD-M3: the defender chose all-out defense and its next turn has not come. */
  readonly allOutDefense: boolean;
  readonly usage: DefenseUsage;
  /** AD-M5: aiming this turn. */
  readonly aiming?: boolean;
  /** AD-M4: spending this turn readying a missile weapon. */
  readonly readyingMissile?: boolean;
  /** AD-M6: concentrating on a spell. */
  readonly concentrating?: boolean;
}

export interface ActiveDefenseIncomingAttack {
  /** A missile attack «射撃». */
  readonly missile: boolean;
  /** The hit roll was a critical (AD-C1). */
  readonly critical: boolean;
  /** The feint penalty (`feintPenalty`). */
  readonly feintPenalty?: number;
  /** Other modifiers to the defense roll. */
  readonly modifier?: number;
  /** Defenses already rolled and failed against this attack, in order (AD-M3). */
  readonly failed?: readonly ActiveDefenseId[];
}

export const DEFENSE_ROLL_FORMULA = "3d6";

function labelKey(id: ActiveDefenseId): string {
  return `FRAY.Defense.${id}`;
}

function noDefense(reason: string): LegalDefenses<ActiveDefenseId> {
  return {
    mode: "none",
    options: [],
    unavailable: ACTIVE_DEFENSE_IDS.map((id) => ({ id, labelKey: labelKey(id), reason })),
    mayDecline: false,
    reason,
  };
}

/** One defense's target before penalties when it can be rolled now, or why it cannot (a refusal reason). */
function availability(
  id: ActiveDefenseId,
  defender: ActiveDefenseDefender,
  failed: readonly ActiveDefenseId[],
): { readonly base: number } | { readonly reason: string } {
  const base = defender.targets[id];
  if (base === null) return { reason: id === "parry" ? "noParryWeapon" : "noShield" };
  if (id === "parry" && !defender.parryWeaponReady) return { reason: "parryWeaponNotReady" };
  if (failed.includes(id)) return { reason: "defenseAlreadyTried" };
  if (!defenseLeft(defender.usage, id, defender.allOutDefense)) return { reason: `${id}AlreadyUsed` };
  return { base };
}

export function activeDefenseLegalDefenses(
  defender: ActiveDefenseDefender,
  attack: ActiveDefenseIncomingAttack,
): LegalDefenses<ActiveDefenseId> {
  if (!defender.canAct) return noDefense("defenderCannotAct");
  if (attack.critical) return noDefense("defenseAgainstCritical");
  if (defender.allOutAttack) return noDefense("defenseAfterAllOutAttack");
  const failed = attack.failed ?? [];
  if (failed.length > 0 && !defender.allOutDefense) return noDefense("noDefenseRetry");
  if (failed.length > 1) return noDefense("defenseRetryUsed");

  const shared: DefenseConsequence[] = [];
  if (defender.aiming) shared.push({ kind: "loseAim" });
  if (defender.readyingMissile) shared.push({ kind: "voidReadying" });
  if (defender.concentrating) shared.push({ kind: "concentrationCheck" });
  const penalty = (attack.feintPenalty ?? 0) - (attack.modifier ?? 0);

  const options: DefenseOption<ActiveDefenseId>[] = [];
  const unavailable: UnavailableDefense<ActiveDefenseId>[] = [];
  for (const id of ACTIVE_DEFENSE_IDS) {
    const available = availability(id, defender, failed);
    if ("reason" in available) {
      unavailable.push({ id, labelKey: labelKey(id), reason: available.reason });
      continue;
    }
    const consequences = [...shared];
    if (id === "parry" && defender.parryWeaponUnbalanced) consequences.push({ kind: "unreadyWeapon" });
    options.push({
      id,
      labelKey: labelKey(id),
      formula: DEFENSE_ROLL_FORMULA,
      target: available.base - (attack.missile ? MISSILE_DEFENSE_PENALTY[id] : 0) - penalty,
      consequences,
    });
  }
  return { mode: "choose", options, unavailable, mayDecline: true };
}
