/**
 * What a check looks at, and what it expects, described as plain data so that the GM's client can send it to a
 * player's client and that client can look at its own documents (the self-test's "see" steps). A probe names a
 * root — the check's fight, a token of the scratch scene (by name), its actor, the world actor it was made from, a
 * chat message — and a dotted path into it; an expectation compares what is there with a value. The path is read
 * property by property (getters included, no method called); Collections are read by key, Sets become sorted
 * arrays. Nothing here writes.
 */

import { loc } from "../utils/loc";

export type Probe =
  | { readonly of: "combat"; readonly path: string }
  | { readonly of: "token" | "actor" | "worldActor"; readonly token: string; readonly path: string }
  | { readonly of: "message"; readonly id: string; readonly path: string }
  | { readonly of: "lastMessage"; readonly type: string; readonly path: string }
  | { readonly of: "trackerText"; readonly selector: string };

export type Expectation =
  | { readonly is: unknown }
  | { readonly like: unknown }
  | { readonly includes: unknown }
  | { readonly excludes: unknown };

export interface Check {
  readonly probe: Probe;
  readonly expect: Expectation;
}

export const combat = (path: string): Probe => ({ of: "combat", path });
export const token = (name: string, path: string): Probe => ({ of: "token", token: name, path });
/** The token's actor: a linked token's world actor, an unlinked token's synthetic actor. */
export const actor = (name: string, path: string): Probe => ({ of: "actor", token: name, path });
/** The world actor the token was made from (for an unlinked token: not the synthetic actor). */
export const worldActor = (name: string, path: string): Probe => ({ of: "worldActor", token: name, path });
export const message = (id: string, path: string): Probe => ({ of: "message", id, path });
/** The newest chat message of a Fray card type ("attack", "check"), as this client holds it. */
export const lastMessage = (type: string, path: string): Probe => ({ of: "lastMessage", type, path });
/** The text of an element of this client's combat tracker, as last drawn. */
export const trackerText = (selector: string): Probe => ({ of: "trackerText", selector });

export const is = (value: unknown): Expectation => ({ is: value });
/** Every key given matches (objects partly, arrays element by element with the same length). */
export const like = (value: unknown): Expectation => ({ like: value });
export const includes = (value: unknown): Expectation => ({ includes: value });
export const excludes = (value: unknown): Expectation => ({ excludes: value });

/** Where a probe's roots are found on the client that reads it. */
export interface ProbeScope {
  readonly scene: Scene.Implementation | null;
  readonly combat: Combat.Implementation | null;
  readonly tracker: HTMLElement | null;
  readonly messages: readonly ChatMessage.Implementation[];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

/** One step of a path: a Map's (Collection's) key, an array's index, an object's property. */
function stepInto(node: unknown, key: string): unknown {
  if (node instanceof Map) return node.get(key);
  if (Array.isArray(node)) return /^\d+$/.test(key) ? node[Number(key)] : undefined;
  if (isObject(node)) return node[key];
  return undefined;
}

/** A value as plain data (what a report can show and an expectation compare). */
export function plain(value: unknown, depth = 0): unknown {
  if (depth > 8) return "…";
  if (value instanceof Set) return [...value].map((v) => plain(v, depth + 1)).sort();
  if (value instanceof Map) return Object.fromEntries([...value].map(([k, v]) => [k, plain(v, depth + 1)]));
  if (Array.isArray(value)) return value.map((v) => plain(v, depth + 1));
  if (isObject(value)) {
    const source = typeof value.toObject === "function" ? (value.toObject as () => unknown)() : value;
    if (!isObject(source)) return source;
    return Object.fromEntries(Object.entries(source).map(([k, v]) => [k, plain(v, depth + 1)]));
  }
  return value;
}

export function readPath(root: unknown, path: string): unknown {
  let node = root;
  for (const key of path ? path.split(".") : []) {
    node = stepInto(node, key);
    if (node === undefined || node === null) return node;
  }
  return node;
}

function tokenNamed(scope: ProbeScope, name: string): TokenDocument.Implementation {
  const found = scope.scene?.tokens.filter((t) => t.name === name) ?? [];
  if (found.length !== 1)
    throw new Error(loc("FRAY.SelfTest.Error.tokens", { count: found.length, token: name }));
  return found[0]!;
}

/** The value a probe names, read on this client. */
export function readProbe(probe: Probe, scope: ProbeScope): unknown {
  switch (probe.of) {
    case "combat":
      return readPath(scope.combat, probe.path);
    case "token":
      return readPath(tokenNamed(scope, probe.token), probe.path);
    case "actor":
      return readPath(tokenNamed(scope, probe.token).actor, probe.path);
    case "worldActor": {
      const id = tokenNamed(scope, probe.token).actorId;
      return readPath(id ? game.actors?.get(id) : null, probe.path);
    }
    case "message":
      return readPath(
        scope.messages.find((m) => m.id === probe.id),
        probe.path,
      );
    case "lastMessage": {
      const newest = [...scope.messages].reverse().find((m) => m.type === probe.type);
      return readPath(newest ?? null, probe.path);
    }
    case "trackerText":
      return scope.tracker?.querySelector(probe.selector)?.textContent?.trim() ?? null;
  }
}

/** Whether `actual` has every key of `expected` with a matching value (arrays: same length, each matching). */
export function matches(actual: unknown, expected: unknown): boolean {
  if (Array.isArray(expected))
    return (
      Array.isArray(actual) &&
      actual.length === expected.length &&
      expected.every((e, i) => matches(actual[i], e))
    );
  if (isObject(expected))
    return isObject(actual) && Object.entries(expected).every(([k, v]) => matches(actual[k], v));
  return Object.is(actual, expected);
}

function same(actual: unknown, expected: unknown): boolean {
  if (isObject(expected) || Array.isArray(expected))
    return JSON.stringify(actual) === JSON.stringify(expected);
  return Object.is(actual, expected);
}

/** What a probe's path is called in a failed check's message. */
export function describeProbe(probe: Probe): string {
  switch (probe.of) {
    case "combat":
      return `combat.${probe.path}`;
    case "token":
    case "actor":
    case "worldActor":
      return `${probe.of}(${probe.token}).${probe.path}`;
    case "message":
      return `message(${probe.id}).${probe.path}`;
    case "lastMessage":
      return `lastMessage(${probe.type}).${probe.path}`;
    case "trackerText":
      return `tracker ${probe.selector}`;
  }
}

const shown = (value: unknown) => {
  const text = JSON.stringify(value === undefined ? null : value);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
};

/** The failure of one check, in words (null when it holds). */
export function failedCheck(check: Check, scope: ProbeScope): string | null {
  const actual = plain(readProbe(check.probe, scope));
  const what = describeProbe(check.probe);
  const e = check.expect;
  const fail = (key: string, expected: unknown) =>
    loc(`FRAY.SelfTest.Error.${key}`, { what, actual: shown(actual), expected: shown(expected) });
  if ("is" in e) return same(actual, e.is) ? null : fail("checkIs", e.is);
  if ("like" in e) return matches(actual, e.like) ? null : fail("checkLike", e.like);
  const list = Array.isArray(actual) ? actual : [];
  if ("includes" in e)
    return list.some((v) => same(v, e.includes)) ? null : fail("checkIncludes", e.includes);
  return list.some((v) => same(v, e.excludes)) ? fail("checkExcludes", e.excludes) : null;
}
