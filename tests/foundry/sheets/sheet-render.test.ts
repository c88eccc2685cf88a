/**
 * The actor sheet rendered through its own pipeline (tests/harness/applications.ts: `_configureRenderParts`,
 * `_prepareContext`, each part's context and template, `_onRender`) and read in a real DOM, as a LIMITED, an
 * OBSERVER and an OWNER viewer would see it. Core leaves what LIMITED shows to the system: Fray shows the header
 * (portrait, name, identity) and nothing of the creature's statistics, items, effects or notes.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { alice, as, bob, creature, freshWorld, gm, setSetting } from "./setup";
import { worldItem } from "../../harness/applications";
import { WEAPON_SOURCE } from "../chat/setup";
import { FrayActorSheet } from "../../../src/applications/sheets/actor-sheet";
import { FrayItemSheet } from "../../../src/applications/sheets/item-sheet";
import { FAMILY_IDS } from "../../../src/rules/families/ids";
import type { ChatUser } from "../../harness/chat";

type Hero = ReturnType<typeof creature>;

function hero(): Hero {
  const h = creature("Aldo", { notes: "<p>Owes the ferryman.</p>" }, [alice]);
  h.actor.ownership.set(bob.id, "LIMITED");
  return h;
}

/** The sheet's element after a first render by `user`. */
async function renderAs(user: ChatUser, who: Hero): Promise<HTMLElement> {
  const sheet = new FrayActorSheet({ document: who.actor } as never);
  await as(user, () => sheet.render({ force: true }));
  const element = sheet.element;
  if (!element) throw new Error("the sheet rendered no element");
  return element;
}

const partsOf = (root: HTMLElement) =>
  [...root.querySelectorAll<HTMLElement>("[data-application-part]")].map((e) => e.dataset.applicationPart);
const fieldNames = (root: HTMLElement) =>
  [...root.querySelectorAll<HTMLInputElement>("input[name], select[name], prose-mirror[name]")].map((e) =>
    e.getAttribute("name"),
  );

describe("the actor sheet by permission", () => {
  beforeEach(() => {
    freshWorld();
    setSetting("ruleset", "fast-slow");
  });

  it("LIMITED: the header only — portrait, name, identity — and no statistic, item, effect or note", async () => {
    for (const family of FAMILY_IDS) {
      setSetting("ruleset", family);
      const root = await renderAs(bob, hero());
      expect(partsOf(root)).toEqual(["header"]);
      expect(root.querySelector<HTMLImageElement>("img.fray-portrait")?.getAttribute("src")).toBe(
        "icons/actor.svg",
      );
      expect(root.querySelector<HTMLInputElement>('input[name="name"]')?.value).toBe("Aldo");
      expect(root.querySelector<HTMLInputElement>('input[name="name"]')?.disabled).toBe(true);
      // Identity fields stay; no statistic (health, size, speed, the family's block) is drawn.
      expect(fieldNames(root).sort()).toEqual(["name", "system.ancestry", "system.profession"]);
      expect(root.querySelector(".fray-core")).toBeNull();
      expect(root.querySelector("[data-tab]")).toBeNull();
      expect(root.textContent).not.toContain("Owes the ferryman");
    }
  });

  it("OBSERVER: every part of the active family, nothing editable, notes read-only", async () => {
    const who = hero();
    who.actor.ownership.set(bob.id, "OBSERVER");
    const root = await renderAs(bob, who);
    expect(partsOf(root)).toEqual(["header", "tabs", "family-fast-slow", "items", "effects", "notes"]);
    const inputs = [...root.querySelectorAll<HTMLInputElement>("input[name], select[name]")];
    expect(inputs.length).toBeGreaterThan(5);
    expect(inputs.filter((i) => !i.disabled).map((i) => i.name)).toEqual([]);
    expect(root.querySelector('input[name="system.health.value"]')).not.toBeNull();
    expect(root.querySelector("prose-mirror")).toBeNull();
    expect(root.querySelector(".fray-notes .fray-enriched")?.textContent).toContain("Owes the ferryman");
  });

  it("OWNER: every part, editable, and the notes editor knows its document (document-uuid)", async () => {
    const who = hero();
    for (const user of [alice, gm]) {
      const root = await renderAs(user, who);
      expect(partsOf(root)).toEqual(["header", "tabs", "family-fast-slow", "items", "effects", "notes"]);
      expect(root.querySelector<HTMLInputElement>('input[name="system.health.value"]')?.disabled).toBe(false);
      const editor = root.querySelector("prose-mirror");
      expect(editor?.getAttribute("name")).toBe("system.notes");
      expect(editor?.getAttribute("document-uuid")).toBe(who.actor.uuid);
    }
  });

  it("an open sheet redrawn after its viewer became LIMITED keeps the header only", async () => {
    const who = hero();
    who.actor.ownership.set(bob.id, "OBSERVER");
    const sheet = new FrayActorSheet({ document: who.actor } as never);
    await as(bob, () => sheet.render({ force: true }));
    who.actor.ownership.set(bob.id, "LIMITED");
    await as(bob, () => sheet.render());
    const root = sheet.element as HTMLElement;
    expect(partsOf(root)).toEqual(["header"]);
    expect(root.textContent).not.toContain("Owes the ferryman");
  });

  it("the GM is never a LIMITED viewer: every part, the statistics included", async () => {
    const who = hero();
    const root = await renderAs(gm, who);
    expect(partsOf(root)).toContain("notes");
    expect(root.querySelector(".fray-core")).not.toBeNull();
  });
});

describe("the item sheet's description editor", () => {
  beforeEach(() => freshWorld());

  it("knows its document (document-uuid) for its owner; others read the description", async () => {
    const spear = worldItem("Spear", "weapon", { ...WEAPON_SOURCE, description: "<p>Ash shaft.</p>" }, [
      alice,
    ]);
    const render = async (user: ChatUser) => {
      const sheet = new FrayItemSheet({ document: spear } as never);
      await as(user, () => sheet.render({ force: true }));
      if (!sheet.element) throw new Error("the sheet rendered no element");
      return sheet.element;
    };
    const owned = await render(alice);
    const editor = owned.querySelector('prose-mirror[name="system.description"]');
    expect(editor?.getAttribute("document-uuid")).toBe(`Item.${spear.id}`);
    const other = await render(bob);
    expect(other.querySelector("prose-mirror")).toBeNull();
    expect(other.querySelector(".fray-description .fray-enriched")?.textContent).toContain("Ash shaft.");
  });
});
