import { getSetting } from "../config/settings";
import { isFamilyId, DEFAULT_FAMILY, type FamilyId } from "../rules/families/ids";

/** The world's rule family (the sheets show its block; new combats record it). */
export function activeFamily(): FamilyId {
  const value = getSetting("ruleset");
  return isFamilyId(value) ? value : DEFAULT_FAMILY;
}
