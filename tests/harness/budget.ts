/**
 * Stand-ins the budget tests add to the chat harness (tests/harness/chat.ts): ActiveEffects and
 * `actor.toggleStatusEffect` (tests/harness/effects.ts), token elevation and movement action, `token.move` (v13 waypoint
 * fields only, measured along a corridor, then carried out as a drag), combatant names and ownership as the tracker reads them, the escaping helper,
 * and the two DialogV2 calls the budget panel makes (answers queued by the test). A drag runs the registered
 * `preMoveToken` handlers on the mover's client (a false refuses, as `Hooks.call` does), then `moveToken` on
 * every connected client, as v13 does. No Fray logic lives here.
 */
import { as, currentUser, FighterDoc, TokenDoc, users, type ChatUser } from "./chat";
import { dialogs as coreDialogs, Hooks, moveWaypoints } from "./core";
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
 * The budget tests' ground: a straight corridor along x, 100 px a metre (150 px squares of 1.5 m), with no
 * terrain. A drag's step of `cost` metres moves the token that far along it; `move` measures a path on it.
 */
export const PX_PER_METRE = 100;

/**
 * `token.move(waypoints, options)` (v13): recorded, then carried out as a drag by the current user (v13 runs a
 * move through the same workflow: `preMoveToken`, then `moveToken`). Core measures each segment's cost itself:
 * here, the distance along the corridor. Stricter than Foundry: a field v13's waypoint lacks (e.g. `cost`,
 * v14's predetermined cost) throws, and so does a segment that is not straight along x or y.
 */
(TokenDoc.prototype as unknown as Data).move = async function (
  this: MovingToken,
  waypoints: unknown,
  options: unknown,
) {
  const list = moveWaypoints(waypoints);
  budgetWorld.moves.push({ token: this.id, waypoints, options });
  let at = { x: this.x ?? 0, y: this.y ?? 0 };
  const steps = list.map((w) => {
    const to = { x: Number(w.x ?? at.x), y: Number(w.y ?? at.y) };
    if (to.x !== at.x && to.y !== at.y)
      throw new Error("harness: only straight moves along x or y are measured");
    const cost = (Math.abs(to.x - at.x) + Math.abs(to.y - at.y)) / PX_PER_METRE;
    at = to;
    return {
      action: String(w.action ?? "walk"),
      cost,
      ...to,
      ...(w.elevation !== undefined ? { elevation: Number(w.elevation) } : {}),
    };
  });
  return dragToken(currentUser(), this, steps);
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
  /** What core measured for this step, in metres. */
  readonly cost: number;
  readonly elevation?: number;
  /** Where the step ends; by default `cost` metres further along the corridor. */
  readonly x?: number;
  readonly y?: number;
}

/**
 * `user` drags `token` through `steps`: `preMoveToken` on the mover's client (false refuses), then the token
 * moves and `moveToken` fires on every connected client. Resolves whether the move happened.
 */
export async function dragToken(
  user: ChatUser,
  token: TokenDoc,
  steps: readonly MoveStep[],
): Promise<boolean> {
  const t = token as MovingToken;
  let x = t.x ?? 0;
  const y = t.y ?? 0;
  const waypoints = steps.map((s) => {
    x = s.x ?? x + Math.round(s.cost * PX_PER_METRE);
    return {
      x,
      y: s.y ?? y,
      action: s.action,
      cost: s.cost,
      elevation: s.elevation ?? t.elevation,
    };
  });
  const movement = {
    id: `move${nextMove++}`,
    chain: [],
    origin: { x: t.x ?? 0, y, elevation: t.elevation },
    passed: { waypoints },
    pending: { waypoints: [] },
    method: "dragging",
  };
  const allowed = await as(user, () => preMoveAllowed(t, movement));
  if (!allowed) return false;
  const last = waypoints[waypoints.length - 1];
  if (last) {
    t.x = last.x;
    t.y = last.y;
    t.elevation = last.elevation;
    t.movementAction = last.action;
  }
  for (const client of users.contents.filter((u) => u.active))
    await as(client, async () => {
      hooks().callAll("moveToken", t, movement, {}, user);
    });
  return true;
}

/** `Hooks.call("preMoveToken", …)`: the registered handlers in order; false from one refuses. */
function preMoveAllowed(token: unknown, movement: unknown): boolean {
  return Hooks.call("preMoveToken", token, movement, {});
}
