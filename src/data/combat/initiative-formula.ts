/**
 * Which initiative each family rolls, as a Foundry dice formula over the actor's roll data (the Foundry
 * layer makes a real Roll of it): CD-I1 d20 + Dexterity modifier; OD-I2 d20 + Initiative; PR-B3 the world's
 * d10/2d10 + quickness (a convention, recorded on the Combat); AD-T2 a speed score with no roll (null);
 * fast-slow has no initiative (null). Roll-offs: FS-R2 1d6; the other families' ties (CD-I3, OD-I3, AD-T2,
 * PR-P10) roll a d20, d20, d10 and d6 — the texts name no die, so these are conventions. Pure: no Foundry.
 */
import type { FamilyId } from "../../rules/families/ids";

export function initiativeFormula(family: FamilyId, prInitiativeFormula: string): string | null {
  switch (family) {
    case "classic-d20":
      return "1d20 + @dex";
    case "opposed-d20":
      return "1d20 + @initiative";
    case "phased-round":
      return `${prInitiativeFormula === "1d10" ? "1d10" : "2d10"} + @quickness`;
    case "active-defense-3d6":
    case "fast-slow":
      return null;
  }
}

export function rollOffFormula(family: FamilyId): string {
  switch (family) {
    case "fast-slow":
      return "1d6";
    case "classic-d20":
    case "opposed-d20":
      return "1d20";
    case "phased-round":
      return "1d10";
    case "active-defense-3d6":
      return "1d6";
  }
}
