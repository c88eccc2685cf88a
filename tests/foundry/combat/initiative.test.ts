import { beforeEach, describe, expect, it } from "vitest";
import { HarnessActor } from "../../harness/combat";
import { alice, askAsGm, fight, gm, recorded, setSetting } from "./setup";
import { roundStateOf } from "../../../src/documents/combat-api";

const cd = (dex: number) => ({ derived: { classicD20: { modifiers: { dex } } } });

beforeEach(() => {
  recorded.reset();
  setSetting("odCriticalOn", 20);
  setSetting("prInitiativeFormula", "2d10");
});

describe("initiative rolls by family, with real Rolls", () => {
  it("CD-I1 CD-I3 d20 + Dexterity modifier; the tie key is read from the actor on the GM side", async () => {
    const ann = new HarnessActor("Ann", cd(3), [alice]);
    const { combat, ids } = await fight("classic-d20", [ann]);
    recorded.nextRolls.push({ total: 17, faces: [14] });
    await combat.rollInitiative([ids[0] as string]);
    expect(recorded.rolls[0]).toEqual({
      formula: "1d20 + @dex",
      data: { dex: 3, initiative: 0, quickness: 0 },
    });
    const c = roundStateOf(combat).combatants[0];
    expect(c).toMatchObject({ initiative: 17, tieKeys: [3] });
    // Foundry's own initiative follows the engine.
    expect(combat.combatants.get(ids[0] as string)?.initiative).toBe(17);
    expect(recorded.messages).toHaveLength(1);
  });

  it("CD-I3 a player sends no total (issue 12: the GM rolls); a GM's total keeps the tie key read from the actor", async () => {
    const ann = new HarnessActor("Ann", cd(1), [alice]);
    const { combat, ids } = await fight("classic-d20", [ann]);
    const rolls = [{ combatantId: ids[0], total: 999, dexterity: 99 }];
    expect(await askAsGm("combat.setInitiative", { combatId: combat.id, rolls }, alice)).toEqual({
      ok: false,
      reason: "gmOnly",
    });
    expect(roundStateOf(combat).combatants[0]).toMatchObject({ initiative: null });
    await askAsGm("combat.setInitiative", { combatId: combat.id, rolls: [{ ...rolls[0], total: 12 }] }, gm);
    expect(roundStateOf(combat).combatants[0]).toMatchObject({ initiative: 12, tieKeys: [1] });
  });

  it("CD-I1 a player's initiative is rolled by the GM, for its own combatants only", async () => {
    const ann = new HarnessActor("Ann", cd(2), [alice]);
    const orc = new HarnessActor("Orc", cd(0), [], "creature");
    const { combat, ids } = await fight("classic-d20", [ann, orc]);
    expect(
      await askAsGm("combat.rollInitiative", { combatId: combat.id, combatantIds: [ids[1]] }, alice),
    ).toMatchObject({ ok: false, reason: "notOwner" });
    expect(recorded.rolls).toHaveLength(0);
    recorded.nextRolls.push({ total: 15, faces: [13] });
    expect(
      await askAsGm(
        "combat.rollInitiative",
        { combatId: combat.id, combatantIds: [ids[0]], formula: "99" },
        alice,
      ),
    ).toEqual({ ok: true, value: true });
    // A player's formula is not read: the family's is rolled.
    expect(recorded.rolls[0]?.formula).toBe("1d20 + @dex");
    expect(roundStateOf(combat).combatants.find((c) => c.id === ids[0])).toMatchObject({ initiative: 15 });
  });

  it("OD-I2 OD-I4 d20 + Initiative; a natural 20 is a Critical, flagged on the chat card", async () => {
    const ann = new HarnessActor("Ann", { opposedD20: { initiative: 4 } }, [alice]);
    const { combat, ids } = await fight("opposed-d20", [ann]);
    recorded.nextRolls.push({ total: 24, faces: [20] });
    await combat.rollInitiative(ids[0] as string);
    expect(recorded.rolls[0]?.formula).toBe("1d20 + @initiative");
    expect(roundStateOf(combat).combatants[0]).toMatchObject({ initiative: 24, critical: true });
    expect(String(recorded.messages[0]?.flavor)).toContain("Critical!");
  });

  it("OD-I4 a natural 19 is no Critical", async () => {
    const ann = new HarnessActor("Ann", { opposedD20: { initiative: 4 } }, [alice]);
    const { combat, ids } = await fight("opposed-d20", [ann]);
    recorded.nextRolls.push({ total: 23, faces: [19] });
    await combat.rollInitiative(ids[0] as string);
    expect(roundStateOf(combat).combatants[0]?.critical).toBe(false);
    expect(String(recorded.messages[0]?.flavor)).not.toContain("Critical!");
  });

  it("PR-B3 the recorded d10/2d10 + quickness, set per round", async () => {
    setSetting("prInitiativeFormula", "1d10");
    const ann = new HarnessActor("Ann", { phasedRound: { quickness: 5 } }, [alice]);
    const { combat, ids } = await fight("phased-round", [ann]);
    setSetting("prInitiativeFormula", "2d10");
    recorded.nextRolls.push({ total: 11 });
    await combat.rollInitiative([ids[0] as string]);
    expect(recorded.rolls[0]?.formula).toBe("1d10 + @quickness");
    expect(recorded.rolls[0]?.data.quickness).toBe(5);
    expect(roundStateOf(combat).combatants[0]?.initiative).toBe(11);
  });

  it("AD-T2 the speed score orders with no roll (AG by default)", async () => {
    const ann = new HarnessActor("Ann", { activeDefense: { ag: 13, dev: 6 } }, [alice]);
    const { combat, ids } = await fight("active-defense-3d6", [ann]);
    expect(roundStateOf(combat).combatants[0]?.initiative).toBe(13);
    await combat.rollInitiative([ids[0] as string]);
    expect(recorded.rolls).toHaveLength(0);
  });

  it("FS-R2 fast-slow has no initiative: refused, nothing rolled", async () => {
    const ann = new HarnessActor("Ann", {}, [alice]);
    const { combat, ids } = await fight("fast-slow", [ann]);
    await combat.rollInitiative([ids[0] as string]);
    expect(recorded.rolls).toHaveLength(0);
    expect(recorded.warnings).toEqual(["FRAY.Refusal.notInThisFamily"]);
  });

  it("CD-I2 startCombat is refused while someone has no initiative, then orders high to low", async () => {
    const a = new HarnessActor("A", cd(0), [alice]);
    const b = new HarnessActor("B", cd(0), [], "creature");
    const { combat, ids } = await fight("classic-d20", [a, b]);
    await combat.startCombat();
    expect(recorded.warnings).toEqual(["FRAY.Refusal.initiativeMissing"]);
    expect(roundStateOf(combat).round).toBe(0);
    recorded.nextRolls.push({ total: 5 }, { total: 15 });
    await combat.rollInitiative(ids as string[]);
    await combat.startCombat();
    expect(roundStateOf(combat).order).toEqual([ids[1], ids[0]]);
    expect(combat.round).toBe(1);
    expect(combat.combatant?.id).toBe(ids[1]);
    // Core's controls route to the engine: nextTurn ends B's turn, A's starts.
    await combat.nextTurn();
    expect(combat.combatant?.id).toBe(ids[0]);
    // previousTurn cannot undo a turn taken (FS-R4 / CD-I2: the order never goes back up).
    await combat.previousTurn();
    expect(recorded.warnings.at(-1)).toBe("FRAY.Refusal.noGoingBack");
    expect(combat.combatant?.id).toBe(ids[0]);
    // nextRound (GM) forces the rest of the round and starts the next one.
    await combat.nextRound();
    expect(combat.round).toBe(2);
    expect(combat.combatant?.id).toBe(ids[1]);
  });
});
