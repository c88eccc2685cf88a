/**
 * Where a roll's boons and banes come from (FS-D1): each source is listed so a card can say why
 * ("Defend: 1 bane"), then they cancel one for one into a net count (`netBoons`).
 */
import { netBoons } from "./boons";

export interface BoonSource {
  /** A code the card localizes as `FRAY.Attack.Source.<source>` (e.g. "defend", "hidden", "situational"). */
  readonly source: string;
  readonly boons: number;
  readonly banes: number;
}

export interface BoonTally {
  readonly sources: readonly BoonSource[];
  readonly boons: number;
  readonly banes: number;
  /** Boons minus banes: positive rolls that many boon dice, negative that many bane dice. */
  readonly net: number;
}

export function tallyBoons(sources: readonly BoonSource[]): BoonTally {
  const kept = sources.filter((s) => s.boons > 0 || s.banes > 0);
  const boons = kept.reduce((sum, s) => sum + Math.max(0, Math.trunc(s.boons)), 0);
  const banes = kept.reduce((sum, s) => sum + Math.max(0, Math.trunc(s.banes)), 0);
  return { sources: kept, boons, banes, net: netBoons(boons, banes) };
}
