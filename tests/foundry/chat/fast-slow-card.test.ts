import { beforeEach, describe, expect, it } from "vitest";
import { queueFaces, queuedFaces } from "../../harness/roll";
import { alice, attack, creature, entryOf, gm, view, weapon, world } from "./setup";

describe("fast-slow attack card", () => {
  beforeEach(() => {
    queuedFaces.length = 0;
    world.warnings.length = 0;
  });

  it("FS-D1/FS-D2 the attack roll reaches the target's Defense: a hit, damage due", async () => {
    const hero = creature("Aldo", { fastSlow: { strength: { value: 13 } } }, [alice]);
    const orc = creature("Orc", { fastSlow: { defense: { base: 14 } } }, [], "creature");
    const sword = weapon(hero.actor, "Sword");
    queueFaces(11);
    const message = await attack(alice, "fast-slow", hero, sword, [orc]);
    const entry = entryOf(message);
    expect(entry.attack.total).toBe(14);
    expect(entry.outcome).toMatchObject({ outcome: "hit", hit: true, margin: 0 });
    expect(entry.damage?.formula).toBe("1d8");
    const html = await view(message, gm);
    expect(html).toContain("Hit");
  });
});
