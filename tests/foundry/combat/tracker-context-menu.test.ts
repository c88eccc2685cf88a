/**
 * Issue 23: the combat tracker's row menu on both generations. v13 names a context-menu entry `name` and gives it
 * `condition(target)` / `callback(target)`; v14 names it `label` with `visible(target)` / `onClick(event, target)`
 * and deprecates the v13 keys until v16 (the v14 harness's ContextMenu throws on them). Fray's tracker takes core's
 * "clear initiative" away (CD-I3: an initiative once rolled stays) reading the label through compat, and Fray's own
 * entries (`contextMenuEntry`) come out in the running generation's shape.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Window } from "happy-dom";
import { as as asClient, type HarnessUser } from "../../harness/combat";
import { HarnessCombatTracker } from "../../harness/application";
import { HarnessContextMenu, type MenuEntryData } from "../../harness/application-common";
import { clearDom, rowOf } from "../../harness/dom";
import { harness } from "../../harness/install";
import { V14 } from "../../harness/generation";
import { loadLanguage } from "../../harness/templates";
import { alice, fight, gm, partyActors, recorded, settle, type FrayCombatLike } from "./setup";
import { contextMenuEntry, contextMenuEntryLabel } from "../../../src/compat";
import { FrayCombatTracker } from "../../../src/applications/combat/fray-combat-tracker";

type Tracker = FrayCombatTracker & { element: HTMLElement; entryMenu: HarnessContextMenu | null };

async function as<T>(user: HarnessUser, fn: () => Promise<T> | T): Promise<T> {
  return asClient(user, async () => {
    const out = await fn();
    await settle();
    return out;
  });
}

/** Fray's tracker viewing `combat`, rendered as `user` sees it (its row menu built at the first render). */
async function trackerFor(user: HarnessUser, combat: FrayCombatLike): Promise<Tracker> {
  return as(user, async () => {
    const tracker = new (FrayCombatTracker as unknown as new () => Tracker)();
    (tracker as unknown as { viewed: unknown }).viewed = combat;
    await tracker.render({ force: true });
    return tracker;
  });
}

/** The keys each generation's entries carry (and the other generation's, which they must not). */
const OWN_KEYS = V14 ? ["icon", "label", "onClick", "visible"] : ["callback", "condition", "icon", "name"];

beforeEach(() => {
  recorded.reset();
  harness.translations = loadLanguage("en");
});
afterEach(() => {
  harness.translations = {};
  clearDom();
  vi.restoreAllMocks();
});

describe("the tracker's row menu in the running generation's shape", () => {
  it("core's entries without clear initiative, read by the running generation's label, shown to the GM", async () => {
    const { ann, orc } = partyActors();
    const { combat, ids } = await fight("classic-d20", [ann, orc]);
    const tracker = await trackerFor(gm, combat);
    const menu = tracker.entryMenu!;
    expect(menu).toBeTruthy();
    for (const entry of menu.entries) expect(Object.keys(entry).sort()).toEqual(OWN_KEYS);
    const row = rowOf(tracker.element, ids[0]!);
    expect(await as(gm, () => menu.open(row))).toEqual([
      "COMBAT.CombatantUpdate",
      "COMBAT.CombatantReroll",
      "COMBAT.CombatantRemove",
    ]);
    // A player sees none of core's entries (shown to a GM only).
    const players = await trackerFor(alice, combat);
    expect(await as(alice, () => players.entryMenu!.open(rowOf(players.element, ids[0]!)))).toEqual([]);
  });

  it("the GM removes a combatant from its row menu: it leaves the fight", async () => {
    const { ann, orc } = partyActors();
    const { combat, ids } = await fight("classic-d20", [ann, orc]);
    const tracker = await trackerFor(gm, combat);
    const row = rowOf(tracker.element, ids[1]!);
    await as(gm, () => tracker.entryMenu!.click("COMBAT.CombatantRemove", row));
    expect([...combat.combatants.keys()]).toEqual([ids[0]]);
    await expect(as(gm, () => tracker.entryMenu!.click("COMBAT.CombatantClear", row))).rejects.toThrow(
      /no entry "COMBAT.CombatantClear"/,
    );
  });

  it("contextMenuEntryLabel reads the running generation's key only", () => {
    expect(contextMenuEntryLabel({ label: "A", name: "B" })).toBe(V14 ? "A" : "B");
    expect(contextMenuEntryLabel(V14 ? { name: "B" } : { label: "A" })).toBeUndefined();
    // v14: `name` is never touched (it is deprecated there).
    const touched: string[] = [];
    const watched = new Proxy(
      { label: "A", name: "B" },
      {
        get: (target, key): unknown => {
          touched.push(String(key));
          return Reflect.get(target, key) as unknown;
        },
      },
    );
    contextMenuEntryLabel(watched);
    expect(touched).toEqual([V14 ? "label" : "name"]);
  });

  it("if core offers no clear-initiative entry, the tracker says so once and keeps the rest", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const core = HarnessCombatTracker.prototype as unknown as {
      _getEntryContextOptions: (this: unknown) => MenuEntryData[];
    };
    const original = core._getEntryContextOptions;
    vi.spyOn(core, "_getEntryContextOptions").mockImplementation(function (this: unknown) {
      return original
        .call(this)
        .filter((entry) => HarnessContextMenu.labelOf(entry) !== "COMBAT.CombatantClear");
    });
    const { ann, orc } = partyActors();
    const { combat } = await fight("classic-d20", [ann, orc]);
    const first = await trackerFor(gm, combat);
    const second = await trackerFor(gm, combat);
    expect(first.entryMenu!.entries).toHaveLength(3);
    expect(second.entryMenu!.entries).toHaveLength(3);
    const said = warn.mock.calls.filter((c) => String(c[0]).includes("COMBAT.CombatantClear"));
    expect(said).toHaveLength(1);
  });
});

describe("an entry of the other generation's shape is refused", () => {
  it(
    V14
      ? "v14: an entry with name, condition or callback throws, naming the deprecation"
      : "v13: an entry with label, visible or onClick throws (v13 knows none of them)",
    () => {
      if (V14) {
        expect(() => new HarnessContextMenu([{ name: "X", icon: "", callback: () => undefined }])).toThrow(
          /v14 deprecates ContextMenuEntry#name \(since 14, until 16\): use ContextMenuEntry#label/,
        );
        expect(
          () => new HarnessContextMenu([{ label: "X", icon: "fa-solid fa-x", condition: () => true }]),
        ).toThrow(/v14 deprecates ContextMenuEntry#condition/);
        expect(
          () => new HarnessContextMenu([{ label: "X", icon: "fa-solid fa-x", callback: () => undefined }]),
        ).toThrow(/v14 deprecates ContextMenuEntry#callback/);
      } else {
        expect(() => new HarnessContextMenu([{ label: "X", icon: "", onClick: () => undefined }])).toThrow(
          /v13 has no ContextMenuEntry#label/,
        );
        expect(() => new HarnessContextMenu([{ name: "X", icon: "fa-solid fa-x" }])).toThrow(
          /HTML icon element/,
        );
      }
    },
  );

  it("Fray's own entry (compat contextMenuEntry) is taken by the running generation's menu and clicked", async () => {
    const clicked: unknown[] = [];
    const entry = contextMenuEntry({
      label: "FRAY.Combat.takeTurn",
      icon: "fa-solid fa-dice",
      visible: (target) => target.dataset.combatantId === "c1",
      onClick: (target) => void clicked.push(target.dataset.combatantId),
    });
    const menu = new HarnessContextMenu([entry]);
    const li = new Window().document.createElement("li");
    li.dataset.combatantId = "c1";
    const target = li as unknown as HTMLElement;
    expect(menu.open(target)).toEqual(["FRAY.Combat.takeTurn"]);
    await menu.click("FRAY.Combat.takeTurn", target);
    expect(clicked).toEqual(["c1"]);
  });
});
