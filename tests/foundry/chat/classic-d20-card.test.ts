import { beforeEach, describe, expect, it } from "vitest";
import { queueFaces, queuedFaces } from "../../harness/roll";
import { alice, attack, click, creature, entryOf, setSetting, textOf, view, weapon, world } from "./setup";

function duel(threat = { min: 20, multiplier: 2 }) {
  // BAB 3, Strength 14 (+2): melee bonus +5. Target AC 10 + Dex 14 (+2) + natural 3 = 15.
  const hero = creature("Ola", { classicD20: { bab: 3, abilities: { str: { value: 14 } } } }, [alice]);
  const troll = creature(
    "Troll",
    { classicD20: { abilities: { dex: { value: 14 } }, ac: { natural: 3, misc: 0 } } },
    [],
    "creature",
  );
  return { hero, troll, axe: weapon(hero.actor, "Axe", { damage: "1d8", threat }) };
}

/** Puts a token on the scene at a grid square (100 px squares of 1.5 m), as the tracker's scene has them. */
function placeAt(token: object, column: number, row: number, scene: object): void {
  Object.assign(token, { parent: scene, x: column * 100, y: row * 100, width: 1, height: 1 });
}

describe("classic-d20 attack card", () => {
  beforeEach(() => {
    queuedFaces.length = 0;
    world.warnings.length = 0;
    setSetting("cdConfirmCriticals", true);
    setSetting("cdMinimumDamage", 1);
  });

  it("CD-AT1/CD-AT4/CD-AC1 1d20 + BAB + Strength + size reaching the Armor Class hits", async () => {
    const { hero, troll, axe } = duel();
    queueFaces(10);
    const message = await attack(alice, "classic-d20", hero, axe, [troll]);
    const entry = entryOf(message);
    expect(entry.attack.rolls[0]?.formula).toBe("1d20 + 5");
    expect(entry.attack.against).toEqual({ labelKey: "FRAY.Defense.armorClass", value: 15 });
    expect(entry.outcome).toMatchObject({ outcome: "hit", hit: true, margin: 0 });
    expect(textOf(await view(message, alice))).toContain("Base attack bonus +3");

    queueFaces(9);
    expect(entryOf(await attack(alice, "classic-d20", hero, axe, [troll])).outcome).toMatchObject({
      hit: false,
    });
  });

  it("CD-AT5 a ranged attack adds Dexterity and the range penalty for the distance to each target", async () => {
    const { hero, troll } = duel();
    await hero.actor.update({ "system.classicD20.abilities.dex.value": 16 });
    // BAB 3 + Dex 16 (+3): +6. A 9 m range increment (six squares).
    const bow = weapon(hero.actor, "Shortbow", { kind: "ranged", damage: "1d6", rangeIncrement: 9 });
    const near = creature("Goblin", { classicD20: { ac: { natural: 0, misc: 0 } } }, [], "creature");
    const scene = { id: "scene", grid: { size: 100, distance: 1.5 } };
    placeAt(hero.token, 0, 0, scene);
    placeAt(near.token, 6, 0, scene); // 6 squares: 9 m, in the first increment
    placeAt(troll.token, 0, 7, scene); // 7 squares: 10.5 m, in the second: −2
    queueFaces(9, 9);
    const message = await attack(alice, "classic-d20", hero, bow, [near, troll]);
    const [first, second] = [entryOf(message, "t0"), entryOf(message, "t1")];
    expect(first.attack.rolls[0]?.formula).toBe("1d20 + 6");
    expect(second.attack.rolls[0]?.formula).toBe("1d20 + 4");
    expect(second.attack.parts).toContainEqual({ labelKey: "FRAY.Attack.Bonus.range", value: -2 });
    expect(second.attack.total).toBe(13);
    expect(second.outcome).toMatchObject({ hit: false, margin: -2 });
    expect(textOf(await view(message, alice))).toContain("Range penalty −2");

    // In melee there is no range penalty, whatever the distance.
    const axe = weapon(hero.actor, "Handaxe", { kind: "melee", rangeIncrement: 3 });
    queueFaces(9);
    expect(entryOf(await attack(alice, "classic-d20", hero, axe, [troll])).attack.rolls[0]?.formula).toBe(
      "1d20 + 5",
    );
  });

  it("CD-AT2 a natural 1 always misses, a natural 20 always hits", async () => {
    const { axe, hero } = duel();
    const giant = creature("Giant", { classicD20: { ac: { natural: 30, misc: 0 } } }, [], "creature");
    setSetting("cdConfirmCriticals", false);
    queueFaces(20);
    expect(entryOf(await attack(alice, "classic-d20", hero, axe, [giant])).outcome?.hit).toBe(true);
    const weak = creature("Rat", { classicD20: { ac: { natural: 0, misc: -20 } } }, [], "creature");
    queueFaces(1);
    const fumbled = entryOf(await attack(alice, "classic-d20", hero, axe, [weak]));
    expect(fumbled.outcome).toMatchObject({ outcome: "miss", hit: false });
  });

  it("CD-AT3 a threat rolls its confirmation on the card; confirmed, the damage is multiplied", async () => {
    const { hero, troll, axe } = duel({ min: 19, multiplier: 3 });
    queueFaces(19, 12);
    const message = await attack(alice, "classic-d20", hero, axe, [troll]);
    const entry = entryOf(message);
    expect(entry.attack.rolls.map((r) => r.formula)).toEqual(["1d20 + 5", "1d20 + 5"]);
    expect(entry.attack.confirmation).toMatchObject({ total: 17, confirmed: true });
    expect(entry.outcome?.outcome).toBe("confirmed");
    expect(entry.damage?.multiplier).toBe(3);
    expect(textOf(await view(message, alice))).toContain("Critical hit confirmed");
    queueFaces(4);
    await click(alice, message, "rollDamage");
    expect(entryOf(message).damage).toMatchObject({ final: 12, multiplier: 3 });
    expect(textOf(await view(message, alice))).toContain("Critical multiplier ×3");
  });

  it("CD-AT3 a threat whose confirmation misses is a normal hit; with confirmation off it is a critical at once", async () => {
    const { hero, troll, axe } = duel();
    queueFaces(20, 2);
    const plain = entryOf(await attack(alice, "classic-d20", hero, axe, [troll]));
    expect(plain.outcome).toMatchObject({ outcome: "notConfirmed", hit: true });
    expect(plain.damage?.multiplier).toBe(1);

    setSetting("cdConfirmCriticals", false);
    queueFaces(20);
    const critical = entryOf(await attack(alice, "classic-d20", hero, axe, [troll]));
    expect(critical.attack.rolls).toHaveLength(1);
    expect(critical.outcome?.outcome).toBe("critical");
    expect(critical.damage?.multiplier).toBe(2);
  });

  it("CD damage on a hit is never below the minimum (setting cdMinimumDamage)", async () => {
    const { hero, troll } = duel();
    const club = weapon(hero.actor, "Club", { damage: "1d4 - 3" });
    queueFaces(15, 1);
    const message = await attack(alice, "classic-d20", hero, club, [troll]);
    await click(alice, message, "rollDamage");
    expect(entryOf(message).damage?.final).toBe(1);
    await click(alice, message, "applyDamage");
    expect(troll.actor.system.health).toMatchObject({ value: 19 });
  });

  it("CD-AT2/OD-A3 with no target the natural 20 and 1 are still reported", async () => {
    const { hero, axe } = duel();
    queueFaces(20);
    const message = await attack(alice, "classic-d20", hero, axe, []);
    const entry = entryOf(message);
    expect(entry.target).toBeNull();
    expect(entry.attack).toMatchObject({ natural: 20, threat: true, outcome: "threat" });
    const text = textOf(await view(message, alice));
    expect(text).toContain("No target");
    expect(text).toContain("Natural 20");
    expect(text).toContain("Threat");
    queueFaces(1);
    expect(entryOf(await attack(alice, "classic-d20", hero, axe, [])).attack).toMatchObject({
      natural: 1,
      outcome: "miss",
    });
  });
});
