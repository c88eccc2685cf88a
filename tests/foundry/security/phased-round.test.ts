/**
 * Issue 12, a hostile player against the phased round's declarations: the PR-P6 manoeuvre roll and PR-B3's melee
 * initiative are the GM's rolls; a result or a total a player sends is refused with nothing recorded.
 */
import { beforeEach, describe, expect, it } from "vitest";
import {
  alice,
  as,
  creature,
  engineOf,
  events,
  gm,
  resetWorld,
  setSetting,
  startedFight,
} from "../budget/setup";
import { declareRequest } from "../../../src/documents/combat-requests";
import { sheetCheckRequest } from "../../../src/applications/sheets/sheet-rolls";
import { queueFaces, queuedFaces } from "../../harness/roll";
import { FightDoc, type ChatUser } from "../../harness/chat";
import { world } from "../chat/setup";

const MOVEMENT = 5;
const MELEE = 8;

async function phasedFight(maneuver = 25, options: Record<string, unknown> = {}) {
  const mage = creature("Mage", { phasedRound: { maneuver } }, [alice]);
  if (!Object.keys(options).length) {
    const { fight, ids } = await startedFight("phased-round", mage, creature("Orc", {}));
    return { fight, id: ids[0] as string, mage };
  }
  // A fight that recorded `options` at its creation (as FrayCombat records the world's settings).
  setSetting("ruleset", "phased-round");
  const fight = new FightDoc({ family: "phased-round", options, engine: null });
  const id = fight.add(mage.actor, mage.token).id;
  fight.add(creature("Orc", {}).actor, null);
  await events(fight, [{ type: "startCombat", gmOverride: true }]);
  return { fight, id, mage };
}

const advance = (n: number) =>
  Array.from({ length: n }, () => ({ type: "advancePhase", gmOverride: true }) as const);

function declare(user: ChatUser, fight: { id: string }, id: string, declaration: unknown) {
  return as(user, () =>
    declareRequest.send({ combatId: fight.id, combatantId: id, declaration, mode: "publicroll" } as never),
  );
}

const movementOf = (fight: { id: string }, id: string) =>
  engineOf(fight as never).combatants.find((c) => c.id === id)?.sheet?.movement;

describe("security: the phased round's rolls are the GM's", () => {
  beforeEach(() => {
    resetWorld();
    queuedFaces.length = 0;
  });

  it("PR-P6 a player's manoeuvre result is refused; asked for, the GM rolls it (d100 + bonus, 100 or more) and posts it", async () => {
    const { fight, id } = await phasedFight(25);
    await events(fight, [...advance(MOVEMENT)]);
    for (const manoeuvre of ["succeeded", "failed"])
      expect(
        await declare(alice, fight, id, { kind: "movement", movement: { percent: 40, manoeuvre } }),
      ).toMatchObject({ ok: false, reason: "gmOnly" });
    expect(movementOf(fight, id) ?? null).toBeNull();
    const before = world.messages.size;
    queueFaces(70); // 70 + 25 = 95: short of 100
    expect(
      await declare(alice, fight, id, { kind: "movement", movement: { percent: 40, manoeuvre: "roll" } }),
    ).toMatchObject({ ok: true });
    expect(movementOf(fight, id)).toMatchObject({ percent: 40, manoeuvre: "failed" });
    const posted = [...world.messages.values()].slice(before);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.author?.id).toBe(gm.id);
    expect(String(posted[0]!._source.flavor)).toContain("95");
    // One roll a round: no second roll, and declaring again (or withdrawing) does not drop the failure.
    expect(
      await declare(alice, fight, id, { kind: "movement", movement: { percent: 40, manoeuvre: "roll" } }),
    ).toMatchObject({ ok: false, reason: "alreadyDeclared" });
    expect(await declare(alice, fight, id, { kind: "movement", movement: null })).toMatchObject({
      ok: false,
      reason: "alreadyDeclared",
    });
    expect(
      await declare(alice, fight, id, { kind: "movement", movement: { percent: 20, manoeuvre: "none" } }),
    ).toMatchObject({ ok: true });
    expect(movementOf(fight, id)).toMatchObject({ percent: 20, manoeuvre: "failed" });
    // The GM may rule otherwise.
    expect(
      await declare(gm, fight, id, { kind: "movement", movement: { percent: 20, manoeuvre: "succeeded" } }),
    ).toMatchObject({ ok: true });
    expect(movementOf(fight, id)).toMatchObject({ manoeuvre: "succeeded" });
    expect(queuedFaces).toEqual([]);
  });

  it("PR-P3 a compromised character's manoeuvre roll takes the GM's penalty (as its attacks and orientation rolls do)", async () => {
    const { fight, id, mage } = await phasedFight(25, { prOrientationLow: "gm" });
    // Round 1: a low orientation roll; the GM compromises the next round by 20.
    await events(fight, [
      ...advance(2),
      { type: "recordOrientation", id, roll: 3, gmOverride: true },
      { type: "ruleOrientation", id, unable: false, penalty: 20 },
      { type: "endRound", gmOverride: true },
      ...advance(MOVEMENT),
    ]);
    expect(engineOf(fight)).toMatchObject({ round: 2, phase: MOVEMENT });
    queueFaces(80); // 80 + 25 = 105 would succeed; 105 − 20 = 85 fails
    expect(
      await declare(alice, fight, id, { kind: "movement", movement: { percent: 10, manoeuvre: "roll" } }),
    ).toMatchObject({ ok: true });
    expect(movementOf(fight, id)).toMatchObject({ manoeuvre: "failed" });
    const flavor = String([...world.messages.values()].at(-1)?._source.flavor);
    expect(flavor).toContain("− 20");
    expect(flavor).toContain("<strong>85</strong>");
    // The sheet's manoeuvre roll, made by the GM too, takes it as well: 60 + 25 − 20.
    queueFaces(60);
    expect(
      await as(alice, () =>
        sheetCheckRequest.send({
          actorUuid: mage.actor.uuid,
          tokenUuid: mage.token.uuid,
          checkId: "pr.maneuver",
          situation: { modifier: 0 },
        }),
      ),
    ).toMatchObject({ ok: true });
    expect(String([...world.messages.values()].at(-1)?._source.flavor)).toContain("<strong>65</strong>");
  });

  it("PR-B3 a player's melee initiative is refused (the GM rolls it: combat.rollInitiative); the GM may set one", async () => {
    const { fight, id } = await phasedFight();
    await events(fight, [...advance(MELEE)]);
    expect(
      await declare(alice, fight, id, { kind: "melee", melee: { group: "1", initiative: 999 } }),
    ).toMatchObject({ ok: false, reason: "gmOnly" });
    expect(engineOf(fight).combatants.find((c) => c.id === id)?.initiative ?? null).toBeNull();
    expect(await declare(alice, fight, id, { kind: "melee", melee: { group: "1" } })).toMatchObject({
      ok: true,
    });
    expect(
      await declare(gm, fight, id, { kind: "melee", melee: { group: "1", initiative: 14 } }),
    ).toMatchObject({ ok: true });
    expect(engineOf(fight).combatants.find((c) => c.id === id)?.initiative).toBe(14);
  });
});
