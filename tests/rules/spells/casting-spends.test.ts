import { describe, expect, it } from "vitest";
import { castSpend, spellFacts } from "../../../src/rules/spells/casting";
import { isMissile } from "../../../src/rules/items/weapon-kinds";

describe("casting spends, family by family (FS-A2, CD-A6, OD-R3, AD-M8)", () => {
  it("FS-A2 a creature with no budget yet (before its first turn) casts with its action", () => {
    expect(castSpend({ family: "fast-slow" })).toEqual({
      ok: true,
      value: { family: "fast-slow", event: { type: "activity", activity: "cast" } },
    });
    expect(castSpend({ family: "fast-slow", fastSlow: null })).toMatchObject({
      value: { event: { type: "activity", activity: "cast" } },
    });
  });

  it("CD-A6 a standard action; OD-R3 an active action; AD-M8 the turn's manoeuvre — each in its own family", () => {
    expect(castSpend({ family: "classic-d20" })).toEqual({
      ok: true,
      value: { family: "classic-d20", event: { type: "standard", kind: "cast" } },
    });
    expect(castSpend({ family: "opposed-d20" })).toEqual({
      ok: true,
      value: { family: "opposed-d20", event: { type: "action", counter: "active" } },
    });
    expect(castSpend({ family: "active-defense-3d6" })).toEqual({
      ok: true,
      value: { family: "active-defense-3d6", event: { type: "maneuver", maneuver: "other" } },
    });
  });

  it("FS-A2 a spell whose target is blank is made against nothing", () => {
    expect(spellFacts({ against: "" })).toEqual({ against: "none", concentration: false });
  });
});

describe("missile weapons (AD-A3, PR-P4)", () => {
  it("AD-A3 ranged and thrown weapons make missile attacks; melee weapons do not", () => {
    expect(isMissile("melee")).toBe(false);
    expect(isMissile("ranged")).toBe(true);
    expect(isMissile("thrown")).toBe(true);
  });
});
