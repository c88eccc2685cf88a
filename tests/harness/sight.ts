/**
 * Stand-ins for a scene with token vision (FS-A8 "a creature you can see"): a scene document with
 * `tokenVision` and a square grid, tokens placed on it with a `sight` (TokenSightData), the `canvas` global
 * showing that scene, and `CONFIG.Canvas.polygonBackends.sight.testCollision(origin, destination, { type,
 * mode })` testing the segment against the walls the test draws. Only what the tests draw is there; no Fray
 * logic. Stricter than Foundry: only `type: "sight"` and `mode: "any"` are answered (anything else throws), a
 * wall either blocks sight or does not (limited and proximity walls are not modelled), and the canvas shows
 * only this one scene. v14 (Scene Levels): the scene has `levels` (one ground level unless a test gives it others),
 * tokens a `level`, `canvas.level` is the viewed Level, a wall may stand on some levels only (`levels`), and the test
 * runs in `config.level` (default: the viewed Level). Stricter than core: on a scene with more than one level,
 * `testCollision` throws unless `config.level` is one of the scene's Levels and both points carry an `elevation`;
 * v13's config has no `level` (it throws there).
 */
import { V14 } from "./generation";
import {
  GROUND_LEVEL,
  makeLevels,
  type HarnessLevel,
  type LevelCollection,
  type LevelSpec,
} from "./movement";

type Data = Record<string, unknown>;
const g = globalThis as Record<string, unknown>;

interface Wall {
  readonly c: readonly [number, number, number, number];
  /** CONST.WALL_SENSE_TYPES: 0 NONE lets sight through, 20 NORMAL blocks it. */
  readonly sight: 0 | 20;
  /** v14: the levels the wall stands on (every level when absent). */
  readonly levels?: readonly string[];
}

export const sightScene: {
  id: string;
  uuid: string;
  grid: { size: number; distance: number; type: number };
  tokenVision: boolean;
  walls: Wall[];
  levels?: LevelCollection;
} = {
  id: "sceneVision00001",
  uuid: "Scene.sceneVision00001",
  grid: { size: 100, distance: 1.5, type: 1 },
  tokenVision: true,
  walls: [] as Wall[],
};

/** v14: gives the vision scene these levels (the ground level again when none) and views the first; v13: no-op. */
export function setSightLevels(specs: readonly LevelSpec[] = [GROUND_LEVEL]): void {
  if (!V14) return;
  sightScene.levels = makeLevels(specs);
  const canvas = g.canvas as Data | undefined;
  if (canvas?.scene === sightScene) canvas.level = sightScene.levels.contents[0];
}
setSightLevels();

function crosses(a: { x: number; y: number }, b: { x: number; y: number }, w: Wall): boolean {
  const [x1, y1, x2, y2] = w.c;
  const d = (b.x - a.x) * (y2 - y1) - (b.y - a.y) * (x2 - x1);
  if (d === 0) return false;
  const t = ((x1 - a.x) * (y2 - y1) - (y1 - a.y) * (x2 - x1)) / d;
  const u = ((x1 - a.x) * (b.y - a.y) - (y1 - a.y) * (b.x - a.x)) / d;
  return t >= 0 && t <= 1 && u >= 0 && u <= 1;
}

type TestPoint = { x: number; y: number; elevation?: unknown };

/** The Level a v14 test runs in: `config.level` (one of the scene's), else the viewed one. */
function testLevel(origin: TestPoint, destination: TestPoint, config: Data): HarnessLevel | null {
  if (!V14) {
    if ("level" in config) throw new Error("testCollision stand-in: v13's config has no level");
    return null;
  }
  const levels = sightScene.levels;
  const given = config.level as HarnessLevel | undefined;
  if (given !== undefined && levels?.get(given?.id) !== given)
    throw new Error("testCollision stand-in: config.level is not a Level of the tested scene");
  if ((levels?.size ?? 0) > 1) {
    if (!given)
      throw new Error(
        "testCollision stand-in: a multi-level scene is tested in a given level (config.level)",
      );
    if (typeof origin.elevation !== "number" || typeof destination.elevation !== "number")
      throw new Error("testCollision stand-in: on a multi-level scene both points carry their elevation");
  }
  return given ?? ((g.canvas as Data | undefined)?.level as HarnessLevel | undefined) ?? null;
}

const backend = {
  testCollision(origin: TestPoint, destination: TestPoint, config: Data = {}) {
    if (config.type !== "sight" || config.mode !== "any")
      throw new Error(
        `testCollision stand-in: only type "sight", mode "any" (got ${JSON.stringify(config)})`,
      );
    const level = testLevel(origin, destination, config);
    return sightScene.walls.some(
      (w) =>
        w.sight !== 0 &&
        (!w.levels || (level !== null && w.levels.includes(level.id))) &&
        crosses(origin, destination, w),
    );
  },
};

/** Shows the vision scene on the canvas, with `CONFIG.Canvas`'s sight backend; `off()` takes both away. */
export function showVisionScene(): { off(): void } {
  const config = g.CONFIG as Data;
  const before = { canvas: g.canvas, Canvas: config.Canvas };
  // v14: the canvas views one Level of the scene (`canvas.level`).
  g.canvas = {
    ready: true,
    scene: sightScene,
    ...(V14 ? { level: sightScene.levels?.contents[0] ?? null } : {}),
  };
  config.Canvas = { polygonBackends: { sight: backend } };
  return {
    off() {
      g.canvas = before.canvas;
      config.Canvas = before.Canvas;
      sightScene.walls.length = 0;
      sightScene.tokenVision = true;
      setSightLevels();
    },
  };
}

/**
 * Places `token` on the vision scene at square (`col`, `row`), with its sight on or off; v14: on `at.level` (the
 * scene's first by default) at `at.elevation` (0 by default).
 */
export function placeOnVisionScene(
  token: object,
  col: number,
  row: number,
  sight = true,
  at: { level?: string; elevation?: number } = {},
): void {
  const size = sightScene.grid.size;
  for (const [key, value] of Object.entries({
    parent: sightScene,
    x: col * size,
    y: row * size,
    width: 1,
    height: 1,
    elevation: at.elevation ?? 0,
    sight: { enabled: sight, range: null },
    ...(V14 ? { level: at.level ?? sightScene.levels?.keys().next().value } : {}),
  }))
    Object.defineProperty(token, key, { configurable: true, writable: true, value });
}
