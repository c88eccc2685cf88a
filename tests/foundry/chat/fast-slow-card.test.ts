import { beforeEach, describe, expect, it } from "vitest";
import { giveStatus, takeStatus } from "../../harness/effects";
// `actor.toggleStatusEffect`, which the GM uses to take a status off (FS-A9).
import "../../harness/budget";
import { applyRoundEvents } from "../../../src/documents/combat-api";
import { defendState } from "../../../src/rules/families/fast-slow/defend";
import { rideOn } from "../mounts/riding-fixture";
import { queueFaces, queuedFaces } from "../../harness/roll";
import {
  alice,
  as,
  attack,
  bob,
  click,
  creature,
  entryOf,
  fightWith,
  gm,
  settle,
  textOf,
  view,
  weapon,
  world,
} from "./setup";

function duel() {
  const hero = creature("Aldo", { fastSlow: { strength: { value: 13 } } }, [alice]);
  const orc = creature("Orc", { fastSlow: { defense: { base: 14 } } }, [], "creature");
  return { hero, orc, sword: weapon(hero.actor, "Sword") };
}

describe("fast-slow attack card", () => {
  beforeEach(() => {
    queuedFaces.length = 0;
    world.warnings.length = 0;
  });

  it("FS-D1/FS-D2 1d20 + the attribute modifier reaching the target's Defense hits; below it misses", async () => {
    const { hero, orc, sword } = duel();
    queueFaces(11);
    const hit = entryOf(await attack(alice, "fast-slow", hero, sword, [orc]));
    expect(hit.attack.rolls[0]?.formula).toBe("1d20 + 3");
    expect(hit.attack.total).toBe(14);
    expect(hit.attack.against).toEqual({ labelKey: "FRAY.Defense.Target.defense", value: 14 });
    expect(hit.outcome).toMatchObject({ outcome: "hit", hit: true, margin: 0 });
    expect(hit.damage?.formula).toBe("1d8");

    queueFaces(10);
    const miss = entryOf(await attack(alice, "fast-slow", hero, sword, [orc]));
    expect(miss.outcome).toMatchObject({ outcome: "miss", hit: false, margin: -1 });
    expect(miss.damage).toBeNull();
  });

  it("FS-D1 situational boons from the dialog roll that many d6 and add the highest", async () => {
    const { hero, orc, sword } = duel();
    queueFaces(5, 2, 6);
    const message = await attack(alice, "fast-slow", hero, sword, [orc], {
      modifier: 0,
      boons: 2,
      banes: 0,
      mountedIndependent: false,
    });
    const entry = entryOf(message);
    expect(entry.attack.rolls[0]?.formula).toBe("1d20 + 3 + 2d6kh");
    expect(entry.attack.total).toBe(5 + 3 + 6);
    expect(entry.attack.boons).toEqual([{ source: "situational", boons: 2, banes: 0 }]);
    expect(textOf(await view(message, alice))).toContain("Situation 2 boon(s)");
  });

  it("FS-A5 a target holding Defend gives the attack 1 bane — not while it cannot act", async () => {
    const { hero, orc, sword } = duel();
    const { fight, ids } = fightWith("fast-slow", hero, orc);
    const started = await as(gm, () =>
      applyRoundEvents(fight as never, [
        { type: "startCombat" },
        { type: "addTimedState", state: defendState(ids[1] as string, 1) },
      ]),
    );
    expect(started.ok).toBe(true);
    queueFaces(15, 4);
    const defended = entryOf(await attack(alice, "fast-slow", hero, sword, [orc]));
    expect(defended.attack.rolls[0]?.formula).toBe("1d20 + 3 - 1d6");
    expect(defended.attack.boons).toContainEqual({ source: "defend", boons: 0, banes: 1 });
    expect(defended.attack.total).toBe(14);

    giveStatus(orc.actor, "dazed");
    // The first attack, out of the hero's turn, used its reaction (FS-A16); the second is its turn's action.
    await as(gm, () => applyRoundEvents(fight as never, [{ type: "takeTurn", id: ids[0] as string }]));
    queueFaces(15);
    const dazed = entryOf(await attack(alice, "fast-slow", hero, sword, [orc]));
    expect(dazed.attack.rolls[0]?.formula).toBe("1d20 + 3");
    world.combats.delete(fight.id);
  });

  it("FS-A9 a hidden attacker gets 1 boon; a hidden target costs 3 banes; FS-MT4 independent attack 2 banes", async () => {
    const { hero, orc, sword } = duel();
    giveStatus(hero.actor, "hidden");
    queueFaces(8, 3);
    const hidden = entryOf(await attack(alice, "fast-slow", hero, sword, [orc]));
    expect(hidden.attack.boons).toContainEqual({ source: "hidden", boons: 1, banes: 0 });
    expect(hidden.attack.total).toBe(8 + 3 + 3);
    takeStatus(hero.actor, "hidden");

    giveStatus(orc.actor, "hidden");
    rideOn(hero, creature("Horse", { size: 2, mount: true }, [], "creature"), [orc]);
    queueFaces(19, 1, 2, 6, 4, 1);
    const mounted = entryOf(
      await attack(alice, "fast-slow", hero, sword, [orc], {
        modifier: 0,
        boons: 0,
        banes: 0,
        mountedIndependent: true,
      }),
    );
    expect(mounted.attack.rolls[0]?.formula).toBe("1d20 + 3 - 5d6kh");
    expect(mounted.attack.boons.map((b) => b.source)).toEqual(["guessPosition", "mountedIndependent"]);
    expect(mounted.attack.total).toBe(19 + 3 - 6);
    expect(mounted.outcome?.hit).toBe(true);
  });

  it("FS-A9 an attack reveals a Hidden attacker: that attack gets the boon, then it is Hidden no more", async () => {
    const { hero, orc, sword } = duel();
    giveStatus(hero.actor, "hidden");
    queueFaces(8, 3);
    const first = entryOf(await attack(alice, "fast-slow", hero, sword, [orc]));
    expect(first.attack.boons).toContainEqual({ source: "hidden", boons: 1, banes: 0 });
    expect(hero.actor.statuses.has("hidden")).toBe(false);
    queueFaces(8);
    const second = entryOf(await attack(alice, "fast-slow", hero, sword, [orc]));
    expect(second.attack.boons.map((b) => b.source)).not.toContain("hidden");
    expect(second.attack.total).toBe(8 + 3);

    // With no target the attack reveals too; an attacker that was not Hidden changes nothing.
    giveStatus(hero.actor, "hidden");
    queueFaces(5, 2);
    await attack(alice, "fast-slow", hero, sword, []);
    expect(hero.actor.statuses.has("hidden")).toBe(false);
    giveStatus(orc.actor, "hidden");
    queueFaces(12, 1, 1, 1);
    const atHidden = await attack(alice, "fast-slow", hero, sword, [orc]);
    expect(orc.actor.statuses.has("hidden")).toBe(true);

    // A card is its author's: one posted by a user who does not own the attacker reveals nobody.
    giveStatus(hero.actor, "hidden");
    const forged = JSON.parse(JSON.stringify(atHidden._source.system)) as {
      entries: { attack: { data: Record<string, unknown> } }[];
    };
    forged.entries[0]!.attack.data.revealsAttacker = true;
    await as(bob, () =>
      (CONFIG.ChatMessage.documentClass as unknown as { create(d: object): Promise<unknown> }).create({
        type: "attack",
        system: forged,
      }),
    );
    await settle();
    expect(hero.actor.statuses.has("hidden")).toBe(true);
  });

  it("FS damage is rolled by a button and applied to Health through the GM; the GM can undo it", async () => {
    const { hero, orc, sword } = duel();
    queueFaces(18);
    const message = await attack(alice, "fast-slow", hero, sword, [orc]);
    expect(await view(message, alice)).toContain('data-action="rollDamage"');
    queueFaces(6);
    expect(await click(alice, message, "rollDamage")).toEqual({ ok: true, value: null });
    expect(entryOf(message).damage).toMatchObject({ final: 6, roll: { formula: "1d8", total: 6 } });
    expect(await click(alice, message, "applyDamage")).toEqual({ ok: true, value: null });
    expect(orc.actor.system.health).toMatchObject({ value: 14 });
    expect(entryOf(message).damage?.applied).toMatchObject({ before: 20, after: 14 });
    expect(await view(message, alice)).not.toContain('data-action="undoDamage"');
    expect(await view(message, gm)).toContain('data-action="undoDamage"');
    expect(await click(gm, message, "undoDamage")).toEqual({ ok: true, value: null });
    expect(orc.actor.system.health).toMatchObject({ value: 20 });
    expect(entryOf(message).damage).toMatchObject({ applied: null, undone: { restored: 6 } });
  });
});
