/**
 * Issue 12, a hostile player against the check cards: the GM posts every check card (sheet checks, FS-A7/A8/A9/A14
 * activities, FS-M1 balance, AD-M6 casting) from the documents, and rolls no card a GM did not write. Forged
 * consequences (a concentration ended, a mount's fall, a balance that fells, a heal, a reveal) change nothing.
 */
import { beforeEach, describe, expect, it } from "vitest";
import {
  alice,
  as,
  bob,
  creature,
  events,
  freshWorld,
  gm,
  messages,
  setSetting,
  settle,
  startedFight,
  world,
} from "../sheets/setup";
import { queueFaces, queuedFaces } from "../../harness/roll";
import { giveStatus } from "../../harness/effects";
import type { ChatMessageDoc } from "../../harness/chat";
import { rollSheetCheck } from "../../../src/applications/sheets/sheet-rolls";
import { checkCardOf } from "../../../src/chat/check-card";
import "../../../src/chat/spell-card";
import "../../../src/applications/budget/traversal-rolls";
import { placeOnVisionScene, showVisionScene, sightScene } from "../../harness/sight";
import { view } from "../chat/setup";
import { askAs, hostile } from "./hostile";

type Creator = { create(data: unknown): Promise<ChatMessageDoc | undefined> };
const chat = () =>
  (globalThis as unknown as { CONFIG: { ChatMessage: { documentClass: Creator } } }).CONFIG.ChatMessage
    .documentClass;
type Creature = ReturnType<typeof creature>;
const health = (c: Creature) => (c.actor.system as { health: { value: number } }).health.value;

/** A fast-slow fight in which the first creature takes its slow turn. */
async function slowTurnOf(first: Creature, ...others: Creature[]) {
  const { fight, ids } = await startedFight("fast-slow", first, ...others);
  const id = ids[0] as string;
  await events(fight, [
    { type: "pass", id },
    { type: "advancePhase", gmOverride: true },
    { type: "takeTurn", id },
  ]);
  return { fight, ids: ids as string[] };
}

/** A check card's data as a player would forge it: rolled by nobody yet, with a consequence on `subject`. */
function forgedCheck(roller: Creature, consequence: { name: string; data: Record<string, unknown> }) {
  return {
    type: "check",
    content: "",
    system: {
      dice: "d20",
      kind: "attribute",
      roller: { actorUuid: roller.actor.uuid, tokenUuid: roller.token.uuid, name: "x", img: "" },
      attributeKey: "FRAY.Check.noAttribute",
      modifier: 100,
      boons: 0,
      banes: 0,
      target: 1,
      lines: [],
      combatId: null,
      consequence: { ...consequence, applied: false, lines: [], rolls: [] },
      result: null,
    },
  };
}

describe("security: check cards", () => {
  beforeEach(() => {
    freshWorld();
    world.warnings.length = 0;
  });

  it("a sheet check is posted and rolled by the GM, spoken by the creature; its roller cannot edit it", async () => {
    const hero = creature("Aldo", {}, [alice]);
    queueFaces(12);
    const out = await as(alice, () =>
      rollSheetCheck(hero.actor as never, hero.token as never, "fs.strength", {}),
    );
    expect(out.ok).toBe(true);
    const message = messages().at(-1)!;
    expect(message.author?.id).toBe(gm.id);
    expect(checkCardOf(message as never)?.result?.total).toBe(12);
    await expect(hostile(alice, () => message.update({ "system.result": null } as never))).rejects.toThrow(
      /lacks permission/,
    );
  });

  it("a forged check card is rolled by nobody: no concentration ended, no fall, no heal, no reveal", async () => {
    const hero = creature("Aldo", {}, [alice]);
    const victim = creature("Tobin", { health: { value: 0, max: 12 } }, [bob]);
    giveStatus(victim.actor, "hidden");
    const before = messages().length;
    // An honest client refuses to post it at all while a GM is connected.
    expect(
      await as(alice, () => chat().create(forgedCheck(hero, { name: "mount.fall", data: {} }))),
    ).toBeUndefined();
    expect(messages()).toHaveLength(before);
    expect(world.warnings.at(-1)).toBe(
      "While a GM is connected, only the GM posts Fray's cards: use the sheet's buttons.",
    );
    const forged = [
      { name: "concentration.check", data: { holder: victim.actor.uuid } },
      { name: "mount.fall", data: { rider: victim.token.uuid, mountSize: 500 } },
      {
        name: "activity.stabilize",
        data: { patient: { actorUuid: victim.actor.uuid, tokenUuid: victim.token.uuid } },
      },
      {
        name: "activity.search",
        data: { hider: { actorUuid: victim.actor.uuid, tokenUuid: victim.token.uuid } },
      },
    ];
    for (const consequence of forged) {
      const message = await hostile(alice, () => chat().create(forgedCheck(hero, consequence)));
      expect(message?.author?.id).toBe(alice.id);
      for (const user of [alice, gm])
        expect(await askAs(user, "fray.check.roll", { messageId: message!.id })).toEqual({
          ok: false,
          reason: "notGmCard",
        });
      expect(checkCardOf(world.messages.get(message!.id) as never)?.result).toBeNull();
    }
    expect(health(victim)).toBe(0);
    expect(victim.actor.statuses.has("hidden")).toBe(true);
    expect(queuedFaces).toEqual([]);
  });

  it("sheet checks: another's creature, a check of no such statistic, a situation out of bounds are refused", async () => {
    const hero = creature("Aldo", {}, [alice]);
    const other = creature("Tobin", {}, [bob]);
    const ask = (payload: object) =>
      askAs(alice, "fray.check.sheet", {
        actorUuid: hero.actor.uuid,
        tokenUuid: hero.token.uuid,
        checkId: "fs.strength",
        situation: {},
        ...payload,
      });
    expect(await ask({ actorUuid: other.actor.uuid, tokenUuid: other.token.uuid })).toMatchObject({
      ok: false,
      reason: "notOwner",
    });
    expect(await ask({ checkId: "cd.str" })).toMatchObject({ ok: false, reason: "notInThisFamily" });
    expect(await ask({ situation: { boons: 4 } })).toMatchObject({ ok: false, reason: "outOfBounds" });
    expect(await ask({ situation: { banes: -1 } })).toMatchObject({ ok: false, reason: "outOfBounds" });
    expect(await ask({ situation: "lucky" })).toMatchObject({ ok: false, reason: "invalidValue" });
    expect(messages()).toHaveLength(0);
  });

  it("sheet checks: a player's situation within the GM's bounds (situationBounds, checkTargetBounds); the GM's go further", async () => {
    const hero = creature(
      "Aldo",
      {
        classicD20: { abilities: { dex: { value: 14 } } },
        activeDefense: { ag: 12 },
        phasedRound: { maneuver: 10 },
      },
      [alice],
    );
    const ask = (user: typeof alice, checkId: string, situation: object) =>
      askAs(user, "fray.check.sheet", {
        actorUuid: hero.actor.uuid,
        tokenUuid: hero.token.uuid,
        checkId,
        situation,
      });
    setSetting("ruleset", "classic-d20");
    for (const situation of [{ modifier: 11 }, { modifier: -50 }, { target: 100 }, { target: 0 }])
      expect(await ask(alice, "cd.dex", situation), JSON.stringify(situation)).toMatchObject({
        ok: false,
        reason: "outOfBounds",
      });
    setSetting("ruleset", "active-defense-3d6");
    expect(await ask(alice, "ad.ag", { modifier: 20 })).toMatchObject({ ok: false, reason: "outOfBounds" });
    setSetting("ruleset", "phased-round");
    expect(await ask(alice, "pr.maneuver", { modifier: 51 })).toMatchObject({
      ok: false,
      reason: "outOfBounds",
    });
    expect(messages()).toHaveLength(0);
    // Within them: the d20's modifier comes from the actor (Dexterity 14: +2), the situation on top.
    setSetting("ruleset", "classic-d20");
    queueFaces(11);
    expect(await ask(alice, "cd.dex", { modifier: 10, target: 30 })).toMatchObject({ ok: true });
    expect(checkCardOf(messages().at(-1) as never)).toMatchObject({ modifier: 12, target: 30 });
    queueFaces(11);
    expect(await ask(gm, "cd.dex", { modifier: 50, target: 100 })).toMatchObject({ ok: true });
    // PR-P6 from the sheet: the GM rolls it too, and posts it.
    setSetting("ruleset", "phased-round");
    queueFaces(40);
    expect(await ask(alice, "pr.maneuver", { modifier: 50 })).toMatchObject({ ok: true });
    expect(messages().at(-1)?.author?.id).toBe(gm.id);
    expect(String(messages().at(-1)?._source.flavor)).toContain("<strong>100</strong>");
  });

  it("no GM connected: a sheet check rolls on the player's own client, marked rolled without a GM, with no consequence nor button", async () => {
    const hero = creature("Aldo", { fastSlow: { strength: { value: 13 } } }, [alice]);
    setSetting("ruleset", "fast-slow");
    gm.active = false;
    let out: Awaited<ReturnType<typeof rollSheetCheck>>;
    try {
      // Out of a player's bounds: refused, nothing rolled.
      const refused = await as(alice, () =>
        rollSheetCheck(hero.actor as never, hero.token as never, "fs.strength", { boons: 4 }),
      );
      expect(refused).toMatchObject({ ok: false, reason: "outOfBounds" });
      queueFaces(12);
      out = await as(alice, () =>
        rollSheetCheck(hero.actor as never, hero.token as never, "fs.strength", { boons: 0, banes: 0 }),
      );
    } finally {
      gm.active = true;
    }
    expect(out.ok).toBe(true);
    const message = messages().at(-1)!;
    expect(message.author?.id).toBe(alice.id);
    const card = checkCardOf(message as never);
    expect(card?.result).toMatchObject({ total: 12 + 3, success: true });
    expect(card?.consequence).toBeNull();
    for (const user of [alice, gm]) {
      const seen = await view(message as never, user);
      expect(seen).toContain("Rolled without a GM");
      expect(seen).not.toContain("data-action=");
    }
    // The GM is back: nothing on it is carried out.
    expect(await askAs(gm, "fray.check.roll", { messageId: message.id })).toEqual({
      ok: false,
      reason: "notGmCard",
    });
    expect(queuedFaces).toEqual([]);
  });

  it("activities: another's creature, a patient out of reach or not down, boons past 3 — refused, nothing spent", async () => {
    const hero = creature("Aldo", {}, [alice]);
    const friend = creature("Tobin", { health: { value: 12, max: 12 } }, [bob]);
    const { fight, ids } = await slowTurnOf(hero, friend);
    const [heroId, friendId] = ids as [string, string];
    const ask = (user: typeof alice, payload: object) =>
      askAs(user, "fray.check.activity", { combatId: fight.id, combatantId: heroId, ...payload });
    expect(await ask(bob, { activity: "hide" })).toMatchObject({ ok: false, reason: "notYourBudget" });
    // FS-A14: Tobin is not incapacitated: nobody to stabilize; naming him anyway changes nothing.
    expect(await ask(alice, { activity: "stabilize", target: friendId })).toMatchObject({
      ok: false,
      reason: "noStabilizeTarget",
    });
    expect(await ask(alice, { activity: "search", target: "Combatant0missing" })).toMatchObject({
      ok: false,
      reason: "unknownCombatant",
    });
    expect(await ask(alice, { activity: "hide", boons: 4 })).toMatchObject({
      ok: false,
      reason: "outOfBounds",
    });
    expect(await ask(alice, { activity: "hide", dying: "yes" })).toMatchObject({
      ok: false,
      reason: "invalidValue",
    });
    expect(await ask(alice, { activity: "fly" })).toMatchObject({ ok: false, reason: "invalidValue" });
    expect(messages()).toHaveLength(0);
    // The action is still there: a real Hide spends it once, and a replay is refused.
    queueFaces(15);
    expect(await ask(alice, { activity: "hide" })).toMatchObject({ ok: true });
    await settle();
    expect(hero.actor.statuses.has("hidden")).toBe(true);
    expect(await ask(alice, { activity: "hide" })).toMatchObject({ ok: false });
    expect(messages()).toHaveLength(1);
    expect(health(friend)).toBe(12);
  });

  it("FS-A8 a Help the GM's client cannot check the sight of (its canvas shows another scene) is refused to a player", async () => {
    const vision = showVisionScene();
    try {
      const hero = creature("Aldo", {}, [alice]);
      const friend = creature("Tobin", {}, [bob]);
      placeOnVisionScene(hero.token, 0, 0);
      placeOnVisionScene(friend.token, 2, 0);
      // A wall between them: on the scene the GM is not viewing, nothing on the GM's client tests it.
      sightScene.walls.push({ c: [150, 0, 150, 100], sight: 20 });
      const { fight, ids } = await slowTurnOf(hero, friend);
      const [heroId, friendId] = ids as [string, string];
      const g = globalThis as { canvas?: unknown };
      g.canvas = { ready: true, scene: { id: "sceneElsewhere001" } };
      const help = (user: typeof alice) =>
        askAs(user, "fray.check.activity", {
          combatId: fight.id,
          combatantId: heroId,
          activity: "help",
          target: friendId,
        });
      expect(await help(alice)).toMatchObject({ ok: false, reason: "sightUnknown" });
      expect(messages()).toHaveLength(0);
      expect(queuedFaces).toEqual([]);
      // A token whose owner switched its sight off sees nothing: still refused where the GM's canvas can test.
      g.canvas = { ready: true, scene: sightScene };
      sightScene.walls.length = 0;
      (hero.token as unknown as { sight: { enabled: boolean } }).sight.enabled = false;
      expect(await help(alice)).toMatchObject({ ok: false, reason: "noHelpTargetInSight" });
      expect(messages()).toHaveLength(0);
      // The GM decides for itself (its override of FS-A8).
      g.canvas = { ready: true, scene: { id: "sceneElsewhere001" } };
      queueFaces(12);
      expect(await help(gm)).toMatchObject({ ok: true });
      await settle();
      expect(messages()).toHaveLength(1);
    } finally {
      vision.off();
    }
  });

  it("FS-A14 stabilizing a creature the GM sees dying takes its bane, whatever the asker says", async () => {
    const hero = creature("Aldo", {}, [alice]);
    const friend = creature("Tobin", { health: { value: 0, max: 12 } }, [bob]);
    giveStatus(friend.actor, "dying");
    const { fight, ids } = await slowTurnOf(hero, friend);
    const [heroId, friendId] = ids as [string, string];
    queueFaces(15, 3); // the d20, then the bane's d6
    const out = await askAs(alice, "fray.check.activity", {
      combatId: fight.id,
      combatantId: heroId,
      activity: "stabilize",
      target: friendId,
      dying: false,
    });
    expect(out).toMatchObject({ ok: true });
    await settle();
    const card = checkCardOf(messages()[0] as never);
    expect(card?.banes).toBe(1);
  });

  it("FS-M1 balance: only for the asker's own combatant, banes bounded; climbing is the GM's to ask", async () => {
    const hero = creature("Aldo", {}, [alice]);
    const friend = creature("Tobin", {}, [bob]);
    const { fight, ids } = await slowTurnOf(hero, friend);
    const [heroId, friendId] = ids as [string, string];
    const ask = (payload: object) =>
      askAs(alice, "fray.check.traversal", {
        combatId: fight.id,
        combatantId: heroId,
        purpose: "balance",
        banes: 0,
        ...payload,
      });
    expect(await ask({ combatantId: friendId })).toMatchObject({ ok: false, reason: "notYourBudget" });
    expect(await ask({ purpose: "climb" })).toMatchObject({ ok: false, reason: "gmOnly" });
    expect(await ask({ purpose: "swim" })).toMatchObject({ ok: false, reason: "invalidValue" });
    expect(await ask({ banes: 11 })).toMatchObject({ ok: false, reason: "outOfBounds" });
    expect(await ask({ now: "yes" })).toMatchObject({ ok: false, reason: "invalidValue" });
    expect(messages()).toHaveLength(0);
  });

  it("AD-M6 casting rolls: only the asker's creature and its own spell", async () => {
    const hero = creature("Aldo", {}, [alice]);
    const other = creature("Tobin", {}, [bob]);
    const ask = (payload: object) =>
      askAs(alice, "fray.check.casting", {
        actorUuid: hero.actor.uuid,
        tokenUuid: hero.token.uuid,
        spellId: "x",
        ...payload,
      });
    expect(await ask({ actorUuid: other.actor.uuid, tokenUuid: other.token.uuid })).toMatchObject({
      ok: false,
      reason: "notOwner",
    });
    expect(await ask({})).toMatchObject({ ok: false, reason: "unknownSpell" });
    expect(messages()).toHaveLength(0);
  });
});
