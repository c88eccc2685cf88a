import { describe, expect, it } from "vitest";
import { meleeSequence } from "../../../src/rules/families/phased-round/melee-sequence";
import { phasedRoundStructure } from "../../../src/rules/families/phased-round/structure";
import type { RoundEvent } from "../../../src/rules/turns/round-event";
import type { RoundState } from "../../../src/rules/turns/round-state";
import { combat, phaseId, playOut, run } from "./helpers";

const pr = phasedRoundStructure();

function fighters(ids: readonly string[]): RoundState {
  let s = run(
    pr,
    combat(
      pr,
      ids.map((id) => ({ id, side: "gm" as const })),
    ),
    { type: "startCombat" },
  );
  for (let i = 0; i < 12 && phaseId(pr, s) !== "melee"; i++) s = run(pr, s, { type: "advancePhase" });
  expect(phaseId(pr, s)).toBe("melee");
  return s;
}

const melee = (id: string, group: string, initiative: number, extraWeapons = 0): RoundEvent => ({
  type: "declareMelee",
  id,
  melee: { group, extraWeapons, initiative },
});

describe("phased-round melee resolution order (PR-P10)", () => {
  it("PR-P10 a big melee (more than sixteen strikers in one group) still strikes by initiative, high to low", () => {
    const ids = Array.from({ length: 20 }, (_, i) => `f${i}`);
    let s = fighters(ids);
    // Initiatives 7, 14, 1, 8, 15, … (i * 7 mod 20 + 1): every total once, out of order.
    const totals = ids.map((_, i) => ((i * 7) % 20) + 1);
    s = run(pr, s, ...ids.map((id, i) => melee(id, "brawl", totals[i] as number)));
    s = run(pr, s, { type: "advancePhase" });
    const expected = [...ids].sort(
      (a, b) => (totals[ids.indexOf(b)] as number) - (totals[ids.indexOf(a)] as number),
    );
    expect(expected[0]).toBe("f17"); // 17 * 7 = 119, mod 20 = 19, + 1 = 20
    expect(s.queue.map((q) => q.id)).toEqual(expected);
    expect(playOut(pr, s).acted).toEqual(expected);
  });

  it("PR-P10 groups fight independently; the group with the best striker resolves first (convention)", () => {
    let s = fighters(["a1", "a2", "b1", "b2"]);
    s = run(
      pr,
      s,
      melee("a1", "alley", 5),
      melee("a2", "alley", 9, 1),
      melee("b1", "bridge", 3),
      melee("b2", "bridge", 18),
    );
    s = run(pr, s, { type: "advancePhase" });
    expect(s.queue.map((q) => `${q.group}:${q.id}:${q.pass}`)).toEqual([
      "bridge:b2:1",
      "bridge:b1:1",
      "alley:a2:1",
      "alley:a1:1",
      "alley:a2:2",
    ]);
  });

  it("PR-P10 a combatant with no declaration sheet strikes in no group", () => {
    const s = fighters(["a", "b"]);
    const withMelee = run(pr, s, melee("a", "g", 4), melee("b", "g", 6));
    const [a, b] = withMelee.combatants;
    if (!a || !b) throw new Error("two combatants");
    expect(meleeSequence([{ ...a, sheet: null }, b])).toEqual([{ id: "b", group: "g", pass: 1 }]);
  });
});
