/**
 * The actor sheet's roll buttons, each posting a real Roll through the existing cards: the FS-D1 attribute
 * roll with boons and banes, the classic-d20 ability check, the OD-A2 skill roll, the active-defense 3d6
 * roll-under (AD-A1), the phased-round open-ended manoeuvre roll (PR-P6); the situation form; a player who
 * does not own the actor rolls nothing.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { queueFaces } from "../../harness/roll";
import {
  alice,
  as,
  bob,
  budgetWorld,
  creature,
  freshWorld,
  lastCard,
  messages,
  setSetting,
  settle,
} from "./setup";
import { rollSheetCheck, type CheckSituation } from "../../../src/applications/sheets/sheet-rolls";
import type { FamilyId } from "../../../src/rules/families/ids";
import type { ChatUser } from "../../harness/chat";

type Creature = ReturnType<typeof creature>;

async function roll(user: ChatUser, who: Creature, family: FamilyId, id: string, situation?: CheckSituation) {
  setSetting("ruleset", family);
  const out = await as(user, () => rollSheetCheck(who.actor as never, who.token as never, id, situation));
  await settle();
  return out;
}

describe("the sheet's checks", () => {
  beforeEach(freshWorld);

  it("FS-D1 FS-D2 an attribute roll is 1d20 + the attribute's modifier, net boons as the highest d6, against 10", async () => {
    const hero = creature("Aldo", { fastSlow: { strength: { value: 13 } } }, [alice]);
    // 3 boons and 1 bane: 2 net boons, the higher of 2d6 is added.
    queueFaces(6, 2, 5);
    const out = await roll(alice, hero, "fast-slow", "fs.strength", { boons: 3, banes: 1 });
    expect(out.ok).toBe(true);
    expect(lastCard()).toMatchObject({
      dice: "d20",
      kind: "attribute",
      attributeKey: "FRAY.Family.fast-slow.Attribute.strength",
      modifier: 3,
      boons: 3,
      banes: 1,
      target: 10,
    });
    expect(lastCard().result).toMatchObject({ total: 6 + 3 + 5, success: true, natural: 6, boonValue: 5 });
    expect(lastCard().result?.roll.formula).toBe("1d20 + 3 + 2d6kh");
  });

  it("FS-D1 banes subtract the highest die: Agility 9 with 1 bane, 1d20 − 1 − 1d6, fails under 10", async () => {
    const hero = creature("Aldo", { fastSlow: { agility: { value: 9 } } }, [alice]);
    queueFaces(11, 4);
    await roll(alice, hero, "fast-slow", "fs.agility", { boons: 0, banes: 1 });
    expect(lastCard().result?.roll.formula).toBe("1d20 - 1 - 1d6");
    expect(lastCard().result).toMatchObject({ total: 11 - 1 - 4, success: false });
  });

  it("classic-d20: an ability check is 1d20 + the ability modifier (the Dexterity check of CD-I1), against the total asked", async () => {
    const hero = creature("Wojciech", { classicD20: { abilities: { dex: { value: 15 } } } }, [alice]);
    queueFaces(9);
    await roll(alice, hero, "classic-d20", "cd.dex", { modifier: 1, target: 15 });
    expect(lastCard()).toMatchObject({
      dice: "d20",
      kind: "ability",
      attributeKey: "FRAY.Family.classic-d20.Ability.dex",
      modifier: 2 + 1,
      boons: 0,
      banes: 0,
      target: 15,
    });
    expect(lastCard().result).toMatchObject({ total: 12, success: false });
  });

  it("OD-I2 OD-A2 an opposed-d20 skill roll is 1d20 + the skill (Initiative, attack and defense skills)", async () => {
    const hero = creature("Ana", { opposedD20: { initiative: 4, attack: { melee: 6 } } }, [alice]);
    queueFaces(7);
    await roll(alice, hero, "opposed-d20", "od.initiative", { modifier: 0, target: 10 });
    expect(lastCard()).toMatchObject({ kind: "skill", modifier: 4 });
    expect(lastCard().result).toMatchObject({ total: 11, natural: 7 });
    queueFaces(3);
    await roll(alice, hero, "opposed-d20", "od.melee", { modifier: -2, target: 10 });
    expect(lastCard()).toMatchObject({ attributeKey: "FRAY.Family.opposed-d20.attackMelee", modifier: 4 });
  });

  it("AD-A1 a weapon skill roll is 3d6 at or under the skill, the modifier moving the target value", async () => {
    const hero = creature("Kenji", { activeDefense: { skills: { blade: 14 } } }, [alice]);
    queueFaces(4, 5, 5);
    await roll(alice, hero, "active-defense-3d6", "ad.skill.blade", { modifier: -1 });
    expect(lastCard()).toMatchObject({
      dice: "3d6",
      kind: "rollUnder",
      attributeKey: "FRAY.Family.active-defense-3d6.Skill.blade",
      target: 14,
      modifier: -1,
    });
    // 14 with the bane of −1 is 13; 4 + 5 + 5 = 14 is over it.
    expect(lastCard().result).toMatchObject({ total: 14, target: 13, success: false, margin: -1 });
  });

  it("AD-M6 WL and AG are rolled at or under themselves; AD-C3 3–4 is a critical success", async () => {
    const hero = creature("Kenji", { activeDefense: { wl: 11, ag: 12 } }, [alice]);
    queueFaces(1, 1, 2);
    await roll(alice, hero, "active-defense-3d6", "ad.wl", { modifier: 0 });
    expect(lastCard()).toMatchObject({ attributeKey: "FRAY.Family.active-defense-3d6.Stat.wl", target: 11 });
    expect(lastCard().result).toMatchObject({ total: 4, success: true, critical: "success" });
    queueFaces(6, 6, 1);
    await roll(alice, hero, "active-defense-3d6", "ad.ag", { modifier: 0 });
    expect(lastCard().result).toMatchObject({ total: 13, target: 12, success: false });
  });

  it("PR-P6 the manoeuvre roll is an open-ended d100 + the manoeuvre bonus: 96 or more rolls again and adds", async () => {
    const hero = creature("Aubert", { phasedRound: { maneuver: 15 } }, [alice]);
    queueFaces(97, 42);
    const out = await roll(alice, hero, "phased-round", "pr.maneuver", { modifier: -5 });
    expect(out.ok).toBe(true);
    const message = messages().at(-1);
    expect(message?.rolls.map((r) => [r.formula, r.total])).toEqual([
      ["1d100", 97],
      ["1d100", 42],
    ]);
    const flavor = String(message?._source.flavor);
    expect(flavor).toContain("[97, 42]");
    expect(flavor).toContain("= 139");
    expect(flavor).toContain("<strong>149</strong>");
  });

  it("PR-P6 05 or less rolls again and subtracts", async () => {
    const hero = creature("Aubert", { phasedRound: { maneuver: 0 } }, [alice]);
    queueFaces(3, 50);
    await roll(alice, hero, "phased-round", "pr.maneuver", { modifier: 0 });
    expect(String(messages().at(-1)?._source.flavor)).toContain("<strong>-47</strong>");
  });

  it("the situation form: its answers go on the card; closed, nothing is rolled", async () => {
    const hero = creature("Aldo", { fastSlow: { will: { value: 12 } } }, [alice]);
    budgetWorld.prompts.push({ boons: "1", banes: "0" });
    queueFaces(9, 3);
    await roll(alice, hero, "fast-slow", "fs.will");
    expect(lastCard()).toMatchObject({ boons: 1, banes: 0, modifier: 2 });
    expect(String(budgetWorld.dialogs[0]?.content)).toContain('name="boons"');
    const before = messages().length;
    budgetWorld.prompts.push(null);
    expect(await roll(alice, hero, "fast-slow", "fs.will")).toEqual({ ok: true, value: null });
    expect(messages()).toHaveLength(before);
  });

  it("a player cannot roll for a creature they do not own: refused, nothing posted", async () => {
    const hero = creature("Aldo", {}, [alice]);
    expect(await roll(bob, hero, "fast-slow", "fs.strength", { boons: 0, banes: 0 })).toMatchObject({
      ok: false,
      reason: "notOwner",
    });
    expect(messages()).toHaveLength(0);
  });

  it("a check of another family than the world's is refused", async () => {
    const hero = creature("Aldo", {}, [alice]);
    expect(await roll(alice, hero, "classic-d20", "fs.strength", {})).toMatchObject({
      ok: false,
      reason: "notInThisFamily",
    });
  });
});
