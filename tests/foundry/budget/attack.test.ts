/**
 * Rolling an attack spends the attacker's budget before any die is rolled (FS-A1, FS-A16, CD-A6, OD-A1,
 * OD-R3, PR-P9, AD-M2): a refusal stops the attack with its localized reason and posts no card; a GM may
 * confirm an override.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { queueFaces, queuedFaces } from "../../harness/roll";
import { NO_SITUATION } from "../chat/setup";
import {
  alice,
  as,
  budgetNow,
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
import { initialFastSlowBudget, type FastSlowBudget } from "../../../src/rules/families/fast-slow/budget";
import type { AttackCardData } from "../../../src/chat/card-data";
import type { ClassicD20Budget } from "../../../src/rules/families/classic-d20/budget";
import type { ActiveDefenseBudget } from "../../../src/rules/families/active-defense-3d6/budget";
import type { ActorDoc, ChatUser, ItemDoc, TokenDoc } from "../../harness/chat";
import { replaceWhole } from "../../../src/compat/replace-whole";

type Creature = { actor: ActorDoc; token: TokenDoc };

async function swing(user: ChatUser, attacker: Creature, item: ItemDoc, target: Creature) {
  const message = await as(user, () =>
    startAttack(attacker.actor as never, item as never, {
      token: attacker.token as never,
      targets: [target.token] as never,
      situation: NO_SITUATION,
    }),
  );
  await settle();
  return message;
}

describe("rolling an attack spends", () => {
  beforeEach(() => {
    resetWorld();
    queuedFaces.length = 0;
  });

  it("FS-A1 the action on the creature's turn: a second attack that turn is refused and posts no card", async () => {
    const hero = creature("Aldo", {}, [alice]);
    const orc = creature("Orc", {});
    const sword = weapon(hero.actor, "Sword");
    const { fight, ids } = await startedFight("fast-slow", hero, orc);
    const heroId = ids[0] as string;
    await events(fight, [{ type: "takeTurn", id: heroId }]);
    queueFaces(12);
    expect(await swing(alice, hero, sword, orc)).not.toBe(null);
    expect(budgetNow<FastSlowBudget>(fight, heroId).turn).toMatchObject({
      actionLeft: 0,
      actionUsedFor: "attack",
    });
    const cards = world.messages.size;
    expect(await swing(alice, hero, sword, orc)).toBe(null);
    expect(world.messages.size).toBe(cards);
    expect(world.warnings).toEqual(["The action of this turn is already used."]);
    expect(queuedFaces).toEqual([]);
  });

  it("FS-A10 an attack made as the reaction to a prepared attack's trigger is rolled with 1 boon", async () => {
    const hero = creature("Aldo", {}, [alice]);
    const orc = creature("Orc", {});
    const sword = weapon(hero.actor, "Sword");
    const { fight, ids } = await startedFight("fast-slow", hero, orc);
    const heroId = ids[0] as string;
    const ready: FastSlowBudget = {
      ...initialFastSlowBudget(),
      round: 1,
      prepared: { activity: "attack", trigger: "the orc steps in" },
    };
    await as(gm, () => fight.combatants.get(heroId)!.update(replaceWhole("system.budget", ready)));
    queueFaces(9, 4);
    const prepared = await swing(alice, hero, sword, orc);
    const entry = (prepared?.system as unknown as AttackCardData).entries[0];
    expect(entry?.attack.rolls[0]?.formula).toBe("1d20 + 1d6");
    expect(entry?.attack.boons).toEqual([{ source: "prepared", boons: 1, banes: 0 }]);
    expect(entry?.attack.total).toBe(13);
    expect(budgetNow<FastSlowBudget>(fight, heroId)).toMatchObject({ prepared: null, reactionLeft: 0 });

    // Next round, with nothing prepared, the reaction is an opportunity attack: no boon.
    await events(fight, [{ type: "endRound", gmOverride: true }]);
    queueFaces(9);
    const plain = await swing(alice, hero, sword, orc);
    expect((plain?.system as unknown as AttackCardData).entries[0]?.attack.boons).toEqual([]);
  });

  it("FS-A16 out of its turn an attack is the reaction, once a round", async () => {
    const hero = creature("Aldo", {}, [alice]);
    const orc = creature("Orc", {});
    const sword = weapon(hero.actor, "Sword");
    const { fight, ids } = await startedFight("fast-slow", hero, orc);
    queueFaces(12);
    expect(await swing(alice, hero, sword, orc)).not.toBe(null);
    expect(budgetNow<FastSlowBudget>(fight, ids[0] as string).reactionLeft).toBe(0);
    expect(await swing(alice, hero, sword, orc)).toBe(null);
    expect(world.warnings).toHaveLength(1);
  });

  it("the GM confirms an override to attack anyway; the bypassed rule is recorded", async () => {
    const orc = creature("Orc", {});
    const hero = creature("Aldo", {}, [alice]);
    const club = weapon(orc.actor, "Club");
    const { fight, ids } = await startedFight("fast-slow", hero, orc);
    const orcId = ids[1] as string;
    queueFaces(10, 11);
    expect(await swing(gm, orc, club, hero)).not.toBe(null); // the reaction
    budgetWorld.confirms.push(true);
    expect(await swing(gm, orc, club, hero)).not.toBe(null);
    expect(budgetWorld.dialogs).toHaveLength(1);
    expect(budgetNow<FastSlowBudget>(fight, orcId).overrides).toEqual([
      { event: "reaction", reason: "reactionUsed" },
    ]);
  });

  it("CD-A6 the standard action; OD-A1 OD-R3 an active action counted by the round engine", async () => {
    const ola = creature("Ola", {}, [alice]);
    const troll = creature("Troll", {});
    const axe = weapon(ola.actor, "Axe");
    const cd = await startedFight("classic-d20", ola, troll);
    const olaId = cd.ids[0] as string;
    if (engineOf(cd.fight).current !== olaId)
      await events(cd.fight, [{ type: "takeTurn", id: olaId, gmOverride: true }]);
    queueFaces(10);
    expect(await swing(alice, ola, axe, troll)).not.toBe(null);
    expect(budgetNow<ClassicD20Budget>(cd.fight, olaId).turn).toMatchObject({
      standardLeft: 0,
      standardUsedAs: "standard",
    });
    resetWorld();

    const ana = creature("Ana", {}, [alice]);
    const orco = creature("Orco", {});
    const espada = weapon(ana.actor, "Espada");
    const od = await startedFight("opposed-d20", ana, orco);
    const anaId = od.ids[0] as string;
    if (engineOf(od.fight).current !== anaId)
      await events(od.fight, [{ type: "takeTurn", id: anaId, gmOverride: true }]);
    queueFaces(12);
    expect(await swing(alice, ana, espada, orco)).not.toBe(null);
    expect(engineOf(od.fight).combatants.find((c) => c.id === anaId)?.actions?.active).toBe(1);
    expect(await swing(alice, ana, espada, orco)).toBe(null);
    expect(world.warnings[0]).toContain("1");
  });

  it("PR-P9 a melee attack needs its declaration this round; PR-P10 it is rolled in the melee resolution phase", async () => {
    const knight = creature("Chevalier", {}, [alice]);
    const orc = creature("Orque", {});
    const sword = weapon(knight.actor, "Épée");
    const { fight, ids } = await startedFight("phased-round", knight, orc);
    expect(await swing(alice, knight, sword, orc)).toBe(null);
    expect(world.warnings).toEqual(["This attack was not declared this round."]);
    for (let i = 0; i < 8; i++) await events(fight, [{ type: "advancePhase", gmOverride: true }]);
    await events(fight, [
      { type: "declareMelee", id: ids[0] as string, melee: { group: "1", initiative: 12 } },
    ]);
    // PR-P10: declared in the melee phase, it is rolled in the melee resolution phase.
    world.warnings.length = 0;
    expect(await swing(alice, knight, sword, orc)).toBe(null);
    expect(world.warnings).toEqual(["A melee attack is rolled in the melee resolution phase."]);
    await events(fight, [{ type: "advancePhase", gmOverride: true }]);
    queueFaces(50);
    expect(await swing(alice, knight, sword, orc)).not.toBe(null);
  });

  it("AD-M1…AD-M8 an attack roll takes the turn's Attack manoeuvre; after another manoeuvre it is refused", async () => {
    const kenji = creature("Kenji", {}, [alice]);
    const oni = creature("Oni", {});
    const katana = weapon(kenji.actor, "Katana");
    const { fight, ids } = await startedFight("active-defense-3d6", kenji, oni);
    const id = ids[0] as string;
    if (engineOf(fight).current !== id) await events(fight, [{ type: "takeTurn", id, gmOverride: true }]);
    queueFaces(3, 3, 4);
    expect(await swing(alice, kenji, katana, oni)).not.toBe(null);
    expect(budgetNow<ActiveDefenseBudget>(fight, id)).toMatchObject({ maneuver: "attack", strikes: 1 });
    expect(await swing(alice, kenji, katana, oni)).toBe(null);
    expect(world.warnings).toEqual(["This turn's manoeuvre is already chosen."]);
  });
});
