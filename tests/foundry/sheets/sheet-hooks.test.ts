/**
 * The actor sheet as core renders it (tests/harness/application.ts): every render fires `renderActorSheetV2`, the
 * hook Fray's budget wiring listens to (registerBudgets), so the budget panel drawn on the sheet answers a click
 * in the sheet itself; the sheet's tab buttons switch the shown tab through core's `tab` action, and the sheet
 * keeps `aria-pressed` in step. Before, the harness fired no render hook: a panel on a sheet was never wired.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { alice, as, creature, freshWorld, settle, startedFight } from "./setup";
import { budgetNow, engineOf, events } from "../budget/setup";
import "../../harness/applications";
import { buttonByLabel, clearDom, click } from "../../harness/dom";
import { FrayActorSheet } from "../../../src/applications/sheets/actor-sheet";
import type { ClassicD20Budget } from "../../../src/rules/families/classic-d20/budget";

afterEach(clearDom);

describe("the actor sheet's render hooks", () => {
  beforeEach(() => freshWorld());

  it("CD-A2 the budget panel on the sheet spends the move action when pressed there (renderActorSheetV2)", async () => {
    const hero = creature("Wojtek", {}, [alice]);
    const { fight, ids } = await startedFight("classic-d20", hero, creature("Ork", {}));
    const heroId = ids[0] as string;
    if (engineOf(fight).current !== heroId)
      await events(fight, [{ type: "takeTurn", id: heroId, gmOverride: true }]);
    const sheet = new FrayActorSheet({ document: hero.actor } as never);
    await as(alice, () => sheet.render({ force: true }));
    const root = sheet.element as HTMLElement;
    const panel = root.querySelector<HTMLElement>("[data-fray-budget-panel]");
    if (!panel) throw new Error("the sheet shows no budget panel");
    await as(alice, async () => {
      click(buttonByLabel(panel, "Start a move action"));
      await settle();
    });
    expect(budgetNow<ClassicD20Budget>(fight, heroId).turn).toMatchObject({ moveLeft: 0, standardLeft: 1 });
  });

  it("a tab button shows its tab and hides the others; aria-pressed follows", async () => {
    const hero = creature("Wojtek", {}, [alice]);
    const sheet = new FrayActorSheet({ document: hero.actor } as never);
    await as(alice, () => sheet.render({ force: true }));
    const root = sheet.element as HTMLElement;
    const shown = () =>
      [...root.querySelectorAll<HTMLElement>("section.tab.active")].map((s) => s.dataset.tab);
    expect(shown()).toEqual(["stats"]);
    const items = root.querySelector<HTMLElement>('nav.fray-tabs [data-tab="items"]') as HTMLElement;
    await as(alice, async () => click(items));
    expect(shown()).toEqual(["items"]);
    expect(items.getAttribute("aria-pressed")).toBe("true");
    expect(root.querySelector('nav.fray-tabs [data-tab="stats"]')?.getAttribute("aria-pressed")).toBe(
      "false",
    );
  });
});
