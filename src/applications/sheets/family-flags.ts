import { FAMILY_DATA_KEYS, FAMILY_IDS, type FamilyDataKey, type FamilyId } from "../../rules/families/ids";

/** `{ fastSlow: true, classicD20: false, … }` so templates can show the active family's fields with `#if`. */
export function familyFlags(active: FamilyId): Record<FamilyDataKey, boolean> {
  return Object.fromEntries(FAMILY_IDS.map((id) => [FAMILY_DATA_KEYS[id], id === active])) as Record<
    FamilyDataKey,
    boolean
  >;
}
