import { describe, expect, it } from "vitest";
import {
  boundedWhole,
  checkTargetBounds,
  GM_SITUATION,
  situationBounds,
} from "../../../src/rules/attack/situation-bounds";
import { FAMILY_IDS } from "../../../src/rules/families/ids";

// The rules let the table add situational modifiers (OD-A2 "both apply situational modifiers", FS-D1 situational
// boons and banes) and name no limit. The **convention** (situation-bounds.ts): a player may go about half a die's
// spread — ±10 on a d20 or on 3d6, ±50 on a d100 — and take 3 situational boons; banes only hurt the roller (10);
// a GM may go as far as a card stores (±100, 10 boons, 10 banes).
describe("situational modifiers: how far a choice may go (convention)", () => {
  it("OD-A2/FS-D1 a player may add ±10 to a d20 or 3d6 roll, ±50 to a d100 roll, 3 boons and 10 banes", () => {
    expect(situationBounds("fast-slow", false)).toEqual({ modifier: 10, boons: 3, banes: 10 });
    expect(situationBounds("classic-d20", false)).toEqual({ modifier: 10, boons: 3, banes: 10 });
    expect(situationBounds("opposed-d20", false)).toEqual({ modifier: 10, boons: 3, banes: 10 });
    expect(situationBounds("active-defense-3d6", false)).toEqual({ modifier: 10, boons: 3, banes: 10 });
    expect(situationBounds("phased-round", false)).toEqual({ modifier: 50, boons: 3, banes: 10 });
  });

  it("OD-A2/FS-D1 a GM may go as far as a card stores, in every family", () => {
    expect(GM_SITUATION).toEqual({ modifier: 100, boons: 10, banes: 10 });
    for (const family of FAMILY_IDS) expect(situationBounds(family, true)).toEqual(GM_SITUATION);
  });

  it("a typed value is a whole number within its bounds, both ends included, or refused naming the bounds", () => {
    expect(boundedWhole(-10, -10, 10)).toEqual({ ok: true, value: -10 });
    expect(boundedWhole(10, -10, 10)).toEqual({ ok: true, value: 10 });
    expect(boundedWhole(0, -10, 10)).toEqual({ ok: true, value: 0 });
    const refused = { ok: false, reason: "outOfBounds", data: { min: "-10", max: "10" } };
    for (const value of [-11, 11, 2.5, Number.NaN, Number.POSITIVE_INFINITY, "3", null, undefined])
      expect(boundedWhole(value, -10, 10)).toEqual(refused);
  });

  it("a check's target: a player types 1–30 (a d20 check's span), a GM 0–100 (what a card stores)", () => {
    expect(checkTargetBounds(false)).toEqual({ min: 1, max: 30 });
    expect(checkTargetBounds(true)).toEqual({ min: 0, max: 100 });
  });
});
