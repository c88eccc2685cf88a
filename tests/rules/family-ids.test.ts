import { describe, expect, it } from "vitest";
import { DEFAULT_FAMILY, FAMILY_DATA_KEYS, FAMILY_IDS, isFamilyId } from "../../src/rules/families/ids";

// Every Combat records its family's id when it is created, and every actor keeps each family's statistics under
// its key: these are stored in worlds, so they are fixed names, not labels.
describe("the five rule families", () => {
  it("a world picks one of five families, fast-slow unless the GM chooses another", () => {
    expect([...FAMILY_IDS].sort()).toEqual([
      "active-defense-3d6",
      "classic-d20",
      "fast-slow",
      "opposed-d20",
      "phased-round",
    ]);
    expect(DEFAULT_FAMILY).toBe("fast-slow");
  });

  it("each family keeps its statistics under its own actor key", () => {
    expect(FAMILY_DATA_KEYS).toEqual({
      "fast-slow": "fastSlow",
      "classic-d20": "classicD20",
      "opposed-d20": "opposedD20",
      "phased-round": "phasedRound",
      "active-defense-3d6": "activeDefense",
    });
  });

  it("a stored value is a family only when it is one of the five ids, spelt exactly", () => {
    for (const id of FAMILY_IDS) expect(isFamilyId(id)).toBe(true);
    for (const value of ["", "Fast-Slow", "fast_slow", "d20", 3, null, undefined, ["fast-slow"]])
      expect(isFamilyId(value)).toBe(false);
  });
});
