/**
 * Derived statistics for fast-slow actors. FS-D1 adds "the attribute modifier" to a d20; the text
 * assumes the family's usual convention: the modifier is the attribute's score minus 10.
 */
export const FS_ATTRIBUTES = ["strength", "agility", "intellect", "will", "perception"] as const;
export type FsAttribute = (typeof FS_ATTRIBUTES)[number];

export function fsModifier(score: number): number {
  return Math.trunc(score) - 10;
}

export interface FsDefenseInput {
  /** The creature's own Defense (natural, or the armour worn sets it). */
  readonly base: number;
  /** Equipped armour and shields that add to Defense. */
  readonly bonuses: readonly number[];
}

/** Defense: the target number of attack rolls against the creature (FS-D2). */
export function fsDefense({ base, bonuses }: FsDefenseInput): number {
  return Math.max(0, base + bonuses.reduce((sum, b) => sum + b, 0));
}
