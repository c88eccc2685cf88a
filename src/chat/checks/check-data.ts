/**
 * The data a check card keeps (`message.system` of a ChatMessage of type "check"): who rolls what against
 * what, why, what happens on the result (a named GM-side consequence with its JSON data), and the result once
 * rolled. Plain JSON, so a card rebuilt after a reload needs nothing but this and `message.rolls`.
 */
import type { ActorRef, RollSnapshot } from "../card-data";
import { cardName } from "../../data/chat/card-fields";

/** FS-D1/FS-D2: 1d20 + modifier with boons and banes against a target; AD: 3d6 at or under a target value. */
export const CHECK_DICE = ["d20", "3d6"] as const;
export type CheckDice = (typeof CHECK_DICE)[number];

/**
 * The values a card line may carry into its localized text (`{name}`, `{effect}`…). A fixed list, so the
 * template passes them to `localize` as named values; every value is shown escaped.
 */
export const LINE_VALUES = [
  "name",
  "rider",
  "mount",
  "effect",
  "spell",
  "amount",
  "damage",
  "banes",
  "target",
  "wl",
] as const;
export type LineValue = (typeof LINE_VALUES)[number];

/** One localized line: an i18n key and its values (already strings). */
export interface CheckLine {
  readonly key: string;
  readonly data?: Readonly<Partial<Record<LineValue, string>>>;
}

/**
 * Lines as a card stores them: every value shortened to fit (`cardName`: a creature's, an effect's or a spell's name
 * may be of any length; F-trust §3.5). Every writer of a check card's lines passes them through this.
 */
export function cardLines(lines: readonly CheckLine[]): CheckLine[] {
  return lines.map((line) =>
    line.data
      ? {
          ...line,
          data: Object.fromEntries(
            Object.entries(line.data).map(([name, value]) => [
              name,
              typeof value === "string" ? cardName(value) : value,
            ]),
          ),
        }
      : line,
  );
}

/** The roll and its reading, written once by the active GM. */
export interface CheckResult {
  readonly roll: RollSnapshot;
  readonly total: number;
  /** The value the total was compared with (d20: the challenge target; 3d6: the effective target value). */
  readonly target: number;
  readonly success: boolean;
  /** d20: total − target; 3d6: the margin «成功度», target − total. */
  readonly margin: number;
  /** AD-C3 critical success/failure of a 3d6 check; null for d20 checks. */
  readonly critical: "success" | "failure" | null;
  /** The d20's face (FS-D1); null for 3d6. */
  readonly natural: number | null;
  /** FS-D1: what the boon or bane dice added (negative for banes); null for 3d6. */
  readonly boonValue: number | null;
  /** Who pressed the button (or the GM for an automatic roll). */
  readonly userId: string;
}

/** A roll a consequence made (FS-MT9 fall damage), shown under the result. */
export interface ConsequenceRoll {
  readonly labelKey: string;
  readonly roll: RollSnapshot;
}

/** The GM-side consequence of the check: applied once, when the result is written. */
export interface CheckConsequenceRecord {
  /** A name registered with `defineCheckConsequence`. */
  readonly name: string;
  /** Its plain-JSON input. */
  readonly data: Readonly<Record<string, unknown>>;
  readonly applied: boolean;
  /** What it did, for the card. */
  readonly lines: readonly CheckLine[];
  readonly rolls: readonly ConsequenceRoll[];
}

export interface CheckCardData {
  readonly dice: CheckDice;
  /** What the check is for: the title is `FRAY.Check.Kind.<kind>`. */
  readonly kind: string;
  readonly roller: ActorRef;
  /** The i18n key of the attribute rolled (Will «Volonté», Agility «Agilité», WL «意志力»…). */
  readonly attributeKey: string;
  /** d20: added to the roll (the attribute modifier and any other); 3d6: added to the target value (AD-M6 −2). */
  readonly modifier: number;
  /** FS-D1 (d20 only). */
  readonly boons: number;
  readonly banes: number;
  /** d20: the total to reach (FS-D2, 10 by convention); 3d6: the base target value before `modifier`. */
  readonly target: number;
  /** Why the check is made, and where its boons and banes come from. */
  readonly lines: readonly CheckLine[];
  /** The fight it belongs to, if any. */
  readonly combatId: string | null;
  readonly consequence: CheckConsequenceRecord | null;
  /** null until rolled. */
  readonly result: CheckResult | null;
}
