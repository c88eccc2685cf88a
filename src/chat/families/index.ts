/** The card adapter of each family. */
import type { FamilyId } from "../../rules/families/ids";
import { activeDefenseCard } from "./active-defense-3d6";
import { classicD20Card } from "./classic-d20";
import { fastSlowCard } from "./fast-slow";
import type { FamilyCard } from "./family-card";
import { opposedD20Card } from "./opposed-d20";
import { phasedRoundCard } from "./phased-round";

export const FAMILY_CARDS: Readonly<Record<FamilyId, FamilyCard>> = {
  "fast-slow": fastSlowCard,
  "classic-d20": classicD20Card,
  "opposed-d20": opposedD20Card,
  "phased-round": phasedRoundCard,
  "active-defense-3d6": activeDefenseCard,
};
