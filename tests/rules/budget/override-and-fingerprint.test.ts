import { describe, expect, it } from "vitest";
import { budgetFingerprint } from "../../../src/rules/budget/fingerprint";
import { decide, outsideTurn } from "../../../src/rules/budget/override";
import { refuse } from "../../../src/rules/outcome";

const start = { left: 5, overrides: [] as { event: string; reason: string; amount?: number }[] };
const spend = () => ({ ...start, left: 0 });

// PR-B2 "The tracker must refuse … a declaration that the rules above forbid, and let the GM override it"; every
// family's budget shares the same override, and the table sees what was allowed by hand.
describe("the GM override of a budget refusal (PR-B2)", () => {
  it("PR-B2 a rule that passes applies the event and records nothing", () => {
    expect(decide({ type: "move" }, null, spend)).toEqual({ ok: true, value: { left: 0, overrides: [] } });
  });

  it("PR-B2 a refused event is refused, and nothing is applied, unless the GM overrides it", () => {
    let applied = false;
    const refusal = refuse("noMoveLeft");
    const outcome = decide({ type: "move" }, refusal, () => ((applied = true), spend()), 3);
    expect(outcome).toBe(refusal);
    expect(applied).toBe(false);
  });

  it("PR-B2 the GM's override applies the event and records the bypassed refusal, with the overspend", () => {
    expect(decide({ type: "move", override: true }, refuse("noMoveLeft"), spend, 3)).toEqual({
      ok: true,
      value: { left: 0, overrides: [{ event: "move", reason: "noMoveLeft", amount: 3 }] },
    });
    // A refusal that is not about running out has no overspend to record.
    for (const amount of [undefined, 0, -2])
      expect(decide({ type: "declare", override: true }, refuse("casterCannotShoot"), spend, amount)).toEqual(
        {
          ok: true,
          value: { left: 0, overrides: [{ event: "declare", reason: "casterCannotShoot" }] },
        },
      );
  });

  it("PR-B2 an event outside the creature's turn is refused; forced by the GM, it spends nothing and is recorded", () => {
    expect(outsideTurn(start, { type: "activity" })).toEqual({ ok: false, reason: "notYourTurn" });
    expect(outsideTurn(start, { type: "activity", override: true })).toEqual({
      ok: true,
      value: { left: 5, overrides: [{ event: "activity", reason: "notYourTurn" }] },
    });
  });
});

// A spend request carries the fingerprint of the budget its button was drawn from; the GM refuses it when the
// budget has changed since, so a double click spends once.
describe("a budget's fingerprint", () => {
  const budget = { left: 5, used: ["attack"], turn: { round: 2, speed: "slow" } };

  it("is 8 hex digits, the same for equal data whatever its keys' order", () => {
    expect(budgetFingerprint(budget)).toMatch(/^[0-9a-f]{8}$/);
    expect(budgetFingerprint({ turn: { speed: "slow", round: 2 }, used: ["attack"], left: 5 })).toBe(
      budgetFingerprint(budget),
    );
    // A key whose value is undefined is not stored in a document: it is no change.
    expect(budgetFingerprint({ ...budget, extra: undefined })).toBe(budgetFingerprint(budget));
  });

  it("is FNV-1a (32 bits) of that stable JSON text", () => {
    // Reference values of FNV-1a over the text, from the algorithm's definition (offset basis 0x811c9dc5,
    // prime 0x01000193); the same inputs on every client give the same eight digits.
    expect(budgetFingerprint(1)).toBe("340ca71c");
    expect(budgetFingerprint([1, 2])).toBe("7d8e8676");
    expect(budgetFingerprint(null)).toBe("77074ba4");
    expect(budgetFingerprint({ left: 5 })).toBe("0cae9333");
  });

  it("changes with any value, at any depth, and with the order of a list", () => {
    const print = budgetFingerprint(budget);
    for (const changed of [
      { ...budget, left: 4 },
      { ...budget, used: ["attack", "move"] },
      { ...budget, used: [] },
      { ...budget, turn: { round: 3, speed: "slow" } },
      { ...budget, turn: { round: 2, speed: "fast" } },
      { ...budget, extra: null },
      { ...budget, left: "5" },
    ])
      expect(budgetFingerprint(changed)).not.toBe(print);
    expect(budgetFingerprint(["move", "attack"])).not.toBe(budgetFingerprint(["attack", "move"]));
    expect(budgetFingerprint(["a", "b"])).not.toBe(budgetFingerprint({ 0: "a", 1: "b" }));
    expect(budgetFingerprint(["ab"])).not.toBe(budgetFingerprint(["a", "b"]));
    expect(budgetFingerprint([12])).not.toBe(budgetFingerprint([1, 2]));
    // A list keeps an undefined entry as JSON does, as null.
    expect(budgetFingerprint([undefined])).toBe(budgetFingerprint([null]));
    expect(budgetFingerprint([undefined])).not.toBe(budgetFingerprint([]));
    expect(budgetFingerprint(null)).not.toBe(budgetFingerprint({}));
    expect(budgetFingerprint({ a: 1, b: 2 })).not.toBe(budgetFingerprint({ a: 2, b: 1 }));
  });
});
