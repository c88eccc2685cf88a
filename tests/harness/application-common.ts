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

// --- context menus --------------------------------------------------------------------------------------------

/** One entry of a context menu, in either generation's shape (the harness checks which). */
export type MenuEntryData = Record<string, unknown>;

const V13_ENTRY_KEYS = { name: "label", condition: "visible", callback: "onClick" } as const;

/**
 * Core's ContextMenu as far as an entry's shape goes (both stand-ins' trackers build their row menu with it).
 * v13 (ContextMenuEntry): `name`, `icon` (an HTML icon element), `condition(target)` (or a boolean),
 * `callback(target)`. v14: `label`, `icon` (a class name or HTML), `visible(target)`, `onClick(event, target)`;
 * v14 deprecates `name`/`condition`/`callback` (read as a fallback with a warning until v16), so on v14 an entry
 * carrying one throws, naming the deprecation. v13 knows none of v14's keys: an entry that carries them, or has no
 * `name`, throws there (v13 would draw it without a label or ignore its click).
 */
export class HarnessContextMenu {
  readonly entries: readonly MenuEntryData[];
  constructor(entries: readonly MenuEntryData[]) {
    for (const entry of entries) checkMenuEntry(entry);
    this.entries = entries;
  }
  /** The running generation's label of an entry. */
  static labelOf(entry: MenuEntryData): string {
    return String(V14 ? entry.label : entry.name);
  }
  /** The labels of the entries shown when the menu opens on `target`, in order. */
  open(target: HTMLElement): string[] {
    return this.entries.filter((e) => shown(e, target)).map((e) => HarnessContextMenu.labelOf(e));
  }
  /** Clicks the shown entry labelled `label` (v13 `callback(target)`, v14 `onClick(event, target)`). */
  async click(label: string, target: HTMLElement, event: unknown = { type: "click" }): Promise<void> {
    const entry = this.entries.find((e) => shown(e, target) && HarnessContextMenu.labelOf(e) === label);
    if (!entry) throw new Error(`the context menu shows no entry "${label}"`);
    if (V14) await (entry.onClick as (event: unknown, target: HTMLElement) => unknown)(event, target);
    else await (entry.callback as (target: HTMLElement) => unknown)(target);
  }
}

function shown(entry: MenuEntryData, target: HTMLElement): boolean {
  const test = V14 ? entry.visible : entry.condition;
  if (test === undefined) return true;
  return typeof test === "function" ? Boolean((test as (t: HTMLElement) => unknown)(target)) : Boolean(test);
}

/** Throws on an entry the running generation's ContextMenu would not take as it is (see HarnessContextMenu). */
export function checkMenuEntry(entry: MenuEntryData): void {
  if (V14) {
    for (const [old, use] of Object.entries(V13_ENTRY_KEYS))
      if (old in entry)
        throw new Error(
          `v14 deprecates ContextMenuEntry#${old} (since 14, until 16): use ContextMenuEntry#${use}`,
        );
    if (typeof entry.label !== "string") throw new Error("a v14 ContextMenuEntry needs a label");
    if (entry.onClick !== undefined && typeof entry.onClick !== "function")
      throw new Error("ContextMenuEntry#onClick must be a function");
    return;
  }
  for (const [old, use] of Object.entries(V13_ENTRY_KEYS))
    if (use in entry)
      throw new Error(`v13 has no ContextMenuEntry#${use} (v14's): use ContextMenuEntry#${old}`);
  if (typeof entry.name !== "string") throw new Error("a v13 ContextMenuEntry needs a name");
  if (typeof entry.icon === "string" && entry.icon && !entry.icon.trim().startsWith("<"))
    throw new Error(`v13's ContextMenuEntry#icon is an HTML icon element, not "${entry.icon}"`);
  if (entry.callback !== undefined && typeof entry.callback !== "function")
    throw new Error("ContextMenuEntry#callback must be a function");
}

/**
 * Core's combat tracker row menu (`CombatTracker#_getEntryContextOptions`) in the running generation's shape:
 * update, clear initiative, reroll initiative, remove — keyed by core's label keys; shown to a GM only (stricter
 * where unsure). `act` runs what a click does, given the entry's key and the row clicked.
 */
export function coreCombatantEntries(
  isGM: () => boolean,
  act: (key: string, row: HTMLElement) => unknown,
): MenuEntryData[] {
  const keys: [string, string][] = [
    ["COMBAT.CombatantUpdate", "fa-solid fa-pen-to-square"],
    ["COMBAT.CombatantClear", "fa-solid fa-arrow-rotate-left"],
    ["COMBAT.CombatantReroll", "fa-solid fa-dice-d20"],
    ["COMBAT.CombatantRemove", "fa-solid fa-trash"],
  ];
  return keys.map(([key, icon]) =>
    V14
      ? {
          label: key,
          icon,
          visible: () => isGM(),
          onClick: (_event: unknown, row: HTMLElement) => act(key, row),
        }
      : {
          name: key,
          icon: `<i class="${icon}"></i>`,
          condition: () => isGM(),
          callback: (row: HTMLElement) => act(key, row),
        },
  );
}
