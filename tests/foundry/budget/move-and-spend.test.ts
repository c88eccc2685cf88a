/**
 * FS-R5, FS-A5: a token moved on the table (the GM spends its move on `moveToken`) while a budget request about
 * the same creature is handled: both spends are kept, even when the GM's writes take a server round trip to come
 * back. The move's spend waits for the fight's budget requests, and they for it.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { queueFaces, queuedFaces } from "../../harness/roll";
import {
  alice,
  as,
  budgetNow,
  budgetWorld,
  creature,
  dragToken,
  events,
  gm,
  resetWorld,
  settle,
  startedFight,
  world,
} from "./setup";
import { askTraversalRoll } from "../../../src/applications/budget/traversal-rolls";
import { checkCardOf, rollCheck } from "../../../src/chat/check-card";
import { spendBudgetRequest } from "../../../src/documents/budget-requests";
import type { FastSlowBudget } from "../../../src/rules/families/fast-slow/budget";
import type { ChatMessageDoc, FighterDoc } from "../../harness/chat";

/** The combatant's writes come back after a server round trip (a few milliseconds), not at once. */
function slowWrites(fighter: FighterDoc): void {
  const write = fighter.update.bind(fighter);
  fighter.update = async (changes) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    return write(changes);
  };
}

describe("a move and a spend at once", () => {
  beforeEach(() => {
    resetWorld();
    queuedFaces.length = 0;
  });

  it("FS-R5 FS-A5 a 3 m walk on a slow turn and Defend from the panel at once: both are spent, neither lost", async () => {
    const hero = creature("Aldo", {}, [alice]);
    const { fight, ids } = await startedFight("fast-slow", hero, creature("Orc", {}));
    const heroId = ids[0] as string;
    await events(fight, [
      { type: "pass", id: heroId },
      { type: "advancePhase", gmOverride: true },
      { type: "takeTurn", id: heroId },
    ]);
    slowWrites(fight.combatants.get(heroId) as FighterDoc);
    const [moved, defended] = await Promise.all([
      dragToken(alice, hero.token, [{ action: "walk", cost: 3 }]),
      as(alice, () =>
        spendBudgetRequest.send({
          combatId: fight.id,
          combatantId: heroId,
          event: { type: "activity", activity: "defend" },
        }),
      ),
    ]);
    for (let i = 0; i < 5; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      await settle();
    }
    expect(moved).toBe(true);
    expect(defended).toEqual({ ok: true, value: true });
    expect(budgetNow<FastSlowBudget>(fight, heroId).turn).toMatchObject({ moveLeft: 7, actionLeft: 0 });
  });
});

describe("a traversal roll and a spend at once", () => {
  beforeEach(() => {
    resetWorld();
    queuedFaces.length = 0;
  });

  it("FS-M2 FS-A5 a failed climb roll (movement stopped) and Defend at once: both are kept", async () => {
    const hero = creature("Aldo", {}, [alice]);
    const { fight, ids } = await startedFight("fast-slow", hero, creature("Orc", {}));
    const heroId = ids[0] as string;
    await events(fight, [
      { type: "pass", id: heroId },
      { type: "advancePhase", gmOverride: true },
      { type: "takeTurn", id: heroId },
    ]);
    budgetWorld.prompts.push({ banes: 0 });
    await as(gm, () => askTraversalRoll(fight.id, heroId, "climb"));
    await settle();
    const card = [...world.messages.values()].find((m) => checkCardOf(m as never)) as ChatMessageDoc;
    slowWrites(fight.combatants.get(heroId) as FighterDoc);
    queueFaces(5);
    const [rolled, defended] = await Promise.all([
      as(alice, () => rollCheck(card.id)),
      as(alice, () =>
        spendBudgetRequest.send({
          combatId: fight.id,
          combatantId: heroId,
          event: { type: "activity", activity: "defend" },
        }),
      ),
    ]);
    for (let i = 0; i < 5; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      await settle();
    }
    expect([rolled.ok, defended.ok]).toEqual([true, true]);
    expect(budgetNow<FastSlowBudget>(fight, heroId).turn).toMatchObject({ stopped: true, actionLeft: 0 });
  });
});
