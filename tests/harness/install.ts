/**
 * The harness: installs the globals Fray's adapters touch (`foundry`, `game`, `CONFIG`, `Hooks`) as strict
 * stand-ins (tests/harness/core.ts: methods that use `this`, settings that must be registered, hooks that
 * isolate a failing handler). Loaded by the "foundry" and "gallery" Vitest projects before a test imports any
 * adapter. What each imitates, and the evidence, is in tests/harness/README.md.
 */
import { afterEach } from "vitest";
import { ClientSettings, DialogV2, expandObject, failures, FormDataExtended, Hooks, randomID } from "./core";
import * as fields from "./fields";
import { RELEASE } from "./generation";
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
    return (lookup(key) ?? key).replace(/\{(\w+)\}/g, (_, k: string) => data[k] ?? `{${k}}`);
  }
  has(key: string): boolean {
    return lookup(key) !== undefined;
  }
}

const settings = new ClientSettings();
// Core's settings Fray reads (v13 `core.rollMode`, v14 `core.messageMode`), with core's defaults.
settings.register("core", "rollMode", { scope: "client", default: "publicroll" });
settings.register("core", "messageMode", { scope: "client", default: "public" });

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
  ChatMessage: { dataModels: {} },
  Dice: { rolls: [] },
  queries: {},
};
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
