import { describe, expect, it } from "vitest";
import { opposedD20CanReach } from "../../../src/rules/families/opposed-d20/reach";

describe("opposed-d20 declaring an attack", () => {
  it("OD-A1 the attacker checks that it can reach the target: a melee weapon as far as its reach", () => {
    expect(opposedD20CanReach({ kind: "melee", reach: 1.5, range: 0, distance: 1.5 })).toEqual({
      ok: true,
      value: null,
    });
    expect(opposedD20CanReach({ kind: "melee", reach: 3, range: 0, distance: 3 }).ok).toBe(true);
    expect(opposedD20CanReach({ kind: "melee", reach: 1.5, range: 30, distance: 3 })).toEqual({
      ok: false,
      reason: "targetOutOfReach",
      data: { distance: "3", limit: "1.5" },
    });
  });

  it("OD-A1 a ranged or thrown weapon as far as its range; no range set or no distance known: not checked", () => {
    expect(opposedD20CanReach({ kind: "ranged", reach: 0, range: 30, distance: 30 }).ok).toBe(true);
    expect(opposedD20CanReach({ kind: "thrown", reach: 1.5, range: 9, distance: 10.5 })).toMatchObject({
      ok: false,
      reason: "targetOutOfRange",
      data: { distance: "10.5", limit: "9" },
    });
    expect(opposedD20CanReach({ kind: "ranged", reach: 0, range: 0, distance: 300 }).ok).toBe(true);
    expect(opposedD20CanReach({ kind: "melee", reach: 1.5, range: 0, distance: null }).ok).toBe(true);
  });
});
