import { describe, expect, it } from "vitest";
import { classicD20Structure } from "../../../src/rules/families/classic-d20/structure";
import {
  compareInitiative,
  compareInitiativeKeys,
  rollOffUnsettled,
  sortByInitiative,
  tiedGroups,
} from "../../../src/rules/turns/initiative-order";
import type { TurnCombatant } from "../../../src/rules/turns/round-state";
import { combat } from "./helpers";

const cd = classicD20Structure();

/** A combatant as the round engine's addCombatant builds it, with the ordering fields given. */
function fighter(
  id: string,
  initiative: number | null,
  tieKeys: readonly number[] = [],
  rollOff: readonly number[] = [],
  placedByGm = false,
): TurnCombatant {
  const base = combat(cd, [{ id, side: "players" }]).combatants[0] as TurnCombatant;
  return { ...base, initiative, tieKeys, rollOff, placedByGm };
}

/** -1 when `a` goes first, 1 when `b` does, 0 for a tie the keys leave open. */
const sign = (n: number): number => Math.sign(n) + 0;

describe("initiative order (CD-I2, CD-I3, OD-I3, AD-T2, FS-R2)", () => {
  it("CD-I2 a combatant without an initiative total comes after every rolled total, even 0 or below", () => {
    // CD-I1: d20 + Dexterity modifier can be 0 or negative (a 1 with a -3 modifier is -2).
    for (const total of [-2, 0, 7]) {
      const rolled = fighter("ann", total);
      const unrolled = fighter("orc", null);
      expect([total, sign(compareInitiativeKeys(unrolled, rolled))]).toEqual([total, 1]);
      expect([total, sign(compareInitiativeKeys(rolled, unrolled))]).toEqual([total, -1]);
      expect([total, sign(compareInitiative(unrolled, rolled))]).toEqual([total, 1]);
      expect([total, sign(compareInitiative(rolled, unrolled))]).toEqual([total, -1]);
      expect(sortByInitiative([unrolled, rolled]).map((c) => c.id)).toEqual(["ann", "orc"]);
    }
  });

  it("CD-I2 the higher total goes first, whichever side of the comparison it is on", () => {
    const high = fighter("bob", 18);
    const low = fighter("ann", -2);
    expect(sign(compareInitiativeKeys(high, low))).toBe(-1);
    expect(sign(compareInitiativeKeys(low, high))).toBe(1);
    expect(sign(compareInitiative(high, low))).toBe(-1);
    expect(sign(compareInitiative(low, high))).toBe(1);
  });

  it("CD-I3 on equal totals the higher Dexterity modifier goes first", () => {
    const dex4 = fighter("elf", 15, [4]);
    const dex1 = fighter("ann", 15, [1]);
    expect(sign(compareInitiativeKeys(dex4, dex1))).toBe(-1);
    expect(sign(compareInitiativeKeys(dex1, dex4))).toBe(1);
    expect(sortByInitiative([dex1, dex4]).map((c) => c.id)).toEqual(["elf", "ann"]);
  });

  it("CD-I3 OD-I3 a tie key is compared only when the earlier ones are equal; a missing key ranks below any", () => {
    const longer = fighter("bob", 12, [1, 2]);
    const shorter = fighter("ann", 12, [1]);
    expect(sign(compareInitiativeKeys(longer, shorter))).toBe(-1);
    expect(sign(compareInitiativeKeys(shorter, longer))).toBe(1);
    const keyed = fighter("elf", 12, [-3]);
    const unkeyed = fighter("orc", 12);
    expect(sign(compareInitiativeKeys(keyed, unkeyed))).toBe(-1);
    expect(sign(compareInitiativeKeys(unkeyed, keyed))).toBe(1);
    expect(sortByInitiative([shorter, unkeyed, longer, keyed]).map((c) => c.id)).toEqual([
      "bob",
      "ann",
      "elf",
      "orc",
    ]);
  });

  it("CD-I3 after the keys, the roll-off: higher face first, a later roll-off only where the earlier tied", () => {
    expect(sign(compareInitiativeKeys(fighter("a", 9, [2], [3, 5]), fighter("b", 9, [2], [3, 2])))).toBe(-1);
    expect(sign(compareInitiativeKeys(fighter("a", 9, [2], [3, 2]), fighter("b", 9, [2], [3, 5])))).toBe(1);
    expect(sign(compareInitiativeKeys(fighter("a", 9, [2], [6, 1]), fighter("b", 9, [2], [4, 6])))).toBe(-1);
    expect(compareInitiativeKeys(fighter("a", 9, [2], [4, 4]), fighter("b", 9, [2], [4, 4]))).toBe(0);
  });

  it("CD-I3 a combatant that has not rolled the roll-off yet ranks below one that has", () => {
    expect(sign(compareInitiativeKeys(fighter("a", 9, [], []), fighter("b", 9, [], [1])))).toBe(1);
    expect(sign(compareInitiativeKeys(fighter("a", 9, [], [1]), fighter("b", 9, [], [])))).toBe(-1);
    expect(sign(compareInitiativeKeys(fighter("a", 9, [], [4]), fighter("b", 9, [], [4, 1])))).toBe(1);
    expect(sign(compareInitiativeKeys(fighter("a", 9, [], [4, 1]), fighter("b", 9, [], [4])))).toBe(-1);
  });

  it("CD-I3 a tie nothing settles falls back to join order, so the order is total", () => {
    const first = { ...fighter("ann", 10, [1]), seq: 1 };
    const second = { ...fighter("bob", 10, [1]), seq: 2 };
    expect(sign(compareInitiative(first, second))).toBe(-1);
    expect(sign(compareInitiative(second, first))).toBe(1);
    expect(sortByInitiative([second, first]).map((c) => c.id)).toEqual(["ann", "bob"]);
  });

  it("FS-R2 CD-I3 a roll-off is unsettled while one of the two has not rolled, or both rolled the same", () => {
    expect(rollOffUnsettled({ rollOff: [3] }, { rollOff: [] })).toBe(true);
    expect(rollOffUnsettled({ rollOff: [] }, { rollOff: [3] })).toBe(true);
    expect(rollOffUnsettled({ rollOff: [4, 5] }, { rollOff: [4] })).toBe(true);
    expect(rollOffUnsettled({ rollOff: [4] }, { rollOff: [4, 5] })).toBe(true);
    expect(rollOffUnsettled({ rollOff: [4, 5] }, { rollOff: [4, 2] })).toBe(false);
    expect(rollOffUnsettled({ rollOff: [6] }, { rollOff: [2] })).toBe(false);
  });

  it("CD-I3 the ties a roll-off still has to settle: equal totals and Dexterity, faces that do not yet differ", () => {
    const ordered = sortByInitiative([
      fighter("bob", 18, [2]),
      fighter("ann", 12, [1], [4, 5]),
      fighter("cid", 12, [1], [4]),
      fighter("elf", 12, [0]),
      fighter("orc", 7, [0], [6]),
      fighter("rat", 7, [0], [2]),
    ]);
    expect(tiedGroups(ordered)).toEqual([["ann", "cid"]]);
  });

  it("CD-I1 combatants without an initiative total are not in a tie (they have not rolled yet)", () => {
    expect(tiedGroups([fighter("ann", 10, [1]), fighter("orc", null), fighter("wolf", null)])).toEqual([]);
    expect(
      tiedGroups([
        fighter("ann", 10, [1]),
        fighter("bob", 10, [1]),
        fighter("orc", null),
        fighter("wolf", null),
      ]),
    ).toEqual([["ann", "bob"]]);
    // A run of equal keys ends at a combatant without a total.
    expect(tiedGroups([fighter("ann", 10, [1]), fighter("orc", null), fighter("bob", 10, [1])])).toEqual([]);
  });

  it("CD-I3 a Dexterity key the other lacks separates them, in any listing order (a GM's hand order)", () => {
    expect(tiedGroups([fighter("ann", 10), fighter("bob", 10, [2])])).toEqual([]);
    expect(tiedGroups([fighter("bob", 10, [2]), fighter("ann", 10)])).toEqual([]);
    expect(tiedGroups([fighter("ann", 10, [2]), fighter("bob", 10, [2, 1])])).toEqual([]);
  });

  it("OD-I3 a tie is left out only when the GM placed every member by hand", () => {
    const ann = fighter("ann", 10, [1], [], true);
    const bob = fighter("bob", 10, [1]);
    const cid = fighter("cid", 10, [1], [], true);
    expect(tiedGroups([ann, bob, cid])).toEqual([["ann", "bob", "cid"]]);
    expect(tiedGroups([ann, cid])).toEqual([]);
  });

  it("CD-I3 separate ties stay separate groups; roll-offs split a tie into what is still unsettled", () => {
    const ordered = sortByInitiative([
      fighter("a", 14, [2], [6]),
      fighter("b", 14, [2], [6]),
      fighter("c", 14, [2], [1]),
      fighter("d", 14, [2], [1]),
      fighter("e", 9, [0]),
      fighter("f", 9, [0]),
    ]);
    expect(tiedGroups(ordered)).toEqual([
      ["a", "b"],
      ["c", "d"],
      ["e", "f"],
    ]);
  });
});
