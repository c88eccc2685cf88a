/**
 * The harness: installs the globals Fray's adapters touch (`foundry`, `game`, `CONFIG`, `Hooks`) as strict
 * stand-ins (tests/harness/core.ts: methods that use `this`, settings that must be registered, hooks that
 * isolate a failing handler). Loaded by the "foundry" and "gallery" Vitest projects before a test imports any
 * adapter. What each imitates, and the evidence, is in tests/harness/README.md.
 */
import { afterEach } from "vitest";
import {
  ClientSettings,
  connected,
  currentClient,
  currentClientId,
  DialogV2,
  expandObject,
  failures,
  FormDataExtended,
  Hooks,
  randomID,
} from "./core";
import { coreStatusEffects } from "./effect-shape";
import * as fields from "./fields";
import { RELEASE, V14 } from "./generation";
import { coreMessageModes, throwOnRead, type ModeRealm } from "./message-modes";
import { installOperators } from "./operators";

export const harness = {
  translations: {} as Record<string, unknown>,
};

function lookup(key: string): string | undefined {
  let node: unknown = harness.translations;
  for (const part of key.split(".")) {
    if (!node || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : undefined;
}

/** `game.i18n` (Localization): instance methods over the loaded translations. */
class Localization {
  lang = "en";
  localize(key: string): string {
    return lookup(key) ?? key;
  }
  format(key: string, data: Record<string, string> = {}): string {
    const text = lookup(key);
    // v14 fills in the values of a translated string only: a key without one comes back as it is (symbaroum#745).
    if (text === undefined)
      return V14 ? key : key.replace(/\{(\w+)\}/g, (_, k: string) => data[k] ?? `{${k}}`);
    return text.replace(/\{(\w+)\}/g, (_, k: string) => data[k] ?? `{${k}}`);
  }
  has(key: string): boolean {
    return lookup(key) !== undefined;
  }
}

// One `game.settings` for every client of this realm: a client setting holds one value per client.
const settings = new ClientSettings(currentClientId);
// The core setting that holds the user's mode, with core's default: v13 `core.rollMode` only, v14
// `core.messageMode` only (v14 deprecates `core.rollMode`; reading the other generation's throws: not registered).
if (V14) settings.register("core", "messageMode", { scope: "client", default: "public" });
else settings.register("core", "rollMode", { scope: "client", default: "publicroll" });

/** The realm the v14 message modes resolve in: this harness's users and the running client. */
export const modeRealm: ModeRealm = {
  gms: () => connected.filter((u) => u.isGM).map((u) => u.id),
  self: () => currentClient().id,
  posterMode: () => settings.get("core", "messageMode"),
};

const g = globalThis as Record<string, unknown>;
g.foundry = {
  data: {
    // The field classes only (the module's document helpers are the harness's, not Foundry's).
    fields: {
      DataField: fields.DataField,
      NumberField: fields.NumberField,
      StringField: fields.StringField,
      HTMLField: fields.HTMLField,
      BooleanField: fields.BooleanField,
      ObjectField: fields.ObjectField,
      TypedObjectField: fields.TypedObjectField,
      ArrayField: fields.ArrayField,
      SchemaField: fields.SchemaField,
    },
    validation: {
      DataModelValidationError: fields.DataModelValidationError,
      DataModelValidationFailure: fields.DataModelValidationFailure,
    },
  },
  abstract: { TypeDataModel: fields.TypeDataModel, DataModel: fields.DataModel },
  utils: {
    deepClone: <T>(value: T): T => structuredClone(value),
    expandObject,
    randomID,
    escapeHTML: (text: unknown) => String(text).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`),
  },
  applications: {
    api: { DialogV2 },
    ux: { FormDataExtended },
  },
};
// v14 only: `foundry.data.operators` and the `_del`/`_replace` globals (operators.ts); v13 has none.
installOperators(g);
g.CONFIG = {
  Actor: { dataModels: {} },
  Item: { dataModels: {} },
  Combat: { dataModels: {} },
  Combatant: { dataModels: {} },
  ChatMessage: { dataModels: {}, ...(V14 ? { modes: coreMessageModes(modeRealm) } : {}) },
  Dice: { rolls: [] },
  queries: {},
  // Core's status definitions (v13 an array, v14 a record keyed by id: effect-shape.ts); Fray adds its own at init.
  statusEffects: coreStatusEffects(),
};
// v14 deprecates v13's table of roll modes (CONFIG.ChatMessage.modes replaces it).
if (V14)
  throwOnRead(
    (g.CONFIG as { Dice: object }).Dice,
    "rollModes",
    "CONFIG.Dice.rollModes",
    "CONFIG.ChatMessage.modes",
  );
g.Hooks = Hooks;
g.game = {
  i18n: new Localization(),
  settings,
  // The generation this project's harness imitates (tests/harness/generation.ts).
  release: { ...RELEASE },
};

// A handler that threw inside Foundry's hook machinery is logged there and goes unnoticed at the table; here
// it fails the test that caused it.
afterEach(() => {
  if (!failures.length) return;
  const found = failures.splice(0);
  throw new Error(`Foundry reported ${found.length} error(s):\n${found.join("\n")}`);
});
