/**
 * What the chat layer must roll next after a rule has looked at the dice so far. The rules never roll:
 * they name the purpose and the Foundry formula, the card builds a real Roll from it.
 */
export type NextRollPurpose =
  /** CD-AT3: the second attack roll that confirms a threat. */
  | "confirm"
  /** Phased-round open-ended d100: another 1d100 to add or subtract. */
  | "openEndedUp"
  | "openEndedDown"
  /** Damage dice (the weapon's, perhaps with a bonus or a multiplier). */
  | "damage"
  /** AD-C2: the attacker's 3d6 on the fumble table. */
  | "fumbleTable";

export interface NextRoll {
  readonly purpose: NextRollPurpose;
  /** A Foundry Roll formula, e.g. "1d20 + 5", "1d100", "3d6", "1d8 + 2". */
  readonly formula: string;
}
