/**
 * The defenses a defender may choose against one attack — the shape every family returns, so the chat card
 * offers exactly these. Families where nothing is chosen say so with `mode`:
 * - "passive": the attack is compared with a fixed value (fast-slow Defense, classic-d20 AC, phased-round DB);
 * - "choose": the defender picks one of `options` or declines (`mayDecline`);
 * - "none": no defense is possible now (`reason` says why: a critical hit, an all-out attack…).
 */
export type DefenseConsequence =
  /** OD-A2/OD-R3: the defense roll spends one passive action. */
  | { readonly kind: "passiveAction" }
  /** AD-M5: defending while aiming loses the aim. */
  | { readonly kind: "loseAim" }
  /** AD-M4: defending during a turn spent readying a missile weapon voids that readying. */
  | { readonly kind: "voidReadying" }
  /** AD-M4: an unbalanced weapon that parries must be readied again before it can parry or attack. */
  | { readonly kind: "unreadyWeapon" }
  /** AD-M6: defending while concentrating first needs a maintenance roll (WL − 2, see concentration.ts). */
  | { readonly kind: "concentrationCheck" };

export interface DefenseOption<Id extends string = string> {
  readonly id: Id;
  /** i18n key of the defense's name, e.g. `FRAY.Defense.parry`. */
  readonly labelKey: string;
  /** The Foundry formula to roll: "3d6" (roll under `target`) or "1d20 + 7". */
  readonly formula: string;
  /** Roll-under families: succeed when the roll ≤ target. */
  readonly target?: number;
  /** Roll-plus families: the flat modifier already in `formula`. */
  readonly modifier?: number;
  /** What choosing this defense costs or breaks (shown on the card, applied by the Foundry layer). */
  readonly consequences: readonly DefenseConsequence[];
}

export interface UnavailableDefense<Id extends string = string> {
  readonly id: Id;
  readonly labelKey: string;
  /** Refusal reason code, localized as `FRAY.Refusal.<reason>`. */
  readonly reason: string;
}

export interface PassiveDefense {
  /** i18n key of the value's name (`FRAY.Defense.armorClass`…). */
  readonly labelKey: string;
  readonly value: number;
}

export interface LegalDefenses<Id extends string = string> {
  readonly mode: "passive" | "choose" | "none";
  /** The defenses that may be rolled now, best first in family order. */
  readonly options: readonly DefenseOption<Id>[];
  /** The defender's other defenses and why they are not allowed now. */
  readonly unavailable: readonly UnavailableDefense<Id>[];
  /** In "choose" mode: the defender may also take no defense. */
  readonly mayDecline: boolean;
  /** In "passive" mode: the value the attack is compared with. */
  readonly passive?: PassiveDefense;
  /** In "none" mode: the refusal reason code (`FRAY.Refusal.<reason>`). */
  readonly reason?: string;
}

/** A family where the defender chooses nothing: the attack is compared with a fixed value. */
export function passiveDefense(labelKey: string, value: number): LegalDefenses<never> {
  return { mode: "passive", options: [], unavailable: [], mayDecline: false, passive: { labelKey, value } };
}
