/**
 * Token movement on both generations (issue 23, E-movement): what core's movement actions cost when Fray prices them
 * (v13 configs, v14 descriptors with `costMultiplier`), a movement paid at its action's price whether or not the
 * GM's `updateToken` carries it (`options._movement`, undocumented on both) and whichever hook comes first, and v14's
 * Scene Levels — a refused stair move put back onto its level, a GM's override replayed onto its level, FS-M4's
 * "flying" and "the ground" read from the token's level.
 */
import { beforeEach, describe, expect, it } from "vitest";
import {
  alice,
  as,
  budgetNow,
  budgetWorld,
  creature,
  dragToken,
  events,
  gm,
  resetWorld,
  settle,
  startedFight,
  world,
} from "./setup";
import { budgetScene, setBudgetLevels, type MoveStep } from "../../harness/budget";
import { V14 } from "../../harness/generation";
import { HOUSE_LEVELS } from "../../harness/movement";
import type { ChatMessageDoc, TokenDoc } from "../../harness/chat";
import type { FastSlowBudget } from "../../../src/rules/families/fast-slow/budget";

type Placed = TokenDoc & {
  x?: number;
  y?: number;
  elevation: number;
  movementAction: string;
  level?: string;
  move?(waypoints: unknown): Promise<unknown>;
};

const [BASEMENT, DOWNSTAIRS, UPSTAIRS] = HOUSE_LEVELS.map((l) => l.id) as [string, string, string];

/**
 * Alice's Aldo (Speed 10) on a slow turn of a fast-slow fight: 10 m of move. `place` puts the tokens somewhere before
 * the fight starts (where the GM first sees them).
 */
async function slowTurn(place: (hero: Placed, orc: Placed) => void = () => undefined) {
  const hero = creature("Aldo", {}, [alice]);
  const orc = creature("Orc", {});
  place(hero.token as Placed, orc.token as Placed);
  const { fight, ids } = await startedFight("fast-slow", hero, orc);
  const [heroId, orcId] = ids as [string, string];
  await events(fight, [
    { type: "pass", id: heroId },
    { type: "advancePhase", gmOverride: true },
    { type: "takeTurn", id: heroId },
  ]);
  return { fight, heroId, orcId, hero, orc, token: hero.token as Placed };
}

const moveLeft = (fight: Parameters<typeof budgetNow>[0], id: string) =>
  budgetNow<FastSlowBudget>(fight, id).turn?.moveLeft;

async function drag(token: TokenDoc, steps: MoveStep[], options: Parameters<typeof dragToken>[3] = {}) {
  const moved = await dragToken(alice, token, steps, options);
  await settle();
  return moved;
}

const lastMove = () => budgetWorld.moves.at(-1)?.waypoints as Record<string, unknown>[] | undefined;

describe("movement on v13 and v14", () => {
  beforeEach(() => resetWorld());

  it("core's surcharges are Fray's to set: a climb costs double once (FS-M2), a crawl's price is FS-M3's, never core's on top", async () => {
    const actions = (
      globalThis as unknown as { CONFIG: { Token: { movement: { actions: Record<string, unknown> } } } }
    ).CONFIG.Token.movement.actions;
    // The harness configured core's own surcharge on these, in each generation's form.
    if (V14) expect(actions.climb).toMatchObject({ costMultiplier: 1 });
    const { fight, heroId, token } = await slowTurn();
    expect(await drag(token, [{ action: "climb", cost: 2 }])).toBe(true);
    expect(moveLeft(fight, heroId)).toBe(6);
    expect(await drag(token, [{ action: "swim", cost: 1 }])).toBe(true);
    expect(moveLeft(fight, heroId)).toBe(5);
    // Fray's own actions: priced by Fray alone, taking their other fields one by one from walk and crawl.
    const balance = actions.balance as Record<string, unknown>;
    const crawlNarrow = actions.crawlNarrow as Record<string, unknown>;
    expect(balance).toMatchObject({ label: "FRAY.Movement.balance", teleport: false, measure: true });
    expect(crawlNarrow).toMatchObject({ label: "FRAY.Movement.crawlNarrow", teleport: false, measure: true });
    expect(typeof balance.getCostFunction).toBe("function");
    if (V14) expect([balance.costMultiplier, crawlNarrow.costMultiplier]).toEqual([1, 1]);
    else expect("costMultiplier" in crawlNarrow).toBe(false);
    // FS-M1/FS-M3: each is its own terrain; a region's difficulty is not added on top (nor v14's terrainAction).
    for (const own of [balance, crawlNarrow]) {
      const derive = own.deriveTerrainDifficulty as (d: Record<string, number>) => number;
      expect(derive({ walk: 2, crawl: 2 })).toBe(1);
      expect("terrainAction" in own).toBe(false);
    }
  });

  describe("E7: a movement is paid at its action's price whether the GM's updateToken carries it or not", () => {
    const variants = [
      { updateMovement: "moverOnly", hookOrder: "updateFirst", documentMovement: "afterUpdate" },
      { updateMovement: "moverOnly", hookOrder: "updateFirst", documentMovement: "beforeUpdate" },
      { updateMovement: "moverOnly", hookOrder: "moveFirst", documentMovement: "afterUpdate" },
      { updateMovement: "everyClient", hookOrder: "updateFirst", documentMovement: "afterUpdate" },
      { updateMovement: "everyClient", hookOrder: "moveFirst", documentMovement: "afterUpdate" },
    ] as const;
    for (const v of variants)
      it(`FS-M2 a climb costs double and FS-M4 a flight 1:1, once (_movement: ${v.updateMovement}, ${v.hookOrder}, document movement ${v.documentMovement})`, async () => {
        const { fight, heroId, token } = await slowTurn();
        Object.assign(budgetWorld, v);
        expect(
          await drag(token, [
            { action: "walk", cost: 1 },
            { action: "climb", cost: 2 },
          ]),
        ).toBe(true);
        // 1 + 2 × 2: a walk of 3 m would leave 7.
        expect(moveLeft(fight, heroId)).toBe(5);
        expect(await drag(token, [{ action: "fly", cost: 0, elevation: 3 }])).toBe(true);
        expect(moveLeft(fight, heroId)).toBe(2);
        expect(world.warnings).toEqual([]);
      });

    it("a cleared movement history (v14 at a turn's start) is not a move: nothing paid, nothing put back", async () => {
      const { fight, heroId, token } = await slowTurn();
      expect(await drag(token, [{ action: "climb", cost: 2 }])).toBe(true);
      expect(moveLeft(fight, heroId)).toBe(6);
      const before = { x: token.x, y: token.y, elevation: token.elevation, moves: budgetWorld.moves.length };
      await as(gm, () =>
        (token as Placed & { clearMovementHistory(): Promise<void> }).clearMovementHistory(),
      );
      await settle();
      expect(moveLeft(fight, heroId)).toBe(6);
      expect({ x: token.x, y: token.y, elevation: token.elevation, moves: budgetWorld.moves.length }).toEqual(
        before,
      );
      expect(world.warnings).toEqual([]);
    });

    it("a bare update with no movement anywhere is still paid, once, as a walk", async () => {
      const { fight, heroId, token } = await slowTurn();
      expect(await drag(token, [{ action: "climb", cost: 2 }])).toBe(true);
      expect(moveLeft(fight, heroId)).toBe(6);
      // The document's movement is the climb's, which ended elsewhere: it does not price this update.
      const { rawTokenUpdate } = await import("../../harness/budget");
      await rawTokenUpdate(alice, token, { x: (token.x ?? 0) + 300 });
      await settle();
      expect(moveLeft(fight, heroId)).toBe(3);
    });
  });

  describe("v14 Scene Levels", () => {
    beforeEach(() => setBudgetLevels(HOUSE_LEVELS));

    it("v13 has no levels: no scene levels, no token level, no level in a waypoint", async () => {
      const { token } = await slowTurn();
      if (V14) {
        expect(budgetScene.levels?.size).toBe(3);
        expect(token.level).toBe(BASEMENT);
        return;
      }
      expect(budgetScene.levels).toBeUndefined();
      expect("level" in token).toBe(false);
      await expect(token.move?.([{ x: 0, level: DOWNSTAIRS }])).rejects.toThrow(/level/);
    });

    it("a refused stair move is put back where it began, on the level it began on", async () => {
      const { fight, heroId, token } = await slowTurn((t) => {
        if (V14) t.level = DOWNSTAIRS;
      });
      // Up the stairs (10 m up) and 6 m along: more than the move, sent past the mover's own check.
      const steps: MoveStep[] = [
        { action: "walk", cost: 6, elevation: 10, ...(V14 ? { level: UPSTAIRS } : {}) },
      ];
      expect(await drag(token, steps, { skipPreMove: true })).toBe(true);
      expect(moveLeft(fight, heroId)).toBe(10);
      expect({ x: token.x ?? 0, elevation: token.elevation }).toEqual({ x: 0, elevation: 0 });
      const back = lastMove()?.[0];
      expect(back).toMatchObject({ x: 0, elevation: 0, action: "displace" });
      if (V14) {
        expect(back?.level).toBe(DOWNSTAIRS);
        expect(token.level).toBe(DOWNSTAIRS);
      } else expect(back && "level" in back).toBe(false);
    });

    it("after a stair move the GM records the new level: a refused move next goes back onto it", async () => {
      if (!V14) return;
      const { fight, heroId, token } = await slowTurn((t) => (t.level = DOWNSTAIRS));
      expect(await drag(token, [{ action: "walk", cost: 0, level: UPSTAIRS, elevation: 10 }])).toBe(true);
      expect(moveLeft(fight, heroId)).toBe(0);
      expect(await drag(token, [{ action: "walk", cost: 1 }], { skipPreMove: true })).toBe(true);
      expect(token.level).toBe(UPSTAIRS);
      expect(lastMove()?.[0]).toMatchObject({ level: UPSTAIRS, elevation: 10, action: "displace" });
    });

    it("the GM's override of its own refused stair move is replayed onto its level", async () => {
      const { fight, orcId, orc } = await slowTurn((_hero, o) => {
        if (V14) o.level = DOWNSTAIRS;
      });
      await events(fight, [{ type: "endTurn" }, { type: "takeTurn", id: orcId, gmOverride: true }]);
      const token = orc.token as Placed;
      budgetWorld.confirms.push(true);
      const step = { action: "walk", cost: 14, elevation: 10, ...(V14 ? { level: UPSTAIRS } : {}) };
      expect(await dragToken(gm, token, [step])).toBe(false);
      await settle();
      const replay = lastMove();
      expect(replay).toHaveLength(1);
      expect(replay?.[0]).toMatchObject({ x: 1400, elevation: 10, action: "walk" });
      // Only what `move` takes: no measured cost, user, movement or subpath id.
      for (const key of ["cost", "userId", "movementId", "subpathId", "terrain", "intermediate"])
        expect(replay?.[0] && key in replay[0]).toBe(false);
      if (V14) expect(replay?.[0]).toMatchObject({ level: UPSTAIRS, depth: 1 });
      expect(token.elevation).toBe(10);
      if (V14) expect(token.level).toBe(UPSTAIRS);
    });

    it("FS-M4 on an upper floor: standing on it is not flying; a flyer above it falls to its floor, on its level", async () => {
      const floor = V14 ? 10 : 0;
      const { hero, token } = await slowTurn((t) => {
        if (V14) t.level = UPSTAIRS;
        t.elevation = floor;
        t.movementAction = "fly";
      });
      const knockDown = () =>
        as(gm, () =>
          (
            hero.actor as unknown as { toggleStatusEffect(id: string, o: object): Promise<unknown> }
          ).toggleStatusEffect("prone", { active: true }),
        );
      const falls = () =>
        [...world.messages.values()].filter((m) =>
          String((m as ChatMessageDoc)._source.content ?? "").includes("Aldo falls."),
        ).length;
      await knockDown();
      await settle();
      expect(falls()).toBe(0);
      expect(budgetWorld.moves).toHaveLength(0);
      await as(gm, () =>
        (
          hero.actor as unknown as { toggleStatusEffect(id: string, o: object): Promise<unknown> }
        ).toggleStatusEffect("prone", { active: false }),
      );
      await settle();
      expect(await drag(token, [{ action: "fly", cost: 0, elevation: floor + 4 }])).toBe(true);
      await knockDown();
      await settle();
      expect(falls()).toBe(1);
      expect(token.elevation).toBe(floor);
      if (V14) {
        expect(token.level).toBe(UPSTAIRS);
        expect(lastMove()?.[0]).toMatchObject({ elevation: 10, level: UPSTAIRS, action: "displace" });
      }
    });

    it("FS-M4 a flyer in the basement falls to the basement's floor, below elevation 0", async () => {
      if (!V14) return;
      const { hero, token } = await slowTurn((t) => {
        t.level = BASEMENT;
        t.elevation = -10;
      });
      expect(await drag(token, [{ action: "fly", cost: 0, elevation: -4 }])).toBe(true);
      await as(gm, () =>
        (
          hero.actor as unknown as { toggleStatusEffect(id: string, o: object): Promise<unknown> }
        ).toggleStatusEffect("prone", { active: true }),
      );
      await settle();
      expect(token.elevation).toBe(-10);
      expect(token.level).toBe(BASEMENT);
    });
  });
});
