/**
 * FS-A8 Help reaches "a creature … that you can see" («que vous pouvez voir») — the *helper's* sight, tested by the GM
 * deciding a player's Help (issue 12). On v14's Scene Levels the GM's canvas views one Level, not necessarily the
 * helper's: Fray tests in the helper's Level at the tokens' elevations (src/compat/sight.ts), and a creature on a
 * level the helper's does not show is not seen. v13 has no levels: the test is 2D, its config without a level.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  alice,
  bob,
  creature,
  events,
  freshWorld,
  messages,
  settle,
  startedFight,
  world,
} from "../sheets/setup";
import { queueFaces } from "../../harness/roll";
import { placeOnVisionScene, setSightLevels, showVisionScene, sightScene } from "../../harness/sight";
import { V14 } from "../../harness/generation";
import { HOUSE_LEVELS } from "../../harness/movement";
import { askAs } from "../security/hostile";
import { vi } from "vitest";

type Creature = ReturnType<typeof creature>;
const [BASEMENT, DOWNSTAIRS, UPSTAIRS] = HOUSE_LEVELS.map((l) => l.id) as [string, string, string];
const g = globalThis as unknown as {
  canvas: { level?: unknown };
  CONFIG: { Canvas: { polygonBackends: { sight: { testCollision(...a: unknown[]): unknown } } } };
};

async function slowTurnOf(first: Creature, ...others: Creature[]) {
  const { fight, ids } = await startedFight("fast-slow", first, ...others);
  const id = ids[0] as string;
  await events(fight, [
    { type: "pass", id },
    { type: "advancePhase", gmOverride: true },
    { type: "takeTurn", id },
  ]);
  return { fight, ids: ids as string[] };
}

const help = (fight: { id: string }, helperId: string, target: string) =>
  askAs(alice, "fray.check.activity", {
    combatId: fight.id,
    combatantId: helperId,
    activity: "help",
    target,
  });

describe("FS-A8 Help's sight on Scene Levels", () => {
  let vision: { off(): void };
  beforeEach(() => {
    freshWorld();
    world.warnings.length = 0;
    vision = showVisionScene();
  });
  afterEach(() => vision.off());

  it("v13: the GM tests the two tokens' centres in 2D, with no level", async () => {
    if (V14) return;
    const hero = creature("Aldo", {}, [alice]);
    const friend = creature("Tobin", {}, [bob]);
    placeOnVisionScene(hero.token, 0, 0);
    placeOnVisionScene(friend.token, 2, 0);
    const { fight, ids } = await slowTurnOf(hero, friend);
    const spy = vi.spyOn(g.CONFIG.Canvas.polygonBackends.sight, "testCollision");
    queueFaces(12);
    expect(await help(fight, ids[0]!, ids[1]!)).toMatchObject({ ok: true });
    expect(spy).toHaveBeenCalledWith({ x: 50, y: 50 }, { x: 250, y: 50 }, { type: "sight", mode: "any" });
    spy.mockRestore();
  });

  it("v14: the GM viewing another level tests the helper's own; its walls, not the viewed level's, decide", async () => {
    if (!V14) return;
    setSightLevels(HOUSE_LEVELS);
    // The GM's canvas shows Downstairs; Aldo helps Tobin upstairs.
    g.canvas.level = sightScene.levels?.get(DOWNSTAIRS);
    const hero = creature("Aldo", {}, [alice]);
    const friend = creature("Tobin", {}, [bob]);
    placeOnVisionScene(hero.token, 0, 0, true, { level: UPSTAIRS, elevation: 10 });
    placeOnVisionScene(friend.token, 2, 0, true, { level: UPSTAIRS, elevation: 10 });
    // A wall between them downstairs only: not in Aldo's way.
    sightScene.walls.push({ c: [150, 0, 150, 100], sight: 20, levels: [DOWNSTAIRS] });
    const { fight, ids } = await slowTurnOf(hero, friend);
    const [heroId, friendId] = ids as [string, string];
    queueFaces(12);
    expect(await help(fight, heroId, friendId)).toMatchObject({ ok: true });
    await settle();
    expect(messages()).toHaveLength(1);
    // A wall upstairs between them: Tobin is out of Aldo's sight, whatever the GM views.
    sightScene.walls.push({ c: [150, 0, 150, 100], sight: 20, levels: [UPSTAIRS] });
    await events(fight, [{ type: "endRound", gmOverride: true }]);
    await events(fight, [
      { type: "pass", id: heroId },
      { type: "advancePhase", gmOverride: true },
      { type: "takeTurn", id: heroId },
    ]);
    expect(await help(fight, heroId, friendId)).toMatchObject({ ok: false, reason: "noHelpTargetInSight" });
    expect(messages()).toHaveLength(1);
  });

  it("v14: a creature on a level the helper's level does not show is not seen; one on a level it shows is", async () => {
    if (!V14) return;
    setSightLevels(HOUSE_LEVELS);
    const hero = creature("Aldo", {}, [alice]);
    const above = creature("Tobin", {}, [bob]);
    const below = creature("Mira", {}, [bob]);
    // Aldo downstairs; Tobin upstairs right above him; Mira in the basement (Downstairs shows the basement).
    placeOnVisionScene(hero.token, 0, 0, true, { level: DOWNSTAIRS, elevation: 0 });
    placeOnVisionScene(above.token, 1, 0, true, { level: UPSTAIRS, elevation: 10 });
    placeOnVisionScene(below.token, 0, 1, true, { level: BASEMENT, elevation: -10 });
    const { fight, ids } = await slowTurnOf(hero, above, below);
    const [heroId, aboveId, belowId] = ids as [string, string, string];
    // Mira is in sight, so Tobin is just not among the creatures Aldo may help.
    expect(await help(fight, heroId, aboveId)).toMatchObject({ ok: false, reason: "unknownCombatant" });
    expect(messages()).toHaveLength(0);
    queueFaces(12);
    expect(await help(fight, heroId, belowId)).toMatchObject({ ok: true });
    await settle();
    expect(messages()).toHaveLength(1);
  });
});
