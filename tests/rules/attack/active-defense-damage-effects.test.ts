import fc from "fast-check";
import { runs } from "../../property-runs";
import { describe, expect, it } from "vitest";
import {
  DAMAGE_CHECK_EFFECT,
  damageEffectChecksDue,
  deathThreshold,
  DEFAULT_DAMAGE_EFFECT_THRESHOLDS,
  majorWoundLimit,
  resolveDamageEffectCheck,
  STUN_STATE,
  type BlowInput,
} from "../../../src/rules/families/active-defense-3d6/damage-effects";

const criticals = { success: 4, failure: 17 };
const convention = { majorWoundFraction: 0.5, deathThresholdMultiple: 1 };

/** A creature with 20 max Health and WL 11 takes `damage` at `before` Health. */
function blow(damage: number, before = 20, rest: Partial<BlowInput> = {}): BlowInput {
  return { damage, healthBefore: before, healthAfter: before - damage, healthMax: 20, wl: 11, ...rest };
}

const checks = (input: BlowInput, thresholds = convention) =>
  damageEffectChecksDue(input, thresholds).map((c) => c.check);

describe("active-defense-3d6 damage effects (AD-A4)", () => {
  it("AD-A4 the convention: a major wound is a blow above 1/2 of max Health; death at −1× max Health", () => {
    expect(DEFAULT_DAMAGE_EFFECT_THRESHOLDS).toEqual(convention);
    expect(majorWoundLimit(20, convention)).toBe(10);
    expect(deathThreshold(20, convention)).toBe(-20);
  });

  it("AD-A4 a major wound (one blow above half max Health) calls for a stun «朦朧» and a knockdown «転倒» check against WL", () => {
    expect(damageEffectChecksDue(blow(11), convention)).toEqual([
      { check: "stun", reason: "majorWound", effect: "stunned", target: 11 },
      { check: "knockdown", reason: "majorWound", effect: "prone", target: 11 },
    ]);
    // Exactly half is not above half.
    expect(checks(blow(10))).toEqual([]);
    expect(checks(blow(3))).toEqual([]);
  });

  it("AD-A4 Health at or below 0 calls for an unconsciousness «気絶» check", () => {
    expect(checks(blow(4, 4))).toEqual(["unconsciousness"]);
    expect(checks(blow(5, 4))).toEqual(["unconsciousness"]);
    expect(checks(blow(3, 4))).toEqual([]);
    // A big blow that also drops Health to 0: all three.
    expect(checks(blow(15, 12))).toEqual(["stun", "knockdown", "unconsciousness"]);
    // Each blow that leaves Health at or below 0 calls for it again.
    expect(checks(blow(2, -3))).toEqual(["unconsciousness"]);
  });

  it("AD-A4 Health at or below −max Health calls for a death «死亡» check (with the unconsciousness check)", () => {
    expect(checks(blow(5, -15))).toEqual(["unconsciousness", "death"]);
    expect(checks(blow(4, -15))).toEqual(["unconsciousness"]);
    expect(checks(blow(25, 5))).toEqual(["stun", "knockdown", "unconsciousness", "death"]);
    expect(damageEffectChecksDue(blow(5, -15))).toEqual([
      { check: "unconsciousness", reason: "zeroHealth", effect: "unconscious", target: 11 },
      { check: "death", reason: "deathThreshold", effect: "dead", target: 11 },
    ]);
  });

  it("AD-A4/AD-T1 a failed stun check leaves the «朦朧» state the round engine ends at the holder's next turn", () => {
    // One id for both: the `stunned` status on the token and the round engine's timed state that ends it.
    expect(DAMAGE_CHECK_EFFECT.stun).toBe("stunned");
    expect(STUN_STATE).toBe(DAMAGE_CHECK_EFFECT.stun);
  });

  it("AD-A4 the thresholds are parameters (world settings): a quarter of max Health, death at −2× max", () => {
    const harsh = { majorWoundFraction: 0.25, deathThresholdMultiple: 2 };
    expect(checks(blow(6), harsh)).toEqual(["stun", "knockdown"]);
    expect(checks(blow(5), harsh)).toEqual([]);
    expect(checks(blow(5, -15), harsh)).toEqual(["unconsciousness"]);
    expect(checks(blow(5, -35), harsh)).toEqual(["unconsciousness", "death"]);
    expect(() => damageEffectChecksDue(blow(5), { ...harsh, majorWoundFraction: Number.NaN })).toThrow(
      RangeError,
    );
    expect(() => damageEffectChecksDue(blow(5), { ...harsh, deathThresholdMultiple: -1 })).toThrow(
      RangeError,
    );
    // The setting's lowest value, 0×: the death check comes as soon as Health falls to 0 (a plain 0, not −0).
    const deadly = { majorWoundFraction: 0.5, deathThresholdMultiple: 0 };
    expect(deathThreshold(20, deadly)).toBe(0);
    expect(checks(blow(5, 5), deadly)).toEqual(["unconsciousness", "death"]);
    expect(checks(blow(5, 6), deadly)).toEqual([]);
  });

  it("AD-A4 a blow that deals no damage (all stopped by DR) causes nothing, even below 0 Health", () => {
    expect(checks(blow(0, -25))).toEqual([]);
    expect(checks(blow(0, 0))).toEqual([]);
  });

  it("AD-A4 a condition already there is not checked again; a dead creature checks nothing", () => {
    expect(checks(blow(25, 5, { already: { prone: true, unconscious: true } }))).toEqual(["stun", "death"]);
    expect(checks(blow(25, 5, { already: { stunned: true } }))).toEqual([
      "knockdown",
      "unconsciousness",
      "death",
    ]);
    expect(checks(blow(25, 5, { already: { dead: true } }))).toEqual([]);
  });

  it("AD-A4 a check succeeds at or under WL; a failure leaves its condition", () => {
    const stun = { check: "stun", target: 11 } as const;
    expect(resolveDamageEffectCheck(stun, [4, 4, 3], criticals)).toMatchObject({
      success: true,
      effect: null,
      roll: { total: 11, margin: 0 },
    });
    expect(resolveDamageEffectCheck(stun, [4, 4, 4], criticals)).toMatchObject({
      success: false,
      effect: "stunned",
    });
    expect(resolveDamageEffectCheck({ check: "knockdown", target: 11 }, [6, 6, 1], criticals).effect).toBe(
      "prone",
    );
    expect(
      resolveDamageEffectCheck({ check: "unconsciousness", target: 11 }, [6, 6, 1], criticals).effect,
    ).toBe("unconscious");
    expect(resolveDamageEffectCheck({ check: "death", target: 11 }, [6, 6, 1], criticals).effect).toBe(
      "dead",
    );
  });

  it("AD-A4 with AD-C3: a critical success always resists, a critical failure never does (thresholds are settings)", () => {
    const death = { check: "death", target: 2 } as const;
    expect(resolveDamageEffectCheck(death, [1, 1, 2], criticals)).toMatchObject({
      success: true,
      roll: { critical: "success" },
    });
    expect(resolveDamageEffectCheck({ ...death, target: 18 }, [6, 6, 5], criticals)).toMatchObject({
      success: false,
      effect: "dead",
      roll: { critical: "failure" },
    });
    expect(
      resolveDamageEffectCheck({ ...death, target: 18 }, [6, 6, 5], { success: 4, failure: 18 }).success,
    ).toBe(true);
    expect(() => resolveDamageEffectCheck(death, [1, 2], criticals)).toThrow(RangeError);
  });

  const thresholds = fc.record({
    majorWoundFraction: fc.double({ min: 0.05, max: 1, noNaN: true }),
    deathThresholdMultiple: fc.double({ min: 0, max: 5, noNaN: true }),
  });
  const creature = fc.record({
    healthMax: fc.integer({ min: 0, max: 60 }),
    healthBefore: fc.integer({ min: -150, max: 60 }),
    wl: fc.integer({ min: 0, max: 30 }),
    already: fc.record(
      { stunned: fc.boolean(), prone: fc.boolean(), unconscious: fc.boolean(), dead: fc.boolean() },
      { requiredKeys: [] },
    ),
  });

  it("AD-A4 property: a smaller blow never calls for a check a larger one does not", () => {
    fc.assert(
      fc.property(
        creature,
        thresholds,
        fc.integer({ min: 0, max: 80 }),
        fc.integer({ min: 0, max: 80 }),
        (c, t, a, b) => {
          const [small, large] = a <= b ? [a, b] : [b, a];
          const at = (damage: number) =>
            checks({ ...c, damage, healthAfter: c.healthBefore - damage } as BlowInput, t);
          const larger = new Set(at(large));
          expect(at(small).every((check) => larger.has(check))).toBe(true);
        },
      ),
      runs(2000),
    );
  });

  it("AD-A4 property: the checks come in order, each once, against WL, and never for a condition already there", () => {
    fc.assert(
      fc.property(creature, thresholds, fc.integer({ min: -5, max: 80 }), (c, t, damage) => {
        const due = damageEffectChecksDue({ ...c, damage, healthAfter: c.healthBefore - damage }, t);
        const order = ["stun", "knockdown", "unconsciousness", "death"];
        const indices = due.map((d) => order.indexOf(d.check));
        expect(indices).toEqual([...indices].sort((x, y) => x - y));
        expect(new Set(indices).size).toBe(indices.length);
        for (const d of due) {
          expect(d.target).toBe(c.wl);
          expect(c.already[d.effect]).not.toBe(true);
        }
        if (damage <= 0 || c.already.dead) expect(due).toEqual([]);
        // Stun and knockdown go together unless one condition is already there.
        const has = (k: string) => due.some((d) => d.check === k);
        if (!c.already.stunned && !c.already.prone) expect(has("stun")).toBe(has("knockdown"));
      }),
      runs(2000),
    );
  });

  it("AD-A4 property: a check resisted exactly when 3d6 ≤ WL, AD-C3 criticals aside", () => {
    const face = fc.integer({ min: 1, max: 6 });
    fc.assert(
      fc.property(fc.tuple(face, face, face), fc.integer({ min: 0, max: 30 }), (faces, wl) => {
        const total = faces[0] + faces[1] + faces[2];
        const r = resolveDamageEffectCheck({ check: "unconsciousness", target: wl }, faces, criticals);
        const expected = total <= 4 ? true : total >= 17 ? false : total <= wl;
        expect(r.success).toBe(expected);
        expect(r.effect).toBe(expected ? null : "unconscious");
      }),
      runs(1000),
    );
  });
});
