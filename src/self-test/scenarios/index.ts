/** One round of each family, as the self-test plays it (and the smoke test, through it). */
import type { FamilyId } from "../../rules/families/ids";
import type { Scenario } from "../table";
import { activeDefense3d6 } from "./active-defense-3d6";
import { classicD20 } from "./classic-d20";
import { fastSlow } from "./fast-slow";
import { opposedD20 } from "./opposed-d20";
import { phasedRound } from "./phased-round";

export const SCENARIOS: Readonly<Record<FamilyId, Scenario>> = {
  "fast-slow": fastSlow,
  "classic-d20": classicD20,
  "opposed-d20": opposedD20,
  "phased-round": phasedRound,
  "active-defense-3d6": activeDefense3d6,
};
