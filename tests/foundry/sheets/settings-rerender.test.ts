/**
 * A world setting changed (`onChange` on every client): only what shows that setting is drawn again — the sheets
 * and the Token HUD for the rule family, the d20 check cards not rolled yet for the boon die — never a dialog a
 * user is typing in, and nothing for a setting no open window shows. Windows are real applications of the
 * harness (tests/harness/applications.ts), read in their DOM.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { alice, as, creature, freshWorld, gm, setSetting, settle } from "./setup";
import type { TokenHUD } from "../../harness/applications";
import { redrawnMessages, worldItem } from "../../harness/applications";
import { WEAPON_SOURCE } from "../chat/setup";
import { FrayActorSheet } from "../../../src/applications/sheets/actor-sheet";
import { FrayItemSheet } from "../../../src/applications/sheets/item-sheet";
import { rerenderOnSettingChange } from "../../../src/applications/rerender";
import { SETTING_KEYS, type SettingKey } from "../../../src/config/settings";
import { postCheck } from "../../../src/chat/check-card";
import { templatePath } from "../../../src/utils/paths";

type Data = Record<string, unknown>;
type App = {
  element: HTMLElement | null;
  parts: Record<string, HTMLElement>;
  render(options?: { force?: boolean }): Promise<unknown>;
  close(): Promise<unknown>;
};

const { ApplicationV2, HandlebarsApplicationMixin } = (
  globalThis as unknown as {
    foundry: { applications: { api: Record<string, new (...a: never[]) => object> } };
  }
).foundry.applications.api as unknown as {
  ApplicationV2: new (o?: Data) => App;
  HandlebarsApplicationMixin: (base: unknown) => new (o?: Data) => App;
};

/** A dialog window (DialogV2 is an ApplicationV2): the attack dialog's form. */
class AttackForm extends HandlebarsApplicationMixin(ApplicationV2) {
  static PARTS = { form: { template: templatePath("chat/attack-dialog") } };
  async _prepareContext() {
    return { weapon: "Spear", boons: true, targets: [] };
  }
}

const hud = (globalThis as unknown as { canvas: { hud: { token: TokenHUD } } }).canvas.hud.token;
const partsOf = (app: App) =>
  [...(app.element?.querySelectorAll<HTMLElement>("[data-application-part]") ?? [])].map(
    (e) => e.dataset.applicationPart,
  );

/** Alice's table: her hero's sheet, her spear's sheet, the attack form half filled in, the Token HUD. */
async function openWindows() {
  const hero = creature("Aldo", {}, [alice]);
  const spear = worldItem("Spear", "weapon", { ...WEAPON_SOURCE }, [alice]);
  const sheet = new FrayActorSheet({ document: hero.actor } as never) as unknown as App;
  const itemSheet = new FrayItemSheet({ document: spear } as never) as unknown as App;
  const dialog = new AttackForm();
  await as(alice, async () => {
    await sheet.render({ force: true });
    await itemSheet.render({ force: true });
    await dialog.render({ force: true });
    await hud.render({ force: true });
  });
  const typed = dialog.element?.querySelector<HTMLInputElement>('input[name="modifier"]');
  if (!typed) throw new Error("the form has no modifier field");
  typed.value = "3";
  return { hero, sheet, itemSheet, dialog, typed };
}

async function changed(key: SettingKey, value: unknown) {
  setSetting(key, value);
  await as(alice, async () => rerenderOnSettingChange(key));
  await settle();
}

describe("re-rendering on a setting change", () => {
  let open: Awaited<ReturnType<typeof openWindows>>;
  beforeEach(async () => {
    freshWorld();
    setSetting("ruleset", "fast-slow");
    redrawnMessages.length = 0;
    open = await openWindows();
  });

  it("the rule family redraws the sheets (the new family's block only) and the Token HUD, not a dialog", async () => {
    const { sheet, itemSheet, dialog, typed } = open;
    const itemHeader = itemSheet.parts.header;
    const hudRenders = hud.renders;
    const form = dialog.parts.form;
    await changed("ruleset", "classic-d20");
    // The new family's block is drawn, the previous one's taken away.
    expect(partsOf(sheet).sort()).toEqual([
      "effects",
      "family-classic-d20",
      "header",
      "items",
      "notes",
      "tabs",
    ]);
    expect(itemSheet.parts.header).not.toBe(itemHeader);
    expect(hud.renders).toBe(hudRenders + 1);
    expect(dialog.parts.form).toBe(form);
    expect(typed.value).toBe("3");
    expect(redrawnMessages).toEqual([]);
  });

  it("FS-D1 the boon die redraws the d20 check cards not rolled yet, and nothing else", async () => {
    const { hero, sheet, dialog, typed } = open;
    const message = await as(gm, () =>
      postCheck({ actor: hero.actor as never, token: hero.token as never, kind: "concentration", banes: 2 }),
    );
    await settle();
    const header = sheet.parts.header;
    const hudRenders = hud.renders;
    await changed("boonDie", 8);
    expect(redrawnMessages.map((m) => m.id)).toEqual([message?.id]);
    expect(redrawnMessages[0]?.html).toContain("2d8kh");
    expect(sheet.parts.header).toBe(header);
    expect(hud.renders).toBe(hudRenders);
    expect(typed.value).toBe("3");
    expect(dialog.element?.contains(typed)).toBe(true);
  });

  it("a setting no open window shows redraws nothing", async () => {
    const { sheet, itemSheet, dialog } = open;
    const before = [sheet.parts.header, itemSheet.parts.header, dialog.parts.form];
    const hudRenders = hud.renders;
    for (const key of SETTING_KEYS.filter((k) => k !== "ruleset" && k !== "boonDie"))
      await changed(key, undefined);
    expect([sheet.parts.header, itemSheet.parts.header, dialog.parts.form]).toEqual(before);
    expect(hud.renders).toBe(hudRenders);
    expect(redrawnMessages).toEqual([]);
  });
});
