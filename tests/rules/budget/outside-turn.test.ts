/**
 * The GM override outside a creature's turn. A turn's action, manoeuvre or strike is spent on the creature's own
 * turn (FS-R5/FS-R6, CD-A1, AD-M1…AD-M8); outside it the rules refuse with `notYourTurn`. The GM may force it
 * (an NPC's attack rolled late, a concentration placed by hand): there is no turn to spend from, so nothing is
 * spent, and the bypassed refusal is recorded like any other override.
 */
import { describe, expect, it } from "vitest";
import {
  initialFastSlowBudget,
  spendFastSlow,
  spendMovement,
} from "../../../src/rules/families/fast-slow/budget";
import { initialClassicD20Budget, spendClassicD20 } from "../../../src/rules/families/classic-d20/budget";
import {
  initialActiveDefenseBudget,
  spendActiveDefense,
} from "../../../src/rules/families/active-defense-3d6/budget";
import { adWeapon } from "../../../src/rules/families/active-defense-3d6/readiness";

const record = { event: expect.any(String) as unknown, reason: "notYourTurn" };

describe("GM override outside the creature's turn", () => {
  it("FS-R5 FS-A3 a fast-slow activity outside the turn is refused; forced by the GM it spends nothing and is recorded", () => {
    const idle = initialFastSlowBudget();
    const concentrate = { type: "activity", activity: "concentrate" } as const;
    expect(spendFastSlow(idle, concentrate, { prone: false } as never)).toMatchObject({
      ok: false,
      reason: "notYourTurn",
    });
    const forced = spendFastSlow(idle, { ...concentrate, override: true }, { prone: false } as never);
    expect(forced).toEqual({
      ok: true,
      value: { ...idle, overrides: [{ event: "activity", reason: "notYourTurn" }] },
    });
  });

  it("FS-R5 FS-M1 a GM moving a fast-slow creature outside its turn spends nothing and asks no roll; a player is refused", () => {
    const idle = initialFastSlowBudget();
    const walk = { type: "move", metres: 3, action: "walk", terrain: "balance" } as const;
    expect(spendMovement(idle, walk, { prone: false })).toMatchObject({ ok: false, reason: "notYourTurn" });
    expect(spendMovement(idle, { ...walk, override: true }, { prone: false })).toEqual({
      ok: true,
      value: {
        state: { ...idle, overrides: [{ event: "move", reason: "notYourTurn" }] },
        cost: 0,
        metresLeft: 0,
        noOpportunity: false,
        check: null,
        jump: null,
      },
    });
  });

  it("CD-A1 a classic-d20 standard action outside the turn is refused; forced by the GM it spends nothing and is recorded", () => {
    const idle = initialClassicD20Budget();
    const attack = { type: "standard", kind: "attack" } as const;
    expect(spendClassicD20(idle, attack)).toMatchObject({ ok: false, reason: "notYourTurn" });
    const forced = spendClassicD20(idle, { ...attack, override: true });
    expect(forced).toEqual({ ok: true, value: { ...idle, overrides: [record] } });
  });

  it("AD-M1 AD-M8 an active-defense-3d6 manoeuvre, strike or shot outside the turn is refused; forced by the GM it spends nothing and is recorded", () => {
    const idle = initialActiveDefenseBudget({
      sword: adWeapon({ unbalanced: false, missile: false, readyTurns: 0 }, "ready"),
      bow: adWeapon({ unbalanced: false, missile: true, readyTurns: 1 }, "ready"),
    });
    const events = [
      { type: "maneuver", maneuver: "concentrate" },
      { type: "strike", weaponId: "sword" },
      { type: "shoot", weaponId: "bow" },
    ] as const;
    for (const event of events) {
      expect(spendActiveDefense(idle, event as never)).toMatchObject({ ok: false, reason: "notYourTurn" });
      const forced = spendActiveDefense(idle, { ...event, override: true } as never);
      expect(forced).toEqual({
        ok: true,
        value: { ...idle, overrides: [{ event: event.type, reason: "notYourTurn" }] },
      });
    }
  });
});
