import { describe, expect, it } from "vitest";
import { dismissableEffects } from "../../../src/rules/families/fast-slow/dismiss";
import { fastSlowStructure } from "../../../src/rules/families/fast-slow/structure";
import { combat, expectRefused, run } from "../turns/helpers";

const items = [
  { uuid: "Actor.mira.Item.ward", type: "spell", name: "Warding Light" },
  { uuid: "Actor.mira.Item.veil", type: "talent", name: "Veil" },
  { uuid: "Actor.mira.Item.staff", type: "weapon", name: "Staff" },
  { uuid: "Actor.mira.Item.dart", type: "spell", name: "Ember Dart" },
];

describe("FS-A6 Dismiss «cesser»", () => {
  it("FS-A6 only effects the creature created with its own spells or talents can be dismissed", () => {
    expect(
      dismissableEffects(
        items,
        ["Actor.mira.Item.ward"],
        new Set(["Actor.mira.Item.veil", "Actor.orc.Item.hex"]),
      ),
    ).toEqual([
      { effectId: "Actor.mira.Item.ward", name: "Warding Light", concentration: true },
      { effectId: "Actor.mira.Item.veil", name: "Veil", concentration: false },
    ]);
    // A spell that placed nothing and is not concentrated on, a weapon, another creature's effect: nothing.
    expect(dismissableEffects(items, [], new Set(["Actor.orc.Item.hex", "Actor.mira.Item.staff"]))).toEqual(
      [],
    );
  });
});

describe("FS-A6 dismissing one concentration among several (round engine)", () => {
  it("FS-A6 removeTimedState with a match ends only the concentration on that effect; an unknown one is refused", () => {
    const fs = fastSlowStructure();
    const held = (effectId: string) =>
      ({
        type: "addTimedState",
        state: {
          key: "concentration",
          holder: "mira",
          expiry: { kind: "endOfRound", round: 2 },
          data: { effectId },
        },
      }) as const;
    let s = combat(fs, [{ id: "mira", side: "players" }]);
    s = run(fs, s, { type: "startCombat" }, held("ward"), held("veil"));
    expectRefused(
      fs,
      s,
      { type: "removeTimedState", holder: "mira", key: "concentration", match: { effectId: "hex" } },
      "unknownState",
    );
    s = run(fs, s, {
      type: "removeTimedState",
      holder: "mira",
      key: "concentration",
      match: { effectId: "ward" },
    });
    expect(s.timed.map((t) => t.data)).toEqual([{ effectId: "veil" }]);
    expect(s.notices).toEqual([
      {
        kind: "statesRemoved",
        cause: "removed",
        states: [expect.objectContaining({ data: { effectId: "ward" } })],
      },
    ]);
  });
});
