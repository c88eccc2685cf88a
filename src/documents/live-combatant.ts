/**
 * A Combatant document as the round engine's `addCombatant` input: its side (a player-owned combatant is on
 * the players' side, FS-R2), whether it is defeated (FS-R9), and what initiative it already has — AD-T2's
 * speed score needs no roll, so it is known at once; a CD/OD total already on the document keeps its tie keys.
 */
import type { NewCombatant } from "../rules/turns/round-event";
import type { FamilyId } from "../rules/families/ids";
import { combatOptionsOf, familyOf } from "./combat-api";
import { initiativeStats, speedScore } from "./initiative-stats";

export function sideOf(combatant: Combatant.Implementation): "players" | "gm" {
  return combatant.hasPlayerOwner ? "players" : "gm";
}

/** `rolled: false` leaves out a rolled total the document holds (CD, OD), as when initiative is reset. */
export function liveCombatant(
  combat: Combat.Implementation,
  combatant: Combatant.Implementation,
  { rolled = true }: { rolled?: boolean } = {},
): NewCombatant {
  const family: FamilyId = familyOf(combat);
  const stats = initiativeStats(combatant.actor);
  const base = { id: combatant.id ?? "", side: sideOf(combatant), defeated: combatant.isDefeated };
  const total = rolled ? combatant.initiative : null;
  switch (family) {
    case "active-defense-3d6":
      return { ...base, initiative: { total: speedScore(stats, combatOptionsOf(combat).adSpeedScore) } };
    case "classic-d20":
      return typeof total === "number" ? { ...base, initiative: { total, dexterity: stats.dex } } : base;
    case "opposed-d20":
      return typeof total === "number"
        ? { ...base, initiative: { total, initiativeStat: stats.initiative } }
        : base;
    default:
      return base;
  }
}
