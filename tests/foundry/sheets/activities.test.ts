/**
 * The fast-slow actions the sheet and the budget panel take with a roll: FS-A5 Defend (the action spent through
 * the GM, the Defend state on the round engine), FS-A8 Help (Intellect roll; a success gives the helped
 * creature 1 boon on its next roll this round — a sheet roll or an attack — used once), FS-A7 Search
 * (Perception against 10 for an object, against the hider's Agility for a creature, which is Hidden no more),
 * FS-A14 Stabilize (Intellect roll, 1 bane if the creature is dying; a success heals 1 Health), FS-A9 Hide
 * (Agility roll against 10; a success makes the creature Hidden). Ownership is
 * checked before anything is spent or rolled.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { giveStatus } from "../../harness/effects";
import { queueFaces } from "../../harness/roll";
import {
  alice,
  as,
  bob,
  budgetWorld,
  creature,
  events,
  freshWorld,
  gm,
  lastCard,
  messages,
  settle,
  startedFight,
  statesOf,
  weapon,
  world,
} from "./setup";
import { sheetDefend, rollSheetCheck } from "../../../src/applications/sheets/sheet-rolls";
import { budgetPanel, pressBudget } from "../budget/panel";
import { storedBudgetOf } from "../../../src/documents/budget-store";
import { startAttack } from "../../../src/chat/start-attack";
import { NO_SITUATION } from "../../../src/chat/card-data";
import { attackCardOf } from "../../../src/chat/attack-message";
import type { FastSlowBudget } from "../../../src/rules/families/fast-slow/budget";
import type { ChatUser, FightDoc } from "../../harness/chat";
import { actorSheetContext } from "../../../src/applications/sheets/actor-context";
import { loadLanguage, translate } from "../../harness/templates";
import { placeOnVisionScene, showVisionScene, sightScene } from "../../harness/sight";

type Creature = ReturnType<typeof creature>;

/** A started fast-slow fight in which the first creature is taking its slow turn. */
async function slowTurnOf(first: Creature, ...others: Creature[]) {
  const { fight, ids } = await startedFight("fast-slow", first, ...others);
  const id = ids[0] as string;
  await events(fight, [
    { type: "pass", id },
    { type: "advancePhase", gmOverride: true },
    { type: "takeTurn", id },
  ]);
  return { fight, ids };
}

function budget(fight: FightDoc, id: string): FastSlowBudget {
  return storedBudgetOf(fight as never, fight.combatants.get(id) as never) as FastSlowBudget;
}

/** `user` presses the budget panel's activity button of `combatantId`, the form answered with `answers`. */
async function pressActivity(
  user: ChatUser,
  fight: FightDoc,
  combatantId: string,
  activity: string,
  answers: Record<string, unknown> | null,
  seenBy: ChatUser = user,
) {
  budgetWorld.prompts.push(answers);
  const label = translate(loadLanguage("en"), `FRAY.Activity.${activity}`) ?? activity;
  const out = await pressBudget(user, fight, combatantId, label, seenBy);
  await settle();
  return out;
}

describe("FS-A5 Defend from the sheet", () => {
  beforeEach(freshWorld);

  it("FS-A5 takes the turn's action and leaves the Defend state until the end of the round", async () => {
    const hero = creature("Aldo", {}, [alice]);
    const orc = creature("Orc");
    const { fight, ids } = await slowTurnOf(hero, orc);
    const heroId = ids[0] as string;
    expect(await as(alice, () => sheetDefend(hero.actor as never, hero.token as never))).toBe(true);
    await settle();
    expect(statesOf(fight, heroId)).toEqual([
      expect.objectContaining({ key: "defend", expiry: { kind: "endOfRound", round: 1 } }),
    ]);
    expect(budget(fight, heroId).turn).toMatchObject({ actionLeft: 0, actionUsedFor: "defend" });
    // Taken once: a second press says why.
    expect(await as(alice, () => sheetDefend(hero.actor as never, hero.token as never))).toBe(false);
    expect(world.warnings.at(-1)).toBe("This creature is already defending this round.");
    await events(fight, [{ type: "endRound", gmOverride: true }]);
    expect(statesOf(fight, heroId)).toEqual([]);
  });

  it("FS-A5 a player cannot make another's creature defend; outside a fight there is nothing to take", async () => {
    const hero = creature("Aldo", {}, [alice]);
    const { fight, ids } = await slowTurnOf(hero);
    expect(await as(bob, () => sheetDefend(hero.actor as never, hero.token as never))).toBe(false);
    expect(world.warnings.at(-1)).toBe("You do not own Aldo.");
    expect(statesOf(fight, ids[0] as string)).toEqual([]);
    const loner = creature("Mira", {}, [alice]);
    expect(await as(alice, () => sheetDefend(loner.actor as never, loner.token as never))).toBe(false);
    expect(world.warnings.at(-1)).toBe("This creature is in no fight.");
  });
});

describe("FS-A8 Help", () => {
  beforeEach(freshWorld);

  it("FS-A8 an Intellect roll; on a success the helped creature's next roll this round has 1 boon, once", async () => {
    const hero = creature("Aldo", { fastSlow: { intellect: { value: 12 } } }, [alice]);
    const ally = creature("Tobin", { fastSlow: { strength: { value: 10 } } }, [bob]);
    const { fight, ids } = await slowTurnOf(hero, ally);
    const [heroId, allyId] = ids as [string, string];
    queueFaces(9);
    expect(await pressActivity(alice, fight, heroId, "help", { target: allyId, boons: 0, banes: 0 })).toBe(
      true,
    );
    expect(lastCard()).toMatchObject({
      kind: "help",
      attributeKey: "FRAY.Family.fast-slow.Attribute.intellect",
      modifier: 2,
    });
    expect(lastCard().result).toMatchObject({ total: 11, success: true });
    expect(lastCard().consequence?.lines).toEqual([
      { key: "FRAY.Activity.Roll.helpGiven", data: { name: "Tobin" } },
    ]);
    expect(budget(fight, heroId).turn).toMatchObject({ actionLeft: 0, actionUsedFor: "help" });
    expect(statesOf(fight, allyId)).toEqual([
      expect.objectContaining({ key: "help", expiry: { kind: "endOfRound", round: 1 } }),
    ]);

    // Tobin's next roll (a Strength roll from his sheet) takes the boon; the one after has none.
    queueFaces(8, 6);
    await as(bob, () => rollSheetCheck(ally.actor as never, ally.token as never, "fs.strength", {}));
    await settle();
    expect(lastCard()).toMatchObject({ boons: 1, banes: 0 });
    expect(lastCard().lines).toEqual([
      { key: "FRAY.Activity.Roll.helped", data: { name: "Aldo", amount: "1" } },
    ]);
    expect(lastCard().result).toMatchObject({ total: 14 });
    expect(statesOf(fight, allyId)).toEqual([]);
    queueFaces(8);
    await as(bob, () => rollSheetCheck(ally.actor as never, ally.token as never, "fs.strength", {}));
    await settle();
    expect(lastCard()).toMatchObject({ boons: 0 });
  });

  it("FS-A8 a failed Help gives nothing; the action is spent all the same", async () => {
    const hero = creature("Aldo", {}, [alice]);
    const ally = creature("Tobin", {}, [bob]);
    const { fight, ids } = await slowTurnOf(hero, ally);
    const [heroId, allyId] = ids as [string, string];
    queueFaces(4);
    await pressActivity(alice, fight, heroId, "help", { target: allyId, boons: 0, banes: 0 });
    expect(lastCard().result?.success).toBe(false);
    expect(lastCard().consequence?.lines).toEqual([
      { key: "FRAY.Activity.Roll.helpFailed", data: { name: "Tobin" } },
    ]);
    expect(statesOf(fight, allyId)).toEqual([]);
    expect(budget(fight, heroId).turn?.actionLeft).toBe(0);
  });

  it("FS-A8 an attack is the helped creature's next roll: the boon is on the card, as Help", async () => {
    const hero = creature("Aldo", { fastSlow: { intellect: { value: 12 } } }, [alice]);
    const ally = creature("Tobin", {}, [bob]);
    const orc = creature("Orc", { fastSlow: { defense: { base: 10 } } });
    const { fight, ids } = await slowTurnOf(hero, ally, orc);
    const [heroId, allyId] = ids as [string, string];
    queueFaces(15);
    await pressActivity(alice, fight, heroId, "help", { target: allyId, boons: 0, banes: 0 });
    await events(fight, [
      { type: "endTurn", id: heroId },
      { type: "takeTurn", id: allyId },
    ]);
    const axe = weapon(ally.actor, "Axe");
    queueFaces(5, 6);
    const card = await as(bob, () =>
      startAttack(ally.actor as never, axe as never, {
        token: ally.token as never,
        targets: [orc.token as never],
        situation: NO_SITUATION,
      }),
    );
    await settle();
    const entry = attackCardOf(card as never)?.entries[0];
    expect(entry?.attack?.boons).toEqual(expect.arrayContaining([{ source: "help", boons: 1, banes: 0 }]));
    expect(entry?.attack?.total).toBe(5 + 6);
    expect(statesOf(fight, allyId)).toEqual([]);
  });

  it("FS-A8 the creature helped must be within 4.5 m; with none, nothing is spent", async () => {
    const hero = creature("Aldo", {}, [alice]);
    const { fight, ids } = await slowTurnOf(hero);
    const heroId = ids[0] as string;
    expect(await pressActivity(alice, fight, heroId, "help", null)).toBe(false);
    expect(world.warnings.at(-1)).toBe("No creature within 4.5 m to help.");
    expect(budget(fight, heroId).turn?.actionLeft).toBe(1);
    expect(messages()).toHaveLength(0);
  });

  it("FS-A8 a creature that *you* can see: where the scene has token vision, one behind a wall is not offered", async () => {
    const vision = showVisionScene();
    try {
      const hero = creature("Aldo", { fastSlow: { intellect: { value: 12 } } }, [alice]);
      const ally = creature("Tobin", {}, [bob]);
      const orc = creature("Orc");
      placeOnVisionScene(hero.token, 0, 0);
      placeOnVisionScene(ally.token, 2, 0);
      placeOnVisionScene(orc.token, 0, 2);
      // A wall between Aldo and Tobin (both within 4.5 m of Aldo); none between Aldo and the orc.
      sightScene.walls.push({ c: [150, 0, 150, 100], sight: 20 });
      const { fight, ids } = await slowTurnOf(hero, ally, orc);
      const [heroId, , orcId] = ids as [string, string, string];
      queueFaces(9);
      expect(await pressActivity(alice, fight, heroId, "help", { target: orcId, boons: 0, banes: 0 })).toBe(
        true,
      );
      const form = String(budgetWorld.dialogs.at(-1)?.content ?? "");
      expect(form).toContain("Orc");
      expect(form).not.toContain("Tobin");
      expect(statesOf(fight, orcId)).toEqual([expect.objectContaining({ key: "help" })]);
    } finally {
      vision.off();
    }
  });

  it("FS-A8 with nobody in sight nothing is spent; the GM may override; a scene without vision leaves it to the table", async () => {
    const vision = showVisionScene();
    try {
      const hero = creature("Aldo", { fastSlow: { intellect: { value: 12 } } }, [alice]);
      const ally = creature("Tobin", {}, [bob]);
      placeOnVisionScene(hero.token, 0, 0);
      placeOnVisionScene(ally.token, 2, 0);
      sightScene.walls.push({ c: [150, 0, 150, 100], sight: 20 });
      const { fight, ids } = await slowTurnOf(hero, ally);
      const [heroId, allyId] = ids as [string, string];
      expect(await pressActivity(alice, fight, heroId, "help", null)).toBe(false);
      expect(world.warnings.at(-1)).toBe(
        "No creature within 4.5 m that this creature can see (the scene's vision) to help.",
      );
      expect(budget(fight, heroId).turn?.actionLeft).toBe(1);
      expect(messages()).toHaveLength(0);
      // No form was shown: the answer queued for it is still there.
      expect(budgetWorld.prompts.splice(0)).toEqual([null]);
      // The GM is offered Tobin, marked, and may help through the wall.
      queueFaces(9);
      expect(await pressActivity(gm, fight, heroId, "help", { target: allyId, boons: 0, banes: 0 })).toBe(
        true,
      );
      expect(String(budgetWorld.dialogs.at(-1)?.content ?? "")).toContain("Tobin (out of sight: the GM");
      expect(statesOf(fight, allyId)).toEqual([expect.objectContaining({ key: "help" })]);
      // Without token vision, the wall does not decide: the player is offered Tobin.
      sightScene.tokenVision = false;
      await events(fight, [{ type: "endRound", gmOverride: true }]);
      await events(fight, [
        { type: "pass", id: heroId },
        { type: "advancePhase", gmOverride: true },
        { type: "takeTurn", id: heroId },
      ]);
      queueFaces(9);
      expect(await pressActivity(alice, fight, heroId, "help", { target: allyId, boons: 0, banes: 0 })).toBe(
        true,
      );
    } finally {
      vision.off();
    }
  });

  it("a player cannot take another's creature's activity: refused before any roll", async () => {
    const hero = creature("Aldo", {}, [alice]);
    const ally = creature("Tobin", {}, [bob]);
    const { fight, ids } = await slowTurnOf(hero, ally);
    const [heroId, allyId] = ids as [string, string];
    // Bob's screen offers him no button of Aldo's; pressed on a page drawn for Alice, it is refused.
    expect((await budgetPanel(bob, fight, heroId)).querySelectorAll("button")).toHaveLength(0);
    expect(
      await pressActivity(bob, fight, heroId, "help", { target: allyId, boons: 0, banes: 0 }, alice),
    ).toBe(false);
    expect(messages()).toHaveLength(0);
    expect(budget(fight, heroId).turn?.actionLeft).toBe(1);
  });
});

describe("FS-A7 Search", () => {
  beforeEach(freshWorld);

  it("FS-A7 against a hidden creature: Perception reaching its Agility finds it, and it is Hidden no more", async () => {
    const hero = creature("Aldo", { fastSlow: { perception: { value: 13 } } }, [alice]);
    const thief = creature("Thief", { fastSlow: { agility: { value: 14 } } });
    giveStatus(thief.actor, "hidden");
    const { fight, ids } = await slowTurnOf(hero, thief);
    const [heroId, thiefId] = ids as [string, string];
    queueFaces(11);
    await pressActivity(alice, fight, heroId, "search", { target: thiefId, boons: 0, banes: 0 });
    expect(lastCard()).toMatchObject({
      kind: "search",
      attributeKey: "FRAY.Family.fast-slow.Attribute.perception",
      modifier: 3,
      target: 14,
    });
    expect(lastCard().result).toMatchObject({ total: 14, success: true });
    expect(lastCard().consequence?.lines).toEqual([
      { key: "FRAY.Activity.Roll.found", data: { name: "Thief" } },
    ]);
    expect(thief.actor.statuses.has("hidden")).toBe(false);
  });

  it("FS-A7 a total under the hider's Agility leaves it hidden", async () => {
    const hero = creature("Aldo", { fastSlow: { perception: { value: 13 } } }, [alice]);
    const thief = creature("Thief", { fastSlow: { agility: { value: 14 } } });
    giveStatus(thief.actor, "hidden");
    const { fight, ids } = await slowTurnOf(hero, thief);
    queueFaces(10);
    await pressActivity(alice, fight, ids[0] as string, "search", { target: ids[1], boons: 0, banes: 0 });
    expect(lastCard().result).toMatchObject({ total: 13, success: false });
    expect(thief.actor.statuses.has("hidden")).toBe(true);
  });

  it("FS-A7 a hidden object: a Perception roll against 10, with no consequence", async () => {
    const hero = creature("Aldo", { fastSlow: { perception: { value: 10 } } }, [alice]);
    const { fight, ids } = await slowTurnOf(hero);
    queueFaces(10);
    await pressActivity(alice, fight, ids[0] as string, "search", { target: "object", boons: 0, banes: 0 });
    expect(lastCard()).toMatchObject({ target: 10, consequence: null });
    expect(lastCard().lines).toEqual([{ key: "FRAY.Activity.Roll.searchingObject" }]);
    expect(lastCard().result?.success).toBe(true);
  });
});

describe("FS-A14 Stabilize", () => {
  beforeEach(freshWorld);

  it("FS-A14 an Intellect roll with 1 bane when the creature is dying; a success heals it 1 Health", async () => {
    const hero = creature("Aldo", { fastSlow: { intellect: { value: 12 } } }, [alice]);
    const friend = creature("Tobin", { health: { value: 0, max: 12 } }, [bob]);
    const { fight, ids } = await slowTurnOf(hero, friend);
    const [heroId, friendId] = ids as [string, string];
    queueFaces(10, 3);
    await pressActivity(alice, fight, heroId, "stabilize", {
      target: friendId,
      boons: 0,
      banes: 0,
      dying: true,
    });
    expect(lastCard()).toMatchObject({ kind: "stabilize", modifier: 2, banes: 1 });
    expect(lastCard().result).toMatchObject({ total: 10 + 2 - 3, success: false });
    expect((friend.actor.system as { health: { value: number } }).health.value).toBe(0);

    await events(fight, [{ type: "endRound", gmOverride: true }]);
    await events(fight, [
      { type: "pass", id: heroId },
      { type: "pass", id: friendId },
      { type: "advancePhase", gmOverride: true },
      { type: "takeTurn", id: heroId },
    ]);
    queueFaces(12);
    await pressActivity(alice, fight, heroId, "stabilize", {
      target: friendId,
      boons: 0,
      banes: 0,
      dying: false,
    });
    expect(lastCard()).toMatchObject({ banes: 0 });
    expect(lastCard().consequence?.lines).toEqual([
      { key: "FRAY.Activity.Roll.stabilized", data: { name: "Tobin", amount: "1" } },
    ]);
    expect((friend.actor.system as { health: { value: number } }).health.value).toBe(1);
  });

  it("FS-A14 only an incapacitated creature can be stabilized", async () => {
    const hero = creature("Aldo", {}, [alice]);
    const friend = creature("Tobin", { health: { value: 5, max: 12 } }, [bob]);
    const { fight, ids } = await slowTurnOf(hero, friend);
    expect(await pressActivity(alice, fight, ids[0] as string, "stabilize", null)).toBe(false);
    expect(world.warnings.at(-1)).toBe("No incapacitated creature in reach.");
  });
});

describe("FS-A9 Hide", () => {
  beforeEach(freshWorld);

  it("FS-A9 the action panel offers Hide: an Agility roll against 10; a success makes the creature Hidden «caché»", async () => {
    const hero = creature("Aldo", { fastSlow: { agility: { value: 13 } } }, [alice]);
    const orc = creature("Orc", {});
    const { fight, ids } = await slowTurnOf(hero, orc);
    const heroId = ids[0] as string;
    const panel = actorSheetContext(hero.actor as never, {
      family: "fast-slow",
      editable: true,
      token: hero.token as never,
      user: alice as never,
    }).frayBudget;
    expect(panel?.controls).toContainEqual(
      expect.objectContaining({ op: "fsActivity", label: "FRAY.Activity.hide", data: { activity: "hide" } }),
    );
    queueFaces(7);
    expect(await pressActivity(alice, fight, heroId, "hide", { boons: 0, banes: 0 })).toBe(true);
    expect(lastCard()).toMatchObject({
      kind: "hide",
      attributeKey: "FRAY.Family.fast-slow.Attribute.agility",
      modifier: 3,
      target: 10,
    });
    // The conditions are the GM's to judge: the card recalls them.
    expect(lastCard().lines).toEqual([{ key: "FRAY.Activity.Roll.hiding" }]);
    expect(lastCard().result).toMatchObject({ total: 10, success: true });
    expect(lastCard().consequence?.lines).toEqual([
      { key: "FRAY.Activity.Roll.nowHidden", data: { name: "Aldo" } },
    ]);
    expect(hero.actor.statuses.has("hidden")).toBe(true);
    expect(budget(fight, heroId).turn?.actionLeft).toBe(0);
  });

  it("FS-A9 a failed Hide leaves the creature seen; the action is spent; closing the form spends nothing", async () => {
    const hero = creature("Aldo", { fastSlow: { agility: { value: 10 } } }, [alice]);
    const { fight, ids } = await slowTurnOf(hero);
    const heroId = ids[0] as string;
    expect(await pressActivity(alice, fight, heroId, "hide", null)).toBe(false);
    expect(budget(fight, heroId).turn?.actionLeft).toBe(1);
    expect(messages()).toHaveLength(0);
    queueFaces(9);
    await pressActivity(alice, fight, heroId, "hide", { boons: 0, banes: 0 });
    expect(lastCard().result).toMatchObject({ total: 9, success: false });
    expect(lastCard().consequence?.lines).toEqual([
      { key: "FRAY.Activity.Roll.notHidden", data: { name: "Aldo" } },
    ]);
    expect(hero.actor.statuses.has("hidden")).toBe(false);
    expect(budget(fight, heroId).turn?.actionLeft).toBe(0);
  });

  it("FS-A9 the Hide card's strings exist in the five languages", () => {
    for (const lang of ["en", "fr", "pl", "es", "ja"]) {
      const tree = loadLanguage(lang);
      for (const key of [
        "FRAY.Check.Kind.hide",
        "FRAY.Activity.Roll.hiding",
        "FRAY.Activity.Roll.nowHidden",
        "FRAY.Activity.Roll.notHidden",
      ])
        expect(translate(tree, key), `${lang} ${key}`).toBeTruthy();
    }
  });
});
