/**
 * One client page: a browser logged in as one user, with its own globals, DOM, Handlebars, language, settings and
 * documents, connected to the world server. `boot()` imports the BUILT system (dist/fray.mjs, one module instance
 * per page: the import URL carries the page's name) and runs Foundry's start-up in v13's order: `init`,
 * `i18nInit`, the world's documents and settings, `setup`, the UI and canvas, `ready`. Everything the page's code
 * does runs with the page's globals (context.ts). No Fray logic lives here.
 */
import Handlebars from "handlebars";
import { Window } from "happy-dom";
import { readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ClientSettings, createHooks, expandObject, failures, FormDataExtended, randomID } from "../core";
import * as fields from "../fields";
import { coreStatusEffects, effectConstants } from "../effect-shape";
import { RELEASE, V14 } from "../generation";
import { coreMessageModes, throwOnRead, toMessageMode } from "../message-modes";
import { createOperators, installOperators } from "../operators";
import { coreMovementConfig } from "../movement";
import { checkTemplateHelpers, compileOptions, refuseHelperReplacement } from "../template-helpers";
import { Roll as HarnessRoll } from "../roll";
import { createApplications, type Notice } from "./applications";
import { Collection } from "./collection";
import { maybeClient, onPage, type ClientPage } from "./context";
import { createDocumentClasses } from "./documents";
import { installPacks, type Packs } from "./packs";
import {
  clone,
  WORLD_COLLECTIONS,
  type Broadcast,
  type Data,
  type Operation,
  type SettingBroadcast,
  type WorldServer,
} from "./server";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any -- Foundry's globals are untyped here

export const DIST = "dist";

/** The built system's manifest. */
export function manifest(): Data {
  return JSON.parse(readFileSync(join(DIST, "system.json"), "utf8")) as Data;
}

/** The built module, loaded once per page: the URL's query makes each page's import a module of its own. */
const importSystem = (url: string): Promise<unknown> => import(/* @vite-ignore */ url);
/** Pages made in this test file so far: each page's import URL names it, so every page gets fresh modules. */
let pagesMade = 0;

/**
 * A client's `game.settings`: registered settings only, none read before `setup` (v13: "you cannot read settings
 * prior to this hook"), world settings written by a GM through the server and seen by every page with its
 * `onChange`.
 */
class PageSettings extends ClientSettings {
  ready = false;
  /** v13 `ClientSettings#menus`: the registered submenus, by `<namespace>.<key>`. */
  readonly menus = new Map<string, Data>();
  #sheet: unknown = null;
  constructor(private readonly page: WorldPage) {
    super();
  }
  /**
   * v13 `ClientSettings#registerMenu(namespace, key, data)` (SettingSubmenuConfig: name, label, hint, icon, type,
   * restricted). Stricter: the `type` must be an ApplicationV2 of this page (core also takes a v1 Application).
   */
  registerMenu(namespace: string, key: string, data: Data): void {
    if (!namespace || !key) throw new Error("You must specify both namespace and key portions of the menu");
    const ApplicationV2 = (this.page.globals.foundry as Any).applications.api.ApplicationV2;
    const type = data.type as { prototype?: unknown } | undefined;
    if (!(type?.prototype instanceof ApplicationV2))
      throw new Error(`the menu ${namespace}.${key} needs an ApplicationV2 class as its type`);
    this.menus.set(`${namespace}.${key}`, { ...data, key, namespace });
  }
  /** v13 `ClientSettings#sheet`: the Configure Settings window, made once. */
  get sheet(): unknown {
    const SettingsConfig = (this.page.globals.foundry as Any).applications.settings.SettingsConfig;
    return (this.#sheet ??= new SettingsConfig());
  }
  override get(namespace: string, key: string): unknown {
    if (!this.ready && namespace !== "core")
      throw new Error(`the setting ${namespace}.${key} was read before the setup hook`);
    return super.get(namespace, key);
  }
  override async set(namespace: string, key: string, value: unknown): Promise<unknown> {
    const config = this.settings.get(`${namespace}.${key}`);
    if (!config) return super.set(namespace, key, value);
    if (config.scope === "world") {
      await this.page.server.setSetting(`${namespace}.${key}`, value, this.page.userId);
      return value;
    }
    return super.set(namespace, key, value);
  }
  /** The server says a world setting changed: stored, then its `onChange` (every page). */
  received(id: string, value: unknown): void {
    const [namespace, ...rest] = id.split(".");
    const config = this.settings.get(id);
    if (!config) return;
    this.seed(namespace!, rest.join("."), value);
    config.onChange?.(clone(value));
  }
}

/** v13 Localization: the page's language file with English beneath it; a missing system key fails the test. */
class Localization {
  #tree: Data;
  #fallback: Data;
  constructor(readonly lang: string) {
    this.#fallback = JSON.parse(readFileSync(join(DIST, "lang", "en.json"), "utf8")) as Data;
    this.#tree =
      lang === "en"
        ? this.#fallback
        : (JSON.parse(readFileSync(join(DIST, "lang", `${lang}.json`), "utf8")) as Data);
  }
  #lookup(tree: Data, key: string): string | undefined {
    let node: unknown = tree;
    for (const part of key.split("."))
      node = node && typeof node === "object" ? (node as Data)[part] : undefined;
    return typeof node === "string" ? node : undefined;
  }
  has(key: string, fallback = true): boolean {
    return (
      this.#lookup(this.#tree, key) !== undefined ||
      (fallback && this.#lookup(this.#fallback, key) !== undefined)
    );
  }
  localize(key: string): string {
    const text = this.#lookup(this.#tree, key) ?? this.#lookup(this.#fallback, key);
    if (text === undefined && /^(FRAY|TYPES)\./.test(String(key)))
      failures.push(`${this.lang}: no translation for ${key}`);
    return text ?? key;
  }
  format(key: string, data: Data = {}): string {
    const text = this.localize(key);
    // v14 fills in the values of a translated string only: a key without one comes back as it is (symbaroum#745).
    if (V14 && !this.has(key)) return text;
    return text.replace(/\{([^}]+)\}/g, (whole, name: string) => (name in data ? String(data[name]) : whole));
  }
}

export interface PageOptions {
  readonly name: string;
  readonly userId: string;
  readonly lang?: string;
  /** The compendium content (dist/packs). */
  readonly packs?: Packs;
}

export class WorldPage implements ClientPage {
  readonly name: string;
  /** The page's own name in module URLs (`fray.mjs?page=<instance>`): unique in the test file, one per page made. */
  readonly instance: string;
  readonly userId: string;
  readonly lang: string;
  readonly packs: Packs;
  readonly globals: Record<string, unknown> = {};
  readonly window = new Window({ url: "http://localhost:30000/game" });
  documentsReady = false;
  system: unknown = null;
  /** Core's turn events as this page ran them (`Combat#_manageTurnEvents`, on the active GM's page). */
  readonly turnEvents: { combat: string; event: string; combatantId: string | null; context: Data }[] = [];
  /** Work a click started that nobody awaits. */
  readonly running = new Set<Promise<unknown>>();
  readonly #inbox: (Broadcast | SettingBroadcast)[] = [];
  readonly #waiting = new Map<string, (result: Data[]) => void>();
  #pumping = false;
  #docs!: ReturnType<typeof createDocumentClasses>;
  #apps!: ReturnType<typeof createApplications>;
  #hb = Handlebars.create();

  constructor(
    readonly server: WorldServer,
    options: PageOptions,
  ) {
    this.name = options.name;
    this.instance = `${options.name}.${++pagesMade}`;
    this.userId = options.userId;
    this.lang = options.lang ?? "en";
    this.packs = options.packs ?? new Map();
  }

  get notifications(): Notice[] {
    return (this.globals.ui as Any)?.notifications?.shown ?? [];
  }

  /** Runs `fn` on this page (its globals, its user). */
  run<T>(fn: () => T): T {
    return onPage(this, fn);
  }

  track(work: Promise<unknown>): void {
    const tracked = work.catch((error: unknown) => {
      failures.push(
        `${this.name}: a click's work failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      // A browser tells its page about a rejected promise nobody handled.
      this.run(() => {
        const event = new this.window.Event("unhandledrejection");
        Object.assign(event, { reason: error });
        this.window.dispatchEvent(event);
      });
    });
    this.running.add(tracked);
    void tracked.finally(() => this.running.delete(tracked));
  }

  // --- the socket ------------------------------------------------------------------------------------------------

  async send(op: Omit<Operation, "userId">): Promise<Data[]> {
    if (maybeClient() !== this) throw new Error(`${this.name}'s socket used by another page`);
    const requestId = randomID();
    const handled = new Promise<Data[]>((resolve) => this.#waiting.set(requestId, resolve));
    await this.server
      .request({ ...op, userId: this.userId, options: { ...op.options, requestId } } as Operation)
      .catch((error: unknown) => {
        this.#waiting.delete(requestId);
        throw error;
      });
    return handled;
  }

  receive(message: Broadcast | SettingBroadcast): void {
    this.#inbox.push(message);
    if (!this.#pumping) this.#pump();
  }

  /** One message per turn of this page's event loop, in the order the server sent them. */
  #pump(): void {
    this.#pumping = true;
    this.server.pending++;
    setImmediate(() => {
      const message = this.#inbox.shift();
      try {
        if (message) this.run(() => this.#handle(message));
      } catch (error) {
        failures.push(
          `${this.name}: handling ${message?.action} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        );
      } finally {
        this.server.pending--;
        if (this.#inbox.length) this.#pump();
        else this.#pumping = false;
      }
    });
  }

  #handle(message: Broadcast | SettingBroadcast): void {
    if (message.action === "setting") {
      (this.globals.game as Any).settings.received(message.key, message.value);
      return;
    }
    const result = this.#docs.receive(message);
    const requestId = message.options.requestId as string | undefined;
    const resolve = requestId ? this.#waiting.get(requestId) : undefined;
    if (resolve) {
      this.#waiting.delete(requestId!);
      resolve(result);
    }
  }

  // --- files, templates, language --------------------------------------------------------------------------------

  /** What the server serves for a URL path under the system (`systems/fray/…`); anything else is a 404. */
  #file(path: string): string {
    const rel = path.replace(/^\/?systems\/fray\//, "");
    if (rel === path.replace(/^\//, "") || rel.includes("..")) throw new Error(`404: ${path}`);
    const file = join(DIST, rel);
    if (!existsSync(file)) throw new Error(`404: ${path}`);
    return readFileSync(file, "utf8");
  }

  /** Compiled templates, by path (core's template cache: each file is fetched and compiled once). */
  readonly #templates = new Map<string, HandlebarsTemplateDelegate>();

  #compiled(path: string): HandlebarsTemplateDelegate {
    let template = this.#templates.get(path);
    if (!template) {
      // Only the helpers known on the generation this page imitates (tests/harness/template-helpers.ts).
      const source = this.#file(path);
      checkTemplateHelpers(source, path);
      this.#templates.set(path, (template = this.#hb.compile(source, compileOptions())));
    }
    return template;
  }

  async renderTemplate(path: string, context: unknown): Promise<string> {
    const template = this.#compiled(path);
    return template(context, { allowProtoPropertiesByDefault: true, allowProtoMethodsByDefault: true });
  }

  // --- start-up --------------------------------------------------------------------------------------------------

  #buildGlobals(): void {
    const userId = this.userId;
    const settings = new PageSettings(this);
    // The core setting that holds the user's mode: v13 `core.rollMode` only, v14 `core.messageMode` only.
    if (V14) settings.register("core", "messageMode", { scope: "client", default: "public" });
    else settings.register("core", "rollMode", { scope: "client", default: "publicroll" });
    settings.register("core", "language", { scope: "client", default: this.lang });
    const hooks = createHooks();
    const CONFIG: Data = {
      Actor: { dataModels: {}, sheetClasses: {} },
      Item: { dataModels: {}, sheetClasses: {} },
      ActiveEffect: { dataModels: {} },
      User: {},
      Scene: {},
      // Core's movement actions as the generation configures them at init (v13 configs, v14 descriptors).
      Token: { movement: coreMovementConfig() },
      Combat: { dataModels: {}, initiative: { formula: null, decimals: 2 } },
      Combatant: { dataModels: {} },
      ChatMessage: {
        dataModels: {},
        ...(V14
          ? {
              modes: coreMessageModes({
                gms: () =>
                  ((g.game as Any).users.filter((u: Any) => u.isGM) as Any[]).map((u) => String(u.id)),
                self: () => userId,
                posterMode: () => settings.get("core", "messageMode"),
              }),
            }
          : {}),
      },
      // CONFIG.Dice: `randomUniform` (stricter than core's random one: a die nobody planned fails the test) and
      // `fulfillment` ("Leave [defaultMethod] blank to use the configured randomUniform").
      Dice: {
        rolls: [] as unknown[],
        randomUniform: () => {
          throw new Error(`${this.name} rolled a die with no face planned (CONFIG.Dice.randomUniform)`);
        },
        fulfillment: { defaultMethod: "", dice: {}, methods: {} },
      },
      queries: {},
      // Core's status definitions: v13 an array, v14 a record keyed by id (../effect-shape.ts).
      statusEffects: coreStatusEffects(),
      specialStatusEffects: { DEFEATED: "dead", INVISIBLE: "invisible", BLIND: "blind" },
      ui: {},
    };
    const g = this.globals;
    g.CONFIG = CONFIG;
    g.Hooks = hooks;
    g.document = this.window.document;
    g.window = this.window;
    g.Event = this.window.Event;
    g.Handlebars = this.#hb;
    this.#hb.registerHelper("localize", (key: unknown, options: { hash?: Data }) => {
      const hash = options?.hash ?? {};
      const i18n = (g.game as Any).i18n as Localization;
      return Object.keys(hash).length ? i18n.format(String(key), hash) : i18n.localize(String(key));
    });
    this.#hb.registerHelper("concat", (...args: unknown[]) => args.slice(0, -1).join(""));
    // The system registers its helpers at init on this global: it may not replace one of core's.
    refuseHelperReplacement(this.#hb);

    this.#docs = createDocumentClasses(this);
    this.#apps = createApplications(this);
    const docs = this.#docs.classes;
    const apps = this.#apps;
    for (const [name, cls] of Object.entries({
      User: docs.User,
      Actor: docs.Actor,
      Item: docs.Item,
      ActiveEffect: docs.ActiveEffect,
      Scene: docs.Scene,
      Token: docs.TokenDocument,
      Combat: docs.Combat,
      Combatant: docs.Combatant,
      ChatMessage: docs.ChatMessage,
    }))
      (CONFIG[name] as Data).documentClass = cls;
    CONFIG.ui = { combat: apps.CombatTracker, chat: apps.ChatLog };

    /** Each page's Roll (core's `foundry.dice.Roll`): the harness's queued faces, plus `toMessage` and `render`. */
    const Roll = class Roll extends HarnessRoll {
      /** A face as core's Die draws it: `ceil((1 - u) * faces)` of `CONFIG.Dice.randomUniform()` (README). */
      protected override drawFace(faces: number): number {
        const u = Number((CONFIG.Dice as { randomUniform: () => number }).randomUniform());
        if (!(u >= 0 && u < 1))
          throw new Error(`CONFIG.Dice.randomUniform gave ${u}, not a number in [0, 1)`);
        return Math.max(1, Math.ceil((1 - u) * faces));
      }
      async render(): Promise<string> {
        return `<div class="dice-roll"><div class="dice-formula">${this.formula}</div><h4 class="dice-total">${String(this.total)}</h4></div>`;
      }
      /** `Roll#toMessage`: the generation's mode option (../message-modes.ts `toMessageMode`), given to `create`. */
      override async toMessage(messageData: Data = {}, options: Data = {}): Promise<unknown> {
        if (!this._evaluated) await this.evaluate();
        const cls = (CONFIG.ChatMessage as Data).documentClass as Any;
        const data: Data = { author: userId, content: String(this.total), rolls: [this], ...messageData };
        const { option, mode } = toMessageMode(options, this, (key) => settings.get("core", key));
        if (options.create === false) return V14 ? cls.applyMode(data, mode) : cls.applyRollMode(data, mode);
        return cls.create(data, option);
      }
      static async create(formula: string, data: Data = {}, options: Data = {}) {
        return new this(formula, data, options);
      }
    };
    (CONFIG.Dice as { rolls: unknown[] }).rolls.push(Roll);
    g.Roll = Roll;

    const escapeHTML = (text: unknown) => String(text).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
    g.foundry = {
      abstract: { TypeDataModel: fields.TypeDataModel, DataModel: fields.TypeDataModel },
      data: { fields },
      utils: {
        deepClone: <T>(value: T): T => structuredClone(value),
        expandObject,
        randomID,
        escapeHTML,
        fromUuidSync: (uuid: unknown) => this.#docs.fromUuidSync(uuid),
        fromUuid: async (uuid: unknown) => this.#docs.fromUuidSync(uuid),
        Collection,
      },
      documents: { ...docs, BaseChatMessage: docs.ChatMessage },
      dice: { Roll },
      applications: {
        api: {
          ApplicationV2: apps.ApplicationV2,
          DialogV2: apps.DialogV2,
          HandlebarsApplicationMixin: apps.HandlebarsApplicationMixin,
          DocumentSheetV2: apps.DocumentSheetV2,
        },
        sheets: { ActorSheetV2: apps.ActorSheetV2, ItemSheetV2: apps.ItemSheetV2 },
        apps: { DocumentSheetConfig: apps.DocumentSheetConfig },
        sidebar: { tabs: { CombatTracker: apps.CombatTracker, ChatLog: apps.ChatLog } },
        settings: { SettingsConfig: apps.SettingsConfig },
        hud: { TokenHUD: apps.TokenHUD },
        handlebars: {
          renderTemplate: (path: string, context: unknown) => this.renderTemplate(path, context),
          /** v13 `loadTemplates(paths)`: an array registers each path as a partial by its path, a record by its key. */
          loadTemplates: async (paths: string[] | Record<string, string>) => {
            const entries = Array.isArray(paths) ? paths.map((p) => [p, p] as const) : Object.entries(paths);
            // Core registers each template compiled (getTemplate), so a partial is compiled once.
            return entries.map(([name, path]) => {
              const compiled = this.#compiled(path);
              this.#hb.registerPartial(name, compiled);
              return compiled;
            });
          },
        },
        ux: {
          FormDataExtended,
          TextEditor: { implementation: { enrichHTML: async (html: string) => String(html ?? "") } },
        },
        instances: apps.instances,
      },
    };
    // v14 only: this page's own `foundry.data.operators` and the `_del`/`_replace` globals.
    installOperators(g, createOperators());
    g.fromUuidSync = (g.foundry as Any).utils.fromUuidSync;
    g.fromUuid = (g.foundry as Any).utils.fromUuid;
    g.CONST = {
      DOCUMENT_OWNERSHIP_LEVELS: { INHERIT: -1, NONE: 0, LIMITED: 1, OBSERVER: 2, OWNER: 3 },
      USER_ROLES: { NONE: 0, PLAYER: 1, TRUSTED: 2, ASSISTANT: 3, GAMEMASTER: 4 },
    };
    // Copied as descriptors: v14's ACTIVE_EFFECT_MODES is a getter that throws when read.
    Object.defineProperties(g.CONST, Object.getOwnPropertyDescriptors(effectConstants()));
    // v14 deprecates v13's roll-mode tables (CONFIG.ChatMessage.modes replaces them): a read throws.
    if (V14) {
      throwOnRead(CONFIG.Dice as object, "rollModes", "CONFIG.Dice.rollModes", "CONFIG.ChatMessage.modes");
      throwOnRead(g.CONST as object, "DICE_ROLL_MODES", "CONST.DICE_ROLL_MODES", "CONFIG.ChatMessage.modes");
    }
    for (const [name, cls] of Object.entries({
      User: docs.User,
      Actor: docs.Actor,
      Item: docs.Item,
      ActiveEffect: docs.ActiveEffect,
      Scene: docs.Scene,
      TokenDocument: docs.TokenDocument,
      Combat: docs.Combat,
      Combatant: docs.Combatant,
      ChatMessage: docs.ChatMessage,
    }))
      g[name] = cls;
    g.ui = { notifications: new apps.Notifications(), compendium: { rendered: false, render() {} } };
    g.canvas = null;
    /** The page's fetch: files the server serves for the system, a network error for anything else. */
    g.fetch = async (input: string | URL) => {
      const url = new URL(String(input), "http://localhost:30000/");
      try {
        return new Response(this.#file(decodeURIComponent(url.pathname)), {
          status: 200,
          headers: { "Content-Type": "application/json" },
        });
      } catch {
        return new Response("", { status: 404 });
      }
    };
    const game: Data = {
      settings,
      i18n: new Localization(this.lang),
      release: { ...RELEASE },
      version: RELEASE.version,
      userId: this.userId,
      ready: false,
      system: { id: "fray", ...manifest() },
      packs: new Collection(),
    };
    Object.defineProperty(game, "user", {
      get: () => (game.users as Collection<Any> | undefined)?.get(this.userId) ?? null,
    });
    Object.defineProperty(game, "combat", { get: () => (game.combats as Any)?.viewed ?? null });
    g.game = game;
  }

  /** Foundry's world collections, built from the server's sources (core's `initializeDocuments`). */
  #initializeDocuments(): void {
    const game = this.globals.game as Data;
    const CONFIG = this.globals.CONFIG as Any;
    for (const [documentName, collectionName] of Object.entries(WORLD_COLLECTIONS)) {
      const collection = new Collection<Any>();
      Object.defineProperty(collection, "documentName", { value: documentName });
      for (const [id, source] of this.server.sources[collectionName]!)
        collection.set(id, new CONFIG[documentName].documentClass(clone(source)));
      Object.defineProperty(collection, "documentClass", { get: () => CONFIG[documentName].documentClass });
      /** v13 `WorldCollection#fromCompendium`: the pack document's data, without its id, folder, sort and ownership. */
      Object.defineProperty(collection, "fromCompendium", {
        value: (document: Any, { keepId = false }: { keepId?: boolean } = {}) => {
          const data = document.toObject();
          if (!keepId) delete data._id;
          delete data.folder;
          delete data.sort;
          delete data.ownership;
          data._stats = { compendiumSource: document.uuid };
          return data;
        },
      });
      /** v13 `WorldCollection#importFromCompendium(pack, id, updateData, options)`. */
      Object.defineProperty(collection, "importFromCompendium", {
        value: async (pack: Any, id: string, updateData: Data = {}, options: Data = {}) => {
          const document = await pack.getDocument(id);
          const data = { ...(collection as Any).fromCompendium(document, options), ...updateData };
          return CONFIG[documentName].documentClass.create(data, options);
        },
      });
      game[collectionName] = collection;
    }
    installPacks(this.globals, this.packs);
    const users = game.users as Any;
    Object.defineProperty(users, "activeGM", {
      get: () => users.find((u: Any) => u.isGM && u.active) ?? null,
    });
    const combats = game.combats as Any;
    const sceneId = () => (this.globals.canvas as Any)?.scene?.id ?? null;
    Object.defineProperty(combats, "active", {
      get: () => combats.find((c: Any) => c.active && (c.scene === null || c.scene === sceneId())) ?? null,
    });
    Object.defineProperty(combats, "viewed", {
      get: () => (this.globals.ui as Any).combat?.viewed ?? combats.active ?? null,
    });
    const scenes = game.scenes as Any;
    Object.defineProperty(scenes, "active", { get: () => scenes.find((s: Any) => s.active) ?? null });
    Object.defineProperty(scenes, "viewed", { get: () => (this.globals.canvas as Any)?.scene ?? null });
    for (const [id, value] of this.server.settings) {
      const [namespace, ...rest] = id.split(".");
      if ((game.settings as PageSettings).settings.has(id))
        (game.settings as PageSettings).seed(namespace!, rest.join("."), value);
    }
    this.documentsReady = true;
    for (const collectionName of Object.values(WORLD_COLLECTIONS))
      for (const doc of (game[collectionName] as Collection<Any>).values()) doc.prepareData();
  }

  /**
   * What this page's canvas shows (v13 `Scene#view()`: one client draws another scene; nothing is written): the
   * scene's tokens become placeables, any other scene's tokens have none; the Token HUD closes; `canvasReady`.
   */
  async viewScene(scene: Any | null): Promise<void> {
    const previous = (this.globals.canvas as Any)?.hud?.token;
    if (previous?.rendered) await previous.close();
    const canvas = {
      ready: Boolean(scene),
      scene,
      get grid() {
        return scene?.grid;
      },
      tokens: {
        get placeables() {
          return scene ? scene.tokens.map((t: Any) => t.object) : [];
        },
        get: (id: string) => scene?.tokens.get(id)?.object,
      },
      hud: { token: previous ?? new this.#apps.TokenHUD() },
    };
    this.globals.canvas = canvas;
    if (scene) (this.globals.Hooks as Any).callAll("canvasReady", canvas);
  }

  /** Connects and starts: the system imported, then core's start-up hooks in v13's order. */
  async boot(): Promise<void> {
    this.server.connect(this);
    this.#buildGlobals();
    await this.run(async () => {
      this.system = await importSystem(
        `${pathToFileURL(join(DIST, "fray.mjs")).href}?page=${encodeURIComponent(this.instance)}`,
      );
      const hooks = this.globals.Hooks as Any;
      hooks.callAll("init");
      hooks.callAll("i18nInit");
      this.#initializeDocuments();
      (this.globals.game as Any).settings.ready = true;
      hooks.callAll("setup");
      const ui = this.globals.ui as Any;
      const CONFIG = this.globals.CONFIG as Any;
      ui.chat = new CONFIG.ui.chat();
      await ui.chat.render({ force: true });
      ui.combat = new CONFIG.ui.combat();
      await ui.combat.render({ force: true });
      const scene = (this.globals.game as Any).scenes.active;
      await this.viewScene(scene);
      (this.globals.game as Any).ready = true;
      hooks.callAll("ready");
    });
  }
}
