/**
 * Where tokens are, in the terms the mount rules use (metres, centres, radii) and back to canvas pixels:
 * a token's top-left corner and size in grid squares, the scene's square size in pixels and in metres. Square
 * grids; a gridless scene counts its `grid.size` pixels as one `grid.distance`.
 */
import type { Point } from "../../rules/families/fast-slow/mounts";

type TokenLike = TokenDocument.Implementation;

export interface Grid {
  /** Pixels per square. */
  readonly size: number;
  /** Metres per square. */
  readonly distance: number;
}

export function gridOf(token: TokenLike): Grid {
  const grid = token.parent?.grid;
  return { size: Number(grid?.size) || 100, distance: Number(grid?.distance) || 1.5 };
}

interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

function boxOf(token: TokenLike): Box {
  return {
    x: Number(token.x) || 0,
    y: Number(token.y) || 0,
    width: Number(token.width) || 1,
    height: Number(token.height) || 1,
  };
}

/** The token's centre in pixels. */
export function centrePx(token: TokenLike): Point {
  const { size } = gridOf(token);
  const b = boxOf(token);
  return { x: b.x + (b.width * size) / 2, y: b.y + (b.height * size) / 2 };
}

export function toMetres(point: Point, grid: Grid): Point {
  return { x: (point.x / grid.size) * grid.distance, y: (point.y / grid.size) * grid.distance };
}

export function toPixels(point: Point, grid: Grid): Point {
  return { x: (point.x / grid.distance) * grid.size, y: (point.y / grid.distance) * grid.size };
}

/** Half the token's width in metres (FS-MT8: "1 m from the mount" is measured from its edge). */
export function radiusMetres(token: TokenLike): number {
  const grid = gridOf(token);
  return (boxOf(token).width * grid.distance) / 2;
}

/**
 * FS-MT2 "in reach": the two tokens touch or overlap (a creature reaches the squares next to its own; the
 * gap between the nearest edges, along either axis, is under one square).
 */
export function inReach(a: TokenLike, b: TokenLike): boolean {
  const { size } = gridOf(a);
  const p = boxOf(a);
  const q = boxOf(b);
  const gapX = Math.max(0, Math.max(p.x, q.x) - Math.min(p.x + p.width * size, q.x + q.width * size));
  const gapY = Math.max(0, Math.max(p.y, q.y) - Math.min(p.y + p.height * size, q.y + q.height * size));
  return Math.max(gapX, gapY) < size - 1e-6;
}

/**
 * CD-AT5: how far `b` is from `a`, in the scene's distance units, counted in squares as a creature's range is:
 * the squares from `a`'s edge to `b`'s, the target's own square included (adjacent: one square), diagonals
 * counting one. null when they are not on one scene.
 */
export function tokenDistance(a: TokenLike, b: TokenLike): number | null {
  const sceneOf = (t: TokenLike) => t.parent;
  if (!sceneOf(a) || sceneOf(a) !== sceneOf(b)) return null;
  const { size, distance } = gridOf(a);
  const p = boxOf(a);
  const q = boxOf(b);
  const gapX = Math.max(0, Math.max(p.x, q.x) - Math.min(p.x + p.width * size, q.x + q.width * size));
  const gapY = Math.max(0, Math.max(p.y, q.y) - Math.min(p.y + p.height * size, q.y + q.height * size));
  return (Math.round(Math.max(gapX, gapY) / size) + 1) * distance;
}

/** The top-left corner that puts `token`'s centre on `centre` (pixels), on the grid when `snap`. */
export function topLeftFor(token: TokenLike, centre: Point, snap: boolean): Point {
  const { size } = gridOf(token);
  const b = boxOf(token);
  const x = centre.x - (b.width * size) / 2;
  const y = centre.y - (b.height * size) / 2;
  return snap ? { x: Math.round(x / size) * size, y: Math.round(y / size) * size } : { x, y };
}

/** Whether `token` placed with its top-left at `at` would overlap a token other than those in `ignore`. */
export function occupied(token: TokenLike, at: Point, others: readonly TokenLike[]): boolean {
  const { size } = gridOf(token);
  const b = boxOf(token);
  const w = b.width * size;
  const h = b.height * size;
  return others.some((o) => {
    const q = boxOf(o);
    const ow = q.width * size;
    const oh = q.height * size;
    return at.x < q.x + ow - 1e-6 && q.x < at.x + w - 1e-6 && at.y < q.y + oh - 1e-6 && q.y < at.y + h - 1e-6;
  });
}
