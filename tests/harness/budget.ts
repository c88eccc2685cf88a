/**
 * Stand-ins the budget tests add to the chat harness (tests/harness/chat.ts): ActiveEffects and
 * `actor.toggleStatusEffect` (tests/harness/effects.ts), token elevation and movement action,
 * `TokenDocument#measureMovementPath` (a gridless corridor), `token.move` (v13 waypoint fields only, carried out as
 * a drag), combatant names and ownership as the tracker reads them, the escaping helper, and the two DialogV2 calls
 * the budget panel makes (answers queued by the test). A drag is measured on the mover's client, runs the
 * registered `preMoveToken` handlers there (a false refuses, as `Hooks.call` does), then `updateToken` (the
 * movement in its options) and `moveToken` on every connected client, as v13 does; a hostile client's drag may
 * forge what it sends, and `rawTokenUpdate` is a bare `x`/`y` update. Core's movement actions are configured
 * (movement.ts: v13 configs, v14 descriptors) and measured with their cost functions; the tokens stand on a scene
 * (`budgetScene`) that has Scene Levels on v14, each token on one (`level`). Whether the other clients' `updateToken`
 * get the movement in their options, which of `updateToken`/`moveToken` comes first, and whether the document's
 * own `movement` is current in `updateToken` are switches (`budgetWorld.updateMovement`, `hookOrder`,
 * `documentMovement`), the strictest reading by default. No Fray logic lives here.
 */
import { as, currentUser, FighterDoc, TokenDoc, users, type ChatUser } from "./chat";
import {
  dialogs as coreDialogs,
  Hooks,
  measurePath,
  moveWaypoints,
  serverAllows,
  type MeasurePoint,
} from "./core";
// `actor.toggleStatusEffect`, the actors' and items' ActiveEffects (tests/harness/effects.ts).
import "./effects";
import { V14 } from "./generation";
import {
  checkInLevel,
  GROUND_LEVEL,
  installMovementConfig,
  makeLevels,
  preMoveMovement,
  type LevelCollection,
  type LevelSpec,
} from "./movement";

type Data = Record<string, unknown>;
const g = globalThis as Record<string, unknown>;
const hooks = () => g.Hooks as { callAll(name: string, ...a: unknown[]): boolean };

// Core's movement actions, as each generation configures them at init (before Fray's `registerBudgets`).
installMovementConfig(g.CONFIG as Data);

/**
 * The scene the budget tokens stand on: a gridless corridor (150 px grid units of 1.5 m, 100 px a metre). v14: its
 * Scene Levels (`levels`), one ground level unless a test gives it others (`setBudgetLevels`); v13 has none.
 */
export const budgetScene: { id: string; uuid: string; grid: Data; levels?: LevelCollection } = {
  id: "scene000000001",
  uuid: "Scene.scene000000001",
  grid: { size: 150, distance: 1.5, type: 0 },
};

/** v14: gives the budget scene these levels (the ground level again when none); a no-op on v13. */
export function setBudgetLevels(specs: readonly LevelSpec[] = [GROUND_LEVEL]): void {
  if (V14) budgetScene.levels = makeLevels(specs);
}
setBudgetLevels();

const firstLevel = () => budgetScene.levels?.keys().next().value;

/** What the budget tests read back. */
export const budgetWorld = {
  moves: [] as { token: string; waypoints: unknown; options: unknown }[],
  /**
   * Which clients' `updateToken` get the movement in their options (`_movement[id]`): only the mover's (the
   * default: that the others get it is documented on neither generation) or every client's.
   */
  updateMovement: "moverOnly" as "moverOnly" | "everyClient",
  /** Which hook every client runs first for a drag: `updateToken` (the default) or `moveToken`. */
  hookOrder: "updateFirst" as "updateFirst" | "moveFirst",
  /**
   * When the token's own `movement` becomes the drag's: after the `updateToken` hooks (the default: whether it is
   * current in them is undocumented) or before them.
   */
  documentMovement: "afterUpdate" as "afterUpdate" | "beforeUpdate",
  /** Answers the next DialogV2.confirm calls give (false when none is queued). */
  confirms: [] as boolean[],
  /** Values the next DialogV2.prompt calls give (null: dismissed). */
  prompts: [] as (Data | null)[],
  dialogs: [] as Data[],
  reset() {
    this.moves.length = 0;
    this.confirms.length = 0;
    this.prompts.length = 0;
    this.dialogs.length = 0;
    this.updateMovement = "moverOnly";
    this.hookOrder = "updateFirst";
    this.documentMovement = "afterUpdate";
    setBudgetLevels();
  },
};

type MovingToken = TokenDoc & {
  elevation: number;
  movementAction: string;
  x?: number;
  y?: number;
  level?: string;
  _movementData?: unknown;
};

Object.defineProperty(TokenDoc.prototype, "elevation", {
  configurable: true,
  get(this: { _elevation?: number }) {
    return this._elevation ?? 0;
  },
  set(this: { _elevation?: number }, v: number) {
    this._elevation = v;
  },
});
// The budget scene unless a test puts the token on a scene of its own.
Object.defineProperty(TokenDoc.prototype, "parent", {
  configurable: true,
  get(this: { _parent?: unknown }) {
    return this._parent ?? budgetScene;
  },
  set(this: { _parent?: unknown }, v: unknown) {
    this._parent = v;
  },
});
// v14 `TokenDocument#level`: the Level it stands on (by default the scene's first); v13 tokens have none.
if (V14)
  Object.defineProperty(TokenDoc.prototype, "level", {
    configurable: true,
    get(this: { _level?: string }) {
      return this._level ?? firstLevel();
    },
    set(this: { _level?: string }, v: string) {
      this._level = v;
    },
  });
// `TokenDocument#movement` (v13 and v14, foundryvtt#12240): the token's current movement, null before any.
Object.defineProperty(TokenDoc.prototype, "movement", {
  configurable: true,
  get(this: { _movementData?: unknown }) {
    return this._movementData ?? null;
  },
});
Object.defineProperty(TokenDoc.prototype, "movementAction", {
  configurable: true,
  get(this: { _action?: string }) {
    return this._action ?? "walk";
  },
  set(this: { _action?: string }, v: string) {
    this._action = v;
  },
});

/**
 * The budget tests' ground: a gridless corridor along x, 100 px a metre (a scene of 150 px, 1.5 m grid units),
 * with no terrain. A drag's step of `cost` metres moves the token that far along it.
 */
export const PX_PER_METRE = 100;

/** Where a budget token stands, and what it measures with (its source, as core's measurement defaults to). */
function sourceOf(t: MovingToken): MeasurePoint {
  return {
    x: Number(t.x ?? 0),
    y: Number(t.y ?? 0),
    elevation: Number(t.elevation ?? 0),
    width: 1,
    height: 1,
    shape: 0,
    action: t.movementAction,
    ...(V14 ? { level: String(t.level), depth: 1 } : {}),
  };
}

/**
 * v13 `TokenDocument#measureMovementPath(waypoints, options)` on the corridor (`core.ts` `measurePath`): a gridless
 * scene, so a segment's distance is its straight length — metres along the floor and up or down together — and
 * its cost that distance (no terrain); `spaces` and `diagonals` are 0 ("always 0 in gridless grids").
 */
(TokenDoc.prototype as unknown as Data).measureMovementPath = function (
  this: MovingToken,
  waypoints: unknown,
  options?: unknown,
) {
  return measurePath(
    sourceOf(this),
    waypoints,
    options,
    (from, to) => ({
      distance: Math.hypot(
        (to.x - from.x) / PX_PER_METRE,
        (to.y - from.y) / PX_PER_METRE,
        to.elevation - from.elevation,
      ),
      spaces: 0,
      diagonals: 0,
    }),
    this,
  );
};

/**
 * `token.move(waypoints, options)`: recorded, then carried out as a drag by the current user through those positions
 * (core runs a move through the same workflow: `preMoveToken`, then the update and `moveToken`). Stricter than
 * Foundry: a field the generation's waypoint lacks (e.g. `cost`, `intermediate`; v13: `level`) or an option v14
 * lacks throws; v14: a waypoint without `level` stays on the previous one, and a move that leaves the token outside
 * its level's elevations throws (movement.ts `checkInLevel`).
 */
(TokenDoc.prototype as unknown as Data).move = async function (
  this: MovingToken,
  waypoints: unknown,
  options: unknown,
) {
  const list = moveWaypoints(waypoints, options);
  budgetWorld.moves.push({ token: this.id, waypoints, options });
  let at = sourceOf(this);
  const steps = list.map((w) => {
    const to = {
      x: Number(w.x ?? at.x),
      y: Number(w.y ?? at.y),
      elevation: Number(w.elevation ?? at.elevation),
      ...(V14 ? { level: String(w.level ?? at.level) } : {}),
    };
    at = { ...at, ...to };
    return { action: String(w.action ?? this.movementAction ?? "walk"), cost: 0, ...to };
  });
  const last = steps.at(-1);
  if (last) checkInLevel(budgetScene.levels, this.name, last);
  const method = (options as { method?: string } | undefined)?.method;
  return dragToken(currentUser(), this, steps, method ? { method } : {});
};

Object.defineProperty(FighterDoc.prototype, "name", {
  configurable: true,
  get(this: FighterDoc) {
    return this.actor.name;
  },
});
Object.defineProperty(FighterDoc.prototype, "isOwner", {
  configurable: true,
  get(this: FighterDoc) {
    return this.actor.testUserPermission(currentUser(), "OWNER");
  },
});
Object.defineProperty(FighterDoc.prototype, "visible", { configurable: true, get: () => true });

const foundryNs = g.foundry as { utils: Data };
foundryNs.utils.escapeHTML ??= (text: string) =>
  String(text).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
// DialogV2 (tests/harness/core.ts) takes its answers from these queues: a confirm's yes or no, a prompt's
// form filled with the values queued (null: dismissed).
coreDialogs.sources.push((actions) => {
  if (actions.includes("yes")) {
    if (!budgetWorld.confirms.length) return undefined;
    budgetWorld.dialogs.push(coreDialogs.shown.at(-1) ?? {});
    return { action: budgetWorld.confirms.shift() ? "yes" : "no" };
  }
  if (!budgetWorld.prompts.length) return undefined;
  budgetWorld.dialogs.push(coreDialogs.shown.at(-1) ?? {});
  const fields = budgetWorld.prompts.shift();
  return fields ? { action: "ok", fields } : null;
});

let nextMove = 1;

export interface MoveStep {
  readonly action: string;
  /** Metres along the corridor (x) the step moves, unless `x`/`y` say where it ends. */
  readonly cost: number;
  readonly elevation?: number;
  /** v14: the Scene Level the step ends on (by default the previous one's). */
  readonly level?: string;
  /** Where the step ends; by default `cost` metres further along the corridor. */
  readonly x?: number;
  readonly y?: number;
  /**
   * A hostile client's figure for the step's cost, sent instead of what core measured on its client (a player's
   * console can send any movement data; the GM's client receives it as sent).
   */
  readonly forgedCost?: number;
}

export interface DragOptions {
  /** A hostile client that does not run `preMoveToken` (its own hooks are its own to skip). */
  readonly skipPreMove?: boolean;
  readonly method?: string;
  /** A hostile client's `origin`, sent instead of where the token stood. */
  readonly forgedOrigin?: { x: number; y: number; elevation: number; level?: string };
  /** Where a hostile client's update puts the token, other than its last waypoint. */
  readonly landAt?: { x: number; y: number; elevation: number; level?: string };
}

/**
 * `user` drags `token` through `steps`: the mover's client measures each step with core
 * (`measureMovementPath`), `preMoveToken` runs on it (false refuses), then the token moves — an update every client
 * receives with the movement in its options (`updateToken`, `options._movement[id]`, as v13 modules read it), then
 * `moveToken` on every connected client, as v13 does. The server lets only the token's owner (or a GM) move it.
 * Resolves whether the move happened.
 */
export async function dragToken(
  user: ChatUser,
  token: TokenDoc,
  steps: readonly MoveStep[],
  options: DragOptions = {},
): Promise<boolean> {
  const t = token as MovingToken;
  await as(user, () => serverAllows(token.actor.isOwner, user, "update", "Token", token.id));
  const origin = sourceOf(t);
  let at = origin;
  const positions = steps.map((s) => {
    const to = {
      x: s.x ?? at.x + Math.round(s.cost * PX_PER_METRE),
      y: s.y ?? at.y,
      elevation: s.elevation ?? at.elevation,
      ...(V14 ? { level: s.level ?? at.level } : {}),
    };
    at = { ...at, ...to };
    return { ...to, action: s.action };
  });
  // Core on the mover's client measures the path (the GM's client receives these figures as they are sent).
  // The path starts where the token stands (core measures from the first waypoint given).
  const start = { x: origin.x, y: origin.y, elevation: origin.elevation, ...levelOf(origin) };
  const path = await as(user, () =>
    (
      t as unknown as { measureMovementPath(w: unknown[]): { segments: { cost: number }[] } }
    ).measureMovementPath([start, ...positions]),
  );
  const id = `move${nextMove++}`;
  // The measured waypoints as the generation gives them (v13 TokenMeasuredMovementWaypoint; v14 adds `level`,
  // `depth`, `subpathId`): fields `move` does not take again are among them.
  const waypoints = positions.map((p, i) => ({
    ...p,
    width: 1,
    height: 1,
    shape: 0,
    cost: steps[i]?.forgedCost ?? path.segments[i]?.cost ?? 0,
    terrain: null,
    intermediate: false,
    explicit: true,
    checkpoint: false,
    snapped: false,
    userId: user.id,
    movementId: id,
    ...(V14 ? { depth: 1, subpathId: `${id}sub` } : {}),
  }));
  const movement = {
    id,
    chain: [],
    origin: options.forgedOrigin ?? {
      x: origin.x,
      y: origin.y,
      elevation: origin.elevation,
      ...levelOf(origin),
    },
    destination: waypoints.at(-1) ?? origin,
    passed: { waypoints },
    pending: { waypoints: [] },
    method: options.method ?? "dragging",
    ...(V14 ? { measureOptions: {}, terrainOptions: {}, split: false, subpathId: `${id}sub` } : {}),
  };
  if (!options.skipPreMove) {
    const allowed = await as(user, () => preMoveAllowed(t, movement));
    if (!allowed) return false;
  }
  const last = waypoints[waypoints.length - 1];
  if (!last) return false;
  const landing = options.landAt ?? last;
  const changed: Data = { x: landing.x, y: landing.y, elevation: landing.elevation };
  // v14: the update names the level when it changes (a stair move).
  if (V14 && landing.level !== undefined && landing.level !== t.level) changed.level = landing.level;
  t.x = landing.x;
  t.y = landing.y;
  t.elevation = landing.elevation;
  if (changed.level !== undefined) t.level = String(changed.level);
  t.movementAction = last.action;
  if (budgetWorld.documentMovement === "beforeUpdate") t._movementData = movement;
  const update = (client: ChatUser) =>
    budgetWorld.updateMovement === "everyClient" || client.id === user.id
      ? { _movement: { [token.id]: movement }, movementAction: last.action }
      : { movementAction: last.action };
  const updates = async () => {
    for (const client of users.contents.filter((u) => u.active))
      await as(client, async () => {
        hooks().callAll("updateToken", t, { ...changed }, update(client), user.id);
      });
    t._movementData = movement;
  };
  const moved = async () => {
    for (const client of users.contents.filter((u) => u.active))
      await as(client, async () => {
        hooks().callAll("moveToken", t, movement, { movement: { [token.id]: movement } }, user);
      });
  };
  if (budgetWorld.hookOrder === "moveFirst") {
    t._movementData = movement;
    await moved();
    await updates();
  } else {
    await updates();
    await moved();
  }
  return true;
}

/** `{ level }` of a v14 position (nothing on v13). */
function levelOf(p: { level?: string }): { level?: string } {
  return p.level !== undefined ? { level: p.level } : {};
}

/**
 * A bare `token.update({ x, y, elevation })` from `user`'s client — what a hostile console can send instead of a
 * move: the server stores it (the token's owner may update it) and every client gets `updateToken(token, changed,
 * options, userId)` with no movement in the options; no `preMoveToken`, no `moveToken`. Whether v13's server
 * always turns such an update into a movement is not settled by its documentation: the stricter reading.
 */
export async function rawTokenUpdate(
  user: ChatUser,
  token: TokenDoc,
  changes: { x?: number; y?: number; elevation?: number; level?: string },
): Promise<void> {
  const t = token as MovingToken;
  await as(user, () => serverAllows(token.actor.isOwner, user, "update", "Token", token.id));
  if (changes.level !== undefined && !V14) throw new Error("a v13 token has no level");
  if (changes.x !== undefined) t.x = changes.x;
  if (changes.y !== undefined) t.y = changes.y;
  if (changes.elevation !== undefined) t.elevation = changes.elevation;
  if (changes.level !== undefined) t.level = changes.level;
  for (const client of users.contents.filter((u) => u.active))
    await as(client, async () => {
      hooks().callAll("updateToken", t, { ...changes }, {}, user.id);
    });
}

/**
 * `TokenDocument#clearMovementHistory()` (v13 and v14; v14's combat calls it when a turn starts): an update of the
 * token's `_movementHistory` alone, `updateToken(token, { _movementHistory: [] }, {}, userId)` on every client — no
 * position in the changes, no movement, no `moveToken`.
 */
(TokenDoc.prototype as unknown as Data).clearMovementHistory = async function (this: MovingToken) {
  const user = currentUser();
  await as(user, () => serverAllows(this.actor.isOwner, user, "update", "Token", this.id));
  for (const client of users.contents.filter((u) => u.active))
    await as(client, async () => {
      hooks().callAll("updateToken", this, { _movementHistory: [] }, {}, user.id);
    });
};

/** `Hooks.call("preMoveToken", …)`: the registered handlers in order; false from one refuses. */
function preMoveAllowed(token: unknown, movement: object): boolean {
  return Hooks.call("preMoveToken", token, preMoveMovement(movement), {});
}
