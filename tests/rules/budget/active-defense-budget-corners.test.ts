/**
 * The active-defense-3d6 budget's corners: one manoeuvre per turn whatever weapon the second one names (AD-M1…
 * AD-M8), picking up over two turns (AD-M8), what a defense voids (AD-M4, AD-M5), the defender's flags and what
 * is left this turn (AD-M2, AD-M5, AD-T1).
 */
import { describe, expect, it } from "vitest";
import {
  activeDefenseBudget,
  activeDefenseRemaining,
  defenderFlags,
  initialActiveDefenseBudget,
  spendActiveDefense,
  type ActiveDefenseBudget,
  type ActiveDefenseEvent,
} from "../../../src/rules/families/active-defense-3d6/budget";
import { adWeapon, type AdWeaponSpec } from "../../../src/rules/families/active-defense-3d6/readiness";

const sword: AdWeaponSpec = { unbalanced: false, missile: false, readyTurns: 0 };
const bow: AdWeaponSpec = { unbalanced: false, missile: true, readyTurns: 1 };

const start = activeDefenseBudget.startTurn;
const end = activeDefenseBudget.endTurn;
const nextTurn = (state: ActiveDefenseBudget) => start(end(state));

function armed(): ActiveDefenseBudget {
  return initialActiveDefenseBudget({ sword: adWeapon(sword, "ready"), bow: adWeapon(bow, "sheathed") });
}

function run(state: ActiveDefenseBudget, ...events: ActiveDefenseEvent[]): ActiveDefenseBudget {
  return events.reduce((s, e) => {
    const out = spendActiveDefense(s, e);
    if (!out.ok) throw new Error(`refused ${e.type}: ${out.reason}`);
    return out.value;
  }, state);
}

const move: ActiveDefenseEvent = { type: "maneuver", maneuver: "move" };

describe("active-defense-3d6: one manoeuvre per turn", () => {
  it("AD-M1…AD-M8 after a manoeuvre, a second one is refused as such, whatever weapon it names", () => {
    const moved = run(start(armed()), move);
    const seconds: ActiveDefenseEvent[] = [
      { type: "maneuver", maneuver: "allOutAttack", option: "plusFour", weaponId: "sword" },
      { type: "maneuver", maneuver: "allOutAttack", option: "plusFour", weaponId: "none" },
      { type: "maneuver", maneuver: "ready", weaponId: "none" },
      { type: "maneuver", maneuver: "aim", weaponId: "none", margin: 2 },
      { type: "maneuver", maneuver: "pickUp", weaponId: "none" },
      { type: "maneuver", maneuver: "feint", target: "orc", effect: 2 },
      { type: "maneuver", maneuver: "other" },
    ];
    for (const event of seconds)
      expect(spendActiveDefense(moved, event)).toEqual({ ok: false, reason: "maneuverTaken" });
  });

  it("AD-M8 picking up an unknown weapon is refused: there is nothing to pick up", () => {
    expect(
      spendActiveDefense(start(armed()), { type: "maneuver", maneuver: "pickUp", weaponId: "none" }),
    ).toEqual({
      ok: false,
      reason: "unknownWeapon",
    });
  });

  it("AD-M8 a turn starts with no attack left over from an earlier pick-up", () => {
    const dropped = run(start(armed()), { type: "dropWeapon", weaponId: "sword" });
    const knelt = run(dropped, { type: "maneuver", maneuver: "pickUp", weaponId: "sword" });
    const picked = run(nextTurn(knelt), { type: "maneuver", maneuver: "pickUp", weaponId: "sword" });
    expect(picked.attackAfterPickUp).toBe(true);
    // The second turn allows an attack, not another manoeuvre.
    expect(spendActiveDefense(picked, move)).toEqual({ ok: false, reason: "maneuverTaken" });
    expect(spendActiveDefense(picked, { type: "maneuver", maneuver: "attack", weaponId: "sword" }).ok).toBe(
      true,
    );
    const after = nextTurn(picked);
    expect(after).toMatchObject({ attackAfterPickUp: false, maneuver: null });
    expect(activeDefenseRemaining(after).turn).toEqual([{ key: "maneuver", left: 1, max: 1, unit: "count" }]);
  });

  it("AD-M8 a bow picked up is in hand but still to load (unready); a sword is ready", () => {
    const dropped = run(
      start(armed()),
      { type: "dropWeapon", weaponId: "bow" },
      { type: "dropWeapon", weaponId: "sword" },
    );
    const knelt = run(dropped, { type: "maneuver", maneuver: "pickUp", weaponId: "bow" });
    const picked = run(nextTurn(knelt), { type: "maneuver", maneuver: "pickUp", weaponId: "bow" });
    expect(picked.weapons.bow?.status).toBe("unready");
    const kneltSword = run(nextTurn(picked), { type: "maneuver", maneuver: "pickUp", weaponId: "sword" });
    const pickedSword = run(nextTurn(kneltSword), {
      type: "maneuver",
      maneuver: "pickUp",
      weaponId: "sword",
    });
    expect(pickedSword.weapons.sword?.status).toBe("ready");
  });

  it("AD-M8 picking up takes two turns: a second pick-up the GM forces in the same turn is still the kneeling", () => {
    const dropped = run(start(armed()), { type: "dropWeapon", weaponId: "sword" });
    const knelt = run(dropped, { type: "maneuver", maneuver: "pickUp", weaponId: "sword" });
    const again = run(knelt, { type: "maneuver", maneuver: "pickUp", weaponId: "sword", override: true });
    expect(again.weapons.sword?.status).toBe("dropped");
    expect(again).toMatchObject({ attackAfterPickUp: false, kneeling: { weaponId: "sword", turn: 1 } });
  });

  it("AD-M4 a readying whose weapon is no longer there readies nothing when the next turn starts", () => {
    const readying = run(start(armed()), { type: "maneuver", maneuver: "ready", weaponId: "bow" });
    const gone = { ...end(readying), pendingReady: { weaponId: "lost", turn: readying.turnNumber } };
    const next = start(gone);
    expect(next.weapons).toEqual(readying.weapons);
    expect(next.pendingReady).toBe(null);
  });
});

describe("active-defense-3d6: what a defense costs", () => {
  it("AD-M4 AD-M5 a defense that only loses the aim leaves a missile readying in place", () => {
    const readying = run(start(armed()), { type: "maneuver", maneuver: "ready", weaponId: "bow" });
    const defended = run(readying, { type: "defended", consequences: [{ kind: "loseAim" }] });
    expect(defended.pendingReady).toEqual({ weaponId: "bow", turn: 1 });
  });

  it("AD-M5 the defender is aiming from its aim until its next turn starts, and not without one", () => {
    expect(defenderFlags(start(armed()))).toEqual({
      parryWeaponReady: false,
      parryWeaponUnbalanced: false,
      allOutAttack: false,
      allOutDefense: false,
      aiming: false,
      readyingMissile: false,
    });
    const loaded = start(initialActiveDefenseBudget({ bow: adWeapon(bow, "ready") }));
    const aimed = run(loaded, { type: "maneuver", maneuver: "aim", weaponId: "bow", margin: 3 });
    expect(defenderFlags(end(aimed)).aiming).toBe(true);
    expect(defenderFlags(nextTurn(aimed)).aiming).toBe(false);
  });
});

describe("active-defense-3d6: what is left", () => {
  it("AD-T1 the budget starts with no turn, no manoeuvre and no weapon", () => {
    expect(activeDefenseBudget.initial()).toEqual(initialActiveDefenseBudget());
    expect(activeDefenseBudget.initial()).toMatchObject({
      turnNumber: 0,
      inTurn: false,
      maneuver: null,
      weapons: {},
    });
  });
});
