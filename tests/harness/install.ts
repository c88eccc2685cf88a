/**
 * The harness: installs the few globals Fray's adapters touch (`foundry`, `game`, `CONFIG`, `Hooks`) as
 * thin recording stand-ins. Loaded by the "foundry" Vitest project before its tests import any adapter.
 */
import * as fields from "./fields";

type HookFn = (...args: unknown[]) => unknown;

export const harness = {
  settings: new Map<string, unknown>(),
  hooks: new Map<string, HookFn[]>(),
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

const g = globalThis as Record<string, unknown>;
g.foundry = {
  data: { fields },
  abstract: { TypeDataModel: fields.TypeDataModel, DataModel: fields.TypeDataModel },
  utils: {
    deepClone: <T>(value: T): T => structuredClone(value),
    escapeHTML: (text: unknown) => String(text).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`),
  },
};
g.CONFIG = {
  Actor: { dataModels: {} },
  Item: { dataModels: {} },
  Combat: { dataModels: {} },
  Combatant: { dataModels: {} },
  ChatMessage: { dataModels: {} },
  Dice: { rolls: [] },
  queries: {},
};
g.Hooks = {
  on(name: string, fn: HookFn) {
    harness.hooks.set(name, [...(harness.hooks.get(name) ?? []), fn]);
  },
  once(name: string, fn: HookFn) {
    harness.hooks.set(name, [...(harness.hooks.get(name) ?? []), fn]);
  },
  callAll(name: string, ...args: unknown[]) {
    for (const fn of harness.hooks.get(name) ?? []) fn(...args);
    return true;
  },
};
g.game = {
  i18n: {
    localize: (key: string) => lookup(key) ?? key,
    format: (key: string, data: Record<string, string>) =>
      (lookup(key) ?? key).replace(/\{(\w+)\}/g, (_, k: string) => data[k] ?? `{${k}}`),
    has: (key: string) => lookup(key) !== undefined,
  },
  settings: {
    get: (ns: string, key: string) => harness.settings.get(`${ns}.${key}`),
    set: async (ns: string, key: string, value: unknown) => harness.settings.set(`${ns}.${key}`, value),
    register: () => undefined,
  },
};
