/**
 * Scene Levels (v14): a scene is cut into Levels, each an absolute elevation slice `{ bottom, top }`; a token stands
 * on one (`TokenDocument#level`, a Level id) and its waypoints carry `level` and `depth`. Changing a token's
 * elevation does not change its level. v13 has no levels: the ground is elevation 0. Everything Fray reads or writes
 * about levels goes through here, so v13 keeps its exact shapes (v13's waypoint types have no `level`).
 * Evidence: E-movement §E2, §E5 (v14 `TokenData`, `LevelData`, `TokenPosition`; foundryvtt#14322, #14169).
 */
import { generation } from "./index";

interface LevelLike {
  readonly id?: string | null;
  readonly elevation?: { readonly bottom?: unknown; readonly top?: unknown } | null;
  readonly visibility?: { readonly levels?: Iterable<string> | null } | null;
}

interface LevelCollection {
  get?(id: string): LevelLike | undefined | null;
  readonly size?: number;
}

interface SceneLike {
  readonly id?: string | null;
  readonly levels?: LevelCollection | null;
}

interface TokenLike {
  readonly level?: unknown;
  readonly parent?: unknown;
}

const onV14 = () => generation() >= 14;

/** The Level id a token stands on (v14), null on v13 or when it has none. */
export function tokenLevel(token: TokenLike | null | undefined): string | null {
  if (!onV14()) return null;
  const level = token?.level;
  return typeof level === "string" && level ? level : null;
}

/** The level an update moves the token to (v14: `changed.level`, else the token's), null on v13. */
export function levelAfter(token: TokenLike, changed?: Record<string, unknown> | null): string | null {
  if (!onV14()) return null;
  const next = changed?.level;
  return typeof next === "string" && next ? next : tokenLevel(token);
}

/** The Level document `id` of `scene` (v14), null on v13 or when the scene has none by that id. */
export function levelOf(scene: SceneLike | null | undefined, id: string | null): LevelLike | null {
  if (!onV14() || !id) return null;
  const levels = scene?.levels;
  return typeof levels?.get === "function" ? (levels.get(id) ?? null) : null;
}

/** How many levels the scene has (0 on v13 or without levels). */
export function levelCount(scene: SceneLike | null | undefined): number {
  if (!onV14()) return 0;
  return Number(scene?.levels?.size ?? 0) || 0;
}

const finite = (value: unknown): number | null => {
  const n = Number(value);
  return value !== null && value !== undefined && value !== "" && Number.isFinite(n) ? n : null;
};

/**
 * The ground under a token: the elevation it stands at when it is not flying (FS-M4) and comes down to when it
 * falls. v13: elevation 0. v14: the bottom of its level (0 when the scene has no levels, the level is unknown, or
 * its bottom is unbounded). Falling through a level's floor to the one below is not modelled.
 */
export function groundElevation(token: TokenLike | null | undefined): number {
  const level = levelOf(token?.parent as SceneLike | null | undefined, tokenLevel(token));
  return finite(level?.elevation?.bottom) ?? 0;
}

/** The keys of a token update that change where it stands: x, y, elevation, and v14's level. */
export function positionKeys(): readonly string[] {
  return onV14() ? ["x", "y", "elevation", "level"] : ["x", "y", "elevation"];
}

/** `level` as a waypoint field for `TokenDocument#move`/`measureMovementPath` (v14), nothing on v13. */
export function levelField(level: string | null | undefined): { level?: string } {
  return onV14() && typeof level === "string" && level ? { level } : {};
}

/**
 * The fields of a measured waypoint that `TokenDocument#move` takes again: v13 `TokenMovementWaypoint`, plus v14's
 * `level` and `depth`. Not `cost`, `intermediate`, `userId`, `movementId`, `subpathId`, `terrain`: measured, not given.
 */
export function moveWaypointFields(): readonly string[] {
  const v13 = [
    "x",
    "y",
    "elevation",
    "width",
    "height",
    "shape",
    "action",
    "snapped",
    "explicit",
    "checkpoint",
  ];
  return onV14() ? [...v13, "level", "depth"] : v13;
}

/**
 * Whether `viewer`'s level lets it see onto `target`'s (v14 `LevelData#visibility.levels`): the same level, or one
 * the viewer's level lists as visible. Always true on v13 and where either has no level.
 */
export function levelSees(scene: SceneLike | null | undefined, viewer: string | null, target: string | null) {
  if (!onV14() || !viewer || !target || viewer === target) return true;
  const visible = levelOf(scene, viewer)?.visibility?.levels;
  return visible ? [...visible].includes(target) : false;
}
