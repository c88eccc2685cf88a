/**
 * Chat messages as each generation makes them, in the chat harness (tests/harness/chat.ts, core.ts,
 * message-modes.ts): `ChatMessage.implementation` is the configured class (CONFIG.ChatMessage.documentClass),
 * `create` takes one message or an array and applies the generation's mode option (v13 `rollMode`, v14
 * `messageMode`); v13's `applyRollMode` sets `whisper`/`blind` as foundryvtt#11442 states; v14's `applyMode` runs
 * the handlers of `CONFIG.ChatMessage.modes`, and what v14 deprecates throws.
 */
import { afterEach, describe, expect, it } from "vitest";
import { alice, as, creature, fightWith, gm } from "../chat/setup";
import { ChatMessageDoc, world } from "../../harness/chat";
import { applyRollMode, type ClientSettings } from "../../harness/core";
import { queueFaces, Roll } from "../../harness/roll";
import { V14 } from "../../harness/generation";
import { modeVariant } from "../../harness/message-modes";
import { rollOffFaces } from "../../../src/documents/initiative-rolls";

type Data = Record<string, unknown>;
const ChatMessage = (
  globalThis as unknown as {
    ChatMessage: typeof ChatMessageDoc & { applyMode(data: Data, mode: unknown): Data };
  }
).ChatMessage;
const config = () =>
  (globalThis as unknown as { CONFIG: { ChatMessage: { documentClass: unknown; modes?: Data } } }).CONFIG;
const settings = () => (globalThis as unknown as { game: { settings: ClientSettings } }).game.settings;

describe.runIf(!V14)("v13: ChatMessage.applyRollMode (foundryvtt#11442)", () => {
  it("sets whisper and blind for each mode, keeps private recipients, writes no rollMode key", async () => {
    const bob = "someUser000001";
    expect(applyRollMode({ whisper: [bob], blind: true }, "publicroll")).toEqual({
      whisper: [],
      blind: false,
    });
    expect(applyRollMode({ whisper: [bob] }, "gmroll")).toEqual({ whisper: [bob, gm.id], blind: false });
    expect(applyRollMode({}, "blindroll")).toEqual({ whisper: [gm.id], blind: true });
    expect(await as(alice, () => applyRollMode({}, "selfroll"))).toEqual({
      whisper: [alice.id],
      blind: false,
    });
    settings().seed("core", "rollMode", "gmroll");
    try {
      expect(applyRollMode({}, "roll")).toEqual({ whisper: [gm.id], blind: false });
    } finally {
      settings().seed("core", "rollMode", "publicroll");
    }
    expect(() => applyRollMode({}, "public")).toThrow(/not a roll mode/);
    const data: Data = { content: "x" };
    expect(ChatMessage.applyRollMode(data, "gmroll")).toBe(data);
  });

  it("registers core.rollMode only, offers no applyMode, and refuses v14's messageMode option", async () => {
    expect(settings().get("core", "rollMode")).toBe("publicroll");
    expect(() => settings().get("core", "messageMode")).toThrow(/not a registered game setting/);
    expect((ChatMessage as unknown as Data).applyMode).toBeUndefined();
    expect(config().ChatMessage.modes).toBeUndefined();
    await expect(
      as(alice, () => ChatMessage.implementation.create({ content: "x" }, { messageMode: "gm" })),
    ).rejects.toThrow(/messageMode is v14's option/);
    const roll = new Roll("1d6");
    queueFaces(4);
    await expect(as(alice, () => roll.toMessage({}, { messageMode: "gm" }))).rejects.toThrow(/v14's option/);
  });
});

describe.runIf(V14)("v14: ChatMessage.applyMode and CONFIG.ChatMessage.modes", () => {
  afterEach(() => {
    modeVariant.lenient = false;
  });

  it("applies core's five modes; an unknown key, a v13 name or none throws", async () => {
    expect(Object.keys(config().ChatMessage.modes ?? {})).toEqual(["public", "gm", "blind", "self", "ic"]);
    const apply = (data: Data, mode: unknown) => ChatMessage.applyMode(data, mode);
    expect(apply({ whisper: ["u1"], blind: true }, "public")).toEqual({ whisper: [], blind: false });
    expect(apply({}, "gm")).toEqual({ whisper: [gm.id], blind: false });
    expect(apply({}, "blind")).toEqual({ whisper: [gm.id], blind: true });
    expect(await as(alice, () => apply({}, "self"))).toEqual({ whisper: [alice.id], blind: false });
    // `ic`: in-character speech for a message with a speaker actor and no rolls; else as public.
    expect(apply({ speaker: { actor: "a1" } }, "ic")).toMatchObject({ whisper: [], blind: false, style: 2 });
    expect(apply({ speaker: { actor: "a1" }, rolls: ["{}"] }, "ic")).not.toHaveProperty("style");
    for (const wrong of ["gmroll", "publicroll", "roll", "", null, undefined, "narrator"])
      expect(() => apply({}, wrong)).toThrow(/not a key of CONFIG.ChatMessage.modes/);
    // What v14 does with a preset whisper is unsettled: the strict harness refuses to guess.
    expect(() => apply({ whisper: ["u1"] }, "gm")).toThrow(/preset whisper/);
    const data: Data = { content: "x" };
    expect(ChatMessage.applyMode(data, "gm")).toBe(data);
  });

  it("registers core.messageMode only; applyRollMode, the rollMode options and CONFIG.Dice.rollModes throw as deprecated", async () => {
    expect(settings().get("core", "messageMode")).toBe("public");
    expect(() => settings().get("core", "rollMode")).toThrow(/not a registered game setting/);
    expect(() => ChatMessage.applyRollMode({}, "gmroll")).toThrow(
      "v14 deprecates ChatMessage.applyRollMode (since 14, until 16): use ChatMessage.applyMode",
    );
    expect(() => (globalThis as unknown as { CONFIG: { Dice: Data } }).CONFIG.Dice.rollModes).toThrow(
      /v14 deprecates CONFIG.Dice.rollModes/,
    );
    await expect(
      as(alice, () => ChatMessage.implementation.create({ content: "x" }, { rollMode: "gmroll" })),
    ).rejects.toThrow(/v14 deprecates the rollMode option of ChatMessage.create/);
    const roll = new Roll("1d6");
    queueFaces(4);
    await expect(as(alice, () => roll.toMessage({}, { rollMode: "gmroll" }))).rejects.toThrow(
      /v14 deprecates the rollMode option of Roll#toMessage/,
    );
  });

  it("create applies the messageMode option and nothing without one; Roll#toMessage defaults to core.messageMode", async () => {
    const [shown, kept] = await as(alice, () =>
      ChatMessage.implementation.create([{ content: "a" }, { content: "b", whisper: [alice.id] }]),
    );
    expect([shown?.whisper, kept?.whisper]).toEqual([[], [alice.id]]);
    const blind = await as(alice, () =>
      ChatMessage.implementation.create({ content: "c" }, { messageMode: "blind" }),
    );
    expect([blind.whisper, blind.blind]).toEqual([[gm.id], true]);
    await as(alice, () => settings().set("core", "messageMode", "gm"));
    try {
      queueFaces(5);
      const rolled = (await as(alice, () => new Roll("1d6").toMessage({}))) as ChatMessageDoc;
      expect(rolled.whisper).toEqual([gm.id]);
      // A client setting is each client's own: the GM's is still public.
      expect(await as(gm, () => settings().get("core", "messageMode"))).toBe("public");
    } finally {
      settings().resetClients();
    }
  });

  it("lenient variant: an unknown key falls back to the poster's mode, and create applies it without an option", async () => {
    modeVariant.lenient = true;
    expect(ChatMessage.applyMode({}, "gmroll")).toEqual({ whisper: [], blind: false });
    const posted = await as(gm, () =>
      ChatMessage.implementation.create({ content: "x", whisper: [alice.id], blind: true }),
    );
    expect([posted.whisper, posted.blind]).toEqual([[], false]);
  });
});

describe("ChatMessage.implementation and create", () => {
  it("is the configured class; create takes one message or an array, and the generation's mode option", async () => {
    expect(ChatMessage.implementation).toBe(config().ChatMessage.documentClass);
    const one = await as(alice, () => ChatMessage.implementation.create({ content: "one" }));
    expect(one).toBeInstanceOf(ChatMessageDoc);
    const two = await as(alice, () =>
      ChatMessage.implementation.create(
        [{ content: "a" }, { content: "b" }],
        V14 ? { messageMode: "blind" } : { rollMode: "blindroll" },
      ),
    );
    expect(two.map((m) => [m._source.content, m.whisper, m.blind])).toEqual([
      ["a", [gm.id], true],
      ["b", [gm.id], true],
    ]);
    expect(world.messages.get(one.id)).toBe(one);
  });

  it("a roll-off posts its rolls through ChatMessage.implementation; a hidden combatant's privately", async () => {
    const ann = creature("Ann", {}, [alice]);
    const orc = creature("Orc", {});
    const { fight, ids } = fightWith("classic-d20", ann, orc);
    await as(gm, () => fight.combatants.get(ids[1] as string)?.update({ hidden: true }));
    queueFaces(12, 7);
    const before = world.messages.size;
    const faces = await as(gm, () => rollOffFaces(fight as never, ids));
    expect(faces).toEqual({ [ids[0] as string]: 12, [ids[1] as string]: 7 });
    const posted = [...world.messages.values()].slice(before);
    expect(posted.map((m) => [m.rolls[0]?.total, m.whisper])).toEqual([
      [12, []],
      [7, [gm.id]],
    ]);
  });
});
