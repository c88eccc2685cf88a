/**
 * Fast-slow movement at its limits: no Speed, being teleported, difficult ground (FS-M1…FS-M3), the FS-M1 roll
 * outside a turn, opportunity attacks (FS-A16), and the long-jump length a jump is judged against (FS-M5, FS-M6).
 */
import { describe, expect, it } from "vitest";
import {
  crawlSpeed,
  movementCost,
  provokesOpportunityAttack,
  traversalRollNeeded,
} from "../../../src/rules/families/fast-slow/movement";
import { planJump } from "../../../src/rules/families/fast-slow/jump";

describe("fast-slow movement costs", () => {
  it("FS-M3 with Speed 0 a creature does not crawl at all: the 1 m minimum is of a crawl", () => {
    expect(crawlSpeed(0)).toBe(0);
    expect(crawlSpeed(1)).toBe(1);
  });

  it("FS-M4 with Speed 0 a creature cannot move on its own", () => {
    expect(movementCost({ distance: 1, action: "walk", speed: 0, prone: false })).toEqual({
      ok: false,
      reason: "noSpeed",
    });
  });

  it("being teleported (blink) or pushed (displace) is not the creature's move: it costs nothing, even with Speed 0", () => {
    for (const action of ["blink", "displace"] as const)
      expect(movementCost({ distance: 5, action, speed: 0, prone: true })).toEqual({
        ok: true,
        value: { cost: 0, check: null },
      });
  });

  it("FS-M1 difficult ground costs double and asks no roll", () => {
    expect(
      movementCost({ distance: 3, action: "walk", speed: 10, prone: false, terrain: "difficult" }),
    ).toEqual({
      ok: true,
      value: { cost: 6, check: null },
    });
  });

  it("FS-M1 outside the creature's turn a balance roll is still needed (none passed)", () => {
    expect(traversalRollNeeded({ attribute: "agility", required: true }, null)).toBe(true);
  });

  it("FS-A16 a creature teleported out of reach does not leave it of its own will: no opportunity attack", () => {
    expect(provokesOpportunityAttack({ action: "blink", leavesReach: true, noOpportunity: false })).toBe(
      false,
    );
    expect(provokesOpportunityAttack({ action: "walk", leavesReach: true, noOpportunity: false })).toBe(true);
  });
});

describe("fast-slow jumps against the long-jump length", () => {
  const base = { agilityModifier: 0, runUpMetres: 0, metresLeft: 10 };

  it("FS-M6 a long jump is judged by its length: 2 m with Agility +0 asks no roll", () => {
    expect(planJump({ ...base, kind: "long", distance: 2, across: 9 })).toEqual({
      cost: 2,
      withoutRoll: 2,
      agilityRollAsked: false,
      landing: "safe",
    });
  });

  it("FS-M5 FS-M6 a high jump crossing exactly the long-jump length asks no roll; further, the GM may ask one", () => {
    expect(planJump({ ...base, kind: "high", distance: 0.3, metres: 2, across: 2 })).toEqual({
      cost: 2,
      withoutRoll: 0.3,
      agilityRollAsked: false,
      landing: "safe",
    });
    expect(
      planJump({ ...base, kind: "high", distance: 0.3, metres: 2.5, across: 2.5 }).agilityRollAsked,
    ).toBe(true);
  });
});
