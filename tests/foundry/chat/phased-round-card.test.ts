import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { applyRoundEvents } from "../../../src/documents/combat-api";
import { FightDoc } from "../../harness/chat";
import { queueFaces, queuedFaces } from "../../harness/roll";
import {
  alice,
  as,
  attack,
  click,
  creature,
  entryOf,
  fightWith,
  gm,
  setSetting,
  textOf,
  view,
  weapon,
  world,
} from "./setup";

function duel() {
  const hero = creature("Elric", {}, [alice]);
  const wolf = creature("Wolf", { phasedRound: { db: 20 } }, [], "creature");
  return { hero, wolf, blade: weapon(hero.actor, "Blade", { ob: 50, damage: "1d8" }) };
}

describe("phased-round attack card", () => {
  beforeEach(() => {
    queuedFaces.length = 0;
    world.warnings.length = 0;
    for (const [k, v] of Object.entries({
      prOpenEnded: true,
      prOpenHigh: 96,
      prOpenLow: 5,
      prHitThreshold: 100,
    }))
      setSetting(k, v);
  });
  afterEach(() => world.combats.clear());

  it("d100 + OB − DB at the hit threshold hits; below misses (settings prHitThreshold, prDamageMode)", async () => {
    const { hero, wolf, blade } = duel();
    queueFaces(70);
    const hit = await attack(alice, "phased-round", hero, blade, [wolf]);
    expect(entryOf(hit).attack).toMatchObject({ total: 100, margin: 0, against: { value: 100 } });
    expect(entryOf(hit).damage?.formula).toBe("1d8");
    expect(textOf(await view(hit, alice))).toContain("Defensive bonus (DB) −20");

    queueFaces(69);
    expect(entryOf(await attack(alice, "phased-round", hero, blade, [wolf])).outcome).toMatchObject({
      hit: false,
      margin: -1,
    });
  });

  it("open-ended: 96–100 rolls another real 1d100 and adds while it stays high; the margin adds damage", async () => {
    const { hero, wolf, blade } = duel();
    queueFaces(97, 98, 40);
    const message = await attack(alice, "phased-round", hero, blade, [wolf]);
    const entry = entryOf(message);
    expect(entry.attack.rolls.map((r) => r.total)).toEqual([97, 98, 40]);
    expect(message.rolls.map((r) => r.options.purpose)).toEqual(["attack", "openEndedUp", "openEndedUp"]);
    expect(entry.attack).toMatchObject({ total: 235 + 30, openEnded: "up", margin: 165 });
    expect(entry.damage?.formula).toBe("1d8 + 16");
    expect(textOf(await view(message, alice))).toContain("Open-ended roll: Roll again and add");
  });

  it("open-ended: 01–05 rolls again and subtracts; the thresholds are settings; off, one die", async () => {
    const { hero, wolf, blade } = duel();
    queueFaces(3, 50);
    const down = entryOf(await attack(alice, "phased-round", hero, blade, [wolf]));
    expect(down.attack).toMatchObject({ total: 3 - 50 + 30, openEnded: "down" });
    expect(down.outcome?.hit).toBe(false);

    setSetting("prOpenHigh", 90);
    queueFaces(92, 10);
    expect(entryOf(await attack(alice, "phased-round", hero, blade, [wolf])).attack.total).toBe(92 + 10 + 30);

    setSetting("prOpenEnded", false);
    queueFaces(99);
    const closed = entryOf(await attack(alice, "phased-round", hero, blade, [wolf]));
    expect(closed.attack.rolls).toHaveLength(1);
    expect(closed.attack.total).toBe(99 + 30);
  });

  it("PR-P5 after firing in missile phase (A), a melee attack uses 50 % of the OB", async () => {
    const { hero, wolf, blade } = duel();
    const { fight, ids } = fightWith("phased-round", hero, wolf);
    const declared = await as(gm, () =>
      applyRoundEvents(fight as never, [
        { type: "startCombat" },
        { type: "advancePhase", gmOverride: true },
        { type: "advancePhase", gmOverride: true },
        { type: "advancePhase", gmOverride: true },
        { type: "declareMissile", id: ids[0] as string, weapon: "single" },
        // PR-P9: the melee attack needs its declaration this round.
        ...Array.from({ length: 5 }, () => ({ type: "advancePhase" as const, gmOverride: true })),
        { type: "declareMelee", id: ids[0] as string, melee: { group: "1", initiative: 10 } },
        // PR-P10: rolled in the melee resolution phase.
        { type: "advancePhase", gmOverride: true },
      ]),
    );
    expect(declared.ok).toBe(true);
    queueFaces(80);
    const message = await attack(alice, "phased-round", hero, blade, [wolf]);
    expect(entryOf(message).attack).toMatchObject({ halved: true, total: 80 + 25 - 20 });
    expect(textOf(await view(message, alice))).toContain("50 % of the OB after firing in phase (A) +25");
  });

  it("PR-P3 a low orientation roll the GM rules compromising the next round takes its penalty off that round's attack", async () => {
    const { hero, wolf, blade } = duel();
    // The fight was created under the "gm" reading (prOrientationLow, recorded on the Combat).
    const fight = new FightDoc({ family: "phased-round", options: { prOrientationLow: "gm" }, engine: null });
    const ids = [hero, wolf].map((f) => fight.add(f.actor, f.token).id);
    const [heroId] = ids as [string];
    const toMeleeResolution = [
      ...Array.from({ length: 6 }, () => ({ type: "advancePhase" as const, gmOverride: true })),
      { type: "declareMelee" as const, id: heroId, melee: { group: "1", initiative: 10 } },
      { type: "advancePhase" as const, gmOverride: true },
    ];
    const ruled = await as(gm, () =>
      applyRoundEvents(fight as never, [
        { type: "startCombat" },
        { type: "advancePhase", gmOverride: true },
        { type: "advancePhase", gmOverride: true },
        { type: "recordOrientation", id: heroId, roll: 3 },
        { type: "ruleOrientation", id: heroId, unable: true, penalty: 15 },
        { type: "endRound", gmOverride: true },
        { type: "advancePhase", gmOverride: true },
        { type: "advancePhase", gmOverride: true },
        ...toMeleeResolution,
      ]),
    );
    expect(ruled.ok).toBe(true);
    queueFaces(84);
    const message = await attack(alice, "phased-round", hero, blade, [wolf]);
    // 84 + OB 50 − DB 20 = 114 would hit; − 15 leaves 99, one short of the 100.
    expect(entryOf(message).attack).toMatchObject({ total: 84 + 50 - 20 - 15 });
    expect(entryOf(message).outcome?.hit).toBe(false);
    expect(textOf(await view(message, alice))).toContain("Compromised (orientation) −15");
  });

  it("damage is rolled by the button and applied once", async () => {
    const { hero, wolf, blade } = duel();
    queueFaces(90);
    const message = await attack(alice, "phased-round", hero, blade, [wolf]);
    expect(entryOf(message).damage?.formula).toBe("1d8 + 2");
    queueFaces(5);
    await click(alice, message, "rollDamage");
    await click(alice, message, "applyDamage");
    expect(wolf.actor.system.health).toMatchObject({ value: 13 });
  });
});
