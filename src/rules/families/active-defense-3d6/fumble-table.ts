/**
 * Fray's own fumble table «ファンブル表» (AD-C2): the attacker rolls 3d6 after its fumble or the defender's
 * critical defense. Short generic entries, worst at both ends; the text of each band is the i18n key
 * `FRAY.Fumble.<band>`. The Foundry layer shows it; the GM applies it.
 */
export interface FumbleBand {
  readonly min: number;
  readonly max: number;
  /** "3", "5-6", "9-11"… */
  readonly band: string;
}

export const FUMBLE_TABLE: readonly FumbleBand[] = [
  { min: 3, max: 3, band: "3" },
  { min: 4, max: 4, band: "4" },
  { min: 5, max: 6, band: "5-6" },
  { min: 7, max: 8, band: "7-8" },
  { min: 9, max: 11, band: "9-11" },
  { min: 12, max: 13, band: "12-13" },
  { min: 14, max: 14, band: "14" },
  { min: 15, max: 16, band: "15-16" },
  { min: 17, max: 17, band: "17" },
  { min: 18, max: 18, band: "18" },
];

export const FUMBLE_TABLE_FORMULA = "3d6";

export interface FumbleEntry {
  readonly total: number;
  readonly band: string;
  /** i18n key of the entry's text. */
  readonly key: string;
}

/** The entry for three d6 faces. */
export function activeDefenseFumble(faces: readonly number[]): FumbleEntry {
  if (faces.length !== 3 || faces.some((f) => !Number.isInteger(f) || f < 1 || f > 6)) {
    // Stryker disable next-line StringLiteral: the text of a programmer-error RangeError, never shown to a user
    throw new RangeError(`the fumble table takes three d6 faces, got ${faces.join(", ")}`);
  }
  const total = faces.reduce((sum, f) => sum + f, 0);
  const entry = FUMBLE_TABLE.find((b) => total >= b.min && total <= b.max) as FumbleBand;
  return { total, band: entry.band, key: `FRAY.Fumble.${entry.band}` };
}
