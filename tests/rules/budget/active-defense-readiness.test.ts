import { describe, expect, it } from "vitest";
import {
  adWeapon,
  afterReadyTurn,
  afterUse,
  readyTurnsAfterUse,
} from "../../../src/rules/families/active-defense-3d6/readiness";

const sword = { unbalanced: false, missile: false, readyTurns: 0 };
// An unbalanced weapon whose stray readyTurns is not a bow's: AD-M4 gives it 1 turn, whatever the number says.
const axe = { unbalanced: true, missile: false, readyTurns: 3 };
const crossbow = { unbalanced: false, missile: true, readyTurns: 2 };

describe("active-defense-3d6 weapon readiness (AD-M4, AD-M8)", () => {
  it("AD-M4 a weapon is sheathed unless told otherwise, and drawing it takes 1 Ready turn", () => {
    const drawn = adWeapon(sword);
    expect(drawn).toEqual({ ...sword, status: "sheathed", readyingLeft: 1 });
    expect(afterReadyTurn(drawn)).toEqual({ ...sword, status: "ready", readyingLeft: 0 });
  });

  it("AD-M4 a weapon found ready needs no Ready turn; one found unready needs its turns", () => {
    expect(adWeapon(sword, "ready")).toEqual({ ...sword, status: "ready", readyingLeft: 0 });
    expect(adWeapon(crossbow, "unready")).toEqual({ ...crossbow, status: "unready", readyingLeft: 2 });
    expect(adWeapon(axe, "unready").readyingLeft).toBe(1);
  });

  it("AD-M4 an unbalanced weapon needs 1 turn after each attack or parry, not a bow's count", () => {
    expect(readyTurnsAfterUse(axe)).toBe(1);
    const used = afterUse(adWeapon(axe, "ready"));
    expect(used).toEqual({ ...axe, status: "unready", readyingLeft: 1 });
    expect(afterReadyTurn(used)).toEqual({ ...axe, status: "ready", readyingLeft: 0 });
  });

  it("AD-M4 a crossbow drawn from its sling still has the string to draw: 1 turn to draw, then 2 to load", () => {
    const slung = adWeapon(crossbow);
    const drawn = afterReadyTurn(slung);
    expect(drawn).toEqual({ ...crossbow, status: "unready", readyingLeft: 2 });
    const half = afterReadyTurn(drawn);
    expect(half).toEqual({ ...crossbow, status: "unready", readyingLeft: 1 });
    expect(afterReadyTurn(half)).toEqual({ ...crossbow, status: "ready", readyingLeft: 0 });
  });

  it("AD-M8 a dropped weapon is not readied by a Ready turn: picking it up is its own 2-turn action", () => {
    const dropped = adWeapon(sword, "dropped");
    expect(dropped).toEqual({ ...sword, status: "dropped", readyingLeft: 0 });
    expect(afterReadyTurn(dropped)).toEqual(dropped);
    const ready = adWeapon(sword, "ready");
    expect(afterReadyTurn(ready)).toEqual(ready);
  });
});
