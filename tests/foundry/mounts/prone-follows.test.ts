/**
 * FS-MT8 and FS-MT9 follow the `prone` status «à terre», not the hook that brought its change: a rider's or a
 * mount's prone effect turned back on (an update, v13 and v14; v14: one core expired, revived by Fray) makes it
 * fall; a mount's prone effect turned off (an update, v13 and v14) or expired by v14 core — written as an update or a deletion by whichever client
 * core picks (a player's too, foundryvtt#13743), or flipped in memory with no hook at all — frees the rider it
 * pinned; a mount still prone by another effect keeps it pinned; and a pinned rider cannot stand up by turning its
 * own prone off, nor by core's expiry of it written from a player's client, while its mount is down.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { queueFaces, queuedFaces } from "../../harness/roll";
import { clearScene, moves } from "../../harness/mounted";
import { effectsOf, expireEffect, giveEffect, giveStatus, type EffectDoc } from "../../harness/effects";
import { V14 } from "../../harness/generation";
import { alice, as, bob, click, gm, settle, world } from "../chat/setup";
import { checkCards } from "../concentration/setup";
import { knightAndHorse } from "./setup";
import { mountToken } from "../../../src/documents/mounts/mount-requests";
import { pinFlagOf, ridesOf } from "../../../src/documents/mounts/mount-store";
import { setStatus } from "../../../src/documents/statuses";
import type { ActorDoc, TokenDoc } from "../../harness/chat";

const tok = (t: TokenDoc) => t as never;
const toggle = (actor: ActorDoc, id: string, active: boolean) =>
  (actor as unknown as { toggleStatusEffect: (i: string, o: object) => Promise<unknown> }).toggleStatusEffect(
    id,
    {
      active,
    },
  );
const update = (effect: EffectDoc, changes: object) => effect.update(changes as Record<string, unknown>);
/** The actor's own effect that carries `prone` alone (its status's effect). */
const proneOf = (actor: ActorDoc) =>
  effectsOf(actor).find((e) => e.statuses.size === 1 && e.statuses.has("prone")) as EffectDoc;

/** The horse falls prone (the GM sets the status) and the knight fails its Agility roll: pinned under it. */
async function pinned() {
  const pair = knightAndHorse(2, 1);
  await as(alice, () => mountToken(tok(pair.knight.token), tok(pair.horse.token)));
  await settle();
  await as(gm, () => toggle(pair.horse.actor, "prone", true));
  await settle();
  const [card] = checkCards();
  if (!card) throw new Error("no Agility card");
  queueFaces(1, 2);
  await click(alice, card, "rollCheck" as never);
  await settle();
  expect(pinFlagOf(tok(pair.knight.token))).toEqual({ mount: pair.horse.token.id, size: 2 });
  expect(pair.knight.actor.statuses.has("immobilized")).toBe(true);
  return pair;
}

function free(knight: { actor: ActorDoc; token: TokenDoc }): boolean {
  return pinFlagOf(tok(knight.token)) === null && !knight.actor.statuses.has("immobilized");
}

describe("FS-MT9 follows the prone status, whichever hook brings it", () => {
  beforeEach(() => {
    queuedFaces.length = 0;
    world.warnings.length = 0;
    world.combats.clear();
    world.messages.clear();
    moves.length = 0;
    clearScene();
    alice.active = true;
  });

  it("FS-MT9 the mount's prone turned back on — its effect updated, no new one — makes the pair fall: the rider's Agility card", async () => {
    const pair = knightAndHorse(2, 1);
    await as(alice, () => mountToken(tok(pair.knight.token), tok(pair.horse.token)));
    await settle();
    const prone = giveEffect(pair.horse.actor, null, "Prone", { statuses: ["prone"], disabled: true });
    expect(checkCards()).toEqual([]);
    await as(gm, () => update(prone, { disabled: false }));
    await settle();
    expect(effectsOf(pair.horse.actor).contents).toEqual([prone]);
    expect(pair.knight.actor.statuses.has("prone")).toBe(true);
    expect(checkCards()).toHaveLength(1);
  });

  it("FS-MT8 a rider whose prone is turned back on — an update — falls off its mount", async () => {
    const pair = knightAndHorse(2, 1);
    await as(alice, () => mountToken(tok(pair.knight.token), tok(pair.horse.token)));
    await settle();
    expect(ridesOf(tok(pair.knight.token))).toBe(pair.horse.token.id);
    const prone = giveEffect(pair.knight.actor, null, "Prone", { statuses: ["prone"], disabled: true });
    await as(alice, () => update(prone, { disabled: false }));
    await settle();
    expect(ridesOf(tok(pair.knight.token))).toBeNull();
    expect(pair.horse.actor.statuses.has("prone")).toBe(false);
    expect(checkCards()).toEqual([]);
  });

  it.runIf(V14)(
    "FS-MT9 v14: a mount whose prone core had expired, knocked prone again by Fray (that effect revived), falls with its rider",
    async () => {
      const pair = knightAndHorse(2, 1);
      await as(alice, () => mountToken(tok(pair.knight.token), tok(pair.horse.token)));
      await settle();
      const prone = giveStatus(pair.horse.actor, "prone", { duration: { value: 1, units: "rounds" } });
      await expireEffect(prone, { action: "update", by: gm });
      await settle();
      expect(checkCards()).toEqual([]);
      await as(gm, () => setStatus(pair.horse.actor as never, "prone", true));
      await settle();
      expect(effectsOf(pair.horse.actor).contents).toEqual([prone]);
      expect(pair.horse.actor.statuses.has("prone")).toBe(true);
      expect(checkCards()).toHaveLength(1);
    },
  );

  it("FS-MT9 the mount's prone turned off — its effect updated, not deleted — frees the pinned rider", async () => {
    const { knight, horse } = await pinned();
    await as(gm, () => update(proneOf(horse.actor), { disabled: true }));
    await settle();
    expect(horse.actor.statuses.has("prone")).toBe(false);
    expect(free(knight)).toBe(true);
    expect(knight.actor.statuses.has("prone")).toBe(true);
  });

  it("FS-MT9 a mount still prone by another effect keeps its rider pinned when its status's own effect goes", async () => {
    const { knight, horse } = await pinned();
    giveEffect(horse.actor, null, "Tangled", { statuses: ["prone", "restrain"] });
    await as(gm, () => toggle(horse.actor, "prone", false));
    await settle();
    expect(horse.actor.statuses.has("prone")).toBe(true);
    expect(free(knight)).toBe(false);
  });

  it("FS-MT9 a pinned rider cannot stand up by turning its own prone off; a GM may", async () => {
    const { knight } = await pinned();
    await as(alice, () => update(proneOf(knight.actor), { disabled: true }));
    expect(knight.actor.statuses.has("prone")).toBe(true);
    expect(world.warnings.at(-1)).toBe("You are pinned under your mount and cannot stand up.");
    await as(gm, () => update(proneOf(knight.actor), { disabled: true }));
    expect(knight.actor.statuses.has("prone")).toBe(false);
  });

  it.runIf(V14)(
    "FS-MT9 v14: core expires the mount's prone from a player's client — by update, or by deletion — and the rider is freed",
    async () => {
      for (const action of ["update", "delete"] as const) {
        clearScene();
        world.messages.clear();
        const { knight, horse } = await pinned();
        // Bob shares the horse: core may write its expiry from his client rather than the GM's.
        horse.actor.owners.add(bob.id);
        await expireEffect(proneOf(horse.actor), { action, by: bob });
        await settle();
        expect(horse.actor.statuses.has("prone"), action).toBe(false);
        expect(free(knight), action).toBe(true);
        expect(world.warnings, action).toEqual([]);
      }
    },
  );

  it.runIf(V14)(
    "FS-MT9 v14: the pinned rider's own prone expiring from its player's client is refused while the mount is down",
    async () => {
      const { knight } = await pinned();
      await expireEffect(proneOf(knight.actor), { action: "update", by: alice });
      expect(knight.actor.statuses.has("prone")).toBe(true);
      await expireEffect(proneOf(knight.actor), { action: "delete", by: alice });
      expect(knight.actor.statuses.has("prone")).toBe(true);
      expect(world.warnings).toEqual([
        "You are pinned under your mount and cannot stand up.",
        "You are pinned under your mount and cannot stand up.",
      ]);
    },
  );

  it.runIf(V14)(
    "FS-MT9 v14: the mount's prone expired in memory only (no hook): the rider may stand, and is freed as it does",
    async () => {
      const { knight, horse } = await pinned();
      await expireEffect(proneOf(horse.actor), { action: null, by: gm });
      expect(horse.actor.statuses.has("prone")).toBe(false);
      // No hook told anyone: the pin is still written down…
      expect(free(knight)).toBe(false);
      // …but the horse is no longer down: the knight stands up, and the GM frees it when it hears that.
      await as(alice, () => toggle(knight.actor, "prone", false));
      await settle();
      expect(knight.actor.statuses.has("prone")).toBe(false);
      expect(world.warnings).toEqual([]);
      expect(free(knight)).toBe(true);
    },
  );
});
