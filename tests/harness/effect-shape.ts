/**
 * The ActiveEffect data each generation accepts, and what it derives from it — shared by the effect stand-in of
 * the Foundry-side harness (effects.ts) and the world harness (world/documents.ts), so both imitate the same
 * generation the same way. Rows: tests/harness/README.md, "Two generations" → "Active Effects and statuses".
 * - v13: `changes: [{ key, mode, value, priority }]`; `duration { startTime, seconds, combat, rounds, turns,
 *   startRound, startTurn }`, prepared with `type` ("seconds" | "turns" | "none"), `remaining` and `label`.
 * - v14: `system: { changes: [{ key, type, value, phase, priority }] }`; `duration { value, units, expiry, expired }`
 *   and a top-level `start { time, combat, combatant, initiative, round, turn }`; prepared with `value` (null is
 *   Infinity), `remaining` and `label` ("None" unless a finite duration has time left; kept, stale, once expired).
 *   v13's keys throw, in data and on the prepared duration (core migrates v13 data: the harness is stricter).
 * Both: a status definition's or an effect's `icon`/`label` (deprecated since v12 for `img`/`name`) throw; the
 * harness has no clock (`remaining` is the whole duration until core expires the effect, v14).
 */
import { V14 } from "./generation";

type Data = Record<string, unknown>;

const V13_DURATION = ["startTime", "seconds", "combat", "rounds", "turns", "startRound", "startTurn"];
const V14_DURATION = ["value", "units", "expiry", "expired"];
const START = ["time", "combat", "combatant", "initiative", "round", "turn"];
const V13_CHANGE = ["key", "mode", "value", "priority"];
const V14_CHANGE = ["key", "type", "value", "phase", "priority"];
/** v14 `CONST.ACTIVE_EFFECT_CHANGE_TYPES`: each type's default priority. */
export const CHANGE_TYPES = {
  custom: 0,
  multiply: 10,
  add: 20,
  subtract: 20,
  downgrade: 30,
  upgrade: 40,
  override: 50,
} as const;
/** v14 `CONST.ACTIVE_EFFECT_EXPIRY_EVENTS`. */
export const EXPIRY_EVENTS = ["combatStart", "roundStart", "turnStart", "combatEnd", "roundEnd", "turnEnd"];
/** v13 `CONST.ACTIVE_EFFECT_MODES`. */
export const EFFECT_MODES = {
  CUSTOM: 0,
  MULTIPLY: 1,
  ADD: 2,
  DOWNGRADE: 3,
  UPGRADE: 4,
  OVERRIDE: 5,
} as const;

/**
 * The ActiveEffect constants of a harness that defines `CONST` (the world's pages): v13 `ACTIVE_EFFECT_MODES`; v14
 * `ACTIVE_EFFECT_CHANGE_TYPES` and `ACTIVE_EFFECT_EXPIRY_EVENTS`, and `ACTIVE_EFFECT_MODES` throws (v14 deprecates
 * it: "Changes now have string types").
 */
export function effectConstants(): Data {
  if (!V14) return { ACTIVE_EFFECT_MODES: EFFECT_MODES };
  const constants: Data = {
    ACTIVE_EFFECT_CHANGE_TYPES: CHANGE_TYPES,
    ACTIVE_EFFECT_EXPIRY_EVENTS: EXPIRY_EVENTS,
  };
  Object.defineProperty(constants, "ACTIVE_EFFECT_MODES", {
    enumerable: true,
    get() {
      throw new Error(
        "v14 deprecates CONST.ACTIVE_EFFECT_MODES (removal in v16): changes now have string types (CONST.ACTIVE_EFFECT_CHANGE_TYPES)",
      );
    },
  });
  return constants;
}

/** The top-level fields of each generation's ActiveEffect source the harness imitates. */
const FIELDS = [
  "_id",
  "name",
  "img",
  "type",
  "system",
  "disabled",
  "duration",
  "description",
  "origin",
  "statuses",
  "tint",
  "transfer",
  "flags",
  "sort",
  "_stats",
  ...(V14 ? ["start", "showIcon"] : ["changes"]),
];

/** The fields an effect's source starts with, in the running generation's shape (`transfer` true on both). */
export function effectDefaults(): Data {
  const common = {
    name: "",
    img: "icons/svg/aura.svg",
    type: "base",
    disabled: false,
    description: "",
    origin: null,
    statuses: [],
    transfer: true,
    flags: {},
  };
  return V14
    ? {
        ...common,
        system: { changes: [] },
        duration: { value: null, units: "seconds", expiry: null, expired: false },
        start: { time: null, combat: null, combatant: null, initiative: null, round: null, turn: null },
      }
    : { ...common, system: {}, changes: [], duration: {} };
}

function refuse(message: string): never {
  throw new Error(`ActiveEffect: ${message}`);
}

function checkKeys(
  what: string,
  value: unknown,
  allowed: readonly string[],
  otherGeneration: readonly string[] = [],
): void {
  if (value === undefined || value === null) return;
  if (typeof value !== "object" || Array.isArray(value)) refuse(`${what} must be an object`);
  for (const key of Object.keys(value as Data)) {
    if (allowed.includes(key)) continue;
    if (otherGeneration.includes(key))
      refuse(
        `${what}.${key} is v${V14 ? 13 : 14}'s shape; v${V14 ? 14 : 13} takes ${what} ${JSON.stringify(allowed)}` +
          (V14 ? " (core would migrate it)" : ""),
      );
    refuse(`the harness does not imitate ${what}.${key}`);
  }
}

function checkChanges(what: string, list: unknown): void {
  if (list === undefined) return;
  if (!Array.isArray(list)) refuse(`${what} must be an array`);
  for (const change of list as unknown[]) {
    if (V14 && change && typeof change === "object" && "mode" in change)
      refuse(`a change's numeric mode is v13's (v14 deprecates CONST.ACTIVE_EFFECT_MODES): give its type`);
    checkKeys(`${what}[]`, change, V14 ? V14_CHANGE : V13_CHANGE);
    if (V14 && typeof (change as Data).type !== "string") refuse(`a change needs a string type (v14)`);
  }
}

/**
 * Throws on ActiveEffect data (a create's, or an update's expanded change) the running generation does not take,
 * or that the harness does not imitate: it drops nothing silently.
 */
export function checkEffectData(data: Data): void {
  for (const key of Object.keys(data)) {
    if (key === "icon") refuse(`"icon" is deprecated since v12 (no longer shimmed in v14): give "img"`);
    if (key === "label") refuse(`"label" is deprecated since v11: give "name"`);
    if (key === "changes" && V14)
      refuse(`v14 moved "changes" to "system.changes" (core migrates; the harness throws)`);
    if (!FIELDS.includes(key)) refuse(`the harness does not imitate the field "${key}"`);
  }
  if (V14) {
    checkKeys("duration", data.duration, V14_DURATION, V13_DURATION);
    checkKeys("start", data.start, START);
    checkKeys("system", data.system, ["changes"]);
    checkChanges("system.changes", (data.system as Data | undefined)?.changes);
  } else {
    checkKeys("duration", data.duration, V13_DURATION, V14_DURATION);
    checkKeys("system", data.system, []);
    checkChanges("changes", data.changes);
  }
}

/** v14: a change with its phase ("initial") and its type's default priority filled in. */
function cleanChange(change: Data): Data {
  const type = String(change.type);
  return {
    phase: "initial",
    priority: (CHANGE_TYPES as Record<string, number>)[type] ?? 0,
    ...change,
  };
}

/** The source an effect is stored with: its data over the defaults, checked, v14 changes cleaned. */
export function effectSource(data: Data): Data {
  checkEffectData(data);
  const defaults = effectDefaults();
  const source: Data = { ...defaults, ...structuredClone(data) };
  for (const key of ["duration", "start"] as const)
    if (defaults[key])
      source[key] = { ...(defaults[key] as Data), ...((data[key] as Data | undefined) ?? {}) };
  source.statuses = [...((data.statuses as Iterable<string> | undefined) ?? [])];
  if (V14) {
    const changes = ((data.system as Data | undefined)?.changes as Data[] | undefined) ?? [];
    source.system = { changes: changes.map(cleanChange) };
  }
  return source;
}

/** Cleans an update's change in place (v14 change entries), after `checkEffectData`. */
export function cleanEffectUpdate(changes: Data): Data {
  const system = changes.system as Data | undefined;
  if (V14 && Array.isArray(system?.changes)) system.changes = (system.changes as Data[]).map(cleanChange);
  return changes;
}

/** Whether core counts the effect expired (v14 `duration.expired`; v13 expires nothing). */
export function isExpiredSource(source: Data): boolean {
  return V14 && (source.duration as Data | undefined)?.expired === true;
}

function thrower(message: string): PropertyDescriptor {
  return {
    enumerable: false,
    get() {
      throw new Error(message);
    },
  };
}

/** The text of a duration (core's own wording is not imitated: "2 rounds", "30 seconds"). */
function amount(value: number, units: string): string {
  return `${value} ${units}`;
}

/**
 * Core's prepared `duration`, from the source. v13 `_ActiveEffectDuration`: the source fields, `type`, `remaining`,
 * `label` ("None" when `type` is "none"). v14 `ActiveEffectDuration`: `value` (Infinity for null), `units`,
 * `expiry`, `expired`, `remaining` (Infinity for an indefinite one, 0 once expired) and `label`; v13's fields throw.
 */
export function preparedDuration(source: Data, localize: (key: string) => string): Data {
  const raw = (source.duration ?? {}) as Data;
  if (!V14) {
    const seconds = Number(raw.seconds) || 0;
    const rounds = Number(raw.rounds) || 0;
    const turns = Number(raw.turns) || 0;
    const type = seconds > 0 ? "seconds" : rounds > 0 || turns > 0 ? "turns" : "none";
    const parts = [rounds > 0 ? amount(rounds, "rounds") : "", turns > 0 ? amount(turns, "turns") : ""];
    const label =
      type === "seconds"
        ? amount(seconds, "seconds")
        : type === "turns"
          ? parts.filter(Boolean).join(", ")
          : localize("None");
    return Object.freeze({
      ...raw,
      type,
      remaining: type === "seconds" ? seconds : type === "turns" ? rounds + turns / 100 : null,
      label,
    });
  }
  const value = raw.value === null || raw.value === undefined ? Infinity : Number(raw.value);
  const units = String(raw.units ?? "seconds");
  const expired = raw.expired === true;
  const finite = Number.isFinite(value);
  const prepared: Data = {
    value,
    units,
    expiry: raw.expiry ?? null,
    expired,
    remaining: expired ? 0 : value,
    label: finite && value > 0 ? amount(value, units) : localize("None"),
  };
  for (const key of [...V13_DURATION.filter((k) => k !== "seconds"), "type", "duration"])
    Object.defineProperty(
      prepared,
      key,
      thrower(`v14 removed ActiveEffect#duration.${key} (start.* and value/units)`),
    );
  Object.defineProperty(prepared, "seconds", thrower("the harness does not imitate v14's duration.seconds"));
  return Object.freeze(prepared);
}

/**
 * The generation's `changes` on an ActiveEffect class whose instances keep their `_source`: v13 its changes; v14
 * throws (moved to `system.changes`). `icon` throws on both.
 */
export function defineEffectGetters(proto: object): void {
  Object.defineProperty(proto, "icon", {
    configurable: true,
    ...thrower('ActiveEffect#icon is deprecated since v12 (no longer shimmed in v14): read "img"'),
  });
  Object.defineProperty(
    proto,
    "changes",
    V14
      ? {
          configurable: true,
          ...thrower(
            "v14: ActiveEffect#changes moved to system.changes (the top-level one is a back-compat shim)",
          ),
        }
      : {
          configurable: true,
          get(this: { _source: Data }) {
            return structuredClone((this._source.changes as Data[] | undefined) ?? []);
          },
        },
  );
}

/** The parts of `game` an effect's start is read from. */
export interface StartGame {
  readonly time?: { readonly worldTime?: unknown } | null;
  readonly combat?: {
    readonly id?: unknown;
    readonly started?: unknown;
    readonly round?: unknown;
    readonly turn?: unknown;
    readonly combatant?: { readonly id?: unknown; readonly initiative?: unknown } | null;
  } | null;
}

/**
 * v14 `ActiveEffect.getEffectStart()`: the `start` of an effect made now — the world time (the harness has no
 * clock: `game.time.worldTime` where a harness gives one, else 0) and, in a started combat, its id, the
 * combatant whose turn it is (id and initiative), the round and the turn.
 */
export function effectStartNow(game: StartGame | undefined): Data {
  const combat = game?.combat?.started === true ? game.combat : null;
  const combatant = combat?.combatant ?? null;
  const worldTime = game?.time?.worldTime;
  return {
    time: typeof worldTime === "number" ? worldTime : 0,
    combat: combat?.id ?? null,
    combatant: combatant?.id ?? null,
    initiative: combatant?.initiative ?? null,
    round: combat?.round ?? null,
    turn: combat ? (combat.turn ?? null) : null,
  };
}

/**
 * v14 only: the static `getEffectStart()` on an ActiveEffect class (`effectStartNow` of the `game` given); v13's
 * class has none (it has no `start`).
 */
export function defineEffectStatics(cls: object, game: () => StartGame | undefined): void {
  if (!V14) return;
  Object.defineProperty(cls, "getEffectStart", {
    configurable: true,
    writable: true,
    value: function getEffectStart(): Data {
      return effectStartNow(game());
    },
  });
}

// --- status definitions -----------------------------------------------------------------------------------------

/** v13 core status ids (CONFIG.statusEffects; the v14 record is keyed by the same ids). */
export const CORE_STATUSES = [
  "dead",
  "unconscious",
  "sleep",
  "stun",
  "prone",
  "restrain",
  "paralysis",
  "fly",
  "blind",
  "deaf",
  "silence",
  "fear",
  "burning",
  "frozen",
  "shock",
  "corrode",
  "bleeding",
  "disease",
  "poison",
  "curse",
  "regen",
  "degen",
  "hover",
  "burrow",
  "upgrade",
  "downgrade",
  "invisible",
  "target",
  "eye",
  "bless",
  "fireShield",
  "coldShield",
  "magicShield",
  "holyShield",
];

function checkDefinition(definition: unknown): void {
  if (!definition || typeof definition !== "object") return;
  if ("icon" in definition)
    throw new Error('a status definition\'s "icon" is deprecated since v12: give "img"');
  if ("label" in definition)
    throw new Error('a status definition\'s "label" is deprecated since v12: give "name"');
}

/** What array-style use of the v14 record reads. */
const ARRAY_STYLE = new Set([
  "find",
  "findIndex",
  "filter",
  "some",
  "every",
  "map",
  "flatMap",
  "forEach",
  "reduce",
  "push",
  "pop",
  "shift",
  "unshift",
  "splice",
  "slice",
  "sort",
  "concat",
  "includes",
  "indexOf",
  "at",
  "length",
]);

/**
 * Core's `CONFIG.statusEffects`: v13 an array of definitions; v14 a record keyed by id whose array-style use
 * (`find`, `push`, a numeric index…) throws, as v14's back-compat path for it is treated as deprecated. A definition
 * with `icon` or `label` throws when it is added.
 */
export function coreStatusEffects(): unknown {
  const definitions = CORE_STATUSES.map((id) => ({
    id,
    name: `EFFECT.Status${id[0]!.toUpperCase()}${id.slice(1)}`,
    img: `icons/svg/${id}.svg`,
  }));
  if (!V14)
    return new Proxy(definitions, {
      set(target, key, value, receiver) {
        checkDefinition(value);
        return Reflect.set(target, key, value, receiver);
      },
    });
  const record: Record<string, unknown> = Object.fromEntries(definitions.map((d) => [d.id, d]));
  return new Proxy(record, {
    get(target, key, receiver) {
      if (typeof key === "string" && (ARRAY_STYLE.has(key) || /^\d+$/.test(key)))
        throw new Error(
          `v14 deprecates array-style CONFIG.statusEffects ("${key}"): it is a record keyed by status id (foundryvtt#13122)`,
        );
      return Reflect.get(target, key, receiver) as unknown;
    },
    set(target, key, value, receiver) {
      checkDefinition(value);
      return Reflect.set(target, key, value, receiver);
    },
  });
}

/** The definition of status `id` in `CONFIG.statusEffects`, either shape (as core reads it); `icon`/`label` throw. */
export function statusDefinition(statusEffects: unknown, id: string): Data | undefined {
  let found: unknown;
  if (Array.isArray(statusEffects)) found = (statusEffects as Data[]).find((s) => s?.id === id);
  else if (statusEffects && typeof statusEffects === "object" && Object.hasOwn(statusEffects, id))
    found = (statusEffects as Record<string, unknown>)[id];
  checkDefinition(found);
  return found as Data | undefined;
}

/**
 * Every status definition (what core's Token HUD lists): v13 an array (anything else throws, as core's `.map`
 * would); v14 its record's values, or an array a package assigned there.
 */
export function statusDefinitions(statusEffects: unknown): Data[] {
  if (Array.isArray(statusEffects)) return [...(statusEffects as Data[])];
  if (!V14) throw new Error("v13: CONFIG.statusEffects is an array (core lists it with array methods)");
  return statusEffects && typeof statusEffects === "object" ? (Object.values(statusEffects) as Data[]) : [];
}
