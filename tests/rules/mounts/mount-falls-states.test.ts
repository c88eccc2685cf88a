/**
 * Mount falls (FS-MT8…FS-MT10), checked on whole results: the pinned-rider state and what counts as one, which
 * states a fall or an escape keeps, the d6 face of the fall damage, the escape's cost, and the fall-off direction
 * at the edge of the "origin on the mount's centre" case.
 */
import { describe, expect, it } from "vitest";
import {
  ESCAPE_COST,
  PINNED_STATE,
  canStandUp,
  fallOffLanding,
  isPinnedState,
  mountFallDamage,
  resolveEscape,
  resolveMountFall,
  type MountFallInput,
} from "../../../src/rules/families/fast-slow/mount-falls";
import type { TimedState } from "../../../src/rules/turns/timed-states";

const fall: MountFallInput = {
  riderId: "knight",
  mountId: "horse",
  mountSize: 2,
  round: 3,
  agility: { modifier: 1, boons: 0, banes: 0 },
};
/** FS-D2: d20 3 + 1 = 4, under 10: the Agility roll fails. */
const FAILED = { d20: 3, boonDice: [] } as const;

const defend = (holder: string): TimedState => ({
  key: "defend",
  holder,
  createdRound: 3,
  expiry: { kind: "endOfRound", round: 3 },
});
const pin = (holder: string, mountId: string, mountSize = 2, createdRound = 1): TimedState => ({
  key: PINNED_STATE,
  holder,
  createdRound,
  expiry: { kind: "manual" },
  data: { mountId, mountSize },
});

describe("FS-MT9 the pinned rider", () => {
  it("FS-MT9 a failed Agility roll pins the rider under its mount, on the side whose effect it is", () => {
    const result = resolveMountFall([], { ...fall, side: "gm" }, FAILED);
    const expected = {
      key: "pinnedUnderMount",
      holder: "knight",
      createdRound: 3,
      expiry: { kind: "manual" },
      data: { mountId: "horse", mountSize: 2 },
      side: "gm",
    };
    expect(result.pinned).toEqual(expected);
    expect(result.states).toEqual([expected]);
    expect(result.damageFormula).toBe("1d6 + 2");
  });

  it("FS-MT9 a second fall replaces the rider's old pin and keeps every other state", () => {
    const states = [pin("knight", "oldHorse", 3), pin("squire", "pony", 1), defend("knight")];
    const result = resolveMountFall(states, fall, FAILED);
    expect(result.states).toEqual([pin("squire", "pony", 1), defend("knight"), pin("knight", "horse", 2, 3)]);
  });

  it("FS-MT9 only a pinnedUnderMount state naming its mount and that mount's Size is a pin", () => {
    expect(isPinnedState(pin("knight", "horse"))).toBe(true);
    const bad: TimedState[] = [
      { ...pin("knight", "horse"), key: "immobilized" },
      { key: PINNED_STATE, holder: "knight", createdRound: 1, expiry: { kind: "manual" } },
      { ...pin("knight", "horse"), data: null },
      { ...pin("knight", "horse"), data: "horse" },
      { ...pin("knight", "horse"), data: { mountSize: 2 } },
      { ...pin("knight", "horse"), data: { mountId: 7, mountSize: 2 } },
      { ...pin("knight", "horse"), data: { mountId: "horse" } },
      { ...pin("knight", "horse"), data: { mountId: "horse", mountSize: "2" } },
    ];
    for (const state of bad) {
      expect(isPinnedState(state)).toBe(false);
      // FS-MT9: nothing but a pin stops the rider standing up.
      expect(canStandUp([state], "knight")).toEqual({ ok: true, value: true });
    }
  });
});

describe("FS-MT10 escaping from under the mount", () => {
  const input = { riderId: "knight", riderSize: 1, attribute: "strength", modifier: 1 } as const;

  it("FS-MT10 escaping takes an action", () => {
    expect(ESCAPE_COST).toBe("action");
  });

  it("FS-MT10 a rider who is not pinned has nothing to escape from (notPinned)", () => {
    expect(resolveEscape([defend("knight")], input, { d20: 15, boonDice: [1] })).toEqual({
      ok: false,
      reason: "notPinned",
    });
  });

  it("FS-MT10 a success ends this rider's pin only: its other states and other riders' pins stay", () => {
    const states = [pin("knight", "horse", 2), defend("knight"), pin("squire", "pony", 2), defend("squire")];
    // 1 Size bane (2 over 1): d20 15 + 1 − 2 = 14 succeeds (FS-D2).
    const made = resolveEscape(states, input, { d20: 15, boonDice: [2] });
    expect(made.ok && made.value.released).toBe(true);
    expect(made.ok && made.value.states).toEqual([
      defend("knight"),
      pin("squire", "pony", 2),
      defend("squire"),
    ]);
  });
});

describe("FS-MT9 the fall damage's d6", () => {
  it("FS-MT9 1d6 + Size: a face of 6 is a d6 face, 0, 7 and 2.5 are not", () => {
    expect(mountFallDamage(2, 6)).toBe(8);
    expect(mountFallDamage(2, 1)).toBe(3);
    for (const face of [0, 7, 2.5])
      expect(() => mountFallDamage(2, face)).toThrow(new RangeError(`a d6 face must be 1–6, got ${face}`));
  });
});

describe("FS-MT8 the side opposite the origin", () => {
  it("FS-MT8 an origin a hair (1e-9 m) from the mount's centre still gives a direction", () => {
    // The origin just north of the centre (y grows south): the rider lands south, 1 m past the 1 m radius.
    const landing = fallOffLanding({
      mountCentre: { x: 0, y: 0 },
      source: { x: 0, y: -1e-9 },
      mountRadius: 1,
    });
    expect(landing).toEqual({ x: 0, y: 2 });
  });

  it("FS-MT8 an origin on the centre with a zero fallback direction is refused", () => {
    expect(() =>
      fallOffLanding({
        mountCentre: { x: 0, y: 0 },
        source: { x: 0, y: 0 },
        mountRadius: 1,
        fallback: { x: 0, y: 0 },
      }),
    ).toThrow(new RangeError("the fallback direction must be a non-zero vector"));
  });
});
