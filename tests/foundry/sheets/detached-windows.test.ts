/**
 * Fray's sheets in a v14 detached window (foundryvtt#14417): detaching or reattaching a window runs the render
 * workflow again without drawing any part, so `_onRender` and the `render<Class>` hooks run on DOM that already
 * holds what they added. Every Fray window and render hook must be idempotent under it: the DOM is unchanged, and
 * each listener answers a press once (the sheet's keyboard listener, the budget panel's listener wired on
 * `renderActorSheetV2`). v13 has no detached windows: the harness refuses a detach there. Also: the sheets open an
 * item's or an effect's sheet with `render({ force: true })` (the boolean form throws in the harness).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { alice, as, creature, freshWorld, setSetting, settle, startedFight, world } from "./setup";
import { budgetNow, engineOf, events } from "../budget/setup";
import { worldItem } from "../../harness/applications";
import { giveEffect } from "../../harness/effects";
import { buttonByAction, buttonByLabel, clearDom, click, listenerResults } from "../../harness/dom";
import { V14 } from "../../harness/generation";
import { WEAPON_SOURCE } from "../chat/setup";
import { FrayActorSheet } from "../../../src/applications/sheets/actor-sheet";
import { FrayItemSheet } from "../../../src/applications/sheets/item-sheet";
import { FAMILY_IDS } from "../../../src/rules/families/ids";
import type { ClassicD20Budget } from "../../../src/rules/families/classic-d20/budget";

type Window = {
  element: HTMLElement | null;
  rendered: boolean;
  render(options?: { force?: boolean }): Promise<unknown>;
  detach(): Promise<unknown>;
  reattach(): Promise<unknown>;
};

const actorSheet = (actor: unknown) => new FrayActorSheet({ document: actor } as never) as unknown as Window;
const itemSheet = (item: unknown) => new FrayItemSheet({ document: item } as never) as unknown as Window;

/**
 * Renders `app` as Alice, detaches and reattaches it (v14), and returns its markup before and after; fails if the
 * reruns added a listener to the window's element (a click and a key press on it reach none added since).
 */
async function detachedAndBack(app: Window): Promise<{ before: string; after: string }> {
  await as(alice, () => app.render({ force: true }));
  const element = app.element as HTMLElement;
  const before = element.outerHTML;
  const addedSince = listenerResults(element);
  await as(alice, () => app.detach());
  await as(alice, () => app.reattach());
  const view = element.ownerDocument.defaultView as unknown as { KeyboardEvent: typeof KeyboardEvent };
  element.dispatchEvent(new view.KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
  element.click();
  expect(addedSince, "listeners added to the window by the reruns").toEqual([]);
  return { before, after: app.element?.outerHTML ?? "" };
}

afterEach(clearDom);

describe("Fray's sheets in a detached window", () => {
  beforeEach(() => freshWorld());

  it.runIf(!V14)("v13: a sheet cannot be detached (no detached windows before v14)", async () => {
    const sheet = actorSheet(creature("Aldo", {}, [alice]).actor);
    await as(alice, () => sheet.render({ force: true }));
    expect(() => sheet.detach()).toThrow(/v13 has no detached windows/);
  });

  it.runIf(V14)("the actor sheet of every family: the same DOM after a detach and a reattach", async () => {
    for (const family of FAMILY_IDS) {
      setSetting("ruleset", family);
      const { before, after } = await detachedAndBack(actorSheet(creature("Aldo", {}, [alice]).actor));
      expect(before, family).toContain(`family-${family}`);
      expect(after, family).toBe(before);
    }
  });

  it.runIf(V14)("the item sheet: the same DOM after a detach and a reattach", async () => {
    const spear = worldItem("Spear", "weapon", { ...WEAPON_SOURCE }, [alice]);
    const { before, after } = await detachedAndBack(itemSheet(spear));
    expect(before).toContain("Spear");
    expect(after).toBe(before);
  });

  it.runIf(V14)(
    "the portrait's keyboard listener answers Enter once after a detach and a reattach",
    async () => {
      const sheet = actorSheet(creature("Aldo", {}, [alice]).actor);
      await detachedAndBack(sheet);
      const portrait = sheet.element?.querySelector<HTMLElement>('[role="button"][data-action="editImage"]');
      if (!portrait) throw new Error("the sheet shows no portrait button");
      let pressed = 0;
      portrait.addEventListener("click", () => pressed++);
      const view = portrait.ownerDocument.defaultView as unknown as { KeyboardEvent: typeof KeyboardEvent };
      portrait.dispatchEvent(new view.KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
      expect(pressed).toBe(1);
    },
  );

  it.runIf(V14)(
    "CD-A2 the sheet's budget panel, wired on renderActorSheetV2, spends once per press after a detach and a reattach",
    async () => {
      const hero = creature("Wojtek", {}, [alice]);
      const { fight, ids } = await startedFight("classic-d20", hero, creature("Ork", {}));
      const heroId = ids[0] as string;
      if (engineOf(fight).current !== heroId)
        await events(fight, [{ type: "takeTurn", id: heroId, gmOverride: true }]);
      const sheet = actorSheet(hero.actor);
      const { before, after } = await detachedAndBack(sheet);
      expect(after).toBe(before);
      const panel = sheet.element?.querySelector<HTMLElement>("[data-fray-budget-panel]");
      if (!panel) throw new Error("the sheet shows no budget panel");
      await as(alice, async () => {
        click(buttonByLabel(panel, "Start a move action"));
        await settle();
      });
      // One press, one spend (the reruns added no listener: detachedAndBack).
      expect(budgetNow<ClassicD20Budget>(fight, heroId).turn).toMatchObject({ moveLeft: 0, standardLeft: 1 });
      expect(world.warnings).toEqual([]);
    },
  );
});

describe("the sheets open other sheets with render({ force: true })", () => {
  beforeEach(() => freshWorld());

  it("the Edit button of an item row and of an effect row opens that document's sheet", async () => {
    const hero = creature("Aldo", {}, [alice]);
    const spear = worldItem("Spear", "weapon", { ...WEAPON_SOURCE }, [alice]);
    hero.actor.items.push(spear);
    // Core's embedded collection answers `get(id)` (foundry.utils.Collection); the chat harness keeps an array.
    Object.defineProperty(hero.actor.items, "get", {
      value: (id: string) => hero.actor.items.find((i) => i.id === id),
    });
    const spearSheet = itemSheet(spear);
    Object.defineProperty(spear, "sheet", { value: spearSheet });
    const effect = giveEffect(hero.actor, null, "Blessed");
    // Core's ActiveEffectConfig is an ApplicationV2 document sheet: the item sheet stands in for one here.
    const effectSheet = itemSheet(spear);
    Object.defineProperty(effect, "sheet", { value: effectSheet });
    const sheet = actorSheet(hero.actor);
    await as(alice, () => sheet.render({ force: true }));
    const root = sheet.element as HTMLElement;
    await as(alice, async () => {
      click(buttonByAction(root, "editItem"));
      click(buttonByAction(root, "editEffect"));
      await settle();
    });
    expect(spearSheet.rendered).toBe(true);
    expect(effectSheet.rendered).toBe(true);
  });
});
