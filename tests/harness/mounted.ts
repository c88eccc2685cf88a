/**
 * Stand-ins, on top of the chat harness (tests/harness/chat.ts), for what the concentration and mount adapters
 * touch: one scene with a square grid, token positions and sizes, token updates and `move` that fire the
 * document hooks (`preUpdateToken` on the moving client, `updateToken` on every connected client), actor
 * updates that carry their options from `preUpdateActor` to `updateActor` as Foundry's do, ActiveEffects and
 * status toggling (tests/harness/effects.ts), items with uuids, the
 * world's actors and scenes, a Token HUD element, and a dialog whose answer the test sets. They store and fire
 * hooks; no Fray logic lives here. Import it after the chat harness and before any adapter. Core's movement actions
 * are configured and priced as each generation does (movement.ts); on v14 the scene has Scene Levels and each token
 * stands on one (`level`), and a `move` that leaves a token outside its level's elevations throws.
 */
import { domWindow, listenerResults, mount } from "./dom";
import { ActorDoc, as, currentUser, ItemDoc, TokenDoc, users, world, applyUpdate } from "./chat";
import {
  dialogs as coreDialogs,
  expandObject,
  Hooks,
  measurePath,
  moveWaypoints,
  serverAllows,
  wire,
} from "./core";
import { cleanUpdate } from "./fields";
// ActiveEffects and `actor.toggleStatusEffect`, shared with the budget harness.
import { giveEffect, giveStatus } from "./effects";
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
type HookBus = { callAll: (name: string, ...args: unknown[]) => boolean };

const g = globalThis as Record<string, unknown>;
const hooks = () => g.Hooks as HookBus;

/** Fires a document hook on every connected client, each as its own user (sequentially). */
async function everywhere(name: string, ...args: unknown[]): Promise<void> {
  for (const user of users.contents.filter((u) => u.active))
    await as(user, () => hooks().callAll(name, ...args));
}

/** Runs the `pre…` hook on the calling client (`Hooks.call`): the first handler returning false cancels. */
function preHook(name: string, ...args: unknown[]): boolean {
  return Hooks.call(name, ...args);
}

// Core's movement actions, as each generation configures them at init.
installMovementConfig(g.CONFIG as Data);

/**
 * The one scene: a square grid of 100 px squares, 1.5 m each (system.json); v14: its Scene Levels (one ground level
 * unless a test gives it others with `setSceneLevels`).
 */
export const scene: {
  id: string;
  uuid: string;
  grid: { size: number; distance: number; type: number };
  levels?: LevelCollection;
  readonly tokens: { contents: TokenDoc[]; get(id: string): TokenDoc | undefined };
} = {
  id: "scene000000001",
  uuid: "Scene.scene000000001",
  grid: { size: 100, distance: 1.5, type: 1 },
  get tokens() {
    const contents = [...world.documents.values()].filter((d): d is TokenDoc => d instanceof TokenDoc);
    return { contents, get: (id: string) => contents.find((t) => t.id === id) };
  },
};

/** v14: gives the scene these levels (the ground level again when none); a no-op on v13. */
export function setSceneLevels(specs: readonly LevelSpec[] = [GROUND_LEVEL]): void {
  if (V14) scene.levels = makeLevels(specs);
}
setSceneLevels();

interface Placement {
  x: number;
  y: number;
  width: number;
  height: number;
  elevation: number;
  actorLink: boolean;
  flags: Data;
  /** v14: the Scene Level (undefined: the scene's first). */
  level?: string;
}

const placements = new WeakMap<TokenDoc, Placement>();

function placement(token: TokenDoc): Placement {
  let p = placements.get(token);
  if (!p) {
    p = { x: 0, y: 0, width: 1, height: 1, elevation: 0, actorLink: true, flags: {} };
    placements.set(token, p);
  }
  return p;
}

const tokenProto = TokenDoc.prototype as unknown as Data;
for (const key of ["x", "y", "width", "height", "elevation", "actorLink", "flags"] as const) {
  Object.defineProperty(tokenProto, key, {
    configurable: true,
    get(this: TokenDoc) {
      return placement(this)[key];
    },
    set(this: TokenDoc, value: never) {
      placement(this)[key] = value;
    },
  });
}
Object.defineProperty(tokenProto, "parent", { configurable: true, get: () => scene });
// v14 `TokenDocument#level`: the Level it stands on; v13 tokens have none.
if (V14)
  Object.defineProperty(tokenProto, "level", {
    configurable: true,
    get(this: TokenDoc) {
      return placement(this).level ?? scene.levels?.keys().next().value;
    },
    set(this: TokenDoc, value: string) {
      placement(this).level = value;
    },
  });
Object.defineProperty(tokenProto, "documentName", { configurable: true, get: () => "Token" });
Object.assign(tokenProto, {
  getFlag(this: TokenDoc, scope: string, key: string) {
    return (placement(this).flags[scope] as Data | undefined)?.[key];
  },
  testUserPermission(this: TokenDoc, user: { isGM: boolean; id: string }, level: string) {
    return this.actor.testUserPermission(user as never, level as never);
  },
  async update(this: TokenDoc, changes: Data, options: Data = {}) {
    serverAllows(this.actor.isOwner, currentUser(), "update", "Token", this.id);
    if (!V14 && "level" in changes) throw new Error("a v13 token has no level field");
    const copy = wire(changes);
    if (!preHook("preUpdateToken", this, copy, options, currentUser().id)) return this;
    const source = placement(this) as unknown as Data;
    applyUpdate(source, copy);
    await everywhere("updateToken", this, expandObject(copy), options, currentUser().id);
    return this;
  },
  /**
   * v13 `TokenDocument#measureMovementPath(waypoints, options)` (`core.ts` `measurePath`) on the scene's square
   * grid: a segment moves max(columns, rows, elevation in grid units) squares — a diagonal as one (**no evidence
   * found** for v13's default diagonal rule) — each the grid's distance; no terrain.
   */
  measureMovementPath(this: TokenDoc & Placement, waypoints: unknown, options?: unknown) {
    const source = {
      ...pickPlacement(this),
      shape: 0,
      action: String((this as unknown as { movementAction?: string }).movementAction ?? "walk"),
      ...(V14 ? { level: String((this as unknown as { level?: string }).level), depth: 1 } : {}),
    };
    return measurePath(
      source,
      waypoints,
      options,
      (from, to) => {
        const dx = Math.abs(to.x - from.x) / scene.grid.size;
        const dy = Math.abs(to.y - from.y) / scene.grid.size;
        const dz = Math.abs(to.elevation - from.elevation) / scene.grid.distance;
        const squares = Math.max(dx, dy, dz);
        return { distance: squares * scene.grid.distance, spaces: squares, diagonals: Math.min(dx, dy) };
      },
      this,
    );
  },
  /**
   * v13 `TokenDocument#move(waypoints, options)`: the waypoints checked (v13 fields only) and measured by core on the
   * mover's client (`measureMovementPath`), `preMoveToken(token, movement, options)` through `Hooks.call` on the
   * mover (false refuses: nothing moves, false is returned), the token updated to the last waypoint (its update
   * hooks, the movement in the options as `_movement[id]` — what v13 modules read in `updateToken` — and
   * `movementAction`), then `moveToken(token, movement, options, user)` on every connected client.
   */
  async move(this: TokenDoc & Placement, waypoints: unknown, options: Data = {}) {
    const list = moveWaypoints(waypoints, options);
    const origin = {
      x: this.x,
      y: this.y,
      elevation: this.elevation,
      ...(V14 ? { level: String(this.level) } : {}),
    };
    let at: { x: number; y: number; elevation: number; level?: string } = origin;
    const positions = list.map((w) => {
      const to = {
        x: Number(w.x ?? at.x),
        y: Number(w.y ?? at.y),
        elevation: Number(w.elevation ?? at.elevation),
        ...(V14 ? { level: String(w.level ?? at.level) } : {}),
      };
      at = to;
      return { ...to, ...(w.action !== undefined ? { action: String(w.action) } : {}) };
    });
    checkInLevel(scene.levels, this.name, at);
    const path = (
      this as unknown as { measureMovementPath(w: unknown[]): { segments: { cost: number }[] } }
    ).measureMovementPath([origin, ...positions]);
    const measured = list.map((w, i) => ({
      ...w,
      ...positions[i],
      action: String(w.action ?? "walk"),
      cost: path.segments[i]?.cost ?? 0,
    }));
    const user = currentUser();
    const movement = {
      id: `move${String(nextMove++).padStart(12, "0")}`,
      chain: [],
      origin,
      destination: measured.at(-1) ?? origin,
      passed: { waypoints: measured },
      pending: { waypoints: [] },
      method: String(options.method ?? "api"),
    };
    if (!preHook("preMoveToken", this, preMoveMovement(movement), options)) return false;
    const last = measured[measured.length - 1];
    if (!last) return false;
    const changes = pick(list[list.length - 1] ?? {});
    // v14: a waypoint naming the level it is on already does not change it.
    if (V14 && changes.level === this.level) delete changes.level;
    moves.push({ token: this.id, action: last.action, ...changes });
    await (this as unknown as { update: (c: Data, o: Data) => Promise<unknown> }).update(changes, {
      ...options,
      movementAction: last.action,
      _movement: { [this.id]: movement },
    });
    await everywhere("moveToken", this, movement, options, user);
    return true;
  },
});

function pickPlacement(token: TokenDoc & Placement) {
  return { x: token.x, y: token.y, elevation: token.elevation, width: token.width, height: token.height };
}

/** Every `move` made, in order (the tests read the action and the destination). */
export const moves: Data[] = [];
let nextMove = 1;

/** The position fields a waypoint gives (the token's update). */
function pick(waypoint: Data): Data {
  const changes: Data = {};
  for (const key of ["x", "y", "elevation", ...(V14 ? ["level"] : [])])
    if (key in waypoint) changes[key] = waypoint[key];
  return changes;
}

/** Takes every token off the scene (a fresh scene for the next test). */
export function clearScene(): void {
  for (const [uuid, doc] of world.documents) if (doc instanceof TokenDoc) world.documents.delete(uuid);
  setSceneLevels();
}

/** Puts a creature's token at a grid square (column, row), `size` squares wide. */
export function place(token: TokenDoc, column: number, row: number, size = 1, actorLink = true): TokenDoc {
  Object.assign(placement(token), {
    x: column * scene.grid.size,
    y: row * scene.grid.size,
    width: size,
    height: size,
    actorLink,
  });
  return token;
}

// --- actors: updates with options, statuses, effects, items ------------------------------------------------

const actorProto = ActorDoc.prototype as unknown as Data;
Object.assign(actorProto, {
  async update(this: ActorDoc, changes: Data, options: Data = {}) {
    serverAllows(this.isOwner, currentUser(), "update", "Actor", this.id);
    const copy = cleanUpdate("Actor", this.type, this, wire(changes));
    if (!preHook("preUpdateActor", this, copy, options, currentUser().id)) return this;
    applyUpdate(this._source, copy);
    this.prepare();
    await everywhere("updateActor", this, expandObject(copy), options, currentUser().id);
    return this;
  },
});

/** An ActiveEffect that an item (its origin) placed on `actor` (tests/harness/effects.ts). */
export { giveEffect, giveStatus };

class ItemList extends Array<ItemDoc> {
  get(id: string) {
    return this.find((i) => i.id === id);
  }
  get contents() {
    return [...this];
  }
}

/** Gives `actor` an item with a uuid (resolvable with `fromUuidSync`) and a parent. */
export function giveItem(
  actor: ActorDoc,
  name: string,
  type: string,
  system: Data,
): ItemDoc & { uuid: string } {
  if (!(actor.items instanceof ItemList)) actor.items = ItemList.from(actor.items) as unknown as ItemDoc[];
  const item = new ItemDoc(name, type, system);
  const uuid = `${actor.uuid}.Item.${item.id}`;
  Object.defineProperty(item, "uuid", { value: uuid });
  Object.defineProperty(item, "parent", { value: actor });
  actor.items.push(item);
  world.documents.set(uuid, item);
  actor.prepare();
  return item as ItemDoc & { uuid: string };
}

const game = g.game as Data;
game.actors = {
  get contents() {
    return [...world.documents.values()].filter((d) => d instanceof ActorDoc);
  },
};
game.scenes = {
  get contents() {
    return [scene];
  },
  get: (id: string) => (id === scene.id ? scene : undefined),
};
game.scenes = Object.assign(game.scenes as Data, { viewed: scene });

// --- dialogs and the Token HUD -----------------------------------------------------------------------------

/** What the next `DialogV2.input`/`wait` answers (null: the user closed it); the dialogs shown. */
export const dialogs = { answers: [] as unknown[], shown: [] as Data[] };
coreDialogs.sources.push((actions) => {
  if (!dialogs.answers.length) return undefined;
  dialogs.shown.push(coreDialogs.shown.at(-1) ?? {});
  const fields = dialogs.answers.shift() as Data | null;
  return fields ? { action: actions.includes("ok") ? "ok" : actions[0]!, fields } : null;
});

/** What each element the code created answered from its listeners, per event (the DOM drops it). */
const answers = new WeakMap<Element, unknown[]>();

/** The listeners' answers for the events `el` (made with `document.createElement`) received so far. */
export function answersOf(el: Element): unknown[] {
  return answers.get(el) ?? [];
}

/** The page's document (happy-dom); the elements the code creates keep their listeners' answers. */
g.document = new Proxy(domWindow.document, {
  get(target, prop) {
    if (prop === "createElement")
      return (tag: string) => {
        const el = target.createElement(tag);
        answers.set(el as unknown as Element, listenerResults(el as unknown as Element));
        return el;
      };
    const value: unknown = Reflect.get(target, prop, target);
    return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
  },
});

/** A rendered Token HUD (v13: its columns `.col.left`, `.col.middle`, `.col.right`). */
export function tokenHudElement(): HTMLElement {
  return mount(
    '<form id="token-hud"><div class="col left"></div><div class="col middle"></div><div class="col right"></div></form>',
  ).firstElementChild as HTMLElement;
}
