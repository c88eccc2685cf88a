import { describe, expect, it } from "vitest";
import { defeatedSide, offerEndCombat } from "../../../src/rules/turns/offer-end-combat";
import { fastSlowStructure } from "../../../src/rules/families/fast-slow/structure";
import { emptyRoundState, type Side, type TurnCombatant } from "../../../src/rules/turns/round-state";
import { combat } from "./helpers";

// FS-R9: "Combat ends when every creature on one side has surrendered, fled or died; otherwise a new round
// begins." The Foundry layer marks such creatures defeated; the engine only offers the GM to end the combat.
const fs = fastSlowStructure();

/** A combatant as the round engine adds it (`addCombatant`), on its side and maybe defeated. */
function fighter(id: string, side: Side, defeated = false): TurnCombatant {
  const [added] = combat(fs, [{ id, side, defeated }]).combatants;
  if (!added) throw new Error(`${id} was not added`);
  return added;
}

describe("FS-R9 the end of a combat", () => {
  it("FS-R9 one side is beaten when every one of its creatures is defeated, not before", () => {
    const ann = fighter("ann", "players");
    const orc = fighter("orc", "gm");
    const wolf = fighter("wolf", "gm");
    expect(defeatedSide({ combatants: [ann, orc, wolf] })).toBeNull();
    expect(defeatedSide({ combatants: [ann, { ...orc, defeated: true }, wolf] })).toBeNull();
    expect(defeatedSide({ combatants: [ann, { ...orc, defeated: true }, { ...wolf, defeated: true }] })).toBe(
      "gm",
    );
    expect(defeatedSide({ combatants: [{ ...ann, defeated: true }, orc, wolf] })).toBe("players");
  });

  it("FS-R9 a side with no creature in the fight is not a beaten side", () => {
    expect(defeatedSide({ combatants: [] })).toBeNull();
    expect(defeatedSide({ combatants: [fighter("orc", "gm")] })).toBeNull();
    expect(defeatedSide({ combatants: [fighter("ann", "players"), fighter("bob", "players")] })).toBeNull();
    // Two creatures standing and one defeated on a side: still standing.
    expect(
      defeatedSide({
        combatants: [fighter("ann", "players", true), fighter("bob", "players"), fighter("cid", "players")],
      }),
    ).toBeNull();
  });

  it("FS-R9 the GM is offered to end a started combat with one side beaten, never one not yet started", () => {
    const beaten = [fighter("ann", "players"), fighter("orc", "gm", true)];
    expect(offerEndCombat({ round: 1, combatants: beaten })).toBe(true);
    expect(offerEndCombat({ round: 0, combatants: beaten })).toBe(false);
    expect(offerEndCombat({ round: 3, combatants: [fighter("ann", "players"), fighter("orc", "gm")] })).toBe(
      false,
    );
  });
});

describe("a combat not yet started", () => {
  it("FS-R1/FS-R9 round 0: nobody's turn, nothing queued or announced, the players' side claims first (FS-R2)", () => {
    const state = emptyRoundState("fast-slow");
    expect(state).toEqual({
      family: "fast-slow",
      round: 0,
      phase: 0,
      current: null,
      cursor: -1,
      claimSide: "players",
      order: [],
      queue: [],
      contest: [],
      interrupted: [],
      combatants: [],
      timed: [],
      nextSeq: 0,
      notices: [],
    });
    expect(offerEndCombat(state)).toBe(false);
  });
});
