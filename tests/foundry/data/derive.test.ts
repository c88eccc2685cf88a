import { describe, expect, it } from "vitest";
import { equippedItems, prepareActorDerived } from "../../../src/data/actor/common";
import type { ActorStatistics } from "../../../src/data/actor/derive";

const stats: ActorStatistics = {
  fastSlow: {
    strength: { value: 12 },
    agility: { value: 9 },
    intellect: { value: 10 },
    will: { value: 11 },
    perception: { value: 10 },
    defense: { base: 10 },
  },
  classicD20: {
    abilities: {
      str: { value: 14 },
      dex: { value: 16 },
      con: { value: 10 },
      int: { value: 10 },
      wis: { value: 10 },
      cha: { value: 10 },
    },
    sizeCategory: "medium",
    ac: { natural: 0, misc: 0 },
  },
  opposedD20: { protection: 1, defense: { block: 2 } },
  phasedRound: { db: 5 },
  activeDefense: { dev: 6, pev: 0, bev: 0, wt: 1, dr: 0 },
};

const armor = {
  type: "armor",
  system: { equipped: true, acBonus: 4, maxDex: 2, dr: 2, protection: 3, db: 10, defense: 2 },
};
const shield = {
  type: "shield",
  system: { equipped: true, block: 2, acBonus: 1, db: 5, defense: 1, blockBonus: 2 },
};
const sword = { type: "weapon", system: { equipped: true, parry: 2 } };
const packedAxe = { type: "weapon", system: { equipped: false, parry: 3 } };

describe("an actor's derived statistics from its equipped items", () => {
  it("only equipped armour, shields and weapons count", () => {
    const equipped = equippedItems([
      armor,
      shield,
      sword,
      packedAxe,
      { type: "gear", system: { equipped: true } },
    ]);
    expect(equipped.armor).toHaveLength(1);
    expect(equipped.shields).toHaveLength(1);
    expect(equipped.weapons).toEqual([sword.system]);
  });

  it("sums every family's statistics", () => {
    const derived = prepareActorDerived(stats, { items: [armor, shield, sword, packedAxe] });
    expect(derived.fastSlow.modifiers.strength).toBe(2);
    expect(derived.fastSlow.defense).toBe(13);
    expect(derived.classicD20.modifiers.dex).toBe(3);
    expect(derived.classicD20.ac).toBe(10 + 4 + 1 + 2); // Dexterity capped at +2 by the armour (CD-AC1)
    expect(derived.opposedD20.protection).toBe(4);
    expect(derived.opposedD20.block).toBe(4);
    expect(derived.phasedRound.db).toBe(20);
    expect(derived.activeDefense).toMatchObject({ parry: 8, block: 8, dodge: 5, dr: 2 });
  });

  it("an actor outside any collection (no parent) derives from its own values", () => {
    const derived = prepareActorDerived(stats, null);
    expect(derived.classicD20.ac).toBe(13);
    expect(derived.activeDefense.parry).toBeNull();
  });
});
