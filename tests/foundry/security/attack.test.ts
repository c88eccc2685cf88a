/**
 * Issue 12, a hostile player against the attack: the GM makes every attack card (chat/attack-request.ts) and acts
 * on no card a GM did not write (chat/card-trust.ts). Each hostile move is refused with nothing changed.
 */
import { beforeEach, describe, expect, it } from "vitest";
import {
  alice,
  as,
  attack,
  bob,
  cardOf,
  click,
  creature,
  gm,
  NO_SITUATION,
  settle,
  setSetting,
  view,
  weapon,
  world,
} from "../chat/setup";
import { queueFaces, queuedFaces } from "../../harness/roll";
import type { ChatMessageDoc } from "../../harness/chat";
import { askAs, hostile } from "./hostile";

type Creator = { create(data: unknown): Promise<ChatMessageDoc | undefined> };
const messages = () =>
  (globalThis as unknown as { CONFIG: { ChatMessage: { documentClass: Creator } } }).CONFIG.ChatMessage
    .documentClass;

/** Alice's hero with a sword against Bob's Bea, under classic-d20 (AC 10). */
function duel() {
  const hero = creature("Ana", {}, [alice]);
  const bea = creature("Bea", {}, [bob]);
  const sword = weapon(hero.actor, "Sword", { damage: "1d8" });
  return { hero, bea, sword };
}

function request(hero: ReturnType<typeof duel>["hero"], itemId: string, targets: string[], extra = {}) {
  return {
    actorUuid: hero.actor.uuid,
    tokenUuid: hero.token.uuid,
    itemId,
    targets,
    situation: NO_SITUATION,
    ...extra,
  };
}

describe("security: attack cards", () => {
  beforeEach(() => {
    queuedFaces.length = 0;
    world.warnings.length = 0;
  });

  it("every attack card is written by the GM, spoken by the attacker; its roller cannot edit it", async () => {
    const { hero, bea, sword } = duel();
    queueFaces(15);
    const message = await attack(alice, "classic-d20", hero, sword, [bea]);
    expect(message.author?.id).toBe(gm.id);
    expect((message._source.speaker as { actor?: string }).actor).toBe(hero.actor.id);
    // Edited after the fact (the server's rule: only its author or a GM writes a message).
    await expect(hostile(alice, () => message.update({ "system.entries": [] } as never))).rejects.toThrow(
      /lacks permission/,
    );
    expect(cardOf(message).entries).toHaveLength(1);
  });

  it("a player's client refuses to post a Fray card while a GM is connected", async () => {
    const { hero, bea, sword } = duel();
    queueFaces(15);
    const real = await attack(alice, "classic-d20", hero, sword, [bea]);
    const before = world.messages.size;
    const made = await as(alice, () =>
      messages().create({ type: "attack", system: real._source.system, content: "" }),
    );
    expect(made).toBeUndefined();
    expect(world.messages.size).toBe(before);
    expect(world.warnings.at(-1)).toBe(
      "While a GM is connected, only the GM posts Fray's cards: use the sheet's buttons.",
    );
  });

  it("a forged card with damage 999 against another player's creature is applied by nobody", async () => {
    const { hero, bea, sword } = duel();
    queueFaces(15, 3);
    const real = await attack(alice, "classic-d20", hero, sword, [bea]);
    await click(alice, real, "rollDamage");
    const system = structuredClone(real._source.system) as { entries: { damage: Record<string, unknown> }[] };
    const damage = system.entries[0]!.damage;
    // The damage to apply is forged; the roll stays one a d8 gives (a total its faces do not make is refused by the
    // card's data model, tests/foundry/security/card-schema.test.ts).
    damage.final = 999;
    const forged = await hostile(alice, () => messages().create({ type: "attack", system, content: "" }));
    expect(forged?.author?.id).toBe(alice.id);
    for (const user of [alice, gm])
      expect(await askAs(user, "fray.attack.applyDamage", { messageId: forged!.id, entry: "t0" })).toEqual({
        ok: false,
        reason: "notGmCard",
      });
    // Drawn for anyone, the forged card offers no button and says no GM made it.
    for (const user of [alice, bob, gm]) {
      expect(await view(forged!, user)).not.toContain("data-action=");
      expect(await view(forged!, user)).toContain("Rolled without a GM");
    }
    expect(bea.actor.system.health).toMatchObject({ value: 20 });
    // The real card still applies its own damage, once.
    expect(await click(bob, real, "applyDamage")).toEqual({ ok: true, value: null });
    expect(bea.actor.system.health).toMatchObject({ value: 17 });
  });

  it("an attack asked for another player's creature, or with an item it does not hold, is refused", async () => {
    const { hero, bea } = duel();
    const bow = weapon(bea.actor, "Bow");
    const before = world.messages.size;
    const asBea = {
      ...request(hero, bow.id, [hero.token.uuid]),
      actorUuid: bea.actor.uuid,
      tokenUuid: bea.token.uuid,
    };
    expect(await askAs(alice, "fray.attack.roll", asBea)).toMatchObject({ ok: false, reason: "notOwner" });
    expect(await askAs(alice, "fray.attack.roll", request(hero, bow.id, []))).toMatchObject({
      ok: false,
      reason: "unknownWeapon",
    });
    // Spoofed identity: nothing in a payload says who asks.
    expect(
      await askAs(alice, "fray.attack.roll", { ...asBea, userId: bob.id, user: gm.id, isGM: true }),
    ).toMatchObject({ ok: false, reason: "notOwner" });
    expect(world.messages.size).toBe(before);
  });

  it("situation numbers out of their bounds, and malformed targets, are refused: nothing rolled, nothing spent", async () => {
    const { hero, bea, sword } = duel();
    const before = world.messages.size;
    const cases: [object, string][] = [
      [{ situation: { ...NO_SITUATION, modifier: 100 } }, "outOfBounds"],
      [{ situation: { ...NO_SITUATION, modifier: 2.5 } }, "outOfBounds"],
      [{ situation: { ...NO_SITUATION, boons: 1 } }, "outOfBounds"], // boons are fast-slow's only
      [{ situation: { ...NO_SITUATION, mountedIndependent: true } }, "invalidValue"],
      [{ situation: "hit" }, "invalidValue"],
      [{ targets: "all" }, "invalidValue"],
      [{ targets: Array.from({ length: 11 }, () => bea.token.uuid) }, "invalidValue"],
      [{ targets: ["Scene.scene000000001.Token.nothing"] }, "creatureGone"],
      [{ targets: [bea.actor.uuid] }, "creatureGone"],
    ];
    for (const [extra, reason] of cases)
      expect(
        await askAs(alice, "fray.attack.roll", request(hero, sword.id, [bea.token.uuid], extra)),
        JSON.stringify(extra),
      ).toMatchObject({ ok: false, reason });
    expect(world.messages.size).toBe(before);
    expect(queuedFaces).toEqual([]);
  });

  it("a token hidden from players is no player's target (as if it were not there); the GM may target it", async () => {
    const { hero, bea, sword } = duel();
    // TokenDocument#hidden: "Is the Token currently hidden from player view?"
    Object.defineProperty(bea.token, "hidden", { configurable: true, value: true });
    const before = world.messages.size;
    expect(await askAs(alice, "fray.attack.roll", request(hero, sword.id, [bea.token.uuid]))).toMatchObject({
      ok: false,
      reason: "creatureGone",
    });
    expect(world.messages.size).toBe(before);
    expect(queuedFaces).toEqual([]);
    queueFaces(15);
    expect(await askAs(gm, "fray.attack.roll", request(hero, sword.id, [bea.token.uuid]))).toMatchObject({
      ok: true,
    });
    await settle();
  });

  it("a fast-slow player's situational boons are held to 3 and its modifier to ±10; the GM's go further", async () => {
    const { hero, bea, sword } = duel();
    setSetting("ruleset", "fast-slow");
    const ask = (user: typeof alice, situation: object) =>
      askAs(user, "fray.attack.roll", request(hero, sword.id, [bea.token.uuid], { situation }));
    expect(await ask(alice, { ...NO_SITUATION, boons: 4 })).toMatchObject({ reason: "outOfBounds" });
    expect(await ask(alice, { ...NO_SITUATION, modifier: -11 })).toMatchObject({ reason: "outOfBounds" });
    queueFaces(10, 1, 2, 3, 4);
    expect(await ask(gm, { ...NO_SITUATION, boons: 4 })).toMatchObject({ ok: true });
    await settle();
  });

  it("a damage formula past the dice caps is refused before anything is spent or rolled", async () => {
    const { hero, bea } = duel();
    const huge = weapon(hero.actor, "Huge", { damage: "1d8" });
    // The item's owner may edit it; the GM side reads the formula as it is when the attack is asked.
    (huge.system as { damage: string }).damage = "60d6";
    (huge._source.system as { damage: string }).damage = "60d6";
    expect(await askAs(alice, "fray.attack.roll", request(hero, huge.id, [bea.token.uuid]))).toMatchObject({
      ok: false,
      reason: "formulaTooLarge",
    });
  });
  it("no GM connected: a player still rolls for itself; the card says so, offers no button, and no GM applies it later", async () => {
    const { hero, bea, sword } = duel();
    gm.active = false;
    let message: ChatMessageDoc;
    try {
      queueFaces(15);
      message = await attack(alice, "classic-d20", hero, sword, [bea]);
    } finally {
      gm.active = true;
    }
    expect(message.author?.id).toBe(alice.id);
    expect(cardOf(message).entries[0]?.outcome).toMatchObject({ hit: true });
    const seen = await view(message, alice);
    expect(seen).toContain("Rolled without a GM");
    expect(seen).not.toContain("data-action=");
    // The GM is back: nothing on the card is carried out, by anyone.
    for (const user of [alice, gm])
      expect(await askAs(user, "fray.attack.rollDamage", { messageId: message.id, entry: "t0" })).toEqual({
        ok: false,
        reason: "notGmCard",
      });
    expect(bea.actor.system.health).toMatchObject({ value: 20 });
    expect(await view(message, gm)).toContain("Rolled without a GM");
  });
});
