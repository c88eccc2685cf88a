/**
 * What both ApplicationV2 stand-ins (tests/harness/application.ts and tests/harness/world/applications.ts) share,
 * so that the two cannot drift apart (evidence in tests/harness/README.md):
 * - the render call: `render(options)` only; the boolean `render(true)` (ApplicationV1's legacy signature,
 *   marked deprecated by fvtt-types) throws, stricter than core on both generations;
 * - detached windows (v14 only): `detach()`/`reattach()` run the render workflow again without drawing any part
 *   (foundryvtt#14417), so `_onRender` and the `render<Class>` hooks run on DOM that already holds what they
 *   added; v13 has no detached windows and both throw there;
 * - the options: how core prepares ApplicationV2 options (v13 and v14 alike): `DEFAULT_OPTIONS` of every class from
 * the BASE_APPLICATION (ApplicationV2) down, then the constructor's options, merged deeply (foundryvtt#11675,
 * "Recursively prepare ApplicationV2 options allowing for hierarchically nested arrays to be concatenated
 * instead of replaced"): objects merge key by key at every depth, arrays concatenate, any other value replaces.
 */
import { V14 } from "./generation";

type Data = Record<string, unknown>;

/** The render options of `render(options)`; a boolean is refused (see the file's comment). */
export function renderOptionsOf(options: unknown, name: string): Data {
  if (typeof options === "boolean")
    throw new Error(
      `${name}.render(${String(options)}): the boolean form is ApplicationV1's legacy signature (deprecated); ` +
        `write render({ force: ${String(options)} }) (the harness refuses it on v13 and v14, stricter than core)`,
    );
  if (options !== undefined && (options === null || typeof options !== "object"))
    throw new Error(`${name}.render(${String(options)}): the render options must be an object`);
  return { ...((options as Data | undefined) ?? {}) };
}

/** v13 has no detached windows: `detach()`/`reattach()` do not exist there, so calling one throws at once. */
export function refuseDetachOnV13(name: string, verb: "detach" | "reattach"): void {
  if (!V14)
    throw new Error(
      `${name}.${verb}(): v13 has no detached windows (ApplicationWindowRenderOptions.detached is new in v14)`,
    );
}

/**
 * The render options of a detach (`detached` true) or a reattach: v14's `window.detached`, every part asked for
 * (the issue's reporter: checking that a part is in `options.parts` no longer tells a real redraw), none drawn.
 * Throws on an application not rendered, or when it already is where it would go.
 */
export function detachOptions(
  name: string,
  rendered: boolean,
  detachedNow: boolean,
  detached: boolean,
): Data {
  const verb = detached ? "detach" : "reattach";
  if (!rendered) throw new Error(`${name}.${verb}(): only a rendered application moves between windows`);
  if (detachedNow === detached)
    throw new Error(`${name}.${verb}(): it is already ${detached ? "detached" : "in the main window"}`);
  return { window: { detached } };
}

const isPlainObject = (v: unknown): v is Data =>
  !!v && typeof v === "object" && Object.getPrototypeOf(v) === Object.prototype;

/** A copy of plain objects and arrays at every depth; functions, class instances and documents as they are. */
export function copyOptions<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copyOptions) as T;
  if (isPlainObject(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copyOptions(v)])) as T;
  return value;
}

/** Merges `source` into `target` (see the file's comment); `source` is copied, never shared. */
export function mergeOptions(target: Data, source: Data): Data {
  for (const [key, value] of Object.entries(source)) {
    const prior = target[key];
    if (Array.isArray(prior) && Array.isArray(value)) prior.push(...(copyOptions(value) as unknown[]));
    else if (isPlainObject(prior) && isPlainObject(value)) mergeOptions(prior, value);
    else target[key] = copyOptions(value);
  }
  return target;
}

/**
 * `DEFAULT_OPTIONS` of each class of `chain` (ordered from ApplicationV2 down to the application's own; a class
 * that declares none adds nothing), then `given`, merged deeply into a fresh object.
 */
export function applicationOptions(chain: readonly { DEFAULT_OPTIONS?: Data }[], given: Data): Data {
  const merged: Data = {};
  for (const cls of chain)
    if (Object.hasOwn(cls, "DEFAULT_OPTIONS")) mergeOptions(merged, cls.DEFAULT_OPTIONS ?? {});
  return mergeOptions(merged, given);
}
