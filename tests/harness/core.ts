/**
 * The strict core of the harness: the Foundry singletons every adapter touches, written as Foundry writes them
 * — instance and static methods that use `this`, so a detached call (`const get = game.settings.get`) throws
 * here as it does in Foundry. Each behaviour cites its evidence in tests/harness/README.md (fidelity table).
 * No Fray logic lives here.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { Window } from "happy-dom";
import { GENERATION } from "./generation";
import {
  checkMoveOptions,
  MEASURE_WAYPOINT_FIELDS,
  MOVE_WAYPOINT_FIELDS,
  resolveAction,
  type ResolvedAction,
} from "./movement";
import { legacyKey, operatorOf, refuseSerialized, wire } from "./operators";

export { wire } from "./operators";

type HookFn = (...args: never[]) => unknown;
type Data = Record<string, unknown>;

const clone = <T>(v: T): T => (v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T));

/** What went wrong inside Foundry's own machinery during a test (a hook handler threw…): the test fails. */
export const failures: string[] = [];

/**
 * `Hooks`: private static state, static methods that reach it through `this` (a detached `const on = Hooks.on`
 * throws). `callAll` runs every handler, a throwing one reported (`onError`) and isolated; `call` stops at the
 * first handler returning false; `once` handlers are removed before they run.
 * `createHooks()` makes one such class per client (each browser has its own `Hooks`); `Hooks` is the one the
 * single-client harness installs.
 */
export function createHooks() {
  return class Hooks {
    static #events = new Map<string, { id: number; fn: HookFn; once: boolean }[]>();
    static #nextId = 1;

    static on(hook: string, fn: HookFn, { once = false }: { once?: boolean } = {}): number {
      if (typeof fn !== "function") throw new Error(`Hooks.on("${hook}") needs a function`);
      const id = this.#nextId++;
      this.#events.set(hook, [...(this.#events.get(hook) ?? []), { id, fn, once }]);
      return id;
    }

    static once(hook: string, fn: HookFn): number {
      return this.on(hook, fn, { once: true });
    }

    static off(hook: string, fn: HookFn | number): void {
      const entries = this.#events.get(hook) ?? [];
      this.#events.set(
        hook,
        entries.filter((e) => (typeof fn === "number" ? e.id !== fn : e.fn !== fn)),
      );
    }

    /** The handlers registered per hook (Foundry's `Hooks.events`), as a read-only copy. */
    static get events(): Record<string, HookFn[]> {
      return Object.fromEntries([...this.#events].map(([k, v]) => [k, v.map((e) => e.fn)]));
    }

    static #run(hook: string, args: unknown[], stopOnFalse: boolean): boolean {
      for (const entry of [...(this.#events.get(hook) ?? [])]) {
        if (entry.once) this.off(hook, entry.id);
        try {
          if ((entry.fn as (...a: unknown[]) => unknown)(...args) === false && stopOnFalse) return false;
        } catch (error) {
          this.onError(`Hooks.${stopOnFalse ? "call" : "callAll"}("${hook}")`, error);
        }
      }
      return true;
    }

    static callAll(hook: string, ...args: unknown[]): true {
      this.#run(hook, args, false);
      return true;
    }

    static call(hook: string, ...args: unknown[]): boolean {
      return this.#run(hook, args, true);
    }

    /**
     * Foundry logs a failing handler, fires its `error` hook (`error(location, error, data)`, v13 and v14
     * hookEvents.error) and goes on; here the test also fails (see `failures`). A failing `error` handler is
     * not reported through the `error` hook again.
     */
    static onError(location: string, error: unknown): void {
      failures.push(
        `${location}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      if (!location.includes('("error")')) this.#run("error", [location, error, {}], false);
    }

    /** Test-only: forget every handler (a fresh client). */
    static reset(): void {
      this.#events.clear();
    }
  };
}

export const Hooks = createHooks();
export type Hooks = ReturnType<typeof createHooks>;

interface SettingConfig {
  default?: unknown;
  onChange?: (value: unknown) => void;
  scope?: string;
  [key: string]: unknown;
}

/**
 * `game.settings` (ClientSettings): settings must be registered before they are read or written (Foundry throws
 * "is not a registered game setting"); `get` and `set` are instance methods over private state. Made with
 * `clientOf` (the single-realm harness, where every client shares one `game.settings`), a `client`-scoped setting
 * holds one value per client: `set` writes the running client's, `get` reads it (else the shared value `seed` set).
 */
export class ClientSettings {
  #registered = new Map<string, SettingConfig>();
  #values = new Map<string, unknown>();
  #perClient = new Map<string, Map<string, unknown>>();

  constructor(private readonly clientOf: (() => string | null) | null = null) {}

  /** The running client's own values of client settings, when this object stands for every client. */
  #own(id: string): Map<string, unknown> | null {
    const config = this.#registered.get(id);
    const client = config?.scope === "client" ? (this.clientOf?.() ?? null) : null;
    if (client === null) return null;
    let values = this.#perClient.get(client);
    if (!values) this.#perClient.set(client, (values = new Map<string, unknown>()));
    return values;
  }

  register(namespace: string, key: string, config: SettingConfig): void {
    if (!namespace || !key)
      throw new Error("You must specify both namespace and key portions of the setting");
    this.#registered.set(`${namespace}.${key}`, { ...config });
  }

  /** The registered settings (Foundry's `game.settings.settings`). */
  get settings(): Map<string, SettingConfig> {
    return new Map(this.#registered);
  }

  #config(namespace: string, key: string): SettingConfig {
    const config = this.#registered.get(`${namespace}.${key}`);
    if (!config) throw new Error(`"${namespace}.${key}" is not a registered game setting`);
    return config;
  }

  get(namespace: string, key: string): unknown {
    const config = this.#config(namespace, key);
    const id = `${namespace}.${key}`;
    const own = this.#own(id);
    if (own?.has(id)) return clone(own.get(id));
    return clone(this.#values.has(id) ? this.#values.get(id) : config.default);
  }

  async set(namespace: string, key: string, value: unknown): Promise<unknown> {
    const config = this.#config(namespace, key);
    const id = `${namespace}.${key}`;
    (this.#own(id) ?? this.#values).set(id, clone(value));
    config.onChange?.(clone(value));
    return value;
  }

  /** Test-only: a stored value without onChange (the world as it was when the client loaded), every client's. */
  seed(namespace: string, key: string, value: unknown): void {
    this.#config(namespace, key);
    this.#values.set(`${namespace}.${key}`, clone(value));
  }

  /** Test-only: forget every client's own values of client settings (each client back to the shared value). */
  resetClients(): void {
    this.#perClient.clear();
  }
}

// --- update data, as the server applies it -------------------------------------------------------------------

/** `foundry.utils.expandObject`: dotted keys become nested objects (`{"a.b": 1}` → `{a: {b: 1}}`). */
export function expandObject(data: Data): Data {
  const out: Data = {};
  for (const [key, value] of Object.entries(data)) {
    const parts = key.split(".");
    let target = out;
    for (const part of parts.slice(0, -1)) {
      if (!target[part] || typeof target[part] !== "object") target[part] = {};
      target = target[part] as Data;
    }
    const leaf = parts.at(-1)!;
    // A v14 update operator is a value of its own: kept as it is, never expanded into.
    const expanded = operatorOf(value)
      ? value
      : value && typeof value === "object" && !Array.isArray(value)
        ? expandObject(value as Data)
        : clone(value);
    if (
      expanded &&
      typeof expanded === "object" &&
      !Array.isArray(expanded) &&
      target[leaf] &&
      typeof target[leaf] === "object"
    )
      Object.assign(target[leaf] as Data, expanded);
    else target[leaf] = expanded;
  }
  return out;
}

/**
 * Merges expanded update data into a document's source as the server does: objects merge key by key, anything
 * else (arrays included) replaces. v13: a `-=key` deletes `key`, a `==key` replaces it whole. v14: a
 * `ForcedDeletion` value deletes the key, a `ForcedReplacement` assigns its value without recursing into it; the
 * legacy `-=`/`==` keys are deprecated there and throw (operators.ts `legacyKey`).
 */
export function mergeUpdate(source: Data, changes: Data): void {
  for (const [key, value] of Object.entries(changes)) {
    refuseSerialized(key, value);
    if (legacyKey(key)) {
      if (key.startsWith("-=")) {
        if (value !== null) throw new Error(`a deletion key ${key} must be given null`);
        delete source[key.slice(2)];
      } else source[key.slice(2)] = clone(value);
      continue;
    }
    const operator = operatorOf(value);
    if (operator?.kind === "ForcedDeletion") {
      delete source[key];
      continue;
    }
    if (operator?.kind === "ForcedReplacement") {
      source[key] = clone(operator.value);
      continue;
    }
    const merge = value && typeof value === "object" && !Array.isArray(value);
    if (merge && source[key] && typeof source[key] === "object" && !Array.isArray(source[key]))
      mergeUpdate(source[key] as Data, value as Data);
    else if (merge) {
      source[key] = {};
      mergeUpdate(source[key] as Data, value as Data);
    } else source[key] = clone(value);
  }
}

/** `foundry.utils.randomID`: 16 alphanumeric characters. */
export function randomID(length = 16): string {
  const chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  return Array.from({ length }, () => chars[Math.floor(Math.random() * chars.length)]).join("");
}

// --- users and their clients ----------------------------------------------------------------------------------

/**
 * Each Foundry user is its own browser: `game.user` is the user whose client runs the code. A test runs code on
 * one client with `runAs(user, fn)`; a document hook fires on every connected client, each as its own user.
 */
const clientContext = new AsyncLocalStorage<UserDocument>();
let defaultClient: UserDocument | null = null;

/** The users of the world, in the order they were made (core: `game.users`). */
export const connected: UserDocument[] = [];

/** The id of the client running the code, or null before any user was made. */
export function currentClientId(): string | null {
  return (clientContext.getStore() ?? defaultClient)?.id ?? null;
}

export function currentClient<U extends UserDocument = UserDocument>(): U {
  const user = clientContext.getStore() ?? defaultClient;
  if (!user) throw new Error("no user: run the code as one (runAs)");
  return user as U;
}

/** Runs `fn` on `user`'s client. */
export function runAs<T>(user: UserDocument, fn: () => Promise<T> | T): Promise<T> {
  return clientContext.run(user, async () => fn());
}

/** Runs `fn` synchronously on `user`'s client (document and hook callbacks are synchronous in Foundry). */
export function onClient<T>(user: UserDocument, fn: () => T): T {
  return clientContext.run(user, fn);
}

/** A document hook: `Hooks.callAll(name, …args)` on every connected client, each as its own user. */
export function broadcast(name: string, ...args: unknown[]): void {
  for (const user of connected.filter((u) => u.active))
    clientContext.run(user, () => Hooks.callAll(name, ...args));
}

let nextUser = 1;

/**
 * A User document. The server's rules for it: a GM may update any user, a player only itself and never its
 * role. An update lands after a round trip, then `updateUser(user, changed, options, userId)` fires on every
 * connected client with the writer's id — what Fray's requests rest on (src/net/README.md).
 */
export class UserDocument {
  id = `User${String(nextUser++).padStart(12, "0")}`;
  active = true;
  _source: Data = { flags: {} };
  constructor(
    public name: string,
    public isGM: boolean,
  ) {
    join(this);
  }
  get documentName(): string {
    return "User";
  }
  get isSelf(): boolean {
    return currentClient() === this;
  }
  get isActiveGM(): boolean {
    return this.isGM && activeGM() === this;
  }
  get flags(): Data {
    return this._source.flags as Data;
  }
  getFlag(scope: string, key: string): unknown {
    let node: unknown = this.flags[scope];
    for (const part of key.split("."))
      node = node && typeof node === "object" ? (node as Data)[part] : undefined;
    return node;
  }
  async update(changes: Data, options: Data = {}): Promise<this> {
    const writer = currentClient();
    // The changes cross the socket (v14 operators serialized and rebuilt on the way).
    const changed = expandObject(wire(changes));
    if (
      !writer.isGM &&
      (writer !== this || "role" in changed || "isGM" in changed || "permissions" in changed)
    )
      throw new Error(`User ${writer.name} lacks permission to update User [${this.id}]`);
    await new Promise((resolve) => setTimeout(resolve, 0));
    mergeUpdate(this._source, changed);
    broadcast("updateUser", this, changed, options, writer.id);
    return this;
  }
  /** The v13 query channel: the handler runs on this user's client and gets `(data, { timeout })` only. */
  async query(name: string, data: unknown, { timeout }: { timeout?: number } = {}): Promise<unknown> {
    const queries = (
      globalThis as unknown as { CONFIG: { queries: Record<string, (d: unknown, o: Data) => unknown> } }
    ).CONFIG.queries;
    const handler = queries[name];
    if (!handler) throw new Error(`no query ${name}`);
    return runAs(this, async () => handler(clone(data), { timeout }));
  }
}

/** A user made joins the world; the first one made is the client code runs on when no test says otherwise. */
function join(user: UserDocument): void {
  connected.push(user);
  defaultClient ??= user;
}

/**
 * The server's permission check for a write: refused, the write throws as Foundry's does ("User X lacks
 * permission to update Actor [id]") and nothing changes. The rules each document follows are in README.md.
 */
export function serverAllows(
  allowed: boolean,
  user: UserDocument,
  action: "create" | "update" | "delete",
  documentName: string,
  id: string,
): void {
  if (!allowed) throw new Error(`User ${user.name} lacks permission to ${action} ${documentName} [${id}]`);
}

/** True when an update touches only `keys` at its top level (after expanding dotted keys). */
export function touchesOnly(changes: Data, keys: readonly string[]): boolean {
  return Object.keys(expandObject(changes)).every((k) => keys.includes(k) || k === "_id");
}

/** The active GM: the first connected GM (core: `game.users.activeGM`). */
export function activeGM(): UserDocument | null {
  return connected.find((u) => u.isGM && u.active) ?? null;
}

/**
 * v13 `ChatMessage.applyRollMode(chatData, rollMode)`, as foundryvtt#11442 states it: public — `whisper` `[]`,
 * `blind` false; self — `whisper` the current user, `blind` false; private (`gmroll`) — the GMs added to
 * `whisper` (the recipients already there kept), `blind` false; blind — the GMs added, `blind` true; `roll` — the
 * user's current roll mode. The data object is changed and returned; no `rollMode` key is written. Stricter: a
 * mode that is none of these throws.
 */
export function applyRollMode(chatData: Data, rollMode: string): Data {
  const mode =
    rollMode === "roll"
      ? String(
          (globalThis as { game?: { settings?: ClientSettings } }).game?.settings?.get("core", "rollMode"),
        )
      : rollMode;
  const gms = connected.filter((u) => u.isGM).map((u) => u.id);
  const whisper = () => [...((chatData.whisper as string[] | undefined) ?? [])];
  switch (mode) {
    case "publicroll":
      return Object.assign(chatData, { whisper: [], blind: false });
    case "selfroll":
      return Object.assign(chatData, { whisper: [currentClient().id], blind: false });
    case "gmroll":
      return Object.assign(chatData, { whisper: [...new Set([...whisper(), ...gms])], blind: false });
    case "blindroll":
      return Object.assign(chatData, { whisper: [...new Set([...whisper(), ...gms])], blind: true });
    default:
      throw new Error(`"${rollMode}" is not a roll mode (publicroll, gmroll, blindroll, selfroll, roll)`);
  }
}

/**
 * `TokenDocument#move(waypoints, options)`: one waypoint or an array of them. Stricter than Foundry: a key the
 * generation's TokenMovementWaypoint lacks (such as `cost`, `intermediate`, `movementId`; v13: `level`) throws, and
 * so does an option v14's TokenMovementOptions lacks (movement.ts).
 */
export function moveWaypoints(waypoints: unknown, options?: unknown): Data[] {
  const list = (Array.isArray(waypoints) ? waypoints : [waypoints]) as Data[];
  for (const w of list)
    for (const key of Object.keys(w))
      if (!MOVE_WAYPOINT_FIELDS.has(key))
        throw new Error(`TokenDocument#move: "${key}" is not a field of a v${GENERATION} movement waypoint`);
  checkMoveOptions(options);
  return list;
}

/** Where a token is and what it measures with, for `measurePath` (`TokenPosition`-like, in pixels/grid units). */
export interface MeasurePoint {
  x: number;
  y: number;
  elevation: number;
  width: number;
  height: number;
  shape: number;
  action: string;
  /** v14: the Scene Level and depth (carried along; a level change is measured as its elevation change). */
  level?: string;
  depth?: number;
}

/**
 * v13 `TokenDocument#measureMovementPath(waypoints, options)` for the stand-ins' tokens, after the documented types
 * (foundryvtt.com/api/interfaces/foundry.documents.types.TokenMeasureMovementPathWaypoint.html and
 * foundryvtt.com/api/interfaces/foundry.grid.types.GridMeasurePathResult.html): each waypoint's missing field is the
 * previous waypoint's (the first's: the token's source, its action the prepared movement action); a segment's
 * cost is the waypoint's predetermined `cost` when given (a nonnegative number), else what `segment` measures from
 * the previous waypoint (no terrain: `terrain` defaults to null). Answers `{ waypoints, segments, distance, cost,
 * spaces, diagonals, euclidean }` with cumulative figures at each waypoint. Where `CONFIG.Token.movement.actions`
 * is configured, a segment without a predetermined cost costs what its action's cost function makes of the measured
 * distance (movement.ts `resolveAction`: `getCostFunction(token, options)(distance, from, to, distance, segment)`;
 * v14: the descriptor resolved), and an action that is not configured throws. Stricter than Foundry: a field the
 * generation's type lacks, an option other than `preview`, a cost function, a negative cost or a non-finite
 * coordinate throws; the teleporting actions ("displace", "blink", or configured `teleport`/`measure: false`)
 * measure 0 (core's action config may measure their distance).
 */
export function measurePath(
  source: MeasurePoint,
  waypoints: unknown,
  options: unknown,
  segment: (from: MeasurePoint, to: MeasurePoint) => { distance: number; spaces: number; diagonals: number },
  token?: unknown,
): Data {
  if (!Array.isArray(waypoints))
    throw new Error("TokenDocument#measureMovementPath: waypoints must be an array");
  for (const key of Object.keys((options ?? {}) as Data))
    if (key !== "preview") throw new Error(`TokenDocument#measureMovementPath: no option "${key}"`);
  const actions = (
    globalThis as { CONFIG?: { Token?: { movement?: { actions?: Record<string, unknown> } } } }
  ).CONFIG?.Token?.movement?.actions;
  let at: MeasurePoint = { ...source };
  const points: MeasurePoint[] = [];
  const given: (number | undefined)[] = [];
  for (const w of waypoints as Data[]) {
    for (const key of Object.keys(w))
      if (!MEASURE_WAYPOINT_FIELDS.has(key))
        throw new Error(
          `TokenDocument#measureMovementPath: "${key}" is not a field of a v${GENERATION} measured waypoint`,
        );
    if (typeof w.cost === "function") throw new Error("harness: cost functions are not imitated");
    if (w.cost !== undefined && !(typeof w.cost === "number" && w.cost >= 0))
      throw new Error("TokenDocument#measureMovementPath: a predetermined cost is a nonnegative number");
    const next: MeasurePoint = { ...at };
    for (const key of ["x", "y", "elevation", "width", "height", "shape"] as const)
      if (w[key] !== undefined) {
        const n = Number(w[key]);
        if (!Number.isFinite(n)) throw new Error(`TokenDocument#measureMovementPath: ${key} is not a number`);
        next[key] = n;
      }
    if (w.action !== undefined) next.action = String(w.action);
    if (w.level !== undefined) next.level = String(w.level);
    if (w.depth !== undefined) next.depth = Number(w.depth);
    points.push(next);
    given.push(w.cost as number | undefined);
    at = next;
  }
  const zero = { distance: 0, cost: 0, spaces: 0, diagonals: 0, euclidean: 0 };
  const totals = { ...zero };
  const marks: Data[] = [];
  const segments: Data[] = [];
  points.forEach((to, i) => {
    if (i === 0) {
      marks.push({ ...totals, backward: null, forward: null });
      return;
    }
    const from = points[i - 1]!;
    const config = actions ? resolveAction(actions, to.action) : null;
    const teleport =
      to.action === "displace" ||
      to.action === "blink" ||
      config?.teleport === true ||
      config?.measure === false;
    const m = teleport ? { distance: 0, spaces: 0, diagonals: 0 } : segment(from, to);
    const cost = given[i] ?? actionCost(config, token, options, m.distance, from, to, teleport);
    const seg = {
      ...m,
      cost,
      euclidean: teleport ? 0 : m.distance,
      teleport,
      from: marks[i - 1],
      to: null as unknown,
    };
    totals.distance += m.distance;
    totals.cost += cost;
    totals.spaces += m.spaces;
    totals.diagonals += m.diagonals;
    totals.euclidean += seg.euclidean;
    const mark = { ...totals, backward: seg, forward: null };
    seg.to = mark;
    (marks[i - 1] as Data).forward = seg;
    marks.push(mark);
    segments.push(seg);
  });
  return { waypoints: marks, segments, ...totals };
}

/** A segment's cost by its action's cost function (the distance itself where no action is configured). */
function actionCost(
  config: ResolvedAction | null,
  token: unknown,
  options: unknown,
  distance: number,
  from: MeasurePoint,
  to: MeasurePoint,
  teleport: boolean,
): number {
  if (!config || teleport) return teleport ? 0 : distance;
  const cost = Number(
    config.getCostFunction(token, options ?? {})(distance, from, to, distance, { action: to.action }),
  );
  if (!Number.isFinite(cost) || cost < 0)
    throw new Error(`movement action "${to.action}": its cost function gave ${String(cost)}`);
  return cost;
}

// --- a DOM, forms and dialogs --------------------------------------------------------------------------------

/** One browser window for the harness: rendered templates are parsed and clicked in a real DOM. */
export const dom = new Window({ url: "http://localhost:30000/game" });

/** Parses HTML into a detached element of the harness window. */
export function parseHTML(html: string): HTMLElement {
  const template = dom.document.createElement("template");
  template.innerHTML = html;
  const root = dom.document.createElement("div");
  root.append(template.content.cloneNode(true));
  return root as unknown as HTMLElement;
}

/**
 * `FormDataExtended(form).object`: the form's named, enabled controls — a checkbox as a boolean, a number or
 * range input as a number (null when empty), a radio group as its checked value, a multiple select as an
 * array, anything else as its string value.
 */
export class FormDataExtended {
  object: Data = {};
  constructor(form: HTMLFormElement) {
    if (!form || typeof form.querySelectorAll !== "function")
      throw new Error("FormDataExtended needs an HTMLFormElement");
    const controls = form.querySelectorAll("input[name], select[name], textarea[name]");
    for (const el of controls as unknown as Iterable<HTMLInputElement & HTMLSelectElement>) {
      if (el.disabled) continue;
      const name = el.name;
      const type = (el.getAttribute("type") ?? "").toLowerCase();
      if (el.tagName === "INPUT" && type === "checkbox") this.object[name] = el.checked;
      else if (el.tagName === "INPUT" && type === "radio") {
        if (el.checked) this.object[name] = el.value;
        else if (!(name in this.object)) this.object[name] = null;
      } else if (el.tagName === "INPUT" && (type === "number" || type === "range"))
        this.object[name] = el.value === "" ? null : Number(el.value);
      else if (el.tagName === "SELECT" && el.multiple)
        this.object[name] = [...(el.selectedOptions as unknown as Iterable<HTMLOptionElement>)].map(
          (o) => o.value,
        );
      else this.object[name] = el.value;
    }
  }
}

/** Fills a form as a user would: every named field must exist in it, a select's value must be one of its options. */
export function fillForm(form: HTMLElement, fields: Data): void {
  for (const [name, value] of Object.entries(fields)) {
    const controls = [
      ...(form.querySelectorAll(`[name="${name}"]`) as unknown as Iterable<
        HTMLInputElement & HTMLSelectElement
      >),
    ];
    if (!controls.length) throw new Error(`the form has no field named "${name}"`);
    const first = controls[0]!;
    const type = (first.getAttribute("type") ?? "").toLowerCase();
    if (type === "checkbox") first.checked = Boolean(value);
    else if (type === "radio") {
      const radio = controls.find((c) => c.value === String(value));
      if (!radio) throw new Error(`the form's "${name}" has no choice "${String(value)}"`);
      radio.checked = true;
    } else if (first.tagName === "SELECT") {
      const options = [...(first.options as unknown as Iterable<HTMLOptionElement>)].map((o) => o.value);
      if (!options.includes(String(value)))
        throw new Error(`the form's "${name}" has no option "${String(value)}" (${options.join(", ")})`);
      first.value = String(value);
    } else first.value = value === null || value === undefined ? "" : String(value);
  }
}

/** A user's answer to a dialog: the button pressed (by action) and the fields filled first; null closes it. */
export type DialogAnswer = { action: string; fields?: Data } | null;

interface ButtonConfig {
  action: string;
  label?: string;
  default?: boolean;
  callback?: (event: unknown, button: HTMLButtonElement, dialog: unknown) => unknown;
}

/** What the dialogs showed and what the user will answer, first in first out. */
export const dialogs = {
  shown: [] as Data[],
  /** The rendered dialog elements, last shown last. */
  elements: [] as HTMLElement[],
  answers: [] as DialogAnswer[],
  /** Older queues (a harness's confirm or form answers) asked, in order, when `answers` is empty. */
  sources: [] as ((actions: string[]) => DialogAnswer | undefined)[],
  next(actions: string[], content: string): DialogAnswer {
    if (this.answers.length) return this.answers.shift()!;
    for (const source of this.sources) {
      const answer = source(actions);
      if (answer !== undefined) return answer;
    }
    throw new Error(`a dialog was shown with no answer queued: ${content.slice(0, 200)}`);
  },
  reset() {
    this.shown.length = 0;
    this.elements.length = 0;
    this.answers.length = 0;
  },
};

/**
 * `DialogV2` (v13 `foundry.applications.api.DialogV2`): `wait` renders the content in a form with one button per
 * `buttons` entry and resolves with the pressed button's callback result (else its action), or null when
 * closed (a rejection with `rejectClose`). `prompt` is `wait` with one "ok" button, `confirm` with "yes"/"no"
 * (true/false), and `input` is `this.prompt` whose ok callback reads the form through FormDataExtended —
 * all through `this`, as Foundry's are (foundryvtt issue #9894: a detached `input` throws).
 */
export class DialogV2 {
  options: Data;
  element: HTMLElement;
  constructor(options: Data, element: HTMLElement) {
    this.options = options;
    this.element = element;
  }

  static async wait(config: Data = {}): Promise<unknown> {
    const buttons = (config.buttons as ButtonConfig[] | undefined) ?? [];
    if (!buttons.length) throw new Error("You must define at least one entry in options.buttons");
    const content = typeof config.content === "string" ? config.content : "";
    const root = parseHTML(
      `<form class="dialog-form"><div class="dialog-content">${content}</div><footer class="form-footer">${buttons
        .map(
          (b) =>
            `<button type="${b.default ? "submit" : "button"}" data-action="${b.action}">${b.label ?? b.action}</button>`,
        )
        .join("")}</footer></form>`,
    );
    const form = root.querySelector("form") as HTMLFormElement;
    dialogs.shown.push(config);
    dialogs.elements.push(form);
    const answer = dialogs.next(
      buttons.map((b) => b.action),
      content,
    );
    if (answer === null) {
      if (config.rejectClose) throw new Error("Dialog was dismissed without pressing a button.");
      return null;
    }
    const button = buttons.find((b) => b.action === answer.action);
    if (!button)
      throw new Error(
        `the dialog has no button "${answer.action}" (${buttons.map((b) => b.action).join(", ")})`,
      );
    if (answer.fields) fillForm(form, answer.fields);
    const element = form.querySelector(`button[data-action="${button.action}"]`) as HTMLButtonElement;
    const event = new dom.PointerEvent("click");
    const dialog = new this(config, form);
    const result = button.callback ? await button.callback(event, element, dialog) : undefined;
    return result === undefined ? button.action : result;
  }

  static async prompt(config: Data = {}): Promise<unknown> {
    return this.wait(promptConfig(config));
  }

  static async confirm(config: Data = {}): Promise<unknown> {
    return this.wait(confirmConfig(config));
  }

  static async input(config: Data = {}): Promise<unknown> {
    return this.prompt(inputConfig(config, FormDataExtended));
  }
}

/**
 * DialogV2's shortcuts as `wait` (or `prompt`) configurations, shared by this stand-in and the world harness's:
 * `prompt` one "ok" button; `confirm` "yes"/"no" (true/false, "no" the default); `input` a prompt whose ok
 * callback reads the form through FormDataExtended.
 */
export function promptConfig(config: Data): Data {
  const ok = { action: "ok", label: "Confirm", default: true, ...((config.ok as Data) ?? {}) };
  return { ...config, buttons: [ok] };
}

export function confirmConfig(config: Data): Data {
  const yes = { action: "yes", label: "Yes", callback: () => true, ...((config.yes as Data) ?? {}) };
  const no = {
    action: "no",
    label: "No",
    default: true,
    callback: () => false,
    ...((config.no as Data) ?? {}),
  };
  return { ...config, buttons: [yes, no] };
}

export function inputConfig(config: Data, FormData: new (form: HTMLFormElement) => { object: Data }): Data {
  const ok = {
    callback: (_event: unknown, button: HTMLButtonElement) => new FormData(button.form!).object,
    ...((config.ok as Data) ?? {}),
  };
  return { ...config, ok };
}
