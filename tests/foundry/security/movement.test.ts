/**
 * Issue 12, movement paid for on the GM's side: a hostile player moves its own creature's token with what its
 * console can send — a movement that skips its own `preMoveToken`, forged waypoint costs, a forged origin, a
 * teleport action ("displace", "blink"), a last waypoint away from where the update puts the token, or a bare
 * `x`/`y` update with no movement at all. The active GM measures every change itself from the position it last
 * saw (core's `measureMovementPath`), pays it once, and when the budget refuses it puts the token back and tells
 * the mover in the mover's language; nothing is spent for a refused move. Honest moves are paid as before
 * (tests/foundry/budget), and the GM's own moves stay overridable.
 */
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import {
  alice,
  as,
  bob,
  budgetNow,
  creature,
  dragToken,
  events,
  gm,
  resetWorld,
  settle,
  startedFight,
  world,
} from "../budget/setup";
import { rawTokenUpdate, type DragOptions, type MoveStep } from "../../harness/budget";
import { currentUser, type TokenDoc } from "../../harness/chat";
import { budgetFingerprint } from "../../../src/rules/budget/fingerprint";
import type { FastSlowBudget } from "../../../src/rules/families/fast-slow/budget";
import type { ClassicD20Budget } from "../../../src/rules/families/classic-d20/budget";

type Placed = TokenDoc & { x?: number; y?: number; elevation: number };

/** Alice's Aldo (Speed 10) on a slow turn of a fast-slow fight: 10 m of move. */
async function slowTurn() {
  const hero = creature("Aldo", {}, [alice]);
  const orc = creature("Orc", {});
  const { fight, ids } = await startedFight("fast-slow", hero, orc);
  const [heroId] = ids as [string, string];
  await events(fight, [
    { type: "pass", id: heroId },
    { type: "advancePhase", gmOverride: true },
    { type: "takeTurn", id: heroId },
  ]);
  return { fight, heroId, hero, token: hero.token as Placed };
}

const moveLeft = (fight: Parameters<typeof budgetNow>[0], id: string) =>
  budgetNow<FastSlowBudget>(fight, id).turn?.moveLeft;

const at = (token: Placed) => ({ x: token.x ?? 0, y: token.y ?? 0, elevation: token.elevation });

async function hostileDrag(token: TokenDoc, steps: MoveStep[], options: DragOptions = {}) {
  const moved = await dragToken(alice, token, steps, { skipPreMove: true, ...options });
  await settle();
  return moved;
}

/** The warnings each user's client showed, in order. */
let shown: { user: string; text: string }[] = [];
let warn: MockInstance<(text: string) => void>;

describe("security: token movement is paid on the GM's side", () => {
  beforeEach(() => {
    resetWorld();
    shown = [];
    const notifications = (globalThis as unknown as { ui: { notifications: { warn(t: string): void } } }).ui
      .notifications;
    const original = notifications.warn.bind(notifications);
    warn = vi.spyOn(notifications, "warn").mockImplementation((text: string) => {
      shown.push({ user: currentUser().name, text });
      original(text);
    });
  });
  afterEach(() => warn.mockRestore());

  it("a walk sent with zero costs, skipping the mover's own check, is paid for what the GM measures", async () => {
    const { fight, heroId, token } = await slowTurn();
    expect(await hostileDrag(token, [{ action: "walk", cost: 8, forgedCost: 0 }])).toBe(true);
    expect(at(token).x).toBe(800);
    expect(moveLeft(fight, heroId)).toBe(2);
  });

  it("a forged origin is not where the GM measures from: the GM's own record of the token is", async () => {
    const { fight, heroId, token } = await slowTurn();
    // The token stands at 0; the client says it set out from 5 m, 1 m before its waypoint at 6 m.
    const forgedOrigin = { x: 500, y: 0, elevation: 0 };
    expect(
      await hostileDrag(token, [{ action: "walk", cost: 0, x: 600, forgedCost: 1 }], { forgedOrigin }),
    ).toBe(true);
    expect(moveLeft(fight, heroId)).toBe(4);
  });

  it("a last waypoint away from where the update puts the token: the GM measures on to the real position", async () => {
    const { fight, heroId, token } = await slowTurn();
    const landAt = { x: 900, y: 0, elevation: 0 };
    expect(await hostileDrag(token, [{ action: "walk", cost: 1 }], { landAt })).toBe(true);
    // 1 m to the waypoint, then 8 m on to where the token is: 9 m.
    expect(moveLeft(fight, heroId)).toBe(1);
  });

  it("a player's teleport ('displace', 'blink') is paid as a walk", async () => {
    const { fight, heroId, token } = await slowTurn();
    expect(await hostileDrag(token, [{ action: "displace", cost: 6 }])).toBe(true);
    expect(moveLeft(fight, heroId)).toBe(4);
    expect(await hostileDrag(token, [{ action: "blink", cost: 3 }])).toBe(true);
    expect(moveLeft(fight, heroId)).toBe(1);
  });

  it("an honest client's own check refuses a teleport the budget cannot pay (it is priced as a walk there too)", async () => {
    const { fight, heroId, token } = await slowTurn();
    const before = budgetFingerprint(budgetNow(fight, heroId));
    expect(await dragToken(alice, token, [{ action: "displace", cost: 12 }])).toBe(false);
    await settle();
    expect(world.warnings).toEqual(["Not enough movement left (10 m)."]);
    expect(at(token).x).toBe(0);
    expect(budgetFingerprint(budgetNow(fight, heroId))).toBe(before);
  });

  it("a bare x/y update (no movement, no pre-move check) is paid as a walk, once", async () => {
    const { fight, heroId, token } = await slowTurn();
    await rawTokenUpdate(alice, token, { x: 600 });
    await settle();
    expect(moveLeft(fight, heroId)).toBe(4);
    // The same position again is no move.
    await rawTokenUpdate(alice, token, { x: 600 });
    await settle();
    expect(moveLeft(fight, heroId)).toBe(4);
  });

  it("an honest move fires updateToken and moveToken on every client: it is paid once", async () => {
    const { fight, heroId, token } = await slowTurn();
    expect(await dragToken(alice, token, [{ action: "walk", cost: 3 }])).toBe(true);
    await settle();
    expect(moveLeft(fight, heroId)).toBe(7);
  });

  it("100 m of movement the budget cannot pay: the token is put back, its owner told in its language, nothing spent", async () => {
    const { fight, heroId, token } = await slowTurn();
    expect(await hostileDrag(token, [{ action: "walk", cost: 4 }])).toBe(true);
    const before = budgetFingerprint(budgetNow(fight, heroId));
    expect(moveLeft(fight, heroId)).toBe(6);
    shown = [];
    expect(await hostileDrag(token, [{ action: "walk", cost: 100, forgedCost: 0 }])).toBe(true);
    await settle();
    expect(at(token)).toEqual({ x: 400, y: 0, elevation: 0 });
    expect(budgetFingerprint(budgetNow(fight, heroId))).toBe(before);
    expect(shown).toContainEqual({
      user: "Alice",
      text: "Aldo was put back where it stood: Not enough movement left (6 m).",
    });
    // Bob is not told.
    expect(shown.filter((s) => s.user === bob.name)).toEqual([]);
    // The put-back is the GM's own "displace" move, free: the next honest step is paid from there.
    expect(await dragToken(alice, token, [{ action: "walk", cost: 2 }])).toBe(true);
    await settle();
    expect(moveLeft(fight, heroId)).toBe(4);
  });

  it("a bare 100 m x/y update and a 100 m blink are put back; nothing is spent", async () => {
    const { fight, heroId, token } = await slowTurn();
    const before = budgetFingerprint(budgetNow(fight, heroId));
    await rawTokenUpdate(alice, token, { x: 10_000 });
    await settle();
    expect(at(token).x).toBe(0);
    expect(await hostileDrag(token, [{ action: "blink", cost: 100 }])).toBe(true);
    await settle();
    expect(at(token).x).toBe(0);
    expect(budgetFingerprint(budgetNow(fight, heroId))).toBe(before);
    expect(shown.filter((s) => s.user === "Alice").map((s) => s.text)).toEqual([
      "Aldo was put back where it stood: Not enough movement left (10 m).",
      "Aldo was put back where it stood: Not enough movement left (10 m).",
    ]);
  });

  it("under classic-d20 too: 100 m past what the move action covers is put back", async () => {
    const hero = creature("Aldo", {}, [alice]);
    const orc = creature("Orc", {});
    const { fight, ids } = await startedFight("classic-d20", hero, orc);
    const heroId = ids[0] as string;
    const token = hero.token as Placed;
    const turn = () => budgetNow<ClassicD20Budget>(fight, heroId);
    const before = budgetFingerprint(turn());
    expect(await hostileDrag(token, [{ action: "walk", cost: 100 }])).toBe(true);
    expect(at(token).x).toBe(0);
    expect(budgetFingerprint(turn())).toBe(before);
    expect(shown.filter((s) => s.user === "Alice").map((s) => s.text)).toEqual([
      "Aldo was put back where it stood: Not enough movement left (10 m).",
    ]);
  });

  it("FS-M5 FS-M6 a jump dragged past the move comes down where the move ran out, and its mover is told", async () => {
    const { fight, heroId, hero, token } = await slowTurn();
    // 8 m of walk, then a 30 m jump that rises 0.1 m: 2 m of move are left for it.
    expect(
      await hostileDrag(token, [
        { action: "walk", cost: 8 },
        { action: "jump", cost: 30, elevation: 0.1 },
      ]),
    ).toBe(true);
    await settle();
    expect(at(token)).toEqual({ x: 1000, y: 0, elevation: 0 });
    expect(moveLeft(fight, heroId)).toBe(0);
    expect(hero.actor.statuses.has("prone")).toBe(true);
    expect(shown.filter((s) => s.user === "Alice").map((s) => s.text)).toEqual([
      "Aldo's jump fell short: it comes down where its move ran out.",
    ]);
  });

  it("FS-M6 an honest long jump cut short by the move also comes down where the move ran out", async () => {
    const { fight, heroId, token } = await slowTurn();
    expect(
      await dragToken(alice, token, [
        { action: "walk", cost: 8 },
        { action: "jump", cost: 3 },
      ]),
    ).toBe(true);
    await settle();
    expect(at(token)).toEqual({ x: 1000, y: 0, elevation: 0 });
    expect(moveLeft(fight, heroId)).toBe(0);
  });

  it("v13's undo (Ctrl+Z) takes a move back: the move stays paid, the way back is free and nothing is put back", async () => {
    const { fight, heroId, token } = await slowTurn();
    expect(await dragToken(alice, token, [{ action: "walk", cost: 8 }])).toBe(true);
    await settle();
    expect(moveLeft(fight, heroId)).toBe(2);
    // Back to where it stood: 8 m more than is left, yet neither refused nor charged.
    expect(await dragToken(alice, token, [{ action: "walk", cost: 8, x: 0 }], { method: "undo" })).toBe(true);
    await settle();
    expect(at(token).x).toBe(0);
    expect(moveLeft(fight, heroId)).toBe(2);
    expect(shown.filter((s) => s.user === "Alice")).toEqual([]);
    // An "undo" anywhere else is a move like any other: 6 m past what is left, put back.
    expect(await hostileDrag(token, [{ action: "walk", cost: 6 }], { method: "undo" })).toBe(true);
    await settle();
    expect(at(token).x).toBe(0);
    expect(moveLeft(fight, heroId)).toBe(2);
  });

  it("the GM's own moves stay overridable: spent with the override, never put back", async () => {
    const { fight, heroId, token } = await slowTurn();
    // The GM's own client refuses first and asks; the GM confirms the override.
    const { budgetWorld } = await import("../../harness/budget");
    budgetWorld.confirms.push(true);
    expect(await dragToken(gm, token, [{ action: "walk", cost: 12 }])).toBe(false);
    await settle();
    expect(at(token).x).toBe(1200);
    expect(moveLeft(fight, heroId)).toBe(0);
    // A GM's "displace" is free.
    await as(gm, () =>
      (token as Placed & { move(w: unknown): Promise<unknown> }).move([{ x: 0, action: "displace" }]),
    );
    await settle();
    expect(at(token).x).toBe(0);
    expect(moveLeft(fight, heroId)).toBe(0);
  });
});
