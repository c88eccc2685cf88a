/**
 * Stand-ins for a scene with token vision (FS-A8 "a creature you can see"): a scene document with
 * `tokenVision` and a square grid, tokens placed on it with a `sight` (TokenSightData), the `canvas` global
 * showing that scene, and `CONFIG.Canvas.polygonBackends.sight.testCollision(origin, destination, { type,
 * mode })` testing the segment against the walls the test draws. Only what the tests draw is there; no Fray
 * logic. Stricter than Foundry: only `type: "sight"` and `mode: "any"` are answered (anything else throws), a
 * wall either blocks sight or does not (limited and proximity walls are not modelled), and the canvas shows
 * only this one scene.
 */
type Data = Record<string, unknown>;
const g = globalThis as Record<string, unknown>;

interface Wall {
  readonly c: readonly [number, number, number, number];
  /** CONST.WALL_SENSE_TYPES: 0 NONE lets sight through, 20 NORMAL blocks it. */
  readonly sight: 0 | 20;
}

export const sightScene = {
  id: "sceneVision00001",
  uuid: "Scene.sceneVision00001",
  grid: { size: 100, distance: 1.5, type: 1 },
  tokenVision: true,
  walls: [] as Wall[],
};

function crosses(a: { x: number; y: number }, b: { x: number; y: number }, w: Wall): boolean {
  const [x1, y1, x2, y2] = w.c;
  const d = (b.x - a.x) * (y2 - y1) - (b.y - a.y) * (x2 - x1);
  if (d === 0) return false;
  const t = ((x1 - a.x) * (y2 - y1) - (y1 - a.y) * (x2 - x1)) / d;
  const u = ((x1 - a.x) * (b.y - a.y) - (y1 - a.y) * (b.x - a.x)) / d;
  return t >= 0 && t <= 1 && u >= 0 && u <= 1;
}

const backend = {
  testCollision(origin: { x: number; y: number }, destination: { x: number; y: number }, config: Data = {}) {
    if (config.type !== "sight" || config.mode !== "any")
      throw new Error(
        `testCollision stand-in: only type "sight", mode "any" (got ${JSON.stringify(config)})`,
      );
    return sightScene.walls.some((w) => w.sight !== 0 && crosses(origin, destination, w));
  },
};

/** Shows the vision scene on the canvas, with `CONFIG.Canvas`'s sight backend; `off()` takes both away. */
export function showVisionScene(): { off(): void } {
  const config = g.CONFIG as Data;
  const before = { canvas: g.canvas, Canvas: config.Canvas };
  g.canvas = { ready: true, scene: sightScene };
  config.Canvas = { polygonBackends: { sight: backend } };
  return {
    off() {
      g.canvas = before.canvas;
      config.Canvas = before.Canvas;
      sightScene.walls.length = 0;
      sightScene.tokenVision = true;
    },
  };
}

/** Places `token` on the vision scene at square (`col`, `row`), with its sight on or off. */
export function placeOnVisionScene(token: object, col: number, row: number, sight = true): void {
  const size = sightScene.grid.size;
  for (const [key, value] of Object.entries({
    parent: sightScene,
    x: col * size,
    y: row * size,
    width: 1,
    height: 1,
    sight: { enabled: sight, range: null },
  }))
    Object.defineProperty(token, key, { configurable: true, writable: true, value });
}
