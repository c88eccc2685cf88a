/**
 * Documents deleted between a click and the GM's handling of it — the fight a check card belongs to, the attack
 * card itself, the target's combatant — give a localized refusal or a card line, never an exception.
 */
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { queueFaces, queuedFaces } from "../../harness/roll";
import { attack, bob, click, entryOf, textOf, view } from "../chat/setup";
import {
  alice,
  as,
  budgetWorld,
  creature,
  events,
  gm,
  resetWorld,
  settle,
  startedFight,
  weapon,
  world,
} from "../budget/setup";
import { askTraversalRoll } from "../../../src/applications/budget/traversal-rolls";
import { checkCardOf, rollCheck } from "../../../src/chat/check-card";
import { defendRequest } from "../../../src/chat/requests";
import type { ChatMessageDoc } from "../../harness/chat";

describe("deleted meanwhile", () => {
  let errors: MockInstance<typeof console.error>;
  beforeEach(() => {
    resetWorld();
    queuedFaces.length = 0;
    errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
  });
  afterEach(() => {
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it("FS-M2 a climb roll whose fight was deleted while it waited is rolled with no effect", async () => {
    const hero = creature("Aldo", {}, [alice]);
    const { fight, ids } = await startedFight("fast-slow", hero, creature("Orc", {}));
    await events(fight, [{ type: "takeTurn", id: ids[0] as string }]);
    budgetWorld.prompts.push({ banes: 0 });
    await as(gm, () => askTraversalRoll(fight.id, ids[0] as string, "climb"));
    await settle();
    const card = [...world.messages.values()].find((m) => checkCardOf(m as never)) as ChatMessageDoc;
    await as(gm, () => fight.delete());
    await settle();
    queueFaces(2);
    expect(await as(alice, () => rollCheck(card.id))).toEqual({ ok: true, value: null });
    expect(checkCardOf(world.messages.get(card.id) as never)?.consequence).toMatchObject({
      applied: true,
      lines: [{ key: "FRAY.Budget.Ui.noEffect" }],
    });
    expect(hero.actor.statuses.has("prone")).toBe(false);
  });

  it("OD-A2 an attack card deleted before the GM handles the defense is refused with a reason", async () => {
    const hero = creature("Ana", {}, [alice]);
    const bea = creature("Bea", {}, [bob]);
    queueFaces(10);
    const message = await attack(alice, "opposed-d20", hero, weapon(hero.actor, "Spear"), [bea]);
    world.messages.delete(message.id);
    expect(
      await as(bob, () => defendRequest.send({ messageId: message.id, entry: "t0", defense: "dodge" })),
    ).toEqual({ ok: false, reason: "notAttackCard" });
  });

  it("OD-A2 a target whose combatant left the fight still defends; the card goes on", async () => {
    const hero = creature("Ana", { opposedD20: { attack: { melee: 5 } } }, [alice]);
    const bea = creature("Bea", { opposedD20: { defense: { dodge: 3 } } }, [bob]);
    const { fight, ids } = await startedFight("opposed-d20", hero, bea);
    await settle();
    queueFaces(10);
    const message = await attack(alice, "opposed-d20", hero, weapon(hero.actor, "Spear"), [bea]);
    await as(gm, () => fight.deleteEmbeddedDocuments("Combatant", [ids[1] as string]));
    await settle();
    queueFaces(19);
    expect(await click(bob, message, "defend", "t0", "dodge")).toEqual({ ok: true, value: null });
    expect(entryOf(message).stage).toBe("resolved");
    expect(textOf(await view(message, gm))).toContain("Bea");
    expect(world.warnings).toEqual([]);
  });
});

describe("what is gone is named in the asker's language", () => {
  beforeEach(() => resetWorld());

  it("a tracker or budget request for a fight deleted meanwhile says the fight is gone (not its id)", async () => {
    const { takeTurnRequest } = await import("../../../src/documents/combat-requests");
    const { spendBudgetRequest } = await import("../../../src/documents/budget-requests");
    const { notifyRefusal } = await import("../../../src/applications/notify");
    const hero = creature("Aldo", {}, [alice]);
    const { fight, ids } = await startedFight("fast-slow", hero, creature("Orc", {}));
    await as(gm, () => fight.delete());
    const payload = { combatId: fight.id, combatantId: ids[0] as string };
    const turn = await as(alice, () => takeTurnRequest.send(payload));
    const spend = await as(alice, () => spendBudgetRequest.send({ ...payload, event: { type: "minor" } }));
    expect([turn, spend]).toEqual([
      { ok: false, reason: "combatGone" },
      { ok: false, reason: "combatGone" },
    ]);
    notifyRefusal(turn);
    expect(world.warnings).toEqual(["This fight no longer exists."]);
  });

  it("FS-A8 a Help asked for a creature deleted meanwhile says the creature is gone", async () => {
    const { takeHelpRequest } = await import("../../../src/documents/activities/help-boons");
    const hero = creature("Aldo", {}, [alice]);
    await hero.actor.delete();
    expect(
      await as(alice, () => takeHelpRequest.send({ actorUuid: hero.actor.uuid, tokenUuid: hero.token.uuid })),
    ).toEqual({ ok: false, reason: "creatureGone" });
  });
});
