import fc from "fast-check";
import { runs } from "../../property-runs";
import { describe, expect, it } from "vitest";
import { challengeFormula } from "../../../src/rules/families/fast-slow/challenge-roll";
import {
  FALLBACK_DIRECTION,
  canStandUp,
  escapeBanes,
  escapeRoll,
  fallOffLanding,
  mountFallDamage,
  mountFallDamageFormula,
  mountFallsProne,
  pinOf,
  releaseRidersPinnedBy,
  resolveEscape,
  resolveMountFall,
  riderKnockedProne,
  type MountFallInput,
} from "../../../src/rules/families/fast-slow/mount-falls";
import type { MountPair } from "../../../src/rules/families/fast-slow/mounts";
import type { TimedState } from "../../../src/rules/turns/timed-states";

const pair: MountPair = { riderId: "knight", mountId: "horse" };
const other: MountPair = { riderId: "squire", mountId: "pony" };
const unrelated: TimedState = {
  key: "defend",
  holder: "knight",
  createdRound: 2,
  expiry: { kind: "endOfRound", round: 2 },
};

const fall: MountFallInput = {
  riderId: "knight",
  mountId: "horse",
  mountSize: 2,
  round: 2,
  agility: { modifier: 1, boons: 0, banes: 0 },
};

function pinned(mountSize = 2): TimedState[] {
  const result = resolveMountFall([unrelated], { ...fall, mountSize }, { d20: 3, boonDice: [] });
  if (!result.pinned) throw new Error("expected the rider pinned");
  return result.states;
}

describe("rider knocked prone (FS-MT8)", () => {
  it("FS-MT8 the rider lands 1 m from the mount, on the side opposite the origin", () => {
    // A Size 2 mount (2 m wide) centred at (10, 10); the attack comes from the west.
    const landing = fallOffLanding({
      mountCentre: { x: 10, y: 10 },
      source: { x: 4, y: 10 },
      mountRadius: 1,
    });
    expect(landing.x).toBeCloseTo(12);
    expect(landing.y).toBeCloseTo(10);
    const fromNorthEast = fallOffLanding({
      mountCentre: { x: 0, y: 0 },
      source: { x: 3, y: 4 },
      mountRadius: 0.5,
    });
    expect(fromNorthEast.x).toBeCloseTo(-0.9);
    expect(fromNorthEast.y).toBeCloseTo(-1.2);
  });

  it("FS-MT8 for any mount and origin, the landing is 1 m past the mount's edge, directly away from the origin", () => {
    const coord = fc.double({ min: -100, max: 100, noNaN: true });
    fc.assert(
      fc.property(
        coord,
        coord,
        coord,
        coord,
        fc.double({ min: 0, max: 5, noNaN: true }),
        (cx, cy, sx, sy, radius) => {
          fc.pre(Math.hypot(cx - sx, cy - sy) > 1e-6);
          const p = fallOffLanding({
            mountCentre: { x: cx, y: cy },
            source: { x: sx, y: sy },
            mountRadius: radius,
          });
          const away = { x: p.x - cx, y: p.y - cy };
          const toSource = { x: sx - cx, y: sy - cy };
          expect(Math.hypot(away.x, away.y)).toBeCloseTo(radius + 1, 9);
          // Opposite the origin: antiparallel to the direction of the source.
          const cos =
            (away.x * toSource.x + away.y * toSource.y) /
            (Math.hypot(away.x, away.y) * Math.hypot(toSource.x, toSource.y));
          expect(cos).toBeCloseTo(-1, 9);
        },
      ),
      runs(1000),
    );
  });

  it("FS-MT8 an origin in the mount's own centre uses a fixed fallback direction", () => {
    const geometry = { mountCentre: { x: 5, y: 5 }, source: { x: 5, y: 5 }, mountRadius: 1 };
    const landing = fallOffLanding(geometry);
    expect(landing).toEqual(fallOffLanding(geometry));
    expect(landing).toEqual({ x: 5 + 2 * FALLBACK_DIRECTION.x, y: 5 + 2 * FALLBACK_DIRECTION.y });
    expect(fallOffLanding({ ...geometry, fallback: { x: 0, y: -3 } })).toEqual({ x: 5, y: 3 });
    expect(() => fallOffLanding({ ...geometry, fallback: { x: 0, y: 0 } })).toThrow(RangeError);
  });

  it("FS-MT8 the rider falls off prone: the pair ends", () => {
    const result = riderKnockedProne([pair, other], "knight", {
      mountCentre: { x: 0, y: 0 },
      source: { x: 0, y: 3 },
      mountRadius: 1,
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.pairs).toEqual([other]);
    expect(result.value.prone).toEqual(["knight"]);
    expect(result.value.landing.x).toBeCloseTo(0);
    expect(result.value.landing.y).toBeCloseTo(-2);
    expect(
      riderKnockedProne([pair], "horse", {
        mountCentre: { x: 0, y: 0 },
        source: { x: 1, y: 0 },
        mountRadius: 1,
      }),
    ).toEqual({
      ok: false,
      reason: "notRiding",
    });
  });
});

describe("mount falls prone (FS-MT9)", () => {
  it("FS-MT9 both are prone in the same space and the rider makes an Agility roll", () => {
    const result = mountFallsProne([pair, other], "horse");
    expect(result.ok && result.value).toMatchObject({
      prone: ["horse", "knight"],
      agilityRollBy: "knight",
      pairs: [other],
    });
    expect(mountFallsProne([pair], "knight")).toEqual({ ok: false, reason: "mountNotRidden" });
  });

  it("FS-MT9 a successful Agility roll: no damage, no immobilization", () => {
    const result = resolveMountFall([unrelated], fall, { d20: 9, boonDice: [] });
    expect(result.roll.total).toBe(10);
    expect(result.roll.success).toBe(true);
    expect(result.damageFormula).toBeNull();
    expect(result.pinned).toBeNull();
    expect(result.states).toEqual([unrelated]);
  });

  it("FS-MT9 a failure deals 1d6 + the mount's Size and immobilizes the rider under the mount", () => {
    const result = resolveMountFall([unrelated], fall, { d20: 8, boonDice: [] });
    expect(result.roll.success).toBe(false);
    expect(result.damageFormula).toBe("1d6 + 2");
    expect(result.pinned).toMatchObject({
      key: "pinnedUnderMount",
      holder: "knight",
      data: { mountId: "horse" },
    });
    expect(pinOf(result.states, "knight")).toBeDefined();
    expect(result.states).toContain(unrelated);
  });

  it("FS-MT9 the damage is the d6 plus the mount's Size (whole points)", () => {
    expect(mountFallDamage(2, 4)).toBe(6);
    expect(mountFallDamage(3, 1)).toBe(4);
    expect(mountFallDamageFormula(3)).toBe("1d6 + 3");
    expect(mountFallDamageFormula(0.5)).toBe("1d6");
    expect(mountFallDamage(0.5, 5)).toBe(5);
    expect(() => mountFallDamage(2, 7)).toThrow(RangeError);
  });

  it("FS-MT9 a pinned rider cannot stand up", () => {
    expect(canStandUp(pinned(), "knight")).toEqual({ ok: false, reason: "pinnedUnderMount" });
    expect(canStandUp(pinned(), "horse")).toEqual({ ok: true, value: true });
  });

  it("FS-MT9 the immobilization ends when the mount stands or is moved off", () => {
    const freed = releaseRidersPinnedBy(pinned(), "horse");
    expect(freed.released).toEqual(["knight"]);
    expect(canStandUp(freed.states, "knight").ok).toBe(true);
    expect(freed.states).toEqual([unrelated]);
    // Another mount standing frees nobody.
    expect(releaseRidersPinnedBy(pinned(), "pony").released).toEqual([]);
  });
});

describe("escaping a fallen mount (FS-MT10)", () => {
  it("FS-MT10 1 bane per point of Size the mount has above the rider", () => {
    expect(escapeBanes(2, 1)).toBe(1);
    expect(escapeBanes(3, 1)).toBe(2);
    expect(escapeBanes(4, 0.5)).toBe(3);
    expect(escapeBanes(1, 1)).toBe(0);
    expect(escapeBanes(1, 2)).toBe(0);
  });

  it("FS-MT10 fractional differences count whole points only (rounded down)", () => {
    expect(escapeBanes(1, 0.5)).toBe(0);
    expect(escapeBanes(2, 0.5)).toBe(1);
    expect(escapeBanes(0.5, 0.25)).toBe(0);
  });

  it("FS-MT10 the Size banes are a whole number, never negative, and grow with the mount", () => {
    const sizes = fc.constantFrom(0.125, 0.25, 0.5, 1, 2, 3, 4, 5, 6, 7, 8, 10);
    fc.assert(
      fc.property(sizes, sizes, sizes, (mount, rider, bigger) => {
        const banes = escapeBanes(mount, rider);
        expect(Number.isInteger(banes)).toBe(true);
        expect(banes).toBeGreaterThanOrEqual(0);
        expect(banes).toBeLessThanOrEqual(Math.max(0, mount - rider));
        expect(banes).toBeGreaterThan(Math.max(0, mount - rider) - 1);
        if (bigger >= mount) expect(escapeBanes(bigger, rider)).toBeGreaterThanOrEqual(banes);
      }),
      runs(1000),
    );
  });

  it("FS-MT10 the escape roll is Strength or Agility with the Size banes added to the others", () => {
    const states = pinned(4);
    const planned = escapeRoll(states, {
      riderId: "knight",
      riderSize: 1,
      attribute: "strength",
      modifier: 2,
      banes: 1,
      boons: 1,
    });
    expect(planned.ok && planned.value).toMatchObject({
      sizeBanes: 3,
      mountId: "horse",
      roll: { modifier: 2, boons: 1, banes: 4 },
    });
    if (planned.ok) expect(challengeFormula(planned.value.roll)).toBe("1d20 + 2 - 3d6kh");
    expect(
      escapeRoll([unrelated], { riderId: "knight", riderSize: 1, attribute: "agility", modifier: 0 }),
    ).toEqual({
      ok: false,
      reason: "notPinned",
    });
  });

  it("FS-MT10 a success ends the immobilization; a failure leaves the rider pinned", () => {
    const states = pinned(2);
    const input = { riderId: "knight", riderSize: 1, attribute: "agility", modifier: 1 } as const;
    // 1 Size bane: d20 12 + 1 − 3 = 10 succeeds.
    const made = resolveEscape(states, input, { d20: 12, boonDice: [3] });
    expect(made.ok && made.value).toMatchObject({
      sizeBanes: 1,
      released: true,
      roll: { total: 10, net: -1 },
    });
    if (made.ok) expect(canStandUp(made.value.states, "knight").ok).toBe(true);
    // d20 12 + 1 − 4 = 9 fails.
    const missed = resolveEscape(states, input, { d20: 12, boonDice: [4] });
    expect(missed.ok && missed.value).toMatchObject({ released: false, roll: { total: 9 } });
    if (missed.ok)
      expect(canStandUp(missed.value.states, "knight")).toEqual({ ok: false, reason: "pinnedUnderMount" });
    // The bane dice must match the Size banes: a roll without them is not this roll.
    expect(() => resolveEscape(states, input, { d20: 12, boonDice: [] })).toThrow(RangeError);
  });
});
