// The harness refuses the writes Foundry's server refuses, so a test cannot pass on a write a player's client
// could never make (tests/harness/README.md, "The server's permission rules"). Each refused write throws and
// changes nothing; the same write by a GM, or by the owner where owners may, lands.
import { describe, expect, it } from "vitest";
import { alice, as, bob, creature, fightWith, gm, world } from "../chat/setup";
import { ChatMessageDoc } from "../../harness/chat";

describe("the server's permission rules", () => {
  it("an actor is updated by its owner or a GM, never by another player; only a GM deletes it", async () => {
    const hero = creature("Ana", {}, [alice]);
    await expect(as(bob, () => hero.actor.update({ "system.health.value": 1 }))).rejects.toThrow(
      /Bob lacks permission to update Actor/,
    );
    expect(hero.actor.system.health).toMatchObject({ value: 20 });
    await as(alice, () => hero.actor.update({ "system.health.value": 19 }));
    await as(gm, () => hero.actor.update({ "system.health.value": 18 }));
    expect(hero.actor.system.health).toMatchObject({ value: 18 });
    await expect(as(alice, () => hero.actor.delete())).rejects.toThrow(/lacks permission to delete Actor/);
  });

  it("a chat message is updated by its author or a GM; a player cannot post as another user", async () => {
    const message = await as(alice, () => ChatMessageDoc.create({ content: "mine" }));
    await expect(as(bob, () => message.update({ content: "forged" }))).rejects.toThrow(
      /Bob lacks permission to update ChatMessage/,
    );
    expect(message._source.content).toBe("mine");
    await as(alice, () => message.update({ content: "edited" }));
    await as(gm, () => message.update({ content: "by the GM" }));
    expect(message._source.content).toBe("by the GM");
    await expect(as(bob, () => ChatMessageDoc.create({ content: "x", author: alice.id }))).rejects.toThrow(
      /lacks permission to create ChatMessage/,
    );
    const byGm = await as(gm, () => ChatMessageDoc.create({ content: "y" }));
    expect(byGm.author).toBe(gm);
    expect(world.messages.has(byGm.id)).toBe(true);
  });

  it("a player changes a fight's round and turn only, and its own combatant's initiative only", async () => {
    const hero = creature("Ana", {}, [alice]);
    const orc = creature("Orc");
    const fight = fightWith("fast-slow", hero, orc);
    await expect(as(alice, () => fight.fight.update({ "system.engine": null }))).rejects.toThrow(
      /lacks permission to update Combat/,
    );
    await as(alice, () => fight.fight.update({ round: 1 }));
    const [mine, theirs] = [...fight.fight.combatants.values()];
    await as(alice, () => mine!.update({ initiative: 12 }));
    expect(mine!.initiative).toBe(12);
    await expect(as(alice, () => mine!.update({ "system.budget": null }))).rejects.toThrow(
      /lacks permission to update Combatant/,
    );
    await expect(as(alice, () => theirs!.update({ initiative: 3 }))).rejects.toThrow(
      /lacks permission to update Combatant/,
    );
    await expect(
      as(alice, () => fight.fight.deleteEmbeddedDocuments("Combatant", [theirs!.id])),
    ).rejects.toThrow(/lacks permission to delete Combatant/);
    await expect(as(alice, () => fight.fight.delete())).rejects.toThrow(/lacks permission to delete Combat/);
  });
});
