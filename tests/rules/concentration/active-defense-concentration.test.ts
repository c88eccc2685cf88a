import fc from "fast-check";
import { runs } from "../../property-runs";
import { describe, expect, it } from "vitest";
import {
  MAINTENANCE_FORMULA,
  concentrateOnSpell,
  maintenanceRollDue,
  maintenanceTarget,
  resolveMaintenanceRoll,
  spellConcentrationOf,
  spellsToCast,
} from "../../../src/rules/families/active-defense-3d6/concentration";
import { splitAtTurnStart, type TimedState } from "../../../src/rules/turns/timed-states";

// AD-C3 thresholds as the world settings default them, and a pair that never triggers.
const criticals = { success: 4, failure: 17 };
const noCriticals = { success: 2, failure: 19 };

function concentrating(states: readonly TimedState[] = [], spellId = "fireball"): TimedState[] {
  const result = concentrateOnSpell(states, { holder: "mage", spellId, round: 1 });
  if (!result.ok) throw new Error(result.reason);
  return result.value.states;
}

describe("active-defense-3d6 concentration «精神集中» (AD-M6)", () => {
  it("AD-M6 concentration lasts until the holder's next turn, when the spell is cast at its start (AD-T1)", () => {
    const states = concentrating();
    expect(spellConcentrationOf(states, "mage")?.data.spellId).toBe("fireball");
    // Somebody else's turn starting changes nothing.
    const other = splitAtTurnStart(states, "orc");
    expect(spellsToCast(other.expired, "mage")).toEqual([]);
    expect(maintenanceRollDue(other.kept, "mage")).toBe(true);
    // The holder's next turn: the spell is cast now.
    const own = splitAtTurnStart(other.kept, "mage");
    expect(spellsToCast(own.expired, "mage")).toEqual(["fireball"]);
    expect(spellConcentrationOf(own.kept, "mage")).toBeUndefined();
  });

  it("AD-M6 the rest of the casting turn is free: the caster may concentrate on the next spell", () => {
    const atTurnStart = splitAtTurnStart(concentrating(), "mage");
    const next = concentrateOnSpell(atTurnStart.kept, { holder: "mage", spellId: "shield", round: 2 });
    expect(next.ok).toBe(true);
  });

  it("AD-M6 one spell at a time", () => {
    expect(concentrateOnSpell(concentrating(), { holder: "mage", spellId: "shield", round: 1 })).toEqual({
      ok: false,
      reason: "alreadyConcentrating",
    });
  });

  it("AD-M6 a defense asks for the maintenance roll only while concentrating", () => {
    expect(maintenanceRollDue(concentrating(), "mage")).toBe(true);
    expect(maintenanceRollDue(concentrating(), "orc")).toBe(false);
    expect(maintenanceRollDue([], "mage")).toBe(false);
    expect(resolveMaintenanceRoll([], "mage", { wl: 12, faces: [3, 3, 3], criticals })).toEqual({
      ok: false,
      reason: "notConcentrating",
    });
  });

  it("AD-M6 the maintenance roll «維持判定» is a 3d6 WL roll at −2", () => {
    expect(MAINTENANCE_FORMULA).toBe("3d6");
    expect(maintenanceTarget(12)).toBe(10);
    const made = resolveMaintenanceRoll(concentrating(), "mage", { wl: 12, faces: [4, 4, 2], criticals });
    expect(made.ok && made.value).toMatchObject({
      target: 10,
      total: 10,
      margin: 0,
      success: true,
      broken: null,
    });
    if (made.ok) expect(spellConcentrationOf(made.value.states, "mage")).toBeDefined();
  });

  it("AD-M6 a failed maintenance roll breaks the concentration: the spell is not cast", () => {
    const failed = resolveMaintenanceRoll(concentrating(), "mage", { wl: 12, faces: [4, 4, 3], criticals });
    expect(failed.ok).toBe(true);
    if (!failed.ok) return;
    expect(failed.value.success).toBe(false);
    expect(failed.value.broken?.data.spellId).toBe("fireball");
    expect(maintenanceRollDue(failed.value.states, "mage")).toBe(false);
    expect(spellsToCast(splitAtTurnStart(failed.value.states, "mage").expired, "mage")).toEqual([]);
  });

  it("AD-M6 success exactly when 3d6 ≤ WL − 2, outside the critical ranges", () => {
    fc.assert(
      fc.property(
        fc.tuple(
          fc.integer({ min: 1, max: 6 }),
          fc.integer({ min: 1, max: 6 }),
          fc.integer({ min: 1, max: 6 }),
        ),
        fc.integer({ min: 3, max: 20 }),
        (faces, wl) => {
          const result = resolveMaintenanceRoll(concentrating(), "mage", {
            wl,
            faces,
            criticals: noCriticals,
          });
          if (!result.ok) throw new Error(result.reason);
          const total = faces[0] + faces[1] + faces[2];
          expect(result.value.success).toBe(total <= wl - 2);
          expect(result.value.broken === null).toBe(result.value.success);
        },
      ),
      runs(1000),
    );
  });

  it("AD-C3 a critical success always maintains, a critical failure always breaks", () => {
    const low = resolveMaintenanceRoll(concentrating(), "mage", { wl: 4, faces: [1, 1, 2], criticals });
    expect(low.ok && low.value).toMatchObject({ target: 2, total: 4, success: true, critical: "success" });
    const high = resolveMaintenanceRoll(concentrating(), "mage", { wl: 20, faces: [6, 6, 5], criticals });
    expect(high.ok && high.value).toMatchObject({
      target: 18,
      total: 17,
      success: false,
      critical: "failure",
    });
  });

  it("AD-M6 refuses faces a d6 cannot show", () => {
    expect(() =>
      resolveMaintenanceRoll(concentrating(), "mage", { wl: 12, faces: [0, 3, 7], criticals }),
    ).toThrow(RangeError);
  });
});
