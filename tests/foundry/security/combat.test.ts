/**
 * Issue 12, the fight's own requests as a hostile player and as the GM: initiative, melee initiative and the
 * PR-P6 manoeuvre roll are rolled by the GM; nothing a player sends sets their totals.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { HarnessActor } from "../../harness/combat";
import { alice, askAsGm, fight, gm, recorded, setSetting } from "../combat/setup";
import { roundStateOf } from "../../../src/documents/combat-api";

const cd = (dex: number) => ({ derived: { classicD20: { modifiers: { dex } } } });

beforeEach(() => {
  recorded.reset();
  setSetting("prInitiativeFormula", "2d10");
});

describe("security: the fight's rolls", () => {
  it("the GM's Roll All rolls a combatant with no actor (a trap, a token-less entry) with the rest", async () => {
    const ann = new HarnessActor("Ann", cd(2), [alice]);
    const { combat, ids } = await fight("classic-d20", [ann]);
    const [trap] = await combat.createEmbeddedDocuments("Combatant", [{ name: "Trap" }]);
    recorded.nextRolls.push({ total: 15, faces: [13] }, { total: 9, faces: [9] });
    const all = [ids[0], trap!.id];
    expect(await askAsGm("combat.rollInitiative", { combatId: combat.id, combatantIds: all }, gm)).toEqual({
      ok: true,
      value: true,
    });
    const state = roundStateOf(combat).combatants;
    expect(state.find((c) => c.id === trap!.id)).toMatchObject({ initiative: 9 });
    // A player still owns no actorless combatant.
    expect(
      await askAsGm("combat.rollInitiative", { combatId: combat.id, combatantIds: [trap!.id] }, alice),
    ).toMatchObject({ ok: false, reason: "notOwner" });
  });
});
