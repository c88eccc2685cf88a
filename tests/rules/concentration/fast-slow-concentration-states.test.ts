import { describe, expect, it } from "vitest";
import {
  concentrate,
  effectsEndingWith,
  isConcentrating,
  resolveConcentrationCheck,
} from "../../../src/rules/families/fast-slow/concentration";
import type { TimedState } from "../../../src/rules/turns/timed-states";

const untilEndOf = (round: number) => ({ kind: "endOfRound", round }) as const;

function fog(holder = "mage"): TimedState {
  return { key: "concentration", holder, createdRound: 2, expiry: untilEndOf(3), data: { effectId: "fog" } };
}

describe("fast-slow concentration among the other timed states (FS-A3, FS-A4)", () => {
  it("FS-A3 only a concentration on an effect, to the end of a round, is a concentration", () => {
    const others: TimedState[] = [
      // Defend to the end of the round (FS-A5), whatever its data.
      { key: "defend", holder: "mage", createdRound: 2, expiry: untilEndOf(2), data: { effectId: "fog" } },
      // An active-defense-3d6 concentration: until the holder's next turn, on a spell.
      {
        key: "concentration",
        holder: "mage",
        createdRound: 2,
        expiry: { kind: "holderNextTurn" },
        data: { effectId: "fog" },
      },
      { key: "concentration", holder: "mage", createdRound: 2, expiry: untilEndOf(3) },
      { key: "concentration", holder: "mage", createdRound: 2, expiry: untilEndOf(3), data: null },
      {
        key: "concentration",
        holder: "mage",
        createdRound: 2,
        expiry: untilEndOf(3),
        data: { spellId: "fog" },
      },
      { key: "concentration", holder: "mage", createdRound: 2, expiry: untilEndOf(3), data: { effectId: 7 } },
    ];
    for (const state of others) expect(isConcentrating([state], "mage")).toBe(false);
    expect(isConcentrating([fog()], "mage")).toBe(true);
    expect(isConcentrating([fog("priest")], "mage")).toBe(false);
  });

  it("FS-A3 at the end of a round only the concentrations' effects end with them", () => {
    const defend: TimedState = { key: "defend", holder: "mage", createdRound: 3, expiry: untilEndOf(3) };
    expect(effectsEndingWith([defend, fog()])).toEqual(["fog"]);
  });

  it("FS-A3 an effect with no maximum duration records none", () => {
    const result = concentrate([], { holder: "mage", effectId: "fog", round: 2 });
    expect(result.ok && result.value.state.data).toStrictEqual({ effectId: "fog" });
  });

  it("FS-A4 a successful Will roll ends nothing", () => {
    const states = [fog()];
    const made = resolveConcentrationCheck(
      states,
      "mage",
      { modifier: 0, boons: 0, banes: 0 },
      { d20: 12, boonDice: [] },
    );
    expect(made).toMatchObject({ ended: [], endedEffects: [], states });
  });
});
