import { describe, expect, it } from "vitest";
import {
  concentrateOnSpell,
  maintenanceRollDue,
  resolveMaintenanceRoll,
  spellsToCast,
} from "../../../src/rules/families/active-defense-3d6/concentration";
import type { TimedState } from "../../../src/rules/turns/timed-states";

const criticals = { success: 4, failure: 17 };
const nextTurn = { kind: "holderNextTurn" } as const;

function spell(holder: string, spellId: string): TimedState {
  return { key: "concentration", holder, createdRound: 1, expiry: nextTurn, data: { spellId } };
}

describe("active-defense-3d6 concentration among the other timed states (AD-M6, AD-T1)", () => {
  it("AD-M6 concentrating records the spell until the holder's next turn, with its side for the tracker", () => {
    const result = concentrateOnSpell([], { holder: "mage", spellId: "fireball", round: 2, side: "gm" });
    expect(result.ok && result.value.state).toEqual({
      key: "concentration",
      holder: "mage",
      createdRound: 2,
      expiry: nextTurn,
      data: { spellId: "fireball" },
      side: "gm",
    });
  });

  it("AD-M6 only a spell concentration asks for a maintenance roll", () => {
    const others: TimedState[] = [
      // Another state lasting to the holder's next turn (AD-T1), whatever its data.
      { key: "allOutDefense", holder: "mage", createdRound: 1, expiry: nextTurn, data: { spellId: "x" } },
      // A concentration of another shape: to the end of the round, on an effect.
      {
        key: "concentration",
        holder: "mage",
        createdRound: 1,
        expiry: { kind: "endOfRound", round: 1 },
        data: { effectId: "x", spellId: "x" },
      },
      { key: "concentration", holder: "mage", createdRound: 1, expiry: nextTurn },
      { key: "concentration", holder: "mage", createdRound: 1, expiry: nextTurn, data: null },
      { key: "concentration", holder: "mage", createdRound: 1, expiry: nextTurn, data: {} },
      { key: "concentration", holder: "mage", createdRound: 1, expiry: nextTurn, data: { spellId: 7 } },
    ];
    for (const state of others) expect(maintenanceRollDue([state], "mage")).toBe(false);
    expect(maintenanceRollDue([spell("mage", "fireball")], "mage")).toBe(true);
  });

  it("AD-M6 at the start of its turn a caster casts its own concentrated spells only", () => {
    const expired: TimedState[] = [
      spell("orc", "curse"),
      { key: "allOutDefense", holder: "mage", createdRound: 1, expiry: nextTurn, data: { spellId: "x" } },
      spell("mage", "fireball"),
    ];
    expect(spellsToCast(expired, "mage")).toEqual(["fireball"]);
  });

  it("AD-M6 a failed maintenance roll ends the concentration and nothing else", () => {
    const other = spell("orc", "curse");
    const mine = spell("mage", "fireball");
    // WL 12 → target 10; a roll of 11 fails.
    const failed = resolveMaintenanceRoll([other, mine], "mage", { wl: 12, faces: [4, 4, 3], criticals });
    expect(failed.ok && failed.value.states).toEqual([other]);
    const made = resolveMaintenanceRoll([other, mine], "mage", { wl: 12, faces: [4, 3, 3], criticals });
    expect(made.ok && made.value.states).toEqual([other, mine]);
  });
});
