// Issue 11, defects 1–3: Foundry's singletons use `this`. Fray called `game.settings.get`, `Hooks.on` and
// `DialogV2.input` detached, which throws in Foundry (settings on every sheet render and card, init stopping half
// way, every weapon attack). The harness's methods now use `this` too; these tests go through Fray's own calls.
import { describe, expect, it } from "vitest";
import { as, ChatUser, users } from "../../harness/chat";
import { dialogs, DialogV2, Hooks, type ClientSettings } from "../../harness/core";
import { getSetting } from "../../../src/config/settings";
import { currentMessageMode } from "../../../src/compat/message-modes";
import { V14 } from "../../harness/generation";
import { registerBudgets } from "../../../src/applications/budget/register";
import { registerConcentration } from "../../../src/documents/concentration/register";
import { registerStunLifecycle } from "../../../src/documents/stun-lifecycle";
import { registerMounts } from "../../../src/documents/mounts/register";
import { attackDialog } from "../../../src/chat/attack-dialog";

const settings = () => (globalThis as unknown as { game: { settings: ClientSettings } }).game.settings;

describe("the harness is as strict as Foundry about `this`", () => {
  it("a detached game.settings.get, Hooks.on or DialogV2.input throws", async () => {
    /* eslint-disable @typescript-eslint/unbound-method -- detaching is the mistake this test shows fails */
    const get = settings().get;
    expect(() => get("fray", "ruleset")).toThrow(TypeError);
    const on = Hooks.on;
    expect(() => on("ready", () => undefined)).toThrow(TypeError);
    const input = DialogV2.input;
    await expect(input({ content: "<input name='a'>" })).rejects.toThrow(TypeError);
    /* eslint-enable @typescript-eslint/unbound-method */
  });

  it("a setting read before it is registered throws, as in Foundry", () => {
    expect(() => settings().get("fray", "noSuchSetting")).toThrow(/not a registered game setting/);
  });
});

describe("Fray calls Foundry's methods on their objects", () => {
  it("getSetting reads a world setting through game.settings (defect 1)", () => {
    settings().seed("fray", "ruleset", "opposed-d20");
    try {
      expect(getSetting("ruleset")).toBe("opposed-d20");
    } finally {
      settings().seed("fray", "ruleset", "fast-slow");
    }
  });

  it("the user's roll mode is read through game.settings (defect 1), the running generation's setting only", () => {
    const key = V14 ? "messageMode" : "rollMode";
    settings().seed("core", key, V14 ? "gm" : "gmroll");
    try {
      expect(currentMessageMode()).toBe(V14 ? "gm" : "gmroll");
    } finally {
      settings().seed("core", key, V14 ? "public" : "publicroll");
    }
  });

  it("every register function (registerCombat: tests/foundry/combat/register-hooks.test.ts) wires its hooks through Hooks.on (defect 2)", () => {
    const before = Hooks.events;
    const count = (name: string) => Hooks.events[name]?.length ?? 0;
    for (const register of [registerBudgets, registerConcentration, registerStunLifecycle, registerMounts])
      expect(register).not.toThrow();
    for (const hook of ["preMoveToken", "preUpdateActor", "deleteCombat", "renderTokenHUD"])
      expect(count(hook), hook).toBeGreaterThan(before[hook]?.length ?? 0);
  });

  it("the attack dialog asks through DialogV2.input and reads the form the user filled (defect 3)", async () => {
    dialogs.answers.push({
      action: "ok",
      fields: { modifier: 3, boons: 2, banes: 0, mountedIndependent: true },
    });
    // A player's dialog (in Foundry there is always a user: its bounds decide the form's limits).
    const player = users.add(new ChatUser("Pia", false));
    const situation = await as(player, () => attackDialog("fast-slow", "Spear <b>", ["Bea"]));
    expect(situation).toEqual({ modifier: 3, boons: 2, banes: 0, mountedIndependent: true });
    expect(dialogs.elements.at(-1)?.querySelector(".fray-card-title")?.textContent).toBe("Spear <b>");
    dialogs.answers.push(null);
    expect(await as(player, () => attackDialog("opposed-d20", "Spear", []))).toBeNull();
  });
});
