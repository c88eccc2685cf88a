/**
 * The pair in a fast-slow fight (FS-MT4, FS-MT5, FS-MT6): one shared turn in the round engine, the mount's
 * Speed, and the independent attack — 2 banes on each member's roll, once per round — enforced where the
 * attack card reads the dialog's box.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { queueFaces, queuedFaces } from "../../harness/roll";
import { clearScene } from "../../harness/mounted";
import { alice, as, attack, entryOf, fightWith, gm, settle, weapon, world } from "../chat/setup";
import { knightAndHorse, standing } from "./setup";
import { applyRoundEvents, roundStateOf } from "../../../src/documents/combat-api";
import { mountToken } from "../../../src/documents/mounts/mount-requests";
import { movementSpeedOf, pairTurnOf } from "../../../src/documents/mounts/mount-turns";
import { startAttack } from "../../../src/chat/start-attack";
import type { AttackSituation } from "../../../src/chat/card-data";
import type { TokenDoc } from "../../harness/chat";

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
    s.knight.actor.statuses.add("stunned");
    expect(pairTurnOf(tok(s.horse.token))).toMatchObject({ mode: "mountByNature", controller: "mount" });
    s.knight.actor.statuses.delete("stunned");
    s.horse.actor.statuses.add("dazed");
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
    const again = await as(alice, () =>
      startAttack(s.knight.actor as never, lance as never, {
        token: tok(s.knight.token),
        targets: [tok(s.orc.token)],
        situation: INDEPENDENT,
      }),
    );
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

  it("FS-MT4 a creature that rides nothing cannot attack independently", async () => {
    const loner = standing("Loner", [12, 12], {}, [alice]);
    const club = weapon(loner.actor, "Club");
    const out = await as(alice, () =>
      startAttack(loner.actor as never, club as never, {
        token: tok(loner.token),
        targets: [],
        situation: INDEPENDENT,
      }),
    );
    expect(out).toBeNull();
    expect(world.warnings.at(-1)).toBe("You are not riding a mount.");
  });
});
