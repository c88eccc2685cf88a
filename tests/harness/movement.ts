/**
 * Token movement as both generations configure it, shared by every harness that moves tokens (budget.ts,
 * mounted.ts, world/): core's `CONFIG.Token.movement.actions`, how `measureMovementPath` resolves and prices an
 * action, the waypoint and option fields `move`/`measureMovementPath` take, and v14's Scene Levels (a scene's
 * `levels`, a token's `level`). What each imitates, and the evidence, is in README.md ("Token movement, Scene Levels
 * and sight" under "Two generations"). No Fray logic lives here.
 *
 * - v13: `CONFIG.Token.movement.actions` holds resolved `TokenMovementActionConfig`s (every field there, a
 *   `getCostFunction` on each); climbing, crawling, swimming and jumping cost double (`cost * 2`), the others the
 *   terrain cost. An entry that lacks a field of the resolved config throws when measured.
 * - v14: it holds `TokenMovementActionConfigDescriptor`s: no `getCostFunction` on core's, `costMultiplier: 2` on
 *   climb, crawl, swim and jump, `canSelect: true`; a descriptor is resolved when measured (`getCostFunction`, else
 *   `cost * costMultiplier`). Stricter: an entry with both a `getCostFunction` and a `costMultiplier` other than 1
 *   throws (whether core composes them is undocumented).
 * Either way `measureMovementPath` applies the action's cost function to each segment, so an action Fray forgot to
 * price shows up as a doubled cost.
 */
import { V14 } from "./generation";

type Data = Record<string, unknown>;

/** Core's movement actions (v13 and v14 `CONFIG.Token.movement.actions` ids). */
export const CORE_MOVEMENT_ACTIONS = [
  "walk",
  "fly",
  "swim",
  "burrow",
  "climb",
  "crawl",
  "jump",
  "blink",
  "displace",
] as const;

/** Actions core surcharges (v13 `cost * 2`; v14 `costMultiplier: 2`). */
const DOUBLED = new Set(["climb", "crawl", "swim", "jump"]);
const TELEPORTS = new Set(["blink", "displace"]);

/** One core action as the running generation configures it at init. */
function coreAction(id: string, order: number): Data {
  const label = `TOKEN.MOVEMENT.ACTIONS.${id}.label`;
  const icon = "fa-solid fa-person-walking";
  const teleport = TELEPORTS.has(id);
  if (V14)
    return {
      label,
      icon,
      order,
      canSelect: true,
      ...(DOUBLED.has(id) ? { costMultiplier: 2 } : {}),
      ...(teleport ? { teleport: true } : {}),
      ...(id === "displace" ? { measure: false, walls: null, visualize: false } : {}),
    };
  const factor = DOUBLED.has(id) ? 2 : 1;
  return {
    label,
    icon,
    img: null,
    order,
    teleport,
    measure: id !== "displace",
    walls: teleport ? null : "move",
    visualize: id !== "displace",
    getAnimationOptions: () => ({}),
    canSelect: () => true,
    deriveTerrainDifficulty: null,
    getCostFunction: () => (cost: number) => cost * factor,
  };
}

/** Core's `CONFIG.Token.movement` at init, for the running generation. */
export function coreMovementConfig(): Data {
  return {
    defaultAction: "walk",
    actions: Object.fromEntries(CORE_MOVEMENT_ACTIONS.map((id, order) => [id, coreAction(id, order)])),
  };
}

/** Installs `CONFIG.Token.movement` (core's actions) on `config` unless it is there already. */
export function installMovementConfig(config: Data): void {
  const token = (config.Token ??= {}) as Data;
  token.movement ??= coreMovementConfig();
}

/** The fields of v13's resolved TokenMovementActionConfig, with the type each must have. */
const V13_CONFIG_FIELDS: [string, (v: unknown) => boolean][] = [
  ["label", (v) => typeof v === "string"],
  ["icon", (v) => typeof v === "string"],
  ["img", (v) => v === null || typeof v === "string"],
  ["order", (v) => typeof v === "number"],
  ["teleport", (v) => typeof v === "boolean"],
  ["measure", (v) => typeof v === "boolean"],
  ["walls", (v) => v === null || typeof v === "string"],
  ["visualize", (v) => typeof v === "boolean"],
  ["getAnimationOptions", (v) => typeof v === "function"],
  ["canSelect", (v) => typeof v === "function"],
  ["deriveTerrainDifficulty", (v) => v === null || typeof v === "function"],
  ["getCostFunction", (v) => typeof v === "function"],
];

export interface ResolvedAction {
  readonly teleport: boolean;
  readonly measure: boolean;
  readonly getCostFunction: (token: unknown, options: unknown) => (...a: unknown[]) => unknown;
}

/**
 * The action `id` as core measures with it (the resolved config): v13 the entry itself, every field checked; v14
 * the descriptor resolved. Throws for an action that is not configured.
 */
export function resolveAction(actions: Data, id: string): ResolvedAction {
  const entry = (Object.hasOwn(actions, id) ? actions[id] : undefined) as Data | undefined;
  if (!entry) throw new Error(`CONFIG.Token.movement.actions has no "${id}" action`);
  if (!V14) {
    for (const [field, ok] of V13_CONFIG_FIELDS)
      if (!ok(entry[field]))
        throw new Error(`v13 movement action "${id}": "${field}" is missing or mistyped in its config`);
    return entry as unknown as ResolvedAction;
  }
  if (typeof entry.label !== "string") throw new Error(`v14 movement action "${id}" needs a label`);
  const multiplier = entry.costMultiplier;
  if (multiplier !== undefined && !(typeof multiplier === "number" && multiplier >= 0))
    throw new Error(`v14 movement action "${id}": costMultiplier must be a nonnegative number`);
  if (typeof entry.getCostFunction === "function" && multiplier !== undefined && multiplier !== 1)
    throw new Error(
      `v14 movement action "${id}" has both getCostFunction and costMultiplier ${String(multiplier)}: ` +
        "whether core composes them is undocumented (harness)",
    );
  const factor = typeof multiplier === "number" ? multiplier : 1;
  return {
    teleport: entry.teleport === true,
    measure: entry.measure !== false,
    getCostFunction:
      typeof entry.getCostFunction === "function"
        ? (entry.getCostFunction as ResolvedAction["getCostFunction"])
        : () => (cost: unknown) => Number(cost) * factor,
  };
}

// --- waypoint and option fields -------------------------------------------------------------------------------

/** v13 TokenMovementWaypoint (what `move` takes): no `cost`, `intermediate`, `terrain`, `userId`, `movementId`. */
const MOVE_V13 = [
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

/** The waypoint fields `TokenDocument#move` takes: v13's; v14 adds `level` and `depth`. */
export const MOVE_WAYPOINT_FIELDS = new Set(V14 ? [...MOVE_V13, "level", "depth"] : MOVE_V13);

/** v14 TokenMovementOptions (what `move` takes as options); v13's list was not re-read (no check there). */
const MOVE_OPTIONS_V14 = new Set([
  "animate",
  "animation",
  "autoRotate",
  "constrainOptions",
  "id",
  "measureOptions",
  "method",
  "pan",
  "planned",
  "showRuler",
  "split",
  "terrainOptions",
]);

/** Checks `move`'s options: v14 throws on an option its TokenMovementOptions lacks. */
export function checkMoveOptions(options: unknown): void {
  if (!V14 || !options) return;
  for (const key of Object.keys(options as Data))
    if (!MOVE_OPTIONS_V14.has(key))
      throw new Error(`TokenDocument#move: "${key}" is not a v14 movement option`);
}

/** v13 TokenMeasureMovementPathWaypoint; v14 TokenMeasurableMovementWaypoint adds levels and the waypoint flags. */
const MEASURE_V13 = ["x", "y", "elevation", "width", "height", "shape", "action", "cost", "terrain"];
export const MEASURE_WAYPOINT_FIELDS = new Set(
  V14 ? [...MEASURE_V13, "level", "depth", "checkpoint", "explicit", "intermediate", "snapped"] : MEASURE_V13,
);

// --- Scene Levels (v14) ------------------------------------------------------------------------------------------

export interface HarnessLevel {
  readonly id: string;
  readonly _id: string;
  readonly name: string;
  readonly elevation: { readonly bottom: number; readonly top: number };
  readonly visibility: { readonly levels: Set<string> };
  readonly documentName: "Level";
}

/** A scene's embedded Levels (v14 `Scene#levels`, an embedded collection): `get`, `size`, `contents`, iteration. */
export class LevelCollection extends Map<string, HarnessLevel> {
  get contents(): HarnessLevel[] {
    return [...this.values()];
  }
}

export interface LevelSpec {
  readonly id: string;
  readonly name?: string;
  readonly bottom: number;
  readonly top: number;
  /** The other levels seen from this one (v14 `visibility.levels`). */
  readonly sees?: readonly string[];
}

/** The one level a scene has unless a test gives it more: the ground, from elevation 0 up. */
export const GROUND_LEVEL: LevelSpec = { id: "levelGround00001", name: "Ground", bottom: 0, top: Infinity };

export function makeLevels(specs: readonly LevelSpec[]): LevelCollection {
  const levels = new LevelCollection();
  for (const s of specs)
    levels.set(s.id, {
      id: s.id,
      _id: s.id,
      name: s.name ?? s.id,
      elevation: { bottom: s.bottom, top: s.top },
      visibility: { levels: new Set(s.sees ?? []) },
      documentName: "Level",
    });
  return levels;
}

/** The three levels of v14's BaseLevel example: a basement (−10…0), downstairs (0…10), upstairs (10…20). */
export const HOUSE_LEVELS: readonly LevelSpec[] = [
  { id: "levelBasement001", name: "Basement", bottom: -10, top: 0 },
  { id: "levelDownstairs1", name: "Downstairs", bottom: 0, top: 10, sees: ["levelBasement001"] },
  { id: "levelUpstairs001", name: "Upstairs", bottom: 10, top: 20 },
];

/**
 * Stricter than core (which stores it): a move Fray makes (`TokenDocument#move`) that leaves a token at an elevation
 * outside its level's range, or on a level the scene lacks, throws (v14; nothing on v13).
 */
export function checkInLevel(
  levels: LevelCollection | undefined,
  name: string,
  at: { elevation: number; level?: unknown },
): void {
  if (!V14 || !levels) return;
  const level = typeof at.level === "string" ? levels.get(at.level) : undefined;
  if (!level)
    throw new Error(`TokenDocument#move left ${name} on no level of the scene (${String(at.level)})`);
  const { bottom, top } = level.elevation;
  if (at.elevation < bottom - 1e-9 || at.elevation > top + 1e-9)
    throw new Error(
      `TokenDocument#move left ${name} at elevation ${at.elevation}, outside its level ${level.name} (${bottom}…${top})`,
    );
}

// --- preMoveToken ------------------------------------------------------------------------------------------------

/**
 * The movement `preMoveToken` hands its handlers: a deep-frozen copy ("The waypoints of the movement are final and
 * cannot be changed", v13; v14: "ONLY autoRotate and showRuler are writable"), in which `autoRotate` and `showRuler`
 * alone may be written (foundryvtt#12011). Same on both generations.
 */
export function preMoveMovement<T extends object>(movement: T): T {
  const freeze = (value: unknown): void => {
    if (!value || typeof value !== "object") return;
    for (const v of Object.values(value)) freeze(v);
    Object.freeze(value);
  };
  const copy = structuredClone(movement) as Data;
  for (const v of Object.values(copy)) freeze(v);
  for (const key of ["autoRotate", "showRuler"]) {
    let value = copy[key];
    delete copy[key];
    Object.defineProperty(copy, key, {
      enumerable: true,
      get: () => value,
      set: (next: unknown) => {
        value = next;
      },
    });
  }
  return Object.freeze(copy) as T;
}
