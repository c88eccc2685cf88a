/**
 * Falls in mounted combat on the Foundry side (FS-MT8, FS-MT9, FS-MT10): a rider knocked prone lands prone 1 m
 * from the mount away from the attacker; a mount that falls prone leaves both prone and posts the rider's
 * Agility card, whose failure applies 1d6 + Size damage once and pins the rider (immobilized) until the mount
 * stands or moves; the escape rolls Strength or Agility with 1 bane per point of Size above the rider's.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { queueFaces, queuedFaces } from "../../harness/roll";
import { clearScene, moves } from "../../harness/mounted";
import { alice, as, bob, click, fightWith, gm, settle, textOf, view, world, drawCard } from "../chat/setup";
import { checkCards, checkOf } from "../concentration/setup";
import { knightAndHorse, standing } from "./setup";
import { applyRoundEvents, timedStatesOf } from "../../../src/documents/combat-api";
import { postCheck } from "../../../src/chat/check-card";
import { escapeFromMount, mountToken } from "../../../src/documents/mounts/mount-requests";
import { pinFlagOf, ridesOf } from "../../../src/documents/mounts/mount-store";
import { mountControls } from "../../../src/documents/mounts/mount-controls";
import type { ActorDoc, TokenDoc } from "../../harness/chat";

const tok = (t: TokenDoc) => t as never;
const pos = (t: TokenDoc) => ({ x: (t as unknown as { x: number }).x, y: (t as unknown as { y: number }).y });
const toggle = (actor: ActorDoc, id: string, active: boolean) =>
  (actor as unknown as { toggleStatusEffect: (i: string, o: object) => Promise<unknown> }).toggleStatusEffect(
    id,
    {
      active,
    },
  );
const health = (actor: ActorDoc) => (actor.system as { health: { value: number } }).health.value;

async function mounted(horseSize = 2, knightSize = 1) {
  const pair = knightAndHorse(horseSize, knightSize);
  await as(alice, () => mountToken(tok(pair.knight.token), tok(pair.horse.token)));
  await settle();
  return pair;
}

/** The horse falls prone (the GM sets the status); the rider's Agility card. */
async function horseFalls(horse: { actor: ActorDoc }) {
  await as(gm, () => toggle(horse.actor, "prone", true));
  await settle();
  const [card] = checkCards();
  if (!card) throw new Error("no Agility card");
  return card;
}

describe("falls in mounted combat (FS-MT8, FS-MT9, FS-MT10)", () => {
  beforeEach(() => {
    queuedFaces.length = 0;
    world.warnings.length = 0;
    world.combats.clear();
    world.messages.clear();
    moves.length = 0;
    clearScene();
    alice.active = true;
  });

  it("FS-MT8 a rider knocked prone falls off and lands prone 1 m from the mount, away from the attacker", async () => {
    const { knight, horse } = await mounted();
    // The orc, whose turn it is, stands left of the horse: the knight lands on the right.
    const orc = standing("Orc", [1, 3], {}, [], "creature");
    const { fight, ids } = fightWith("fast-slow", knight, horse, orc);
    await as(gm, () =>
      applyRoundEvents(fight as never, [
        { type: "startCombat" },
        { type: "chooseSpeed", id: ids[0] as string, speed: "slow" },
      ]),
    );
    await as(gm, () =>
      applyRoundEvents(fight as never, [{ type: "takeTurn", id: ids[2] as string, gmOverride: true }]),
    );
    await settle();
    await as(gm, () => toggle(knight.actor, "prone", true));
    await settle();
    expect(ridesOf(tok(knight.token))).toBeNull();
    expect(knight.actor.statuses.has("prone")).toBe(true);
    expect(knight.actor.statuses.has("mounted")).toBe(false);
    expect(horse.actor.statuses.has("prone")).toBe(false);
    // The horse covers columns 4–5, rows 3–4; the knight lands in column 6, next to it.
    expect(pos(knight.token).x).toBe(600);
    expect(moves.at(-1)).toMatchObject({ token: knight.token.id, action: "displace" });
    expect(textOf([...world.messages.values()].at(-1)?._source.content as string)).toContain(
      "Knight falls off War Horse and lands prone 1 m away.",
    );
  });

  it("FS-MT8 the rider lands in a free space: a creature in the way sends it to the next side", async () => {
    const { knight, horse } = await mounted();
    standing("Boulder", [6, 3], {}, [], "creature", 2);
    await as(gm, () => toggle(knight.actor, "prone", true));
    await settle();
    const at = pos(knight.token);
    expect(at.x >= 600 && at.x < 800 && at.y >= 300 && at.y < 500).toBe(false);
    expect(ridesOf(tok(knight.token))).toBeNull();
    void horse;
  });

  it("FS-MT9 a mount that falls prone leaves both prone and asks the rider's Agility roll; a success: no damage, no pin", async () => {
    const { knight, horse } = await mounted();
    const card = await horseFalls(horse);
    expect(knight.actor.statuses.has("prone")).toBe(true);
    expect(horse.actor.statuses.has("prone")).toBe(true);
    expect(ridesOf(tok(knight.token))).toBeNull();
    expect(checkOf(card)).toMatchObject({ kind: "mountFall", dice: "d20", modifier: 2, result: null });
    expect(await view(card, alice)).toContain('data-action="rollCheck"');
    queueFaces(8);
    await click(alice, card, "rollCheck" as never);
    expect(checkOf(card).result).toMatchObject({ total: 10, success: true });
    expect(health(knight.actor)).toBe(20);
    expect(pinFlagOf(tok(knight.token))).toBeNull();
  });

  it("FS-MT9 on a failure the rider takes 1d6 + the mount's Size once and is immobilized under it, unable to stand", async () => {
    const { knight, horse } = await mounted();
    const card = await horseFalls(horse);
    queueFaces(3, 4, 6);
    // The GM's card was drawn while Alice was away (the GM is asked to roll then); Alice is back.
    const gmPage = await drawCard(gm, card, [alice]);
    const alicesPage = await drawCard(alice, card);
    const answers = await Promise.all([
      click(alice, card, "rollCheck" as never, "t0", null, {}, alicesPage),
      click(gm, card, "rollCheck" as never, "t0", null, {}, gmPage),
    ]);
    // The GM's click runs at once, the owner's makes a round trip: one is rolled, the other refused.
    expect(answers.map((a) => a.ok).sort()).toEqual([false, true]);
    expect(checkOf(card).result).toMatchObject({ total: 5, success: false });
    expect(checkOf(card).consequence?.rolls).toMatchObject([{ roll: { formula: "1d6 + 2", total: 6 } }]);
    expect(health(knight.actor)).toBe(14);
    expect(queuedFaces).toEqual([6]);
    expect(pinFlagOf(tok(knight.token))).toEqual({ mount: horse.token.id, size: 2 });
    expect(knight.actor.statuses.has("immobilized")).toBe(true);
    expect(textOf(await view(card, bob, "fr"))).toContain("Knight");

    // FS-MT9: no standing up, no walking away while pinned.
    await as(alice, () => toggle(knight.actor, "prone", false));
    expect(knight.actor.statuses.has("prone")).toBe(true);
    expect(world.warnings.at(-1)).toBe("You are pinned under your mount and cannot stand up.");
    expect(await as(alice, async () => mountControls(tok(knight.token), alice as never))).toEqual([
      "escapeStrength",
      "escapeAgility",
    ]);

    // The horse stands up: the knight is free, still prone, and may stand.
    await as(gm, () => toggle(horse.actor, "prone", false));
    await settle();
    expect(pinFlagOf(tok(knight.token))).toBeNull();
    expect(knight.actor.statuses.has("immobilized")).toBe(false);
    await as(alice, () => toggle(knight.actor, "prone", false));
    expect(knight.actor.statuses.has("prone")).toBe(false);
  });

  it("FS-MT9 a mount moved off its rider releases it", async () => {
    const { knight, horse } = await mounted();
    const card = await horseFalls(horse);
    queueFaces(1, 2);
    await click(alice, card, "rollCheck" as never);
    expect(pinFlagOf(tok(knight.token))).not.toBeNull();
    await as(gm, () =>
      (horse.token as unknown as { update: (c: object) => Promise<unknown> }).update({ x: 900 }),
    );
    await settle();
    expect(pinFlagOf(tok(knight.token))).toBeNull();
    expect(knight.actor.statuses.has("immobilized")).toBe(false);
  });

  it("FS-MT10 the pinned rider's escape rolls Strength or Agility with 1 bane per point of Size above its own; success frees it", async () => {
    const { knight, horse } = await mounted(2, 1);
    queueFaces(1, 1);
    await click(alice, await horseFalls(horse), "rollCheck" as never);
    world.messages.clear();

    queueFaces(9, 5);
    expect(await as(alice, () => escapeFromMount(tok(knight.token), "strength"))).toEqual({
      ok: true,
      value: null,
    });
    await settle();
    const [failed] = checkCards();
    expect(checkOf(failed!)).toMatchObject({ kind: "escape", modifier: 3, banes: 1 });
    expect(checkOf(failed!).result).toMatchObject({ total: 7, success: false });
    expect(checkOf(failed!).result?.roll.formula).toBe("1d20 + 3 - 1d6");
    expect(textOf(await view(failed!, alice))).toContain("1 bane(s): the mount&#x27;s Size above yours");
    expect(pinFlagOf(tok(knight.token))).not.toBeNull();

    queueFaces(10, 2);
    await as(alice, () => escapeFromMount(tok(knight.token), "agility"));
    await settle();
    const success = checkCards().at(-1)!;
    expect(checkOf(success)).toMatchObject({
      attributeKey: "FRAY.Family.fast-slow.Attribute.agility",
      banes: 1,
    });
    expect(checkOf(success).result).toMatchObject({ total: 10, success: true });
    expect(pinFlagOf(tok(knight.token))).toBeNull();
    expect(knight.actor.statuses.has("immobilized")).toBe(false);
    expect(knight.actor.statuses.has("prone")).toBe(true);
  });

  it("FS-MT10 the banes count whole points of Size: Size 3 over Size 1/2 is 2 banes; no pin, no escape", async () => {
    const { knight, horse } = await mounted(3, 0.5);
    queueFaces(1, 1);
    await click(alice, await horseFalls(horse), "rollCheck" as never);
    world.messages.clear();
    queueFaces(15, 2, 6);
    await as(alice, () => escapeFromMount(tok(knight.token), "agility"));
    await settle();
    const [card] = checkCards();
    expect(checkOf(card!)).toMatchObject({ banes: 2, modifier: 2 });
    expect(checkOf(card!).result).toMatchObject({ total: 11, success: true });

    expect(await as(alice, () => escapeFromMount(tok(knight.token), "agility"))).toMatchObject({
      ok: false,
      reason: "notPinned",
    });
    expect(await as(bob, () => escapeFromMount(tok(knight.token), "agility"))).toMatchObject({
      reason: "notOwner",
    });
  });
});

describe("FS-A8 Help on the rider's rolls (FS-MT9, FS-MT10)", () => {
  beforeEach(() => {
    queuedFaces.length = 0;
    world.warnings.length = 0;
    world.combats.clear();
    world.messages.clear();
    moves.length = 0;
    clearScene();
    alice.active = true;
  });

  /** The knight on the horse in a started fast-slow fight with Bob's squire; each has helped the other. */
  async function helpedRider(horseSize = 2) {
    const { knight, horse } = await mounted(horseSize, 1);
    const squire = standing("Squire", [1, 1], {}, [bob]);
    const { fight, ids } = fightWith("fast-slow", knight, horse, squire);
    const [knightId, , squireId] = ids as [string, string, string];
    const help = (holder: string, helper: string) =>
      ({
        type: "addTimedState",
        state: { key: "help", holder, expiry: { kind: "endOfRound", round: 1 }, data: { helper, boons: 1 } },
      }) as const;
    const out = await as(gm, () =>
      applyRoundEvents(fight as never, [{ type: "startCombat" }, help(squireId, knightId)]),
    );
    if (!out.ok) throw new Error(out.reason);
    await settle();
    const giveHelp = async () => {
      await as(gm, () => applyRoundEvents(fight as never, [help(knightId, squireId)]));
      await settle();
    };
    const keys = (id: string) => timedStatesOf(fight as never, id).map((s) => s.key);
    return { knight, horse, squire, fight, knightId, squireId, giveHelp, keys };
  }

  it("FS-A8 the Agility roll after the mount falls is the rider's next roll: the Help it holds gives 1 boon when rolled, once; the squire's Help stays his", async () => {
    const s = await helpedRider();
    await s.giveHelp();
    const card = await horseFalls(s.horse);
    // Posted is not rolled: no boon yet, the Help still held.
    expect(checkOf(card)).toMatchObject({ kind: "mountFall", boons: 0, result: null });
    expect(s.keys(s.knightId)).toContain("help");

    // d20 7 + Agility 2 = 9 would fail; the boon die (3) makes it 12.
    queueFaces(7, 3);
    // The GM's card was drawn while Alice was away (the GM is asked to roll then); Alice is back.
    const gmPage = await drawCard(gm, card, [alice]);
    const alicesPage = await drawCard(alice, card);
    const answers = await Promise.all([
      click(alice, card, "rollCheck" as never, "t0", null, {}, alicesPage),
      click(gm, card, "rollCheck" as never, "t0", null, {}, gmPage),
    ]);
    // The GM's click runs at once, the owner's makes a round trip: one is rolled, the other refused.
    expect(answers.map((a) => a.ok).sort()).toEqual([false, true]);
    expect(queuedFaces).toEqual([]);
    expect(checkOf(card)).toMatchObject({ boons: 1, banes: 0 });
    expect(checkOf(card).result).toMatchObject({ total: 12, success: true });
    expect(checkOf(card).result?.roll.formula).toBe("1d20 + 2 + 1d6");
    expect(checkOf(card).lines).toContainEqual({
      key: "FRAY.Activity.Roll.helped",
      data: { name: "Squire", amount: "1" },
    });
    expect(textOf(await view(card, alice))).toContain("Help from Squire: boons +1");
    expect(health(s.knight.actor)).toBe(20);
    expect(s.keys(s.knightId)).not.toContain("help");
    // The squire's own Help is not the knight's to use.
    expect(timedStatesOf(s.fight as never, s.squireId)).toMatchObject([
      { key: "help", data: { helper: s.knightId } },
    ]);

    // The knight's next card has no Help left.
    queueFaces(7);
    const next = await as(gm, () =>
      postCheck({
        actor: s.knight.actor as never,
        token: s.knight.token as never,
        kind: "balance",
        attribute: "agility",
        roll: "now",
      }),
    );
    await settle();
    expect(checkOf(next as never)).toMatchObject({ boons: 0 });
    expect(checkOf(next as never).lines).toEqual([]);
    expect(checkOf(next as never).result).toMatchObject({ total: 9, success: false });
  });

  it("FS-A8 with FS-D1: the pinned rider's escape uses the Help it holds, whose boon cancels the Size bane", async () => {
    const s = await helpedRider(2);
    queueFaces(1, 1);
    await click(alice, await horseFalls(s.horse), "rollCheck" as never);
    expect(pinFlagOf(tok(s.knight.token))).not.toBeNull();
    await s.giveHelp();
    await as(gm, () =>
      applyRoundEvents(s.fight as never, [{ type: "takeTurn", id: s.knightId, gmOverride: true }]),
    );
    await settle();
    world.messages.clear();

    // 1 boon and 1 bane cancel: d20 + Agility 2, no boon or bane die.
    queueFaces(8);
    expect(await as(alice, () => escapeFromMount(tok(s.knight.token), "agility"))).toEqual({
      ok: true,
      value: null,
    });
    await settle();
    const [card] = checkCards();
    expect(checkOf(card!)).toMatchObject({ kind: "escape", boons: 1, banes: 1 });
    expect(checkOf(card!).result?.roll.formula).toBe("1d20 + 2");
    expect(checkOf(card!).result).toMatchObject({ total: 10, success: true, boonValue: 0 });
    expect(checkOf(card!).lines.map((l) => l.key)).toEqual([
      "FRAY.Mount.Escape.banes",
      "FRAY.Activity.Roll.helped",
    ]);
    expect(queuedFaces).toEqual([]);
    expect(pinFlagOf(tok(s.knight.token))).toBeNull();
    expect(s.keys(s.knightId)).not.toContain("help");
  });
});
