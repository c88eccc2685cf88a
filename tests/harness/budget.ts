/**
 * Stand-ins the budget tests add to the chat harness (tests/harness/chat.ts): ActiveEffects and
 * `actor.toggleStatusEffect` (tests/harness/effects.ts), token elevation and movement action,
 * `TokenDocument#measureMovementPath` (a gridless corridor), `token.move` (v13 waypoint fields only, carried out as
 * a drag), combatant names and ownership as the tracker reads them, the escaping helper, and the two DialogV2 calls
 * the budget panel makes (answers queued by the test). A drag is measured on the mover's client, runs the
 * registered `preMoveToken` handlers there (a false refuses, as `Hooks.call` does), then `updateToken` (the
 * movement in its options) and `moveToken` on every connected client, as v13 does; a hostile client's drag may
 * forge what it sends, and `rawTokenUpdate` is a bare `x`/`y` update. No Fray logic lives here.
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

type Data = Record<string, unknown>;
const g = globalThis as Record<string, unknown>;
const hooks = () => g.Hooks as { callAll(name: string, ...a: unknown[]): boolean };

/** What the budget tests read back. */
export const budgetWorld = {
  moves: [] as { token: string; waypoints: unknown; options: unknown }[],
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
  },
};

type MovingToken = TokenDoc & { elevation: number; movementAction: string; x?: number; y?: number };

Object.defineProperty(TokenDoc.prototype, "elevation", {
  configurable: true,
  get(this: { _elevation?: number }) {
    return this._elevation ?? 0;
  },
  set(this: { _elevation?: number }, v: number) {
    this._elevation = v;
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
  return measurePath(sourceOf(this), waypoints, options, (from, to) => ({
    distance: Math.hypot(
      (to.x - from.x) / PX_PER_METRE,
      (to.y - from.y) / PX_PER_METRE,
      to.elevation - from.elevation,
    ),
    spaces: 0,
    diagonals: 0,
  }));
};

/**
 * `token.move(waypoints, options)` (v13): recorded, then carried out as a drag by the current user through those
 * positions (v13 runs a move through the same workflow: `preMoveToken`, then the update and `moveToken`). Stricter
 * than Foundry: a field v13's waypoint lacks (e.g. `cost`, v14's predetermined cost) throws.
 */
(TokenDoc.prototype as unknown as Data).move = async function (
  this: MovingToken,
  waypoints: unknown,
  options: unknown,
) {
  const list = moveWaypoints(waypoints);
  budgetWorld.moves.push({ token: this.id, waypoints, options });
  let at = sourceOf(this);
  const steps = list.map((w) => {
    const to = {
      x: Number(w.x ?? at.x),
      y: Number(w.y ?? at.y),
      elevation: Number(w.elevation ?? at.elevation),
    };
    at = { ...at, ...to };
    return { action: String(w.action ?? this.movementAction ?? "walk"), cost: 0, ...to };
  });
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
  readonly forgedOrigin?: { x: number; y: number; elevation: number };
  /** Where a hostile client's update puts the token, other than its last waypoint. */
  readonly landAt?: { x: number; y: number; elevation: number };
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
    };
    at = { ...at, ...to };
    return { ...to, action: s.action };
  });
  // Core on the mover's client measures the path (the GM's client receives these figures as they are sent).
  // The path starts where the token stands (core measures from the first waypoint given).
  const start = { x: origin.x, y: origin.y, elevation: origin.elevation };
  const path = await as(user, () =>
    (
      t as unknown as { measureMovementPath(w: unknown[]): { segments: { cost: number }[] } }
    ).measureMovementPath([start, ...positions]),
  );
  const waypoints = positions.map((p, i) => ({
    ...p,
    width: 1,
    height: 1,
    cost: steps[i]?.forgedCost ?? path.segments[i]?.cost ?? 0,
    intermediate: false,
    explicit: true,
    checkpoint: false,
    snapped: false,
  }));
  const movement = {
    id: `move${nextMove++}`,
    chain: [],
    origin: options.forgedOrigin ?? { x: origin.x, y: origin.y, elevation: origin.elevation },
    passed: { waypoints },
    pending: { waypoints: [] },
    method: options.method ?? "dragging",
  };
  if (!options.skipPreMove) {
    const allowed = await as(user, () => preMoveAllowed(t, movement));
    if (!allowed) return false;
  }
  const last = waypoints[waypoints.length - 1];
  if (!last) return false;
  const changed = options.landAt ?? { x: last.x, y: last.y, elevation: last.elevation };
  t.x = changed.x;
  t.y = changed.y;
  t.elevation = changed.elevation;
  t.movementAction = last.action;
  const update = { _movement: { [token.id]: movement }, movementAction: last.action };
  for (const client of users.contents.filter((u) => u.active))
    await as(client, async () => {
      hooks().callAll("updateToken", t, { ...changed }, update, user.id);
    });
  for (const client of users.contents.filter((u) => u.active))
    await as(client, async () => {
      hooks().callAll("moveToken", t, movement, { movement: { [token.id]: movement } }, user);
    });
  return true;
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
  changes: { x?: number; y?: number; elevation?: number },
): Promise<void> {
  const t = token as MovingToken;
  await as(user, () => serverAllows(token.actor.isOwner, user, "update", "Token", token.id));
  if (changes.x !== undefined) t.x = changes.x;
  if (changes.y !== undefined) t.y = changes.y;
  if (changes.elevation !== undefined) t.elevation = changes.elevation;
  for (const client of users.contents.filter((u) => u.active))
    await as(client, async () => {
      hooks().callAll("updateToken", t, { ...changes }, {}, user.id);
    });
}

/** `Hooks.call("preMoveToken", …)`: the registered handlers in order; false from one refuses. */
function preMoveAllowed(token: unknown, movement: unknown): boolean {
  return Hooks.call("preMoveToken", token, movement, {});
}
