/**
 * NPC auto-defense (world setting `npcAutoDefense`): the best legal defense — the highest target value of a
 * roll-under defense, the highest modifier of a roll-plus one — or none when nothing is legal.
 */
import type { LegalDefenses } from "../../rules/attack/legal-defenses";

export function bestDefense(legal: LegalDefenses | null): string | null {
  if (!legal || legal.mode !== "choose") return null;
  let best: { id: string; score: number } | null = null;
  for (const option of legal.options) {
    const score = option.target ?? option.modifier ?? Number.NEGATIVE_INFINITY;
    if (!best || score > best.score) best = { id: option.id, score };
  }
  return best?.id ?? null;
}
