import { describe, expect, it } from "vitest";
import { authorizeSpend } from "../../../src/rules/budget/authorize";

describe("who may spend a budget", () => {
  it("PR-B2 a player never spends another's budget; only the GM overrides", () => {
    expect(authorizeSpend({}, { isGM: false, ownsCombatant: true })).toEqual({ ok: true, value: true });
    expect(authorizeSpend({}, { isGM: false, ownsCombatant: false })).toEqual({
      ok: false,
      reason: "notYourBudget",
    });
    expect(authorizeSpend({ override: true }, { isGM: false, ownsCombatant: true })).toEqual({
      ok: false,
      reason: "overrideNeedsGM",
    });
    expect(authorizeSpend({ override: true }, { isGM: true, ownsCombatant: false })).toEqual({
      ok: true,
      value: true,
    });
  });
});
