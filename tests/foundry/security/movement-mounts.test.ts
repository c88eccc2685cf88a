/**
 * Issue 12, movement paid on the GM's side, with mounts (FS-MT3: the rider's token moves with its mount): the
 * GM's follow code carries the rider with a "displace" move of its own, which is neither paid nor put back; a
 * player's move of its mount that the budget refuses puts the mount back, and the follow code carries the rider
 * back with it. Mount stand-ins (tests/harness/mounted.ts: a square grid of 100 px squares, 1.5 m each) with the
 * budgets wired as index.ts does.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { alice, as, fightWith, gm, settle, world } from "../chat/setup";
import { standing } from "../mounts/setup";
import { clearScene, moves } from "../../harness/mounted";
import { registerBudgets } from "../../../src/applications/budget/register";
import { applyRoundEvents } from "../../../src/documents/combat-api";
import { storedBudgetOf } from "../../../src/documents/budget-store";
import { mountToken } from "../../../src/documents/mounts/mount-requests";
import { budgetFingerprint } from "../../../src/rules/budget/fingerprint";
import type { FightDoc, TokenDoc } from "../../harness/chat";

registerBudgets();

type Placed = TokenDoc & { x: number; y: number; update(c: object): Promise<unknown> };
const pos = (t: TokenDoc) => ({ x: (t as Placed).x, y: (t as Placed).y });

async function ridingFight() {
  const knight = standing(
    "Knight",
    [3, 3],
    { size: 1, speed: 10, fastSlow: { agility: { value: 12 }, strength: { value: 13 } } },
    [alice],
  );
  // Alice's own pony (Size 2), which she may move.
  const pony = standing("Pony", [4, 3], { size: 2, speed: 18, mount: true }, [alice], "creature", 2);
  const orc = standing("Orc", [9, 3], {}, [], "creature");
  expect(await as(alice, () => mountToken(knight.token as never, pony.token as never))).toEqual({
    ok: true,
    value: null,
  });
  await settle();
  const { fight, ids } = fightWith("fast-slow", knight, pony, orc);
  await as(gm, () => applyRoundEvents(fight as never, [{ type: "startCombat", gmOverride: true }]));
  await settle();
  const budgets = () =>
    budgetFingerprint(
      (ids as string[]).map((id) =>
        storedBudgetOf(fight as never, (fight as FightDoc).combatants.get(id) as never),
      ),
    );
  return { knight, pony, budgets };
}

describe("security: movement paid on the GM's side, with mounts", () => {
  beforeEach(() => {
    world.warnings.length = 0;
    world.combats.clear();
    world.messages.clear();
    moves.length = 0;
    clearScene();
  });

  it("FS-MT3 the GM places the mount: the rider is carried by the GM's displace, nothing is paid, nothing put back", async () => {
    const { knight, pony, budgets } = await ridingFight();
    const before = budgets();
    await as(gm, () => (pony.token as Placed).update({ x: 800, y: 600 }));
    await settle();
    // The 2×2 pony's centre (900, 700) is the knight's.
    expect(pos(pony.token)).toEqual({ x: 800, y: 600 });
    expect(pos(knight.token)).toEqual({ x: 850, y: 650 });
    expect(moves.at(-1)).toMatchObject({ token: knight.token.id, action: "displace", x: 850, y: 650 });
    expect(budgets()).toBe(before);
    expect(world.warnings).toEqual([]);
  });

  it("FS-MT3 a player's 100 m move of its mount outside its turn is put back, and the rider with it; nothing is paid", async () => {
    const { knight, pony, budgets } = await ridingFight();
    const before = budgets();
    const ponyAt = pos(pony.token);
    const knightAt = pos(knight.token);
    // A bare update from Alice's console: no pre-move check, no movement.
    await as(alice, () => (pony.token as Placed).update({ x: 400 + 100 * 67 }));
    await settle();
    expect(pos(pony.token)).toEqual(ponyAt);
    expect(pos(knight.token)).toEqual(knightAt);
    expect(budgets()).toBe(before);
    // The GM's client and Alice's, each in its language.
    expect(world.warnings).toEqual([
      "Pony: It is not this combatant's turn.",
      "Pony was put back where it stood: It is not this combatant's turn.",
    ]);
  });
});
