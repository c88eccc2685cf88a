/**
 * The budget panel as a player meets it: the real template (templates/budget/budget.hbs) rendered from the
 * fight's budget, parsed into a DOM, and its buttons clicked, so the panel's delegated listener reads the
 * browser's `dataset` of the button that was pressed (CD-A2 double move, CD-A4 full-round actions that allow no
 * step, CD-A5 full-round actions taken as the standard action; FS-A17 a double click spends once).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { giveStatus } from "../../harness/effects";
import {
  alice,
  as,
  budgetNow,
  creature,
  dragToken,
  engineOf,
  events,
  resetWorld,
  settle,
  startedFight,
  world,
} from "./setup";
import { onBudgetClick } from "../../../src/applications/budget/budget-actions";
import type { ClassicD20Budget } from "../../../src/rules/families/classic-d20/budget";
import type { FastSlowBudget } from "../../../src/rules/families/fast-slow/budget";
import type { ChatUser, FightDoc } from "../../harness/chat";
import { buttonByLabel, clearDom, clickThrough } from "../../harness/dom";
import { budgetPanel, pressBudget } from "./panel";

/** `user` presses the button labelled `label` on the panel; what the panel's click listener resolved with. */
async function press(user: ChatUser, fight: FightDoc, combatantId: string, label: string) {
  const out = await pressBudget(user, fight, combatantId, label);
  await settle();
  return out;
}

async function classicTurn(standardOnly = false) {
  const hero = creature("Wojtek", {}, [alice]);
  if (standardOnly) giveStatus(hero.actor, "standardOnly");
  const { fight, ids } = await startedFight("classic-d20", hero, creature("Ork", {}));
  const heroId = ids[0] as string;
  if (engineOf(fight).current !== heroId)
    await events(fight, [{ type: "takeTurn", id: heroId, gmOverride: true }]);
  return { fight, heroId, hero, turn: () => budgetNow<ClassicD20Budget>(fight, heroId).turn };
}

describe("the budget panel, clicked", () => {
  beforeEach(resetWorld);
  afterEach(clearDom);

  it("CD-A2 after the move action, the panel's double move takes the standard action as a second move", async () => {
    const { fight, heroId, turn } = await classicTurn();
    expect(await press(alice, fight, heroId, "Start a move action")).toBe(true);
    expect(turn()).toMatchObject({ moveLeft: 0, standardLeft: 1 });
    expect(await press(alice, fight, heroId, "Second move action (instead of the standard action)")).toBe(
      true,
    );
    expect(world.warnings).toEqual([]);
    expect(turn()).toMatchObject({ moveLeft: 0, standardLeft: 0, standardUsedAs: "move" });
  });

  it("CD-A4 a full-round action that allows no step bars the step after it; an ordinary one leaves it", async () => {
    const barred = await classicTurn();
    expect(await press(alice, barred.fight, barred.heroId, "Full-round action (no step)")).toBe(true);
    expect(barred.turn()).toMatchObject({ fullRound: true, stepBarred: true });
    expect(await dragToken(alice, barred.hero.token, [{ action: "walk", cost: 1.5 }])).toBe(false);
    await settle();
    expect(world.warnings).toHaveLength(1);
    expect(barred.turn()).toMatchObject({ stepTaken: false });

    resetWorld();
    const open = await classicTurn();
    expect(await press(alice, open.fight, open.heroId, "Full-round action")).toBe(true);
    expect(open.turn()).toMatchObject({ fullRound: true, stepBarred: false });
    expect(await dragToken(alice, open.hero.token, [{ action: "walk", cost: 1.5 }])).toBe(true);
    await settle();
    expect(open.turn()).toMatchObject({ stepTaken: true });
  });

  it("CD-A5 limited to a standard action, the panel takes a full-round action as the standard action", async () => {
    const { fight, heroId, turn } = await classicTurn(true);
    expect(await press(alice, fight, heroId, "Full-round action")).toBe(false);
    world.warnings.length = 0;
    expect(await press(alice, fight, heroId, "Full-round action as the standard action")).toBe(true);
    expect(world.warnings).toEqual([]);
    expect(turn()).toMatchObject({ fullRound: true, standardLeft: 0 });
  });

  it("FS-A17 the panel's button, clicked twice while its request runs, spends once", async () => {
    const hero = creature("Aldo", {}, [alice]);
    const { fight, ids } = await startedFight("fast-slow", hero, creature("Orc", {}));
    const heroId = ids[0] as string;
    await events(fight, [
      { type: "pass", id: heroId },
      { type: "advancePhase", gmOverride: true },
      { type: "takeTurn", id: heroId },
    ]);
    const root = await budgetPanel(alice, fight, heroId);
    const minor = buttonByLabel(root, "Minor activity");
    const [first, second] = await as(alice, () =>
      Promise.all([clickThrough(root, minor, onBudgetClick), clickThrough(root, minor, onBudgetClick)]),
    );
    expect([first, second]).toEqual([true, false]);
    await settle();
    expect(budgetNow<FastSlowBudget>(fight, heroId).turn?.minorLeft).toBe(1);
  });
});
