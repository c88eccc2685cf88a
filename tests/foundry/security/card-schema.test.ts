/**
 * Issue 12 (Deliver 4): an attack card's entries and a check card's lines, result and consequence have a real data
 * model (src/data/chat/card-schema.ts). A card with a malformed part — a wrong type, a total of 1e9, a die face
 * its formula cannot give, an unknown kind, a string for a number, 10,000 entries — cannot be created or updated,
 * by the GM or by a hostile player on its own message, and nothing changes; keys no schema defines are dropped.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { alice, as, attack, bob, click, creature, entryOf, gm, weapon, world } from "../chat/setup";
import { queueFaces } from "../../harness/roll";
import { failures } from "../../harness/core";
import type { ChatMessageDoc } from "../../harness/chat";
import type { ChatUser } from "../../harness/chat";
import { hostile } from "./hostile";

type Data = Record<string, unknown>;
type Creator = { create(data: unknown): Promise<ChatMessageDoc | undefined> };
const chat = () =>
  (globalThis as unknown as { CONFIG: { ChatMessage: { documentClass: Creator } } }).CONFIG.ChatMessage
    .documentClass;

/** A real resolved classic-d20 card (a hit, damage rolled) by the GM for Alice's Ana against Bob's Bea. */
async function realCard() {
  const hero = creature("Ana", {}, [alice]);
  const bea = creature("Bea", {}, [bob]);
  const sword = weapon(hero.actor, "Sword");
  queueFaces(15, 3);
  const message = await attack(alice, "classic-d20", hero, sword, [bea]);
  expect(await click(alice, message, "rollDamage")).toEqual({ ok: true, value: null });
  return message;
}

const systemOf = (message: ChatMessageDoc) => structuredClone(message._source.system) as Data;
const entries = (system: Data) => system.entries as Data[];

/** Each malformed entry, made from a real one. */
const MALFORMED: [string, (entry: Data) => unknown][] = [
  ["an entry of the wrong type", () => "t0"],
  ["an attack that is not an object", (e) => ({ ...e, attack: 5 })],
  ["a total of 1e9", (e) => ({ ...e, attack: { ...(e.attack as Data), total: 1e9 } })],
  [
    "a string where a number is expected",
    (e) => ({ ...e, attack: { ...(e.attack as Data), total: "lots" } }),
  ],
  [
    "a fraction where a whole number is expected",
    (e) => ({ ...e, attack: { ...(e.attack as Data), margin: 2.5 } }),
  ],
  [
    "a die face of 0 on a d6",
    (e) => ({
      ...e,
      maintenance: [{ ...maintenance(), roll: { index: 9, formula: "3d6", total: 7, faces: [0, 3, 4] } }],
    }),
  ],
  [
    "a die face of 7 on a d6",
    (e) => ({
      ...e,
      maintenance: [{ ...maintenance(), roll: { index: 9, formula: "3d6", total: 17, faces: [7, 5, 5] } }],
    }),
  ],
  [
    "a roll total its faces do not make",
    (e) => {
      const damage = e.damage as Data;
      return { ...e, damage: { ...damage, roll: { ...(damage.roll as Data), total: 999 } } };
    },
  ],
  ["an unknown defense", (e) => ({ ...e, pendingDefense: "teleport" })],
  [
    "an unknown defense consequence",
    (e) => ({
      ...e,
      legal: {
        mode: "choose",
        options: [
          { id: "dodge", labelKey: "FRAY.Defense.dodge", formula: "1d20", consequences: [{ kind: "heal" }] },
        ],
        unavailable: [],
        mayDecline: true,
      },
    }),
  ],
  ["an unknown stage", (e) => ({ ...e, stage: "applied" })],
  ["a formula over the dice caps", (e) => ({ ...e, damage: { ...(e.damage as Data), formula: "999d999" } })],
  [
    "a name of 100,000 characters",
    (e) => ({ ...e, target: { ...(e.target as Data), name: "x".repeat(100_000) } }),
  ],
  [
    "a name of 1001 characters (a writer shortens it to 1000)",
    (e) => ({ ...e, target: { ...(e.target as Data), name: "x".repeat(1001) } }),
  ],
  [
    "family data of 100,000 characters",
    (e) => ({ ...e, attack: { ...(e.attack as Data), data: { x: "y".repeat(100_000) } } }),
  ],
  ["a missing attack", (e) => ({ ...e, attack: undefined })],
];

function maintenance(): Data {
  return { target: 10, margin: 3, success: true, critical: null };
}

/** Runs `write`, which Foundry must refuse with a validation error of the card's system; the error is expected. */
async function refused(user: ChatUser, write: () => Promise<unknown>) {
  await expect(as(user, write)).rejects.toThrow(
    /validation errors:\n\s+system\.(entries|lines|result|consequence)/,
  );
  failures.splice(0); // Foundry reports a refused write (Hooks.onError); expected here.
}

describe("security: the card data model", () => {
  beforeEach(() => {
    world.warnings.length = 0;
  });

  it.each(MALFORMED)(
    "an attack card with %s cannot be created, by the GM or by a hostile player",
    async (_what, make) => {
      const real = await realCard();
      const system = systemOf(real);
      system.entries = [make(entries(system)[0]!)];
      const before = world.messages.size;
      await refused(gm, () => chat().create({ type: "attack", content: "", system }));
      await expect(
        hostile(alice, () => chat().create({ type: "attack", content: "", system })),
      ).rejects.toThrow("validation errors");
      failures.splice(0);
      expect(world.messages.size).toBe(before);
    },
  );

  it.each(MALFORMED)("an attack card cannot be updated with %s: nothing changes", async (_what, make) => {
    const real = await realCard();
    const before = JSON.stringify(real._source);
    const bad = make(entries(systemOf(real))[0]!);
    const live = world.messages.get(real.id)!;
    await refused(gm, () => live.update({ "system.entries": [bad] }));
    await refused(gm, () => live.update({ system: { entries: [bad, entryOf(real)] } }));
    expect(JSON.stringify(world.messages.get(real.id)!._source)).toBe(before);
  });

  it("10,000 entries (or 11: more than the GM's 10 targets) cannot be created or written", async () => {
    const real = await realCard();
    const entry = entries(systemOf(real))[0]!;
    for (const count of [11, 10_000]) {
      const system = {
        ...systemOf(real),
        entries: Array.from({ length: count }, (_, i) => ({ ...entry, key: `t${i}` })),
      };
      await refused(gm, () => chat().create({ type: "attack", content: "", system }));
      await refused(gm, () => world.messages.get(real.id)!.update({ "system.entries": system.entries }));
    }
    expect(entries(systemOf(real))).toHaveLength(1);
  });

  it("a hostile player's own card cannot be edited into a malformed one either", async () => {
    const real = await realCard();
    const system = systemOf(real);
    const own = await hostile(alice, () => chat().create({ type: "attack", content: "", system }));
    expect(own?.author?.id).toBe(alice.id);
    const before = JSON.stringify(own!._source);
    const bad = { ...entries(system)[0]!, attack: { ...(entries(system)[0]!.attack as Data), total: 1e9 } };
    await expect(hostile(alice, () => own!.update({ "system.entries": [bad] }))).rejects.toThrow(
      "validation errors",
    );
    failures.splice(0);
    expect(JSON.stringify(own!._source)).toBe(before);
  });

  it("keys no schema defines are dropped from an entry (Foundry cleans before it validates)", async () => {
    const real = await realCard();
    const system = systemOf(real);
    const entry = entries(system)[0]!;
    system.entries = [
      {
        ...entry,
        hacked: true,
        attack: { ...(entry.attack as Data), bonusDamage: 999 },
        damage: { ...(entry.damage as Data), final: 4, forced: true },
      },
    ];
    const made = await as(gm, () => chat().create({ type: "attack", content: "", system }));
    const stored = entries(made!._source.system as Data)[0]!;
    expect(stored).not.toHaveProperty("hacked");
    expect(stored.attack).not.toHaveProperty("bonusDamage");
    expect(stored.damage).not.toHaveProperty("forced");
    expect((stored.damage as Data).final).toBe(4);
  });

  it("a check card with a malformed line, result or consequence cannot be created", async () => {
    const hero = creature("Ana", {}, [alice]);
    const check = (over: Data) => ({
      type: "check",
      content: "",
      system: {
        dice: "d20",
        kind: "attribute",
        roller: { actorUuid: hero.actor.uuid, tokenUuid: hero.token.uuid, name: "Ana", img: "" },
        attributeKey: "FRAY.Check.noAttribute",
        modifier: 0,
        boons: 0,
        banes: 0,
        target: 10,
        lines: [],
        combatId: null,
        consequence: null,
        result: null,
        ...over,
      },
    });
    const result = {
      roll: { index: 0, formula: "1d20 + 2", total: 14, faces: [12] },
      total: 14,
      target: 10,
      success: true,
      margin: 4,
      critical: null,
      natural: 12,
      boonValue: null,
      userId: gm.id,
    };
    const consequence = { name: "concentration.check", data: {}, applied: false, lines: [], rolls: [] };
    // The well-formed card is accepted.
    expect(
      await as(gm, () => chat().create(check({ result, consequence, lines: [{ key: "FRAY.Check.x" }] }))),
    ).toBeDefined();
    const before = world.messages.size;
    for (const over of [
      { lines: ["why"] },
      { lines: [{ key: "<img src=x onerror=alert(1)>" }] },
      { lines: Array.from({ length: 10_000 }, () => ({ key: "FRAY.Check.x" })) },
      { result: { ...result, total: 1e9 } },
      { result: { ...result, natural: 21 } },
      { result: { ...result, roll: { ...result.roll, faces: [21], total: 23 } } },
      { result: { ...result, total: "fourteen" } },
      { result: { ...result, critical: "maybe" } },
      { consequence: { ...consequence, data: { blob: "x".repeat(100_000) } } },
      {
        consequence: {
          ...consequence,
          rolls: [{ labelKey: "FRAY.x", roll: { index: 1, formula: "1d6", total: 7, faces: [7] } }],
        },
      },
      { consequence: "end concentration" },
    ])
      await refused(gm, () => chat().create(check(over)));
    expect(world.messages.size).toBe(before);
  });
});
