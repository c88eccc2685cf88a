/**
 * Issue 12, the limits: a flood of one player's requests is refused past MAX_IN_FLIGHT with no work done, an
 * oversized payload is not read, and a card whose data cannot be drawn shows as broken without breaking the log.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { alice, as, attack, bob, creature, gm, settle, view, weapon, world } from "../chat/setup";
import { queueFaces } from "../../harness/roll";
import { failures } from "../../harness/core";
import type { ChatMessageDoc } from "../../harness/chat";
import { defineGmRequest, MAX_IN_FLIGHT } from "../../../src/net/gm-requests";
import { MAX_PAYLOAD } from "../../../src/net/mailbox";
import { accept } from "../../../src/rules/outcome";
import { askAs } from "./hostile";

let open: () => void = () => undefined;
let gate = Promise.resolve();
let ran = 0;
/** A request that waits on the test's gate: what is taken up stays in flight until the gate opens. */
defineGmRequest<{ id: string }, string>(
  "test.slow",
  async (p) => {
    ran++;
    await gate;
    return accept(String(p.id));
  },
  (p) => String(p.id),
);

type Creator = { create(data: unknown): Promise<ChatMessageDoc | undefined> };
const chat = () =>
  (globalThis as unknown as { CONFIG: { ChatMessage: { documentClass: Creator } } }).CONFIG.ChatMessage
    .documentClass;

describe("security: limits", () => {
  beforeEach(() => {
    world.warnings.length = 0;
    ran = 0;
    gate = new Promise((resolve) => (open = resolve));
  });

  it(`a flood of one player's requests: past ${MAX_IN_FLIGHT} in flight each is refused before any work`, async () => {
    const flood = Array.from({ length: MAX_IN_FLIGHT + 5 }, (_, i) =>
      askAs(alice, "fray.test.slow", { id: `a${i}` }),
    );
    await settle();
    expect(ran).toBe(MAX_IN_FLIGHT);
    // Another player is not held up by Alice's flood, nor is the GM.
    const other = askAs(bob, "fray.test.slow", { id: "b" });
    open();
    const answers = await Promise.all([...flood, other]);
    const refused = answers.filter((a) => (a as { reason?: string }).reason === "tooManyRequests");
    expect(refused).toHaveLength(5);
    expect(answers.filter((a) => (a as { ok?: boolean }).ok)).toHaveLength(MAX_IN_FLIGHT + 1);
    // Once answered, the player asks again as usual.
    expect(await askAs(alice, "fray.test.slow", { id: "again" })).toEqual({ ok: true, value: "again" });
  });

  it("a payload longer than MAX_PAYLOAD is not read", async () => {
    open();
    expect(await askAs(alice, "fray.test.slow", { id: "x".repeat(MAX_PAYLOAD) })).toEqual({
      ok: false,
      reason: "invalidValue",
    });
    expect(ran).toBe(0);
  });

  it("a card whose data cannot be drawn shows as broken; the other cards still draw", async () => {
    const hero = creature("Ana", {}, [alice]);
    const bea = creature("Bea", {}, [bob]);
    const spear = weapon(hero.actor, "Spear");
    queueFaces(12);
    const good = await attack(alice, "opposed-d20", hero, spear, [bea]);
    const malformed = {
      ...(good._source.system as object),
      entries: [{ key: "t0", attack: null, outcome: 5 }],
    };
    // The card's data model refuses malformed entries at creation (card-schema.ts): nothing is posted.
    const before = world.messages.size;
    await expect(
      as(gm, () => chat().create({ type: "attack", content: "", system: malformed })),
    ).rejects.toThrow("system.entries.0.attack");
    failures.splice(0); // Foundry reports the refusal (Hooks.onError); expected here
    expect(world.messages.size).toBe(before);
    // A card whose data still cannot be drawn (a client that skipped its own validation, data from elsewhere):
    // the renderer shows it broken.
    const broken = await as(gm, () =>
      chat().create({ type: "attack", content: "", system: good._source.system }),
    );
    (broken as unknown as { system: unknown }).system = malformed;
    for (const user of [alice, bob, gm]) {
      expect(await view(broken!, user)).toContain("data is damaged");
      expect(await view(good, user)).toContain("fray-attack-card");
    }
  });
});
