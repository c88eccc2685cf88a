/**
 * The sheet's initiative and orientation buttons, through the fight's own code (combat harness): CD-I1
 * d20 + Dexterity modifier and OD-I2 d20 + Initiative for the actor's combatant in its fight; fast-slow has
 * no initiative (FS-R2); the order is fixed once the fight has begun (CD-I3); only the owner rolls. PR-P3/
 * PR-P11: the orientation roll is recorded by the round engine in the orientation phases only. The combat
 * harness runs every client as the GM's (a player's request would be a v13 query); ownership is refused
 * before any request.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { HarnessActor } from "../../harness/combat";
import { alice, askAsGm, bob, fight, gm, recorded, setSetting } from "../combat/setup";
import { as } from "../../harness/combat";
import {
  initiativeRefusal,
  orientationRefusal,
  rollSheetInitiative,
  rollSheetOrientation,
} from "../../../src/applications/sheets/sheet-rolls";
import { roundStateOf, structureOf } from "../../../src/documents/combat-api";

const cd = (dex: number) => ({ derived: { classicD20: { modifiers: { dex } } } });

beforeEach(() => {
  recorded.reset();
  setSetting("odCriticalOn", 20);
  setSetting("prInitiativeFormula", "2d10");
});

describe("the sheet's initiative button", () => {
  it("CD-I1 rolls 1d20 + the Dexterity modifier for the actor's combatant, through the fight's initiative code", async () => {
    const ann = new HarnessActor("Ann", cd(3), [alice]);
    const { combat } = await fight("classic-d20", [ann]);
    expect(initiativeRefusal(ann as never, null)).toBe(null);
    recorded.nextRolls.push({ total: 15, faces: [12] });
    expect(await as(gm, () => rollSheetInitiative(ann as never, null))).toEqual({ ok: true, value: true });
    expect(recorded.rolls[0]).toMatchObject({ formula: "1d20 + @dex", data: { dex: 3 } });
    expect(roundStateOf(combat).combatants[0]).toMatchObject({ initiative: 15 });
    expect(recorded.messages).toHaveLength(1);
  });

  it("OD-I2 rolls 1d20 + Initiative", async () => {
    const ann = new HarnessActor("Ann", { opposedD20: { initiative: 4 } }, [alice]);
    const { combat } = await fight("opposed-d20", [ann]);
    recorded.nextRolls.push({ total: 11, faces: [7] });
    await as(gm, () => rollSheetInitiative(ann as never, null));
    expect(recorded.rolls[0]?.formula).toBe("1d20 + @initiative");
    expect(roundStateOf(combat).combatants[0]).toMatchObject({ initiative: 11 });
  });

  it("FS-R2 fast and slow turns have no initiative: the button says so and rolls nothing", async () => {
    const ann = new HarnessActor("Ann", {}, [alice]);
    await fight("fast-slow", [ann]);
    expect(initiativeRefusal(ann as never, null)).toBe("noInitiative");
    expect(await as(alice, () => rollSheetInitiative(ann as never, null))).toMatchObject({
      ok: false,
      reason: "noInitiative",
    });
    expect(recorded.rolls).toEqual([]);
  });

  it("outside a fight, and for a player who does not own the actor, nothing is rolled", async () => {
    const loner = new HarnessActor("Loner", cd(1), [alice]);
    await fight("classic-d20", [new HarnessActor("Other", cd(0), [bob])]);
    expect(initiativeRefusal(loner as never, null)).toBe("notInFight");
    expect(await as(alice, () => rollSheetInitiative(loner as never, null))).toMatchObject({
      ok: false,
      reason: "notInFight",
    });
    const ann = new HarnessActor("Ann", cd(2), [alice]);
    await fight("classic-d20", [ann]);
    expect(await as(bob, () => rollSheetInitiative(ann as never, null))).toMatchObject({
      ok: false,
      reason: "notOwner",
    });
    expect(recorded.rolls).toEqual([]);
  });

  it("CD-I3 once the fight has begun, a rolled initiative stays: the button says why", async () => {
    const ann = new HarnessActor("Ann", cd(2), [alice]);
    const { combat, ids } = await fight("classic-d20", [ann]);
    recorded.nextRolls.push({ total: 9, faces: [7] });
    await as(gm, () => rollSheetInitiative(ann as never, null));
    await askAsGm("combat.gmEvents", { combatId: combat.id, events: [{ type: "startCombat" }] }, gm);
    expect(roundStateOf(combat).round).toBe(1);
    expect(combat.combatants.get(ids[0] as string)?.initiative).toBe(9);
    expect(initiativeRefusal(ann as never, null)).toBe("alreadyStarted");
  });
});

describe("PR-P3/PR-P11 the sheet's orientation roll", () => {
  it("is refused outside the orientation phases, and recorded by the engine in them", async () => {
    const ann = new HarnessActor("Ann", { phasedRound: { quickness: 0 } }, [alice]);
    const { combat } = await fight("phased-round", [ann]);
    await askAsGm("combat.gmEvents", { combatId: combat.id, events: [{ type: "startCombat" }] }, gm);
    expect(orientationRefusal(ann as never, null)).toBe("notOrientationPhase");
    expect(await as(gm, () => rollSheetOrientation(ann as never, null))).toMatchObject({
      ok: false,
      reason: "notOrientationPhase",
    });
    // To the spell orientation phase.
    const phases = structureOf(combat).phases.map((p) => p.id);
    while (phases[roundStateOf(combat).phase] !== "spellOrientation")
      await askAsGm(
        "combat.gmEvents",
        { combatId: combat.id, events: [{ type: "advancePhase", gmOverride: true }] },
        gm,
      );
    expect(orientationRefusal(ann as never, null)).toBe(null);
    recorded.nextRolls.push({ total: 4 });
    expect(await as(gm, () => rollSheetOrientation(ann as never, null))).toEqual({ ok: true, value: true });
    expect(recorded.rolls.at(-1)?.formula).toBe("1d100");
    expect(JSON.stringify(roundStateOf(combat).combatants[0]?.sheet)).toContain('"roll":4');
    expect(String(recorded.messages.at(-1)?.flavor)).toContain("orientation");
  });
});
