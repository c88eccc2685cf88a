/**
 * src/compat/message-modes.ts and asker-audience.ts on the generation this project's harness imitates (the
 * `foundry` project as v13, `foundry-v14` as v14): one vocabulary, one normaliser that answers only the running
 * generation's keys and fails closed, one API per generation to apply a mode, one setting read.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { alice, as, gm } from "./chat/setup";
import type { ClientSettings } from "../harness/core";
import { V14 } from "../harness/generation";
import type { MessageModeConfig } from "../harness/message-modes";
import {
  applyMessageMode,
  currentMessageMode,
  MESSAGE_MODES,
  messageModeSetting,
  modeName,
  normalizeMessageMode,
  visibilityOf,
} from "../../src/compat/message-modes";
import { askerAudience } from "../../src/compat/asker-audience";
import { privateMessageMode } from "../../src/compat/private-message-mode";
import { publicMessageMode } from "../../src/compat/public-message-mode";

type Data = Record<string, unknown>;
const g = globalThis as unknown as {
  game: { settings: ClientSettings };
  CONFIG: { ChatMessage: { modes?: Record<string, MessageModeConfig> } };
  ChatMessage: Data;
};
const NAMES = V14 ? ["public", "gm", "blind", "self"] : ["publicroll", "gmroll", "blindroll", "selfroll"];
const OTHERS = V14 ? ["publicroll", "gmroll", "blindroll", "selfroll"] : ["public", "gm", "blind", "self"];
const [PUBLIC, GM, BLIND, SELF] = NAMES as [string, string, string, string];
const SETTING = V14 ? "messageMode" : "rollMode";

describe("compat: message modes on this generation", () => {
  afterEach(() => {
    g.game.settings.resetClients();
    vi.restoreAllMocks();
  });

  it("one vocabulary: each visibility's v13 and v14 name; the running generation's names", () => {
    expect(MESSAGE_MODES).toEqual({
      public: { v13: "publicroll", v14: "public" },
      gm: { v13: "gmroll", v14: "gm" },
      blind: { v13: "blindroll", v14: "blind" },
      self: { v13: "selfroll", v14: "self" },
    });
    expect(["public", "gm", "blind", "self"].map((v) => modeName(v as never))).toEqual(NAMES);
    expect([publicMessageMode(), privateMessageMode()]).toEqual([PUBLIC, GM]);
    expect(messageModeSetting()).toBe(SETTING);
    expect([...NAMES, ...OTHERS, "ic", "roll", "bogus", null].map(visibilityOf)).toEqual([
      ...["public", "gm", "blind", "self"],
      ...["public", "gm", "blind", "self"],
      "public",
      null,
      null,
      null,
    ]);
  });

  it("normalises either generation's names to this one's, ic to public, anything else to GM-only", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    for (const [i, name] of NAMES.entries()) {
      expect(normalizeMessageMode(name)).toBe(name);
      expect(normalizeMessageMode(OTHERS[i])).toBe(name);
      expect(normalizeMessageMode(OTHERS[i], { forAnother: true })).toBe(name);
    }
    expect(normalizeMessageMode("ic")).toBe(PUBLIC);
    expect(warn).not.toHaveBeenCalled();
    for (const wrong of ["bogus", "", null, undefined, 3, {}, [PUBLIC], "Public"])
      expect(normalizeMessageMode(wrong), JSON.stringify(wrong)).toBe(GM);
    expect(warn).toHaveBeenCalledTimes(8);
    // v13's `roll` is the user's own current mode; for another user it says nothing: GM-only.
    expect(normalizeMessageMode("roll", { forAnother: true })).toBe(GM);
  });

  it("the user's own `roll` is its current mode, read from the running generation's setting", async () => {
    await as(alice, () => g.game.settings.set("core", SETTING, BLIND));
    expect(await as(alice, () => normalizeMessageMode("roll"))).toBe(BLIND);
    expect(await as(gm, () => normalizeMessageMode("roll"))).toBe(PUBLIC);
  });

  it.runIf(V14)(
    "v14: a module's mode of CONFIG.ChatMessage.modes is kept for the user's own posts, GM-only for another's",
    () => {
      const modes = g.CONFIG.ChatMessage.modes!;
      modes.narrator = { label: "narrator", icon: "", handler: (d) => Object.assign(d, { whisper: [] }) };
      try {
        expect(normalizeMessageMode("narrator")).toBe("narrator");
        expect(normalizeMessageMode("narrator", { forAnother: true })).toBe("gm");
        expect(askerAudience(alice as never, "narrator")).toEqual({
          whisper: [gm.id, alice.id],
          blind: false,
        });
      } finally {
        delete modes.narrator;
      }
      vi.spyOn(console, "warn").mockImplementation(() => undefined);
      expect(normalizeMessageMode("narrator")).toBe("gm");
    },
  );

  it("currentMessageMode reads only this generation's setting, normalised", async () => {
    expect(currentMessageMode()).toBe(PUBLIC);
    const get = vi.spyOn(g.game.settings, "get");
    await as(alice, () => g.game.settings.set("core", SETTING, GM));
    expect(await as(alice, () => currentMessageMode())).toBe(GM);
    expect(get.mock.calls.map((c) => c.join("."))).toEqual([`core.${SETTING}`]);
    // The other generation's setting is not registered here: a read of it would throw.
    expect(() => g.game.settings.get("core", V14 ? "rollMode" : "messageMode")).toThrow(/not a registered/);
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    for (const [stored, read] of [
      ["ic", PUBLIC],
      [null, GM],
      ["bogus", GM],
      [OTHERS[2], BLIND],
    ] as const) {
      await as(alice, () => g.game.settings.set("core", SETTING, stored));
      expect(await as(alice, () => currentMessageMode()), String(stored)).toBe(read);
    }
  });

  it("applyMessageMode calls this generation's one API, with a normalised key, and throws when it is missing", async () => {
    const own = V14 ? "applyMode" : "applyRollMode";
    const other = V14 ? "applyRollMode" : "applyMode";
    const spy = vi.spyOn(g.ChatMessage as Record<string, (...a: unknown[]) => unknown>, own as never);
    expect(applyMessageMode({}, BLIND)).toEqual({ whisper: [gm.id], blind: true });
    expect(applyMessageMode({}, OTHERS[1])).toEqual({ whisper: [gm.id], blind: false });
    expect(await as(alice, () => applyMessageMode({}, SELF))).toEqual({ whisper: [alice.id], blind: false });
    expect(applyMessageMode({ speaker: { actor: "a1" } }, "ic")).toEqual({
      speaker: { actor: "a1" },
      whisper: [],
      blind: false,
    });
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(applyMessageMode({}, undefined)).toEqual({ whisper: [gm.id], blind: false });
    expect(spy.mock.calls.map((c) => c[1])).toEqual([BLIND, GM, SELF, PUBLIC, GM]);
    // The other generation's API is never reached (v14's deprecated applyRollMode throws if called; v13 has no applyMode).
    if (!V14) expect(g.ChatMessage[other]).toBeUndefined();
    const saved = g.ChatMessage[own];
    Reflect.deleteProperty(g.ChatMessage, own);
    try {
      expect(() => applyMessageMode({}, PUBLIC)).toThrow(`ChatMessage.${own} is missing`);
    } finally {
      g.ChatMessage[own] = saved;
    }
  });

  it("askerAudience names the readers for each mode and fails closed (GMs and the asker) on anything else", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const me = alice as never;
    for (const names of [NAMES, OTHERS]) {
      expect(askerAudience(me, names[0])).toEqual({ whisper: [], blind: false });
      expect(askerAudience(me, names[1])).toEqual({ whisper: [gm.id, alice.id], blind: false });
      expect(askerAudience(me, names[2])).toEqual({ whisper: [gm.id], blind: true });
      expect(askerAudience(me, names[3])).toEqual({ whisper: [alice.id], blind: false });
    }
    expect(askerAudience(me, "ic")).toEqual({ whisper: [], blind: false });
    for (const wrong of ["bogus", "", "roll", null, undefined, 1, { mode: PUBLIC }])
      expect(askerAudience(me, wrong), JSON.stringify(wrong)).toEqual({
        whisper: [gm.id, alice.id],
        blind: false,
      });
    expect(warn).toHaveBeenCalled();
  });
});
