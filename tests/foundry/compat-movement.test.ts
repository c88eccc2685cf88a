/**
 * src/compat's movement, Scene Level and sight functions on both generations (game.release 13 and 14 set here, as
 * tests/foundry/compat.test.ts does): each shape v13 keeps and v14 changes (E-movement §E1, §E2, §E5, §E9).
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  groundElevation,
  levelAfter,
  levelField,
  levelSees,
  moveWaypointFields,
  positionKeys,
  tokenLevel,
} from "../../src/compat/levels";
import { inheritedActionFields, setActionCost } from "../../src/compat/movement-actions";
import { sightCollision, type SightBackend } from "../../src/compat/sight";
import { HOUSE_LEVELS, makeLevels } from "../harness/movement";

const g = globalThis as unknown as { game: { release?: { generation: number } } };
const release = g.game.release;
const onVersion = (generation: number) => (g.game.release = { generation });

const scene = { id: "sceneHouse000001", levels: makeLevels(HOUSE_LEVELS) };
const [BASEMENT, DOWNSTAIRS, UPSTAIRS] = HOUSE_LEVELS.map((l) => l.id) as [string, string, string];
const token = (level: string, elevation: number, x = 0) => ({ parent: scene, level, elevation, x, y: 0 });

describe("compat: token movement, Scene Levels and sight", () => {
  afterEach(() => {
    if (release) g.game.release = release;
    else delete g.game.release;
  });

  it("Scene Levels: v13 has none (the ground is elevation 0); v14 reads the token's level and its floor", () => {
    onVersion(13);
    expect(tokenLevel(token(UPSTAIRS, 12))).toBeNull();
    expect(groundElevation(token(UPSTAIRS, 12))).toBe(0);
    expect(levelAfter(token(UPSTAIRS, 12), { level: DOWNSTAIRS })).toBeNull();
    expect(levelField(UPSTAIRS)).toEqual({});
    expect(positionKeys()).toEqual(["x", "y", "elevation"]);
    expect(moveWaypointFields()).not.toContain("level");

    onVersion(14);
    expect(tokenLevel(token(UPSTAIRS, 12))).toBe(UPSTAIRS);
    expect(groundElevation(token(UPSTAIRS, 12))).toBe(10);
    expect(groundElevation(token(BASEMENT, -3))).toBe(-10);
    // No such level, or no levels at all: the ground is elevation 0, as on v13.
    expect(groundElevation(token("levelNowhere0001", 3))).toBe(0);
    expect(groundElevation({ parent: { id: "x" }, level: UPSTAIRS })).toBe(0);
    expect(levelAfter(token(UPSTAIRS, 12), { level: DOWNSTAIRS })).toBe(DOWNSTAIRS);
    expect(levelAfter(token(UPSTAIRS, 12), { x: 3 })).toBe(UPSTAIRS);
    expect(levelField(UPSTAIRS)).toEqual({ level: UPSTAIRS });
    expect(levelField(null)).toEqual({});
    expect(positionKeys()).toEqual(["x", "y", "elevation", "level"]);
    expect(moveWaypointFields()).toEqual(expect.arrayContaining(["level", "depth", "x", "checkpoint"]));
    expect(moveWaypointFields()).not.toContain("cost");
  });

  it("movement actions: v13 keeps its config's fields; v14 also neutralises costMultiplier and copies speedMultiplier, never the price or the terrain", () => {
    const price = () => (cost: number) => cost;
    const walk = {
      label: "walk",
      canSelect: () => true,
      walls: "move",
      visualize: true,
      deriveTerrainDifficulty: null,
      getAnimationOptions: () => ({}),
      terrainAction: "walk",
      speedMultiplier: 1.5,
      costMultiplier: 2,
      getCostFunction: price,
    };
    onVersion(13);
    const v13: Record<string, unknown> = { costMultiplier: 2 };
    setActionCost(v13, price);
    expect(v13).toEqual({ costMultiplier: 2, getCostFunction: price });
    expect(Object.keys(inheritedActionFields(walk)).sort()).toEqual([
      "canSelect",
      "getAnimationOptions",
      "visualize",
      "walls",
    ]);

    onVersion(14);
    const v14: Record<string, unknown> = { costMultiplier: 2 };
    setActionCost(v14, price);
    expect(v14).toEqual({ costMultiplier: 1, getCostFunction: price });
    const inherited = inheritedActionFields(walk);
    expect(Object.keys(inherited).sort()).toEqual([
      "canSelect",
      "getAnimationOptions",
      "speedMultiplier",
      "visualize",
      "walls",
    ]);
    expect(inherited.speedMultiplier).toBe(1.5);
  });

  it("FS-A8 sight: v13 tests 2D centres; v14 tests in the helper's level, at the tokens' elevations", () => {
    const calls: { origin: object; destination: object; config: Record<string, unknown> }[] = [];
    const backend: SightBackend = {
      testCollision(origin, destination, config) {
        calls.push({ origin, destination, config });
        return false;
      },
    };
    const from = { x: 50, y: 50 };
    const to = { x: 250, y: 50 };
    onVersion(13);
    expect(sightCollision(backend, token(UPSTAIRS, 12), token(BASEMENT, -5), from, to)).toBe("clear");
    expect(calls.pop()).toEqual({ origin: from, destination: to, config: { type: "sight", mode: "any" } });

    onVersion(14);
    expect(sightCollision(backend, token(UPSTAIRS, 12), token(UPSTAIRS, 10), from, to)).toBe("clear");
    expect(calls.pop()).toEqual({
      origin: { ...from, elevation: 12 },
      destination: { ...to, elevation: 10 },
      config: { type: "sight", mode: "any", level: scene.levels.get(UPSTAIRS) },
    });
    // Downstairs shows the basement (its visibility.levels), not the floor above; the basement shows neither.
    expect(levelSees(scene, DOWNSTAIRS, BASEMENT)).toBe(true);
    expect(sightCollision(backend, token(DOWNSTAIRS, 0), token(BASEMENT, -5), from, to)).toBe("clear");
    expect(calls.pop()?.config.level).toBe(scene.levels.get(DOWNSTAIRS));
    expect(sightCollision(backend, token(DOWNSTAIRS, 0), token(UPSTAIRS, 10), from, to)).toBe("unseen");
    expect(sightCollision(backend, token(BASEMENT, -5), token(DOWNSTAIRS, 0), from, to)).toBe("unseen");
    // A helper on no level of a multi-level scene cannot be tested.
    expect(sightCollision(backend, token("levelNowhere0001", 0), token(UPSTAIRS, 10), from, to)).toBe(
      "unknown",
    );
    expect(calls).toEqual([]);
    const blocking: SightBackend = { testCollision: () => true };
    expect(sightCollision(blocking, token(UPSTAIRS, 12), token(UPSTAIRS, 10), from, to)).toBe("blocked");
  });
});
