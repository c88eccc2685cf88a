/**
 * Chat messages as v13 makes them, in the chat harness (tests/harness/chat.ts, core.ts): `ChatMessage.implementation`
 * is the configured class (CONFIG.ChatMessage.documentClass; src calls `ChatMessage.implementation.create`, which
 * the harness lacked), `create` takes one message or an array and applies `options.rollMode`, and
 * `applyRollMode` sets `whisper`/`blind` as foundryvtt#11442 states (the combat harness used to add a
 * `rollMode` key instead).
 */
import { describe, expect, it } from "vitest";
import { alice, as, creature, fightWith, gm } from "../chat/setup";
import { ChatMessageDoc, world } from "../../harness/chat";
import { applyRollMode, type ClientSettings } from "../../harness/core";
import { queueFaces } from "../../harness/roll";
import { rollOffFaces } from "../../../src/documents/initiative-rolls";

type Data = Record<string, unknown>;
const ChatMessage = (globalThis as unknown as { ChatMessage: typeof ChatMessageDoc }).ChatMessage;
const config = () =>
  (globalThis as unknown as { CONFIG: { ChatMessage: { documentClass: unknown } } }).CONFIG;
const settings = () => (globalThis as unknown as { game: { settings: ClientSettings } }).game.settings;

describe("ChatMessage.applyRollMode (foundryvtt#11442)", () => {
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
});

describe("ChatMessage.implementation and create", () => {
  it("is the configured class; create takes one message or an array, and options.rollMode", async () => {
    expect(ChatMessage.implementation).toBe(config().ChatMessage.documentClass);
    const one = await as(alice, () => ChatMessage.implementation.create({ content: "one" }));
    expect(one).toBeInstanceOf(ChatMessageDoc);
    const two = await as(alice, () =>
      ChatMessage.implementation.create([{ content: "a" }, { content: "b" }], { rollMode: "blindroll" }),
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
