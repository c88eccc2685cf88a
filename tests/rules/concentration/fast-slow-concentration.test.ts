import fc from "fast-check";
import { runs } from "../../property-runs";
import { beforeEach, describe, expect, it } from "vitest";
import {
  concentrate,
  concentrationCheckDue,
  concentrationsOf,
  effectsEndingWith,
  endConcentration,
  isConcentrating,
  resolveConcentrationCheck,
} from "../../../src/rules/families/fast-slow/concentration";
import { splitAtRoundEnd, type TimedState } from "../../../src/rules/turns/timed-states";

function begin(states: readonly TimedState[], input: Parameters<typeof concentrate>[1]): TimedState[] {
  const result = concentrate(states, input);
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result.value.states;
}

const defend: TimedState = {
  key: "defend",
  holder: "mage",
  createdRound: 2,
  expiry: { kind: "endOfRound", round: 2 },
};

describe("fast-slow concentration (FS-A3)", () => {
  it("FS-A3 concentrating in round N keeps the effect until the end of round N + 1", () => {
    const states = begin([], { holder: "mage", effectId: "fog", round: 2 });
    const atEndOf2 = splitAtRoundEnd(states, 2);
    expect(atEndOf2.expired).toEqual([]);
    expect(isConcentrating(atEndOf2.kept, "mage")).toBe(true);
    const atEndOf3 = splitAtRoundEnd(atEndOf2.kept, 3);
    expect(effectsEndingWith(atEndOf3.expired)).toEqual(["fog"]);
    expect(isConcentrating(atEndOf3.kept, "mage")).toBe(false);
  });

  it("FS-A3 the concentration is tied to the effect it sustains", () => {
    const result = concentrate([defend], { holder: "mage", effectId: "fog", round: 2, side: "players" });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.state.data.effectId).toBe("fog");
    expect(result.value.state.side).toBe("players");
    expect(result.value.states).toContain(defend);
  });

  it("FS-A3 never past the effect's maximum duration", () => {
    // Cast in round 3, lasting at most 1 round (FS-R8): it ends at the end of round 4 whatever happens.
    const maxDuration = { startRound: 3, rounds: 1 };
    const result = concentrate([], { holder: "mage", effectId: "fog", round: 4, maxDuration });
    expect(result.ok && result.value.state.expiry.round).toBe(4);
    const late = concentrate([], { holder: "mage", effectId: "fog", round: 5, maxDuration });
    expect(late).toEqual({ ok: false, reason: "concentrationEffectEnded" });
  });

  it("FS-A3 concentrating again on a later turn renews it to the end of the next round", () => {
    let states = begin([], {
      holder: "mage",
      effectId: "fog",
      round: 1,
      maxDuration: { startRound: 1, rounds: 6 },
    });
    states = begin(states, { holder: "mage", effectId: "fog", round: 2 });
    const held = concentrationsOf(states, "mage");
    expect(held).toHaveLength(1);
    expect(held[0]?.expiry.round).toBe(3);
    // The maximum recorded at the start still applies to renewals that do not repeat it.
    states = begin(states, { holder: "mage", effectId: "fog", round: 6 });
    expect(concentrationsOf(states, "mage")[0]?.expiry.round).toBe(7);
    const capped = concentrate(states, { holder: "mage", effectId: "fog", round: 7 });
    expect(capped).toEqual({ ok: false, reason: "concentrationAtMaximum" });
  });

  it("FS-A3 concentrating twice on the same effect in one round is refused", () => {
    const states = begin([], { holder: "mage", effectId: "fog", round: 2 });
    expect(concentrate(states, { holder: "mage", effectId: "fog", round: 2 })).toEqual({
      ok: false,
      reason: "concentrationAlreadyRenewed",
    });
  });

  it("FS-A3 the effect lasts to the end of the following round, capped by its maximum, for any rounds", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 12 }),
        (start, rounds, later) => {
          const round = start + later;
          const result = concentrate([], {
            holder: "a",
            effectId: "e",
            round,
            maxDuration: { startRound: start, rounds },
          });
          const cap = start + rounds;
          if (round > cap) {
            expect(result.ok).toBe(false);
            return;
          }
          expect(result.ok).toBe(true);
          if (!result.ok) return;
          const end = result.value.state.expiry.round;
          expect(end).toBe(Math.min(round + 1, cap));
          expect(end).toBeGreaterThanOrEqual(round);
          // It survives every end of round before `end` and ends exactly at `end`.
          expect(splitAtRoundEnd(result.value.states, end - 1).expired).toEqual([]);
          expect(effectsEndingWith(splitAtRoundEnd(result.value.states, end).expired)).toEqual(["e"]);
        },
      ),
      runs(1000),
    );
  });

  it("FS-A6 dismissing one effect ends only that concentration", () => {
    let states = begin([defend], { holder: "mage", effectId: "fog", round: 2 });
    states = begin(states, { holder: "mage", effectId: "ward", round: 2 });
    const { ended, states: kept } = endConcentration(states, "mage", "fog");
    expect(effectsEndingWith(ended)).toEqual(["fog"]);
    expect(concentrationsOf(kept, "mage").map((s) => s.data.effectId)).toEqual(["ward"]);
    expect(kept).toContain(defend);
  });
});

describe("fast-slow concentration check (FS-A4)", () => {
  // Built before each test, not while vitest collects the file: a mutant that breaks `concentrate` must fail these
  // tests, and Stryker does not count a file that fails to collect as a kill.
  let concentrating: TimedState[] = [];
  beforeEach(() => {
    concentrating = begin([defend], { holder: "mage", effectId: "fog", round: 2 });
  });

  it("FS-A4 taking damage while concentrating calls for a Will roll", () => {
    expect(concentrationCheckDue(concentrating, "mage", { damage: 3 })).toBe(true);
  });

  it("FS-A4 gaining Insanity while concentrating calls for a Will roll", () => {
    expect(concentrationCheckDue(concentrating, "mage", { insanity: 1 })).toBe(true);
  });

  it("FS-A4 no damage and no Insanity, or no concentration, calls for nothing", () => {
    expect(concentrationCheckDue(concentrating, "mage", { damage: 0, insanity: 0 })).toBe(false);
    expect(concentrationCheckDue(concentrating, "mage", {})).toBe(false);
    expect(concentrationCheckDue(concentrating, "fighter", { damage: 5 })).toBe(false);
    expect(concentrationCheckDue([defend], "mage", { damage: 5 })).toBe(false);
  });

  it("FS-A4 the Will roll is d20 + Will modifier with boons, succeeding on 10 or more", () => {
    const ok = resolveConcentrationCheck(
      concentrating,
      "mage",
      { modifier: 2, boons: 1, banes: 0 },
      {
        d20: 5,
        boonDice: [3],
      },
    );
    expect(ok.roll.total).toBe(10);
    expect(ok.roll.success).toBe(true);
    expect(ok.ended).toEqual([]);
    expect(ok.states).toEqual(concentrating);
  });

  it("FS-A4 a failure ends the concentration and its effect at once", () => {
    const failed = resolveConcentrationCheck(
      concentrating,
      "mage",
      { modifier: 0, boons: 0, banes: 1 },
      {
        d20: 11,
        boonDice: [2],
      },
    );
    expect(failed.roll.total).toBe(9);
    expect(failed.roll.success).toBe(false);
    expect(failed.endedEffects).toEqual(["fog"]);
    expect(isConcentrating(failed.states, "mage")).toBe(false);
    expect(failed.states).toEqual([defend]);
  });

  it("FS-A4 a failure ends every effect the creature concentrates on, and nobody else's", () => {
    let states = begin(concentrating, { holder: "mage", effectId: "ward", round: 2 });
    states = begin(states, { holder: "priest", effectId: "bless", round: 2 });
    const failed = resolveConcentrationCheck(
      states,
      "mage",
      { modifier: -1, boons: 0, banes: 0 },
      {
        d20: 1,
        boonDice: [],
      },
    );
    expect(failed.endedEffects.sort()).toEqual(["fog", "ward"]);
    expect(isConcentrating(failed.states, "priest")).toBe(true);
  });

  it("FS-A4 the success threshold is the FS-D2 convention, a parameter", () => {
    const roll = { modifier: 0, boons: 0, banes: 0 };
    const faces = { d20: 11, boonDice: [] };
    expect(resolveConcentrationCheck(concentrating, "mage", roll, faces).roll.success).toBe(true);
    expect(resolveConcentrationCheck(concentrating, "mage", roll, faces, 12).endedEffects).toEqual(["fog"]);
  });
});
