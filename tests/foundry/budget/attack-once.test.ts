/**
 * A double click on an attack (or the attacker's owner and the GM at once) spends once and posts one card, even
 * where the budget would allow a second attack (OD-R3 two active actions, FS-A1 the action): the request names
 * the budget its client saw.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { queueFaces, queuedFaces } from "../../harness/roll";
import { NO_SITUATION } from "../chat/setup";
import {
  alice,
  as,
  budgetWorld,
  creature,
  engineOf,
  events,
  gm,
  resetWorld,
  settle,
  startedFight,
  weapon,
  world,
} from "./setup";
import { startAttack } from "../../../src/chat/start-attack";
import type { ActorDoc, ChatUser, ItemDoc, TokenDoc } from "../../harness/chat";

type Creature = { actor: ActorDoc; token: TokenDoc };

function swing(user: ChatUser, attacker: Creature, item: ItemDoc, target: Creature) {
  return as(user, () =>
    startAttack(attacker.actor as never, item as never, {
      token: attacker.token as never,
      targets: [target.token] as never,
      situation: NO_SITUATION,
    }),
  );
}

const cards = () => [...world.messages.values()].filter((m) => m.type === "attack");

describe("an attack clicked twice is made once", () => {
  beforeEach(() => {
    resetWorld();
    queuedFaces.length = 0;
  });

  it("OD-R3 with two active actions left, a double click spends one and posts one card", async () => {
    const ana = creature("Ana", { opposedD20: { actions: { active: 2 } } }, [alice]);
    const orco = creature("Orco", {});
    const espada = weapon(ana.actor, "Espada");
    const { fight, ids } = await startedFight("opposed-d20", ana, orco);
    const anaId = ids[0] as string;
    if (engineOf(fight).current !== anaId)
      await events(fight, [{ type: "takeTurn", id: anaId, gmOverride: true }]);
    queueFaces(12, 13);
    const made = await Promise.all([swing(alice, ana, espada, orco), swing(alice, ana, espada, orco)]);
    await settle();
    expect(made.filter(Boolean)).toHaveLength(1);
    expect(cards()).toHaveLength(1);
    expect(engineOf(fight).combatants.find((c) => c.id === anaId)?.actions?.active).toBe(1);
    // Seen, the second attack is the player's to make.
    queueFaces(14);
    expect(await swing(alice, ana, espada, orco)).not.toBe(null);
    expect(engineOf(fight).combatants.find((c) => c.id === anaId)?.actions?.active).toBe(2);
  });

  it("FS-A1 the owner's click and the GM's at once make one attack; the GM is asked nothing", async () => {
    const hero = creature("Aldo", {}, [alice]);
    const orc = creature("Orc", {});
    const sword = weapon(hero.actor, "Sword");
    const { fight, ids } = await startedFight("fast-slow", hero, orc);
    await events(fight, [{ type: "takeTurn", id: ids[0] as string }]);
    queueFaces(12, 13);
    const made = await Promise.all([swing(alice, hero, sword, orc), swing(gm, hero, sword, orc)]);
    await settle();
    expect(made.filter(Boolean)).toHaveLength(1);
    expect(cards()).toHaveLength(1);
    expect(budgetWorld.dialogs).toEqual([]);
  });
});
