/**
 * FS-A8's sight test through `CONFIG.Canvas.polygonBackends.sight.testCollision(origin, destination, config)`.
 * v13: 2D points, `{ type: "sight", mode: "any" }`. v14 (Scene Levels): the test runs in a Level — `config.level`,
 * "Defaults to the viewed Level" — and the client deciding a player's Help is the GM's, whose viewed level need not
 * be the helper's: Fray passes the helper's Level and points at the tokens' elevations, and a target on a level the
 * helper's level does not show (`visibility.levels`) is not seen. Evidence: E-movement §E9 (v14
 * PointSourcePolygonConfig `level`, v13 PointSourcePolygon `Point | ElevatedPoint`; dnd5e@965ad2d
 * module/canvas/detection-modes/blindsight.mjs:41-57).
 */
import { generation } from "./index";
import { levelCount, levelOf, levelSees, tokenLevel } from "./levels";

interface Point {
  readonly x: number;
  readonly y: number;
}

interface TokenLike {
  readonly parent?: unknown;
  readonly level?: unknown;
  readonly elevation?: unknown;
}

export interface SightBackend {
  testCollision(origin: object, destination: object, config: Record<string, unknown>): unknown;
}

/**
 * "blocked" / "clear": the backend tested the walls between the two points; "unseen": the target's level is out of
 * the viewer's sight whatever the walls; "unknown": the scene has several levels and the viewer's is not one of them.
 */
export type SightCollision = "blocked" | "clear" | "unseen" | "unknown";

export function sightCollision(
  backend: SightBackend,
  viewer: TokenLike,
  target: TokenLike,
  from: Point,
  to: Point,
): SightCollision {
  const config: Record<string, unknown> = { type: "sight", mode: "any" };
  if (generation() < 14)
    return backend.testCollision({ x: from.x, y: from.y }, { x: to.x, y: to.y }, config) === true
      ? "blocked"
      : "clear";
  const scene = viewer.parent as Parameters<typeof levelOf>[0];
  const viewerLevel = tokenLevel(viewer);
  const level = levelOf(scene, viewerLevel);
  if (!level && levelCount(scene) > 1) return "unknown";
  if (!levelSees(scene, viewerLevel, tokenLevel(target))) return "unseen";
  if (level) config.level = level;
  const at = (p: Point, t: TokenLike) => ({ x: p.x, y: p.y, elevation: Number(t.elevation ?? 0) || 0 });
  return backend.testCollision(at(from, viewer), at(to, target), config) === true ? "blocked" : "clear";
}
