/**
 * The pair in a fast-slow fight (FS-MT4, FS-MT5, FS-MT6): one shared turn in the round engine, the mount's
 * Speed, and the independent attack — 2 banes on each member's roll, once per round — enforced where the
 * attack card reads the dialog's box.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { giveStatus, takeStatus } from "../../harness/effects";
import { queueFaces, queuedFaces } from "../../harness/roll";
import { clearScene } from "../../harness/mounted";
import { alice, as, attack, bob, entryOf, fightWith, gm, settle, weapon, world } from "../chat/setup";
import { knightAndHorse, standing } from "./setup";
import { applyRoundEvents, roundStateOf } from "../../../src/documents/combat-api";
import {
  claimIndependentAttack,
  mountToken,
  releaseIndependentAttack,
} from "../../../src/documents/mounts/mount-requests";
import { independentFlagOf } from "../../../src/documents/mounts/mount-store";
import {
  initialFastSlowBudget,
  spendFastSlow,
  startFastSlowTurn,
} from "../../../src/rules/families/fast-slow/budget";
import { movementSpeedOf, pairTurnOf } from "../../../src/documents/mounts/mount-turns";
import { startAttack } from "../../../src/chat/start-attack";
import type { AttackSituation } from "../../../src/chat/card-data";
import type { TokenDoc } from "../../harness/chat";
import { replaceWhole } from "../../../src/compat/replace-whole";

const tok = (t: TokenDoc) => t as never;
const INDEPENDENT: AttackSituation = { modifier: 0, boons: 0, banes: 0, mountedIndependent: true };

async function mountedFight() {
  const { knight, horse } = knightAndHorse();
  const orc = standing("Orc", [7, 3], { fastSlow: { defense: { base: 10 } } }, [], "creature");
  await as(alice, () => mountToken(tok(knight.token), tok(horse.token)));
  await settle();
  const { fight, ids } = fightWith("fast-slow", knight, horse, orc);
  const run = async (...events: Parameters<typeof applyRoundEvents>[1]) => {
    const out = await as(gm, () => applyRoundEvents(fight as never, events));
    await settle();
    return out;
  };
  await run({ type: "startCombat" });
  const [knightId, horseId, orcId] = ids as [string, string, string];
  return { knight, horse, orc, fight, run, knightId, horseId, orcId };
}

/** `user` starts an independent attack by `member` with `item`, as the sheet's button does; null when refused. */
function independentAttack(
  user: typeof alice,
  member: { actor: unknown; token: TokenDoc },
  item: unknown,
  targets: { token: TokenDoc }[],
) {
  return as(user, () =>
    startAttack(member.actor as never, item as never, {
      token: tok(member.token),
      targets: targets.map((t) => tok(t.token)),
      situation: INDEPENDENT,
    }),
  );
}

const slowTurn = () => startFastSlowTurn(initialFastSlowBudget(), { kind: "slow", speed: 10 });

/** A slow turn whose action already went to an attack: a second attack's action is refused. */
function actionSpent() {
  const out = spendFastSlow(slowTurn(), { type: "activity", activity: "attack" }, { prone: false });
  if (!out.ok) throw new Error(out.reason);
  return out.value;
}

const actedRound = (fight: unknown, id: string) =>
  roundStateOf(fight as never).combatants.find((c) => c.id === id)?.actedRound;

describe("the pair's turn (FS-MT4, FS-MT5, FS-MT6)", () => {
  beforeEach(() => {
    queuedFaces.length = 0;
    world.warnings.length = 0;
    world.combats.clear();
    world.messages.clear();
    clearScene();
  });

  it("FS-MT4 when the rider takes its turn the mount takes it too, and cannot take another", async () => {
    const s = await mountedFight();
    await s.run({ type: "takeTurn", id: s.knightId });
    expect(actedRound(s.fight, s.horseId)).toBe(1);
    await s.run({ type: "endTurn" });
    expect(await s.run({ type: "takeTurn", id: s.horseId })).toMatchObject({
      ok: false,
      reason: "alreadyActed",
    });
    expect(actedRound(s.fight, s.orcId)).toBe(0);
  });

  it("FS-MT6 the pair moves with the mount's Speed; FS-MT5 who decides when one cannot act", async () => {
    const s = await mountedFight();
    expect(movementSpeedOf(tok(s.knight.token))).toBe(18);
    expect(movementSpeedOf(tok(s.orc.token))).toBe(10);
    expect(pairTurnOf(tok(s.knight.token))).toMatchObject({ mode: "together", actions: 1, speed: 18 });
    giveStatus(s.knight.actor, "stunned");
    expect(pairTurnOf(tok(s.horse.token))).toMatchObject({ mode: "mountByNature", controller: "mount" });
    takeStatus(s.knight.actor, "stunned");
    giveStatus(s.horse.actor, "dazed");
    expect(pairTurnOf(tok(s.knight.token))).toMatchObject({ mode: "riderIndependent", controller: "rider" });
    expect(pairTurnOf(tok(s.orc.token))).toBeNull();
  });

  it("FS-MT4 an independent attack: rider and mount each roll once with 2 banes; a second one that round is refused; the next round it is allowed again", async () => {
    const s = await mountedFight();
    const lance = weapon(s.knight.actor, "Lance");
    const hooves = weapon(s.horse.actor, "Hooves");
    queueFaces(12, 3, 5);
    const first = await attack(alice, "fast-slow", s.knight, lance, [s.orc], INDEPENDENT);
    expect(entryOf(first).attack.rolls[0]?.formula).toBe("1d20 + 3 - 2d6kh");
    expect(entryOf(first).attack.boons).toContainEqual({ source: "mountedIndependent", boons: 0, banes: 2 });
    queueFaces(14, 1, 2);
    const second = await attack(gm, "fast-slow", s.horse, hooves, [s.orc], INDEPENDENT);
    expect(entryOf(second).attack.total).toBe(12);

    const before = world.messages.size;
    const again = await independentAttack(alice, s.knight, lance, [s.orc]);
    expect(again).toBeNull();
    expect(world.messages.size).toBe(before);
    expect(world.warnings.at(-1)).toBe("Rider and mount have already attacked independently this round.");
    expect(queuedFaces).toEqual([]);

    await s.run({ type: "endRound", gmOverride: true });
    queueFaces(12, 3, 5);
    const nextRound = await attack(alice, "fast-slow", s.knight, lance, [s.orc], INDEPENDENT);
    expect(entryOf(nextRound).attack.boons).toContainEqual({
      source: "mountedIndependent",
      boons: 0,
      banes: 2,
    });
  });

  it("FS-MT4 an independent attack the budget refuses is not rolled and leaves the pair's independent attack of the round unused", async () => {
    const s = await mountedFight();
    const lance = weapon(s.knight.actor, "Lance");
    const knight = s.fight.combatants.get(s.knightId)!;
    // The knight's action is already used: the attack cannot spend it.
    await knight.update(replaceWhole("system.budget", actionSpent()));
    const before = world.messages.size;
    const refused = await independentAttack(alice, s.knight, lance, [s.orc]);
    await settle();
    expect(refused).toBeNull();
    expect(world.messages.size).toBe(before);
    expect(world.warnings.at(-1)).toBe("The action of this turn is already used.");
    expect(independentFlagOf(tok(s.knight.token))).toBeNull();

    // With an action to spend, the same independent attack goes ahead with its 2 banes and uses the round's.
    await knight.update(replaceWhole("system.budget", slowTurn()));
    queueFaces(12, 3, 5);
    const rolled = await attack(alice, "fast-slow", s.knight, lance, [s.orc], INDEPENDENT);
    expect(entryOf(rolled).attack.boons).toContainEqual({ source: "mountedIndependent", boons: 0, banes: 2 });
    expect(independentFlagOf(tok(s.knight.token))).toMatchObject({ round: 1, rolled: [s.knight.token.id] });
  });

  it("FS-MT4 a refused attack gives back only its own roll: the partner's roll of the round stays used", async () => {
    const s = await mountedFight();
    const lance = weapon(s.knight.actor, "Lance");
    const hooves = weapon(s.horse.actor, "Hooves");
    queueFaces(14, 1, 2);
    await attack(gm, "fast-slow", s.horse, hooves, [s.orc], INDEPENDENT);
    await s.fight.combatants.get(s.knightId)!.update(replaceWhole("system.budget", actionSpent()));
    const refused = await independentAttack(alice, s.knight, lance, [s.orc]);
    await settle();
    expect(refused).toBeNull();
    expect(independentFlagOf(tok(s.knight.token))).toMatchObject({ round: 1, rolled: [s.horse.token.id] });
    const again = await independentAttack(gm, s.horse, hooves, [s.orc]);
    expect(again).toBeNull();
    expect(world.warnings.at(-1)).toBe("Rider and mount have already attacked independently this round.");
  });

  it("FS-MT4 double clicks on a refused independent attack: nothing rolled, nothing used", async () => {
    const s = await mountedFight();
    const lance = weapon(s.knight.actor, "Lance");
    await s.fight.combatants.get(s.knightId)!.update(replaceWhole("system.budget", actionSpent()));
    const click = () => independentAttack(alice, s.knight, lance, [s.orc]);
    expect(await Promise.all([click(), click()])).toEqual([null, null]);
    await settle();
    expect(world.messages.size).toBe(0);
    expect(independentFlagOf(tok(s.knight.token))).toBeNull();
  });

  it("FS-MT4 double clicks on an allowed independent attack roll it once and use the round's once", async () => {
    const s = await mountedFight();
    const lance = weapon(s.knight.actor, "Lance");
    await s.fight.combatants.get(s.knightId)!.update(replaceWhole("system.budget", slowTurn()));
    queueFaces(12, 3, 5);
    const click = () => independentAttack(alice, s.knight, lance, [s.orc]);
    const cards = await Promise.all([click(), click()]);
    await settle();
    expect(cards.filter((c) => c !== null)).toHaveLength(1);
    expect(world.messages.size).toBe(1);
    expect(independentFlagOf(tok(s.knight.token))).toMatchObject({ round: 1, rolled: [s.knight.token.id] });
  });

  it("FS-MT4 giving a claim back: only the creature's owner, only that round's claim, twice is once", async () => {
    const s = await mountedFight();
    const knight = tok(s.knight.token);
    const claim = await as(alice, () => claimIndependentAttack(knight));
    expect(claim).toEqual({ ok: true, value: { round: 1 } });
    await settle();
    expect(await as(bob, () => releaseIndependentAttack(knight, { round: 1 }))).toMatchObject({
      ok: false,
      reason: "notOwner",
    });
    expect(await as(alice, () => releaseIndependentAttack(knight, { round: 2 }))).toEqual({
      ok: true,
      value: null,
    });
    await settle();
    expect(independentFlagOf(knight)).toMatchObject({ round: 1, rolled: [s.knight.token.id] });
    const horseClaim = await as(gm, () => claimIndependentAttack(tok(s.horse.token)));
    expect(horseClaim).toEqual({ ok: true, value: { round: 1 } });
    await settle();
    for (let i = 0; i < 2; i++) {
      expect(await as(alice, () => releaseIndependentAttack(knight, { round: 1 }))).toEqual({
        ok: true,
        value: null,
      });
      await settle();
      expect(independentFlagOf(knight)).toMatchObject({ round: 1, rolled: [s.horse.token.id] });
    }
    // Given back, the knight's roll is free again, once.
    expect(await as(alice, () => claimIndependentAttack(knight))).toEqual({ ok: true, value: { round: 1 } });
    await settle();
    expect(await as(alice, () => claimIndependentAttack(knight))).toMatchObject({
      reason: "independentAttackUsed",
    });
  });

  it("FS-MT4 a creature that rides nothing cannot attack independently", async () => {
    const loner = standing("Loner", [12, 12], {}, [alice]);
    const club = weapon(loner.actor, "Club");
    const out = await independentAttack(alice, loner, club, []);
    expect(out).toBeNull();
    expect(world.warnings.at(-1)).toBe("You are not riding a mount.");
  });
});
