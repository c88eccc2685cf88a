import fc from "fast-check";
import { runs } from "../../property-runs";
import { describe, expect, it } from "vitest";
import { chance, chanceAtLeast, chanceAtMost } from "../../../src/rules/dice/distribution";
import {
  DEFAULT_OPEN_ENDED,
  openEndedD100,
  openEndedD100Distribution,
} from "../../../src/rules/dice/open-ended-d100";
import { probability } from "../../../src/rules/dice/probability";

describe("open-ended d100 (phased-round convention)", () => {
  it("96–100 rolls again and adds, while the new roll is 96+", () => {
    expect(openEndedD100([97])).toMatchObject({ status: "needsMore", direction: "up", formula: "1d100" });
    expect(openEndedD100([97, 50])).toMatchObject({ status: "done", total: 147, direction: "up" });
    expect(openEndedD100([97, 99])).toMatchObject({ status: "needsMore", direction: "up" });
    expect(openEndedD100([97, 99, 3])).toMatchObject({ status: "done", total: 199 });
  });

  it("01–05 rolls again and subtracts; the subtracted roll opens upward only", () => {
    expect(openEndedD100([3])).toMatchObject({ status: "needsMore", direction: "down" });
    expect(openEndedD100([3, 40])).toMatchObject({ status: "done", total: -37, direction: "down" });
    expect(openEndedD100([3, 4])).toMatchObject({ status: "done", total: -1 });
    expect(openEndedD100([3, 98])).toMatchObject({ status: "needsMore", direction: "down" });
    expect(openEndedD100([3, 98, 10])).toMatchObject({ status: "done", total: -105 });
  });

  it("a middle roll is final; extra faces are refused", () => {
    expect(openEndedD100([50])).toMatchObject({ status: "done", total: 50, direction: "none" });
    expect(() => openEndedD100([50, 3])).toThrow(RangeError);
    expect(() => openEndedD100([97, 50, 1])).toThrow(RangeError);
    expect(() => openEndedD100([0])).toThrow(RangeError);
  });

  it("the thresholds and the rule itself are parameters", () => {
    expect(openEndedD100([98], { ...DEFAULT_OPEN_ENDED, enabled: false })).toMatchObject({
      status: "done",
      total: 98,
    });
    expect(openEndedD100([91], { enabled: true, high: 91, low: 10 })).toMatchObject({ status: "needsMore" });
    expect(openEndedD100([8], { enabled: true, high: 91, low: 10 })).toMatchObject({ direction: "down" });
  });

  it("exact: P(total ≥ 96) = 1/20, P(total ≤ 5) = 1/20, P(total ≤ 0) = Σ(101 − f)/10000 = 49/1000", () => {
    const d = openEndedD100Distribution(DEFAULT_OPEN_ENDED, 2);
    expect(chanceAtLeast(d, 96)).toEqual(probability(1, 20));
    expect(chanceAtMost(d, 5)).toEqual(probability(1, 20));
    // A low first face f (1…5) ends at or below 0 when the second roll is at least f.
    expect(chanceAtMost(d, 0)).toEqual(probability(100 + 99 + 98 + 97 + 96, 10000));
    expect(chance(d, (x) => x >= 6 && x <= 95)).toEqual(probability(9, 10));
  });

  it("exact: P(total ≥ 193) = (25 + 6)/10000", () => {
    // Two 96+ rolls in a row give at least 96 + 96 + 1 = 193: 5 × 5 = 25 ways of 10000.
    // A 96+ roll then an ordinary one (≤ 95) reaches 193 only as 100+93…95, 99+94…95, 98+95: 6 ways.
    const d = openEndedD100Distribution(DEFAULT_OPEN_ENDED, 2);
    expect(chanceAtLeast(d, 193)).toEqual(probability(31, 10000));
  });

  it("the stepper and the distribution agree on the open directions", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 4, maxLength: 4 }), (stream) => {
        let faces = [stream[0] as number];
        let step = openEndedD100(faces);
        while (step.status === "needsMore") {
          faces = [...faces, stream[faces.length] ?? 50];
          step = openEndedD100(faces);
        }
        const first = stream[0] as number;
        if (first >= 96) expect(step.total).toBeGreaterThanOrEqual(97);
        else if (first <= 5) expect(step.total).toBeLessThanOrEqual(4);
        else expect(step.total).toBe(first);
      }),
      runs(1000),
    );
  });
});

describe("PR-P3 the open-ended percent roll at its edges", () => {
  it("PR-P3 a face is 01–100: 0 and 101 are refused, and so is a roll with no face", () => {
    expect(() => openEndedD100([101])).toThrow(RangeError);
    expect(() => openEndedD100([97, 101])).toThrow(RangeError);
    expect(() => openEndedD100([])).toThrow(RangeError);
  });

  it("PR-P3 05 or less opens downward, 05 itself included; 06 is an ordinary roll", () => {
    expect(openEndedD100([5])).toMatchObject({ status: "needsMore", direction: "down" });
    expect(openEndedD100([6])).toEqual({ status: "done", total: 6, direction: "none", first: 6, faces: [6] });
  });

  it("PR-P3 96 or more opens upward, and a second 96 (the threshold itself) rolls again", () => {
    expect(openEndedD100([96])).toMatchObject({ status: "needsMore", direction: "up" });
    expect(openEndedD100([97, 96])).toMatchObject({ status: "needsMore", direction: "up", faces: [97, 96] });
    expect(openEndedD100([97, 95])).toMatchObject({ status: "done", total: 192 });
    expect(openEndedD100([97, 96, 4])).toMatchObject({ status: "done", total: 197, faces: [97, 96, 4] });
  });

  it("PR-P3 a downward roll takes exactly one more face unless that face is 96+", () => {
    expect(openEndedD100([2, 50])).toEqual({
      status: "done",
      total: -48,
      direction: "down",
      first: 2,
      faces: [2, 50],
    });
    expect(() => openEndedD100([2, 50, 7])).toThrow(RangeError);
    expect(openEndedD100([99, 97, 4])).toEqual({
      status: "done",
      total: 200,
      direction: "up",
      first: 99,
      faces: [99, 97, 4],
    });
  });

  it("PR-P3 the distribution keeps exactly maxRerolls extra dice: none is a plain d100", () => {
    const plain = openEndedD100Distribution(DEFAULT_OPEN_ENDED, 0);
    expect(plain.total).toBe(100);
    expect(chanceAtLeast(plain, 101)).toEqual(probability(0, 1));
    const one = openEndedD100Distribution(DEFAULT_OPEN_ENDED, 1);
    expect(one.total).toBe(100 ** 2);
    // One extra die, never rerolled: the best is 100 + 100; 96+ then 96+ stops there.
    expect(Math.max(...one.weights.keys())).toBe(200);
    // A first 96…100 reaches 101 when the extra die shows at least 101 − first: 96 + 97 + 98 + 99 + 100 ways.
    expect(chanceAtLeast(one, 101)).toEqual(probability(96 + 97 + 98 + 99 + 100, 10000));
    const two = openEndedD100Distribution(DEFAULT_OPEN_ENDED, 2);
    expect(two.total).toBe(100 ** 3);
    expect(Math.max(...two.weights.keys())).toBe(300);
    // 01 less an upward chain of two dice (100 + 100).
    expect(Math.min(...two.weights.keys())).toBe(1 - 200);
    const off = openEndedD100Distribution({ ...DEFAULT_OPEN_ENDED, enabled: false }, 2);
    expect(off.total).toBe(100);
  });
});
