/**
 * AD-A3 Parry once per turn, whichever card asks: a defender parrying two attack cards at the same moment (two
 * cards are two request locks) parries once; the other card is told why. A defense is resolved in its defender's
 * fight's request lock, where the tries it counts are written.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { applyRoundEvents } from "../../../src/documents/combat-api";
import { initialActiveDefenseBudget } from "../../../src/rules/families/active-defense-3d6/budget";
import { queueFaces, queuedFaces } from "../../harness/roll";
import type { FighterDoc } from "../../harness/chat";
import { alice, as, attack, bob, click, creature, entryOf, fightWith, gm, weapon, world } from "./setup";
import { replaceWhole } from "../../../src/compat/replace-whole";

describe("AD-A3 a parry counted across cards", () => {
  beforeEach(() => {
    queuedFaces.length = 0;
    world.warnings.length = 0;
  });

  it("AD-A3 parrying two cards at once: one parry, the other refused (parryAlreadyUsed)", async () => {
    const hero = creature("Hiro", { activeDefense: { skills: { blade: 12 } } }, [alice]);
    const kenji = creature("Kenji", { activeDefense: { dev: 6, bev: 2, wt: 1 } }, [bob]);
    weapon(kenji.actor, "Katana", { parry: 3 });
    const blade = weapon(hero.actor, "Blade", { damage: "2d6+1" });
    const { fight, ids } = fightWith("active-defense-3d6", hero, kenji);
    expect((await as(gm, () => applyRoundEvents(fight as never, [{ type: "startCombat" }]))).ok).toBe(true);
    const heroFighter = fight.combatants.get(ids[0] as string) as FighterDoc;
    const kenjiFighter = fight.combatants.get(ids[1] as string) as FighterDoc;
    queueFaces(3, 3, 3, 3, 3, 3);
    const first = await attack(alice, "active-defense-3d6", hero, blade, [kenji]);
    await heroFighter.update(
      replaceWhole("system.budget", { ...initialActiveDefenseBudget(), turnNumber: 2, inTurn: true }),
    );
    const second = await attack(alice, "active-defense-3d6", hero, blade, [kenji]);
    queueFaces(5, 5, 5, 5, 5, 5);
    const answers = await Promise.all([
      click(bob, first, "defend", "t0", "parry"),
      click(bob, second, "defend", "t0", "parry"),
    ]);
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(answers.find((a) => !a.ok)).toMatchObject({ reason: "parryAlreadyUsed" });
    expect(kenjiFighter.system.defenseUsage).toMatchObject({ parry: 1 });
    const parried = [entryOf(first), entryOf(second)].filter((e) => e.defenses.some((d) => d.id === "parry"));
    expect(parried).toHaveLength(1);
  });
});

describe("damage from two cards applied at once", () => {
  beforeEach(() => {
    queuedFaces.length = 0;
    world.warnings.length = 0;
  });

  it("OD-A7 two hits on one target applied at the same moment, its writes on their way: both count", async () => {
    const hero = creature("Ana", { opposedD20: { attack: { melee: 5 } } }, [alice]);
    const bea = creature("Bea", {}, [bob]);
    const spear = weapon(hero.actor, "Spear");
    const cards = [];
    for (const [attackFace, damageFace] of [
      [15, 6],
      [15, 3],
    ] as const) {
      queueFaces(attackFace);
      const message = await attack(alice, "opposed-d20", hero, spear, [bea]);
      await click(bob, message, "decline");
      queueFaces(damageFace);
      await click(alice, message, "rollDamage");
      cards.push(message);
    }
    const write = bea.actor.update.bind(bea.actor);
    bea.actor.update = async (changes) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return write(changes);
    };
    const applied = await Promise.all(cards.map((m) => click(gm, m, "applyDamage")));
    expect(applied.every((a) => a.ok)).toBe(true);
    expect(bea.actor.system.health).toMatchObject({ value: 20 - 6 - 3 });
    const undone = await Promise.all(cards.map((m) => click(gm, m, "undoDamage")));
    expect(undone.every((a) => a.ok)).toBe(true);
    expect(bea.actor.system.health).toMatchObject({ value: 20 });
  });
});
