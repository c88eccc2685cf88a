/**
 * Fast-slow concentration on the Foundry side (FS-A3, FS-A4): begun from a spell, kept as the round engine's
 * timed state with the concentrating status, ended at the end of the following round (capped by the spell's
 * duration) with its effect; damage or Insanity while concentrating posts one Will check card, whose failure
 * ends the concentration and the effect at once.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { queueFaces, queuedFaces } from "../../harness/roll";
import { giveEffect, giveItem } from "../../harness/mounted";
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
  setSetting,
  textOf,
  view,
  weapon,
  world,
  drawCard,
} from "../chat/setup";
import { checkCards, checkOf } from "./setup";
import { applyRoundEvents, timedStatesOf } from "../../../src/documents/combat-api";
import { startConcentration } from "../../../src/documents/concentration/concentration-start";

type Fight = ReturnType<typeof fightWith>;

async function gmEvents(fight: Fight, ...events: Parameters<typeof applyRoundEvents>[1]) {
  const out = await as(gm, () => applyRoundEvents(fight.fight as never, events));
  if (!out.ok) throw new Error(`refused: ${out.reason}`);
  await settle();
}

/** A mage (Alice's) and an orc (the GM's) in a started fast-slow fight; the mage's fast turn is on. */
async function scene(duration = { value: 2, unit: "rounds" }) {
  const mage = creature("Mira", { fastSlow: { will: { value: 12 } } }, [alice]);
  const orc = creature("Orc", { fastSlow: { strength: { value: 14 } } }, [], "creature");
  const spell = giveItem(mage.actor, "Warding Light", "spell", { concentration: true, duration });
  const axe = weapon(orc.actor, "Axe", { damage: "1d6" });
  const fight = fightWith("fast-slow", mage, orc);
  await gmEvents(fight, { type: "startCombat" }, { type: "takeTurn", id: fight.ids[0] as string });
  return { mage, orc, spell, axe, fight, mageId: fight.ids[0] as string, orcId: fight.ids[1] as string };
}

async function concentrate(s: Awaited<ReturnType<typeof scene>>, user = alice) {
  const out = await as(user, () =>
    startConcentration(s.mage.actor as never, s.spell as never, s.mage.token as never),
  );
  await settle();
  return out;
}

/** The GM forces the round to its end and the next one begins; the mage takes its turn. */
async function nextRound(s: Awaited<ReturnType<typeof scene>>) {
  await gmEvents(s.fight, { type: "endRound", gmOverride: true }, { type: "takeTurn", id: s.mageId });
}

describe("fast-slow concentration (Foundry side)", () => {
  beforeEach(() => {
    queuedFaces.length = 0;
    world.warnings.length = 0;
    world.combats.clear();
    world.messages.clear();
    alice.active = true;
    bob.active = true;
    setSetting("npcAutoDefense", false);
  });

  it("FS-A3 concentrating lasts to the end of the following round and shows the concentrating status", async () => {
    const s = await scene();
    expect(await concentrate(s)).toEqual({ ok: true, value: null });
    expect(timedStatesOf(s.fight.fight as never, s.mageId)).toMatchObject([
      { key: "concentration", expiry: { kind: "endOfRound", round: 2 }, data: { effectId: s.spell.uuid } },
    ]);
    expect(s.mage.actor.statuses.has("concentrating")).toBe(true);

    const ward = giveEffect(s.orc.actor, s.spell.uuid, "Warded");
    await nextRound(s);
    expect(s.mage.actor.statuses.has("concentrating")).toBe(true);
    expect((s.orc.actor as unknown as { effects: { contents: unknown[] } }).effects.contents).toContain(ward);
    await gmEvents(s.fight, { type: "endRound", gmOverride: true });
    expect(timedStatesOf(s.fight.fight as never, s.mageId)).toEqual([]);
    expect(s.mage.actor.statuses.has("concentrating")).toBe(false);
    expect((s.orc.actor as unknown as { effects: { contents: unknown[] } }).effects.contents).not.toContain(
      ward,
    );
  });

  it("FS-A3 concentrating is the turn's action: a second concentration in the same turn is refused, the GM may force it", async () => {
    const s = await scene();
    const second = giveItem(s.mage.actor, "Second Ward", "spell", {
      concentration: true,
      duration: { value: 2, unit: "rounds" },
    });
    expect(await concentrate(s)).toEqual({ ok: true, value: null });
    const again = await as(alice, () =>
      startConcentration(s.mage.actor as never, second as never, s.mage.token as never),
    );
    expect(again).toMatchObject({ ok: false, reason: "actionUsed" });
    expect(timedStatesOf(s.fight.fight as never, s.mageId)).toHaveLength(1);
    const forced = await as(gm, () =>
      startConcentration(s.mage.actor as never, second as never, s.mage.token as never),
    );
    expect(forced).toEqual({ ok: true, value: null });
    expect(timedStatesOf(s.fight.fight as never, s.mageId)).toHaveLength(2);
  });

  it("FS-A3 renewing on a later turn extends it, never past the spell's maximum duration", async () => {
    const s = await scene({ value: 2, unit: "rounds" });
    await concentrate(s);
    await nextRound(s);
    expect(await concentrate(s)).toEqual({ ok: true, value: null });
    expect(timedStatesOf(s.fight.fight as never, s.mageId)[0]?.expiry).toEqual({
      kind: "endOfRound",
      round: 3,
    });
    await nextRound(s);
    expect(await concentrate(s)).toMatchObject({ ok: false, reason: "concentrationAtMaximum" });

    const instant = await scene({ value: 0, unit: "instant" });
    await concentrate(instant);
    expect(timedStatesOf(instant.fight.fight as never, instant.mageId)[0]?.expiry).toEqual({
      kind: "endOfRound",
      round: 1,
    });
  });

  it("FS-A3 concentration is refused outside a fight, off the creature's turn, for others and for items without it", async () => {
    const s = await scene();
    const plain = giveItem(s.mage.actor, "Spark", "spell", {
      concentration: false,
      duration: { value: 1, unit: "rounds" },
    });
    expect(await as(alice, () => startConcentration(s.mage.actor as never, plain as never))).toMatchObject({
      reason: "notConcentrationItem",
    });
    expect(await as(bob, () => startConcentration(s.mage.actor as never, s.spell as never))).toMatchObject({
      reason: "notOwner",
    });
    await gmEvents(s.fight, { type: "endTurn" });
    expect(await concentrate(s)).toMatchObject({ ok: false, reason: "notYourTurn" });
    world.combats.clear();
    expect(await concentrate(s)).toMatchObject({ ok: false, reason: "concentrationNeedsCombat" });
  });

  it("FS-A4 damage applied from an attack card posts exactly one Will check; a failure ends the concentration and its effect at once", async () => {
    const s = await scene();
    await concentrate(s);
    const ward = giveEffect(s.orc.actor, s.spell.uuid, "Warded");
    queueFaces(18);
    const message = await attack(gm, "fast-slow", s.orc, s.axe, [s.mage]);
    queueFaces(4);
    await click(gm, message, "rollDamage");
    expect(checkCards()).toHaveLength(0);
    const drawn = await drawCard(gm, message);
    await click(gm, message, "applyDamage");
    // Again, on the card as drawn before the first: applied once.
    await click(gm, message, "applyDamage", "t0", null, {}, drawn);
    expect(entryOf(message).damage?.applied).toMatchObject({ before: 20, after: 16 });
    const cards = checkCards();
    expect(cards).toHaveLength(1);
    const card = checkOf(cards[0]!);
    expect(card).toMatchObject({ kind: "concentration", dice: "d20", modifier: 2, result: null });
    expect(textOf(await view(cards[0]!, alice))).toContain("Mira took 4 damage while concentrating.");
    expect(await view(cards[0]!, alice)).toContain('data-action="rollCheck"');

    queueFaces(5);
    await click(alice, cards[0]!, "rollCheck" as never);
    expect(checkOf(cards[0]!).result).toMatchObject({ total: 7, success: false });
    expect(timedStatesOf(s.fight.fight as never, s.mageId)).toEqual([]);
    expect(s.mage.actor.statuses.has("concentrating")).toBe(false);
    expect((s.orc.actor as unknown as { effects: { contents: unknown[] } }).effects.contents).not.toContain(
      ward,
    );
    expect(textOf(await view(cards[0]!, bob))).toContain("Warding Light ends at once");

    // The undo gives Health back: no check.
    await click(gm, message, "undoDamage");
    expect(checkCards()).toHaveLength(1);
  });

  it("FS-A4 a success keeps the concentration; a second click rolls nothing more", async () => {
    const s = await scene();
    await concentrate(s);
    await as(gm, () => s.mage.actor.update({ "system.health.value": 15 }));
    await settle();
    const [card] = checkCards();
    queueFaces(9, 20);
    const answers = await Promise.all([
      click(alice, card!, "rollCheck" as never),
      click(alice, card!, "rollCheck" as never),
    ]);
    // The GM's click runs at once, the owner's makes a round trip: one is rolled, the other refused.
    expect(answers.map((a) => a.ok).sort()).toEqual([false, true]);
    expect(checkOf(card!).result).toMatchObject({ total: 11, success: true });
    expect(queuedFaces).toEqual([20]);
    expect(timedStatesOf(s.fight.fight as never, s.mageId)).toHaveLength(1);
    expect(checkOf(card!).consequence?.lines).toEqual([{ key: "FRAY.Concentration.Check.success" }]);
  });

  it("FS-A4 gaining Insanity while concentrating calls for the check too; healing or not concentrating does not", async () => {
    const s = await scene();
    await as(alice, () => s.mage.actor.update({ "system.health.value": 12 }));
    await settle();
    expect(checkCards()).toHaveLength(0);
    await concentrate(s);
    await as(alice, () => s.mage.actor.update({ "system.health.value": 20 }));
    await settle();
    expect(checkCards()).toHaveLength(0);
    await as(alice, () => s.mage.actor.update({ "system.fastSlow.insanity.value": 2 }));
    await settle();
    expect(checkCards()).toHaveLength(1);
    expect(textOf(await view(checkCards()[0]!, alice))).toContain(
      "Mira gained 2 Insanity while concentrating.",
    );
  });

  it("FS-A4 a creature with no player connected rolls at once", async () => {
    const s = await scene();
    await concentrate(s);
    alice.active = false;
    queueFaces(3);
    await as(gm, () => s.mage.actor.update({ "system.health.value": 10 }));
    await settle();
    expect(checkOf(checkCards()[0]!).result).toMatchObject({ total: 5, success: false });
    expect(timedStatesOf(s.fight.fight as never, s.mageId)).toEqual([]);
  });
});

describe("FS-A8 Help on the concentration check (Foundry side)", () => {
  beforeEach(() => {
    queuedFaces.length = 0;
    world.warnings.length = 0;
    world.combats.clear();
    world.messages.clear();
    alice.active = true;
    bob.active = true;
    setSetting("npcAutoDefense", false);
  });

  /** The scene with Tobin (Bob's) in the fight too; Tobin has helped Mira and Mira Tobin (FS-A8 success). */
  async function helpedScene() {
    const mage = creature("Mira", { fastSlow: { will: { value: 12 } } }, [alice]);
    const orc = creature("Orc", {}, [], "creature");
    const ally = creature("Tobin", {}, [bob]);
    const spell = giveItem(mage.actor, "Warding Light", "spell", {
      concentration: true,
      duration: { value: 2, unit: "rounds" },
    });
    const fight = fightWith("fast-slow", mage, orc, ally);
    const [mageId, , allyId] = fight.ids as [string, string, string];
    await gmEvents(fight, { type: "startCombat" }, { type: "takeTurn", id: mageId });
    await as(alice, () => startConcentration(mage.actor as never, spell as never, mage.token as never));
    await settle();
    const help = (holder: string, helper: string) =>
      ({
        type: "addTimedState",
        state: { key: "help", holder, expiry: { kind: "endOfRound", round: 1 }, data: { helper, boons: 1 } },
      }) as const;
    await gmEvents(fight, help(mageId, allyId), help(allyId, mageId));
    return { mage, ally, fight, mageId, allyId };
  }

  const keys = (fight: Fight, id: string) => timedStatesOf(fight.fight as never, id).map((s) => s.key);

  it("FS-A8 the Will roll uses the Help Mira holds when rolled, once: of two cards rolled at once only one gets the boon; Tobin's Help stays his", async () => {
    const s = await helpedScene();
    await as(gm, () => s.mage.actor.update({ "system.health.value": 15 }));
    await settle();
    await as(gm, () => s.mage.actor.update({ "system.health.value": 12 }));
    await settle();
    const cards = checkCards();
    expect(cards).toHaveLength(2);
    // Posted is not rolled: no boon yet, the Help still held.
    for (const card of cards) expect(checkOf(card)).toMatchObject({ kind: "concentration", boons: 0 });
    expect(keys(s.fight, s.mageId)).toContain("help");

    // d20 6 + Will 2 each; the one roll that takes the Help adds the boon die (6).
    queueFaces(6, 6, 6);
    const answers = await Promise.all(cards.map((card) => click(alice, card, "rollCheck" as never)));
    expect(answers.map((a) => a.ok)).toEqual([true, true]);
    expect(queuedFaces).toEqual([]);
    const rolled = cards.map((card) => checkOf(card));
    const helped = rolled.filter((c) => c.boons === 1);
    const plain = rolled.filter((c) => c.boons === 0);
    expect(helped).toHaveLength(1);
    expect(plain).toHaveLength(1);
    expect(helped[0]?.lines).toContainEqual({
      key: "FRAY.Activity.Roll.helped",
      data: { name: "Tobin", amount: "1" },
    });
    expect(helped[0]?.result).toMatchObject({ total: 14, success: true });
    expect(helped[0]?.result?.roll.formula).toBe("1d20 + 2 + 1d6");
    expect(plain[0]?.lines.map((l) => l.key)).not.toContain("FRAY.Activity.Roll.helped");
    expect(plain[0]?.result).toMatchObject({ total: 8, success: false });
    const helpedCard = cards[rolled.indexOf(helped[0]!)]!;
    expect(textOf(await view(helpedCard, bob))).toContain("Help from Tobin: boons +1");
    expect(keys(s.fight, s.mageId)).not.toContain("help");
    // Help held by someone else is not Mira's to use.
    expect(timedStatesOf(s.fight.fight as never, s.allyId)).toMatchObject([
      { key: "help", data: { helper: s.mageId } },
    ]);
  });

  it("FS-A8 a card rolled twice takes the Help once; the next card has none", async () => {
    const s = await helpedScene();
    await as(gm, () => s.mage.actor.update({ "system.health.value": 15 }));
    await settle();
    const [card] = checkCards();
    queueFaces(3, 5);
    // The GM's card was drawn while Alice was away (the GM is asked to roll then); Alice is back.
    const gmPage = await drawCard(gm, card!, [alice]);
    const alicesPage = await drawCard(alice, card!);
    const answers = await Promise.all([
      click(alice, card!, "rollCheck" as never, "t0", null, {}, alicesPage),
      click(gm, card!, "rollCheck" as never, "t0", null, {}, gmPage),
    ]);
    // The GM's click runs at once, the owner's makes a round trip: one is rolled, the other refused.
    expect(answers.map((a) => a.ok).sort()).toEqual([false, true]);
    expect(checkOf(card!)).toMatchObject({ boons: 1, banes: 0 });
    expect(checkOf(card!).result).toMatchObject({ total: 3 + 2 + 5, success: true });

    await as(gm, () => s.mage.actor.update({ "system.health.value": 10 }));
    await settle();
    const next = checkCards().at(-1)!;
    queueFaces(9);
    await click(alice, next, "rollCheck" as never);
    expect(checkOf(next)).toMatchObject({ boons: 0 });
    expect(checkOf(next).lines.map((l) => l.key)).not.toContain("FRAY.Activity.Roll.helped");
    expect(checkOf(next).result).toMatchObject({ total: 11 });
    expect(queuedFaces).toEqual([]);
  });
});
