/**
 * Open-ended d100 for the phased-round family (convention, world setting `prOpenEnded`): a first roll at or
 * above `high` (96–100) rolls again and adds, and keeps adding while the new roll is at or above `high`;
 * a first roll at or below `low` (01–05) rolls again and subtracts, and keeps subtracting while the new
 * roll is at or above `high`. Only the first roll can open downward.
 *
 * The chat layer rolls "1d100", calls `openEndedD100` with the faces so far, and rolls another "1d100"
 * while the answer is `needsMore`.
 */
import { combineDistributions, die, type Distribution } from "./distribution";

export interface OpenEndedConvention {
  /** false: a plain 1d100 (no rerolls). */
  readonly enabled: boolean;
  /** The lowest face that rolls again and adds (96). */
  readonly high: number;
  /** The highest first face that rolls again and subtracts (5). */
  readonly low: number;
}

export const DEFAULT_OPEN_ENDED: OpenEndedConvention = { enabled: true, high: 96, low: 5 };

export type OpenEndedDirection = "none" | "up" | "down";

export type OpenEndedD100 =
  | {
      readonly status: "needsMore";
      /** The next 1d100 is added (up) or subtracted (down). */
      readonly direction: "up" | "down";
      readonly formula: "1d100";
      readonly faces: readonly number[];
    }
  | {
      readonly status: "done";
      readonly total: number;
      readonly direction: OpenEndedDirection;
      /** The first roll, before any reroll (PR orientation rolls read "05 or less" on it). */
      readonly first: number;
      readonly faces: readonly number[];
    };

function checkFace(face: number): void {
  // Stryker disable next-line StringLiteral: the text of a programmer-error RangeError, never shown to a user
  if (!Number.isInteger(face) || face < 1 || face > 100) throw new RangeError(`not a d100 face: ${face}`);
}

export function openEndedD100(
  faces: readonly number[],
  convention: OpenEndedConvention = DEFAULT_OPEN_ENDED,
): OpenEndedD100 {
  const [first] = faces;
  // Stryker disable next-line StringLiteral: the text of a programmer-error RangeError, never shown to a user
  if (first === undefined) throw new RangeError("open-ended d100 needs at least the first face");
  faces.forEach(checkFace);
  let direction: OpenEndedDirection = "none";
  if (convention.enabled) {
    if (first >= convention.high) direction = "up";
    else if (first <= convention.low) direction = "down";
  }
  if (direction === "none") {
    // Stryker disable next-line StringLiteral: the text of a programmer-error RangeError, never shown to a user
    if (faces.length > 1) throw new RangeError("a closed d100 roll takes one face");
    return { status: "done", total: first, direction, first, faces: [first] };
  }
  let total = first;
  const sign = direction === "up" ? 1 : -1;
  for (let i = 1; i < faces.length; i += 1) {
    const previous = faces[i - 1] as number;
    // Stryker disable next-line StringLiteral: the text of a programmer-error RangeError, never shown to a user
    if (i > 1 && previous < convention.high) throw new RangeError("more faces than the roll needs");
    total += sign * (faces[i] as number);
  }
  const last = faces[faces.length - 1] as number;
  if (faces.length === 1 || last >= convention.high) {
    return { status: "needsMore", direction, formula: "1d100", faces: [...faces] };
  }
  return { status: "done", total, direction, first, faces: [...faces] };
}

/**
 * The exact distribution of the open-ended total, truncated after `maxRerolls` extra dice (the last one is
 * not rerolled even at `high`); the truncated mass is at most 5 % × 5 %^(maxRerolls − 1).
 */
export function openEndedD100Distribution(
  convention: OpenEndedConvention = DEFAULT_OPEN_ENDED,
  maxRerolls = 2,
): Distribution {
  const d100 = die(100);
  if (!convention.enabled || maxRerolls < 1) return d100;
  // The chain that continues while rolls are at or above `high`, with `depth` more dice available.
  let chain: Distribution = d100;
  for (let depth = 1; depth < maxRerolls; depth += 1) {
    chain = combineDistributions(d100, chain, (face, rest) => (face >= convention.high ? face + rest : face));
  }
  return combineDistributions(d100, chain, (first, rest) => {
    if (first >= convention.high) return first + rest;
    if (first <= convention.low) return first - rest;
    return first;
  });
}
