/**
 * FS-MT10 in a fight: the pinned rider's escape is its action, taken once — a double click, or its owner and
 * the GM pressing at once, posts one escape roll and spends the action once (the budget's fingerprint).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { queueFaces, queuedFaces } from "../../harness/roll";
import { clearScene, moves } from "../../harness/mounted";
import { alice, as, click, fightWith, gm, settle, world } from "../chat/setup";
import { checkCards } from "../concentration/setup";
import { knightAndHorse } from "./setup";
import { applyRoundEvents } from "../../../src/documents/combat-api";
import { budgetOf } from "../../../src/documents/budget-store";
import { escapeFromMount, mountToken } from "../../../src/documents/mounts/mount-requests";
import { pinFlagOf } from "../../../src/documents/mounts/mount-store";
import type { FastSlowBudget } from "../../../src/rules/families/fast-slow/budget";
import type { ActorDoc, FightDoc, FighterDoc, TokenDoc } from "../../harness/chat";
import { spendBudgetRequest } from "../../../src/documents/budget-requests";

const tok = (t: TokenDoc) => t as never;

/** Alice's knight rode the GM's horse, which fell on it: pinned, in a fast-slow fight on the knight's turn. */
async function pinnedInFight() {
  const { knight, horse } = knightAndHorse(2, 1);
  await as(alice, () => mountToken(tok(knight.token), tok(horse.token)));
  await settle();
  const toggle = (actor: ActorDoc) =>
    (
      actor as unknown as { toggleStatusEffect: (i: string, o: object) => Promise<unknown> }
    ).toggleStatusEffect("prone", { active: true });
  await as(gm, () => toggle(horse.actor));
  await settle();
  queueFaces(1, 1);
  await click(alice, checkCards()[0]!, "rollCheck" as never);
  world.messages.clear();
  const { fight, ids } = fightWith("fast-slow", knight, horse);
  const knightId = ids[0] as string;
  const begun = await as(gm, () =>
    applyRoundEvents(fight as never, [{ type: "startCombat" }, { type: "takeTurn", id: knightId }]),
  );
  if (!begun.ok) throw new Error(begun.reason);
  await settle();
  return { knight, fight, knightId };
}

const actionLeft = (fight: FightDoc, id: string) =>
  (budgetOf(fight as never, fight.combatants.get(id) as never)?.state as FastSlowBudget).turn?.actionLeft;

describe("FS-MT10 the escape is taken once", () => {
  beforeEach(() => {
    queuedFaces.length = 0;
    world.warnings.length = 0;
    world.combats.clear();
    world.messages.clear();
    moves.length = 0;
    clearScene();
    alice.active = true;
  });

  it("FS-MT10 the rider's owner and the GM pressing Escape at once post one roll and spend the action once", async () => {
    const { knight, fight, knightId } = await pinnedInFight();
    expect(pinFlagOf(tok(knight.token))).not.toBeNull();
    expect(actionLeft(fight, knightId)).toBe(1);
    queueFaces(2, 5, 3, 4);
    const answers = await Promise.all([
      as(alice, () => escapeFromMount(tok(knight.token), "strength")),
      as(gm, () => escapeFromMount(tok(knight.token), "strength")),
      as(gm, () => escapeFromMount(tok(knight.token), "agility")),
    ]);
    await settle();
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(answers.filter((a) => !a.ok)).toEqual([
      { ok: false, reason: "budgetChanged" },
      { ok: false, reason: "budgetChanged" },
    ]);
    expect(checkCards()).toHaveLength(1);
    expect(actionLeft(fight, knightId)).toBe(0);
  });

  it("FS-MT10 the GM may still make a second escape on purpose, once the first is seen", async () => {
    const { knight, fight, knightId } = await pinnedInFight();
    queueFaces(2, 5);
    expect(await as(gm, () => escapeFromMount(tok(knight.token), "strength"))).toEqual({
      ok: true,
      value: null,
    });
    await settle();
    queueFaces(2, 5);
    expect(await as(gm, () => escapeFromMount(tok(knight.token), "strength"))).toEqual({
      ok: true,
      value: null,
    });
    await settle();
    expect(checkCards()).toHaveLength(2);
    expect(actionLeft(fight, knightId)).toBe(0);
  });
});

describe("FS-MT2 mounting spends the move while another request spends the action", () => {
  beforeEach(() => {
    queuedFaces.length = 0;
    world.warnings.length = 0;
    world.combats.clear();
    world.messages.clear();
    moves.length = 0;
    clearScene();
  });

  it("FS-MT2 FS-A5 mounting and Defend at once, the GM's writes on their way: both spends are kept", async () => {
    const { knight, horse } = knightAndHorse(2, 1);
    const { fight, ids } = fightWith("fast-slow", knight, horse);
    const knightId = ids[0] as string;
    // A slow turn: both the action and the move (FS-R5).
    const begun = await as(gm, () =>
      applyRoundEvents(fight as never, [
        { type: "startCombat" },
        { type: "pass", id: knightId },
        { type: "advancePhase", gmOverride: true },
        { type: "takeTurn", id: knightId },
      ]),
    );
    if (!begun.ok) throw new Error(begun.reason);
    await settle();
    const fighter = fight.combatants.get(knightId) as FighterDoc;
    const write = fighter.update.bind(fighter);
    fighter.update = async (changes) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return write(changes);
    };
    const before = (budgetOf(fight as never, fighter as never)?.state as FastSlowBudget).turn?.moveLeft ?? 0;
    const [mounted, defended] = await Promise.all([
      as(alice, () => mountToken(tok(knight.token), tok(horse.token))),
      as(alice, () =>
        spendBudgetRequest.send({
          combatId: fight.id,
          combatantId: knightId,
          event: { type: "activity", activity: "defend" },
        }),
      ),
    ]);
    for (let i = 0; i < 5; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      await settle();
    }
    expect([mounted, defended]).toEqual([
      { ok: true, value: null },
      { ok: true, value: true },
    ]);
    const turn = (budgetOf(fight as never, fighter as never)?.state as FastSlowBudget).turn;
    expect(turn?.actionLeft).toBe(0);
    expect(turn?.moveLeft).toBeLessThan(before);
  });
});

describe("FS-R5 a fast turn is the action or the move", () => {
  beforeEach(() => {
    queuedFaces.length = 0;
    world.combats.clear();
    world.messages.clear();
    clearScene();
  });

  it("FS-R5 FS-MT2 on a fast turn, mounting and Defend asked at once: one is taken, the other refused", async () => {
    const { knight, horse } = knightAndHorse(2, 1);
    const { fight, ids } = fightWith("fast-slow", knight, horse);
    const knightId = ids[0] as string;
    const begun = await as(gm, () =>
      applyRoundEvents(fight as never, [{ type: "startCombat" }, { type: "takeTurn", id: knightId }]),
    );
    if (!begun.ok) throw new Error(begun.reason);
    await settle();
    const fighter = fight.combatants.get(knightId) as FighterDoc;
    const write = fighter.update.bind(fighter);
    fighter.update = async (changes) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return write(changes);
    };
    const answers = await Promise.all([
      as(alice, () => mountToken(tok(knight.token), tok(horse.token))),
      as(alice, () =>
        spendBudgetRequest.send({
          combatId: fight.id,
          combatantId: knightId,
          event: { type: "activity", activity: "defend" },
        }),
      ),
    ]);
    await settle();
    // Whichever reached the GM first is taken; the other is refused for it (a fast turn is one or the other).
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(answers.find((a) => !a.ok)).toMatchObject({
      reason: answers[0]!.ok ? "fastTurnMoved" : "fastTurnActed",
    });
  });
});
