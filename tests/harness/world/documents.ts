/**
 * One client's Foundry documents (v13): the base classes the system extends (`Actor`, `Item`, `ActiveEffect`, `User`,
 * `Scene`, `TokenDocument`, `Combat`, `Combatant`, `ChatMessage`), made afresh for each client page so that two pages
 * share no document, class or static state — as two browsers share none. A write goes to the server
 * (server.ts) and comes back, on every page, through `receive`: the page's own instance takes the change, its data
 * is prepared again, and its `_onCreate`/`_onUpdate`/`_onDelete` and document hooks run with the writer's id.
 * What each behaviour imitates, and the evidence, is in tests/harness/README.md (the smoke rows). No Fray logic
 * lives here.
 */
import { expandObject, measurePath, mergeUpdate, moveWaypoints } from "../core";
import {
  checkEffectData,
  cleanEffectUpdate,
  defineEffectGetters,
  defineEffectStatics,
  effectDefaults,
  effectSource,
  isExpiredSource,
  preparedDuration,
  statusDefinition,
  type StartGame,
} from "../effect-shape";
import { V14 } from "../generation";
import {
  applyCreateOptions,
  applyModeWith,
  deprecatedOnV14,
  type MessageModeConfig,
  type ModeRealm,
} from "../message-modes";
import { harnessOperators, legacyKey, operatorOf, revive, wire } from "../operators";
import { checkInLevel, GROUND_LEVEL, makeLevels, type LevelCollection } from "../movement";
import { combatTurnOf, sameHistory, triggerTurnEvents, type TurnHistory } from "../turn-events";
import { Collection } from "./collection";
import { clientNow, maybeClient, type ClientPage } from "./context";
import {
  clone,
  EMBEDDED,
  OWNERSHIP,
  ROLES,
  WORLD_COLLECTIONS,
  type Broadcast,
  type Data,
  type DocumentName,
  type Operation,
  type ParentPath,
  type WorldDocumentName,
  type WorldServer,
} from "./server";

/** What the documents need of their page. */
export interface DocumentPage extends ClientPage {
  readonly userId: string;
  readonly server: WorldServer;
  /** True once the page has built its world (core's `game._documentsReady`): data is prepared from then on. */
  documentsReady: boolean;
  /** Sends an operation; resolves with the stored sources once this page has handled the server's answer. */
  send(op: Omit<Operation, "userId">): Promise<Data[]>;
  /** Work nobody awaits (a window drawn again): the table waits for it before it is quiet. */
  track(work: Promise<unknown>): void;
  /** Draws another scene on this page's canvas (or none). */
  viewScene(scene: unknown): Promise<void>;
  /** Core's turn events as this page ran them (`Combat#_manageTurnEvents` on the active GM's page), in order. */
  readonly turnEvents: { combat: string; event: string; combatantId: string | null; context: Data }[];
}

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any -- the system's subclasses add members

/** The flag scopes a document accepts (v13 `getFlag` throws for a scope that is not an active package). */
const FLAG_SCOPES = new Set(["core", "world", "fray"]);

/** Deep-freezes what a hook may only read (v13: `DeepReadonly` movement). */
function freeze<T>(value: T): T {
  if (value && typeof value === "object") {
    for (const v of Object.values(value)) freeze(v);
    Object.freeze(value);
  }
  return value;
}

/**
 * `foundry.utils.diffObject(original, other, { deletionKeys: true })` as an update uses it: the parts of `other`
 * that differ from `original` (objects compared key by key, anything else as a whole); v13's `-=key` and `==key`
 * (deprecated on v14: they throw there) and v14's operators always count as changes.
 */
export function diffObject(original: Data, other: Data): Data {
  const out: Data = {};
  for (const [key, value] of Object.entries(other)) {
    if (legacyKey(key) || operatorOf(value)) {
      out[key] = value;
      continue;
    }
    const before = original?.[key];
    if (
      value &&
      typeof value === "object" &&
      !Array.isArray(value) &&
      before &&
      typeof before === "object" &&
      !Array.isArray(before)
    ) {
      const inner = diffObject(before as Data, value as Data);
      if (Object.keys(inner).length) out[key] = inner;
    } else if (JSON.stringify(before) !== JSON.stringify(value)) out[key] = value;
  }
  return out;
}

/** Fills a system source's missing keys with its schema's initial values (core's data cleaning). */
function withInitials(schema: Any, source: Data): Data {
  const fields = schema?.fields as Record<string, Any> | undefined;
  if (!fields) return source;
  for (const [key, field] of Object.entries(fields)) {
    if (source[key] === undefined) {
      const initial = field.initial ?? field.options?.initial;
      if (typeof initial === "function") source[key] = initial(source);
      else if (initial !== undefined) source[key] = clone(initial);
      else if (field.fields) source[key] = {};
      else if (field.nullable) source[key] = null;
    }
    if (field.fields && source[key] && typeof source[key] === "object")
      withInitials(field, source[key] as Data);
  }
  return source;
}

/** The core fields each document's source starts with (v13 schemas, the fields the system reads). */
function coreDefaults(documentName: string, page: DocumentPage): Data {
  switch (documentName) {
    case "User":
      return { name: "", role: ROLES.PLAYER, character: null, flags: {} };
    case "Actor":
      return {
        name: "",
        img: "icons/svg/mystery-man.svg",
        system: {},
        items: [],
        effects: [],
        ownership: { default: 0 },
        flags: {},
        prototypeToken: {},
        folder: null,
        sort: 0,
      };
    case "Item":
      return {
        name: "",
        img: "icons/svg/item-bag.svg",
        system: {},
        effects: [],
        ownership: { default: 0 },
        flags: {},
        folder: null,
        sort: 0,
      };
    case "ActiveEffect":
      // The running generation's shape (../effect-shape.ts), `transfer` true as in the Foundry-side harness.
      return effectDefaults();
    case "Scene":
      return {
        name: "",
        active: false,
        grid: { type: 1, size: 100, distance: 1.5, units: "m" },
        tokens: [],
        // v14: a scene has Scene Levels (one unless more are made); an unbounded top is stored as null.
        ...(V14
          ? {
              levels: [
                {
                  _id: GROUND_LEVEL.id,
                  name: GROUND_LEVEL.name,
                  elevation: { bottom: GROUND_LEVEL.bottom, top: null },
                  visibility: { levels: [] },
                },
              ],
            }
          : {}),
        flags: {},
      };
    case "Token":
      return {
        name: "",
        actorId: null,
        actorLink: true,
        x: 0,
        y: 0,
        elevation: 0,
        width: 1,
        height: 1,
        // v14: the Level the token stands on (null: the scene's first) and its depth.
        ...(V14 ? { level: null, depth: 1 } : {}),
        hidden: false,
        disposition: 0,
        movementAction: null,
        delta: null,
        texture: {},
        flags: {},
      };
    case "Combat":
      return {
        type: "base",
        scene: null,
        active: false,
        round: 0,
        turn: null,
        system: {},
        combatants: [],
        groups: [],
        flags: {},
      };
    case "Combatant":
      return {
        type: "base",
        actorId: null,
        tokenId: null,
        sceneId: null,
        name: null,
        img: null,
        initiative: null,
        hidden: false,
        defeated: false,
        group: null,
        system: {},
        flags: {},
      };
    case "ChatMessage":
      return {
        type: "base",
        system: {},
        author: page.userId,
        timestamp: Date.now(),
        flavor: "",
        content: "",
        speaker: { scene: null, actor: null, token: null, alias: null },
        whisper: [],
        blind: false,
        rolls: [],
        sound: null,
        emote: false,
        flags: {},
      };
    default:
      return { flags: {} };
  }
}

/** Whether `key` is an accessor somewhere on the object's class chain (a getter the class defines wins). */
function accessorIn(object: object, key: string): boolean {
  for (
    let proto = Object.getPrototypeOf(object);
    proto && proto !== Object.prototype;
    proto = Object.getPrototypeOf(proto)
  ) {
    const descriptor = Object.getOwnPropertyDescriptor(proto, key);
    // Whether the property is an accessor: the descriptor's get/set are looked at, never called.
    // eslint-disable-next-line @typescript-eslint/unbound-method
    if (descriptor) return Boolean(descriptor.get || descriptor.set);
  }
  return false;
}

/** A source an embedded document adopts by reference (its parent's source holds the same object, as in core). */
let adopting: Data | null = null;

/**
 * v11 `ActorDelta.applyDelta`: the base actor's source with the delta's overrides — name, image, type, ownership,
 * system and flags merged in — and the delta's own items and effects added to (or replacing, by id) the base's.
 */
function applyDelta(base: Data, delta: Data | null): Data {
  const source = clone(base);
  if (!delta) return source;
  for (const key of ["name", "img", "type", "ownership"])
    if (delta[key] !== undefined && delta[key] !== null) source[key] = clone(delta[key]);
  if (delta.system) mergeUpdate((source.system ??= {}) as Data, clone(delta.system as Data));
  if (delta.flags) mergeUpdate((source.flags ??= {}) as Data, clone(delta.flags as Data));
  for (const field of ["items", "effects"]) {
    const byId = new Map(((source[field] as Data[]) ?? []).map((d) => [d._id, d]));
    for (const d of (delta[field] as Data[]) ?? []) byId.set(d._id, clone(d));
    source[field] = [...byId.values()];
  }
  return source;
}

/** The embedded collection property of each embedded field (the same names in v13). */
const COLLECTION_OF: Record<string, string> = {
  items: "items",
  effects: "effects",
  tokens: "tokens",
  combatants: "combatants",
};

export function createDocumentClasses(page: DocumentPage) {
  const g = () => page.globals as Any;
  const game = () => g().game;
  /** The page's users and its own user, for the message modes (../message-modes.ts). */
  const pageRealm: ModeRealm = {
    gms: () => (game().users.filter((u: Any) => u.isGM) as Any[]).map((u) => String(u.id)),
    self: () => page.userId,
    posterMode: () => game().settings.get("core", "messageMode"),
  };
  const CONFIG = () => g().CONFIG;
  const hooks = () => g().Hooks;
  const me = () => game().users.get(page.userId);
  /** This page's v14 operators (v13 has none: the harness's own set, never used to rebuild there). */
  const ops = () => g().foundry?.data?.operators ?? harnessOperators.operators;

  /** Stricter than any browser can be: a page's document used while another page's code runs is a harness leak. */
  function onThisPage(what: string): void {
    const now = maybeClient();
    if (now !== page)
      throw new Error(
        `${what}: a document of ${page.name}'s page was used by ${now?.name ?? "code outside every page"}`,
      );
  }

  /**
   * Where a write goes on the server, and where its documents live on this page. A token's synthetic actor is
   * written as its token's ActorDelta (v11+, foundryvtt#8973), and what the synthetic actor holds as the delta's
   * items and effects; the harness does not imitate the delta's tombstones, so a base item or effect of a synthetic
   * actor cannot be updated or deleted (it throws).
   */
  function writePlace(documentName: string, parent: ClientDocument | null, action: string) {
    if (parent?.documentName === "Token" && documentName === "Actor") {
      const token = parent;
      const delta = token._source.delta as Data | null;
      if (!delta) throw new Error("a linked token's actor is the world actor");
      return {
        documentName: "ActorDelta" as DocumentName,
        path: token.path,
        idOf: () => String(delta._id),
        collection: () => new Collection<ClientDocument>([[String(token.actor.id), token.actor]]),
      };
    }
    if (parent?.documentName === "Actor" && parent.parent?.documentName === "Token") {
      const token = parent.parent;
      const delta = token._source.delta as Data;
      const field = EMBEDDED.ActorDelta![documentName]!;
      return {
        documentName: documentName as DocumentName,
        path: [...token.path, ["ActorDelta", String(delta._id)]] as ParentPath,
        idOf: (id: string) => {
          if (action !== "create" && !((delta[field] as Data[]) ?? []).some((d) => d._id === id))
            throw new Error(
              `the world harness does not imitate ActorDelta tombstones: ${documentName} [${id}] is the base actor's`,
            );
          return id;
        },
        collection: () => parent.getEmbeddedCollection(documentName),
      };
    }
    return {
      documentName: documentName as DocumentName,
      path: parent?.path ?? [],
      idOf: (id: string) => id,
      collection: (): Collection<ClientDocument> =>
        parent
          ? parent.getEmbeddedCollection(documentName)
          : game()[WORLD_COLLECTIONS[documentName as WorldDocumentName]],
    };
  }

  class ClientDocument {
    static documentName = "Document";
    declare _source: Data;
    declare parent: ClientDocument | null;
    declare _sheet: Any;
    [key: string]: Any;

    static get implementation(): typeof ClientDocument {
      return CONFIG()[this.documentName].documentClass;
    }
    static get metadata() {
      return {
        name: this.documentName,
        collection: WORLD_COLLECTIONS[this.documentName as WorldDocumentName],
        embedded: EMBEDDED[this.documentName] ?? {},
      };
    }

    constructor(
      data: Data = {},
      { parent = null, pack = null }: { parent?: ClientDocument | null; pack?: string | null } = {},
    ) {
      const name = (this.constructor as typeof ClientDocument).documentName;
      Object.defineProperty(this, "parent", { value: parent, writable: false, enumerable: false });
      Object.defineProperty(this, "pack", {
        value: pack ?? parent?.pack ?? null,
        writable: false,
        enumerable: false,
      });
      let source: Data;
      if (adopting) {
        source = adopting;
        adopting = null;
        for (const [key, value] of Object.entries(coreDefaults(name, page)))
          if (!(key in source)) source[key] = value;
      } else source = { ...coreDefaults(name, page), ...clone(data) };
      if (typeof source.type !== "string" && ["Actor", "Item"].includes(name))
        throw new Error(`${name} validation errors: type: may not be undefined`);
      this._source = source;
      this._initialize();
    }

    get documentName(): string {
      return (this.constructor as typeof ClientDocument).documentName;
    }
    get id(): string | null {
      return (this._source._id as string | undefined) ?? null;
    }
    get _id(): string | null {
      return this.id;
    }
    get collectionName(): string {
      return WORLD_COLLECTIONS[this.documentName as WorldDocumentName] ?? "";
    }
    get uuid(): string {
      const own = `${this.documentName}.${this.id}`;
      if (this.parent) return `${this.parent.uuid}.${own}`;
      return this.pack ? `Compendium.${String(this.pack)}.${own}` : own;
    }
    get compendium(): Any {
      return this.pack ? game().packs.get(this.pack) : undefined;
    }
    get isEmbedded(): boolean {
      return this.parent !== null;
    }
    /** The world document this one is in (itself when it is one). */
    get root(): ClientDocument {
      return this.parent ? this.parent.root : this;
    }
    /** The document whose data preparation covers this one: the world document, or a token's synthetic actor. */
    get preparationRoot(): ClientDocument {
      if (!this.parent || this.documentName === "Actor") return this;
      return this.parent.preparationRoot;
    }
    get path(): ParentPath {
      return [...(this.parent?.path ?? []), [this.documentName, String(this.id)]];
    }

    /** Source fields onto the instance (copies), `system` as the registered model, embedded collections synced. */
    _initialize(): void {
      const embedded = EMBEDDED[this.documentName] ?? {};
      const embeddedFields = new Set(Object.values(embedded));
      for (const [key, value] of Object.entries(this._source)) {
        if (key === "_id" || key === "system" || embeddedFields.has(key)) continue;
        if (accessorIn(this, key)) continue;
        this[key] = structuredClone(value);
      }
      if ("system" in this._source) this.system = this._buildSystem();
      for (const [childName, field] of Object.entries(embedded)) this.#syncEmbedded(childName, field);
      if (page.documentsReady && this.preparationRoot === this) this._safePrepareData();
    }

    _buildSystem(): unknown {
      const models = CONFIG()[this.documentName]?.dataModels ?? {};
      const Model = models[String(this._source.type ?? "base")];
      const source = clone((this._source.system ?? {}) as Data);
      if (!Model) return source;
      const cleaned =
        typeof Model.cleanData === "function" ? Model.cleanData(source) : withInitials(Model.schema, source);
      return new Model(cleaned, { parent: this });
    }

    #syncEmbedded(childName: string, field: string): void {
      const property = COLLECTION_OF[field] ?? field;
      let collection = this[property] as Collection<ClientDocument> | undefined;
      if (!(collection instanceof Collection)) {
        collection = new Collection<ClientDocument>();
        Object.defineProperty(this, property, {
          value: collection,
          writable: false,
          enumerable: false,
          configurable: true,
        });
      }
      const sources = (this._source[field] ??= []) as Data[];
      const keep = new Set<string>();
      const cls = CONFIG()[childName]?.documentClass as typeof ClientDocument;
      for (const source of sources) {
        const id = String(source._id);
        keep.add(id);
        const existing = collection.get(id);
        if (existing) {
          existing._source = source;
          existing._initialize();
        } else {
          adopting = source;
          collection.set(id, new cls({}, { parent: this }));
        }
      }
      for (const id of [...collection.keys()]) if (!keep.has(id)) collection.delete(id);
    }

    getEmbeddedCollection(name: string): Collection<ClientDocument> {
      const field = EMBEDDED[this.documentName]?.[name];
      if (!field) throw new Error(`${name} is not embedded in ${this.documentName}`);
      return this[COLLECTION_OF[field] ?? field];
    }
    getEmbeddedDocument(name: string, id: string, { strict = false } = {}): ClientDocument | undefined {
      return this.getEmbeddedCollection(name).get(id, { strict });
    }

    // --- data preparation (v13 ClientDocumentMixin#prepareData) -------------------------------------------------

    _safePrepareData(): void {
      this.prepareData();
    }
    prepareData(): void {
      const system = this.system as Any;
      const typed =
        system && typeof system === "object" && !(Object.getPrototypeOf(system) === Object.prototype);
      if (typed) system.prepareBaseData?.();
      this.prepareBaseData();
      this.prepareEmbeddedDocuments();
      if (typed) system.prepareDerivedData?.();
      this.prepareDerivedData();
    }
    prepareBaseData(): void {}
    prepareEmbeddedDocuments(): void {
      for (const field of Object.values(EMBEDDED[this.documentName] ?? {}))
        for (const doc of (this[COLLECTION_OF[field] ?? field] as Collection<ClientDocument>).values())
          doc.prepareData();
    }
    prepareDerivedData(): void {}
    /** v13 `reset()`: the data prepared again from the source. */
    reset(): void {
      this._initialize();
      if (this.parent) this.preparationRoot._safePrepareData();
    }

    // --- permissions ----------------------------------------------------------------------------------------------

    getUserLevel(user: Any = game().user): number {
      if (!user) return OWNERSHIP.NONE;
      if (user.isGM) return OWNERSHIP.OWNER;
      if (this.parent && !("ownership" in this._source)) return this.parent.getUserLevel(user);
      const ownership = (this._source.ownership ?? {}) as Record<string, number>;
      const own = ownership[user.id];
      return own === undefined || own === OWNERSHIP.INHERIT ? (ownership.default ?? OWNERSHIP.NONE) : own;
    }
    testUserPermission(user: Any, permission: string | number, { exact = false } = {}): boolean {
      const level =
        typeof permission === "number" ? permission : (OWNERSHIP as Record<string, number>)[permission];
      if (level === undefined) throw new Error(`unknown permission ${String(permission)}`);
      const have = this.getUserLevel(user);
      return exact ? have === level : have >= level;
    }
    get permission(): number {
      return this.getUserLevel(game().user);
    }
    get isOwner(): boolean {
      return this.testUserPermission(game().user, "OWNER");
    }
    get limited(): boolean {
      return this.testUserPermission(game().user, "LIMITED", { exact: true });
    }
    get visible(): boolean {
      return this.testUserPermission(game().user, "OBSERVER");
    }
    get hasPlayerOwner(): boolean {
      return game().users.some((u: Any) => !u.isGM && this.testUserPermission(u, "OWNER"));
    }

    // --- flags ----------------------------------------------------------------------------------------------------

    getFlag(scope: string, key: string): unknown {
      if (!FLAG_SCOPES.has(scope))
        throw new Error(`Flag scope "${scope}" is not valid or not currently active`);
      let node: unknown = (this.flags as Data | undefined)?.[scope];
      for (const part of key.split("."))
        node = node && typeof node === "object" ? (node as Data)[part] : undefined;
      return node;
    }
    async setFlag(scope: string, key: string, value: unknown): Promise<this | undefined> {
      if (!FLAG_SCOPES.has(scope))
        throw new Error(`Flag scope "${scope}" is not valid or not currently active`);
      return this.update({ [`flags.${scope}.${key}`]: value });
    }
    async unsetFlag(scope: string, key: string): Promise<this | undefined> {
      // v13: a `-=key`; v14: the ForcedDeletion operator (the legacy key is deprecated there).
      if (V14) return this.update({ [`flags.${scope}.${key}`]: ops().ForcedDeletion.create() });
      const head = key.split(".");
      const last = head.pop();
      return this.update({ [`flags.${scope}.${[...head, `-=${last}`].join(".")}`]: null });
    }

    toObject(): Data {
      return clone(this._source);
    }
    toJSON(): Data {
      return clone(this._source);
    }
    /** Changes this instance's source only (no write): `_preCreate` uses it. */
    updateSource(changes: Data = {}): Data {
      const expanded = expandObject(wire(changes, ops()));
      mergeUpdate(this._source, expanded);
      this._initialize();
      return expanded;
    }
    clone(data: Data = {}, { keepId = false } = {}): ClientDocument {
      const source = { ...this.toObject(), ...clone(data) };
      if (!keepId) delete source._id;
      return new (this.constructor as typeof ClientDocument)(source, { parent: this.parent });
    }

    // --- the write workflow (requesting client) -------------------------------------------------------------------

    async _preCreate(_data: Data, _options: Data, _user: Any): Promise<boolean | void> {}
    async _preUpdate(_changes: Data, _options: Data, _user: Any): Promise<boolean | void> {}
    async _preDelete(_options: Data, _user: Any): Promise<boolean | void> {}
    _onCreate(_data: Data, _options: Data, _userId: string): void {}
    _onUpdate(_changed: Data, _options: Data, _userId: string): void {}
    _onDelete(_options: Data, _userId: string): void {}
    _onCreateDescendantDocuments(..._args: unknown[]): void {}
    _onUpdateDescendantDocuments(..._args: unknown[]): void {}
    _onDeleteDescendantDocuments(..._args: unknown[]): void {}

    static async createDocuments(data: Data[] = [], operation: Data = {}): Promise<ClientDocument[]> {
      onThisPage(`${this.documentName}.createDocuments`);
      if (operation.pack) throw new Error("the world harness does not write into compendium packs");
      const parent = (operation.parent as ClientDocument | null | undefined) ?? null;
      const { parent: _p, ...options } = operation;
      const cls = this.implementation ?? this;
      const sources: Data[] = [];
      const made: ClientDocument[] = [];
      for (const d of data) {
        // v13: the data is cleaned in a temporary document, `_preCreate` runs on it, then `preCreate<Name>`.
        const doc = new cls(d instanceof ClientDocument ? d.toObject() : (d as Data), { parent });
        if ((await doc._preCreate(doc._source, options, game().user)) === false) continue;
        if (hooks().call(`preCreate${this.documentName}`, doc, doc._source, options, page.userId) === false)
          continue;
        sources.push(doc.toObject());
        made.push(doc);
      }
      if (!sources.length) return [];
      // New combatants: core keeps the current combatant current (foundryvtt#11531).
      if (this.documentName === "Combatant" && parent?.documentName === "Combat") {
        const combatTurn = combatTurnOf(parent as Any, [...parent.combatants.contents, ...made], new Set());
        if (combatTurn !== undefined) options.combatTurn = combatTurn;
      }
      const place = writePlace(this.documentName, parent, "create");
      const stored = await page.send({
        action: "create",
        documentName: place.documentName,
        parent: place.path,
        data: sources,
        options: clone(options),
      });
      return stored.map((s) => place.collection().get(String(s._id))!);
    }
    static async create(data: Data | Data[], operation: Data = {}): Promise<Any> {
      const created = await this.createDocuments(Array.isArray(data) ? data : [data], operation);
      return Array.isArray(data) ? created : created[0];
    }
    static async updateDocuments(updates: Data[] = [], operation: Data = {}): Promise<ClientDocument[]> {
      onThisPage(`${this.documentName}.updateDocuments`);
      const parent = (operation.parent as ClientDocument | null | undefined) ?? null;
      const { parent: _p, ...options } = operation;
      const place = writePlace(this.documentName, parent, "update");
      const collection = place.collection();
      const sent: Data[] = [];
      for (const update of updates) {
        const doc = collection.get(String(update._id)) as ClientDocument | undefined;
        if (!doc) throw new Error(`${this.documentName} [${String(update._id)}] does not exist`);
        // What crosses the socket (v14 operators serialized and rebuilt with this page's classes).
        const { _id, ...rest } = wire(update, ops());
        let changes = expandObject(rest);
        // v13 (`diff: true` by default): only what differs from the source is sent; nothing left, nothing sent.
        if (options.diff !== false) changes = diffObject(doc._source, changes);
        if (!Object.keys(changes).length) continue;
        if ((await doc._preUpdate(changes, options, game().user)) === false) continue;
        if (hooks().call(`preUpdate${this.documentName}`, doc, changes, options, page.userId) === false)
          continue;
        // v13 validates an update's changes against the schema before it is sent (the system's data model here):
        // an invalid change throws and nothing is written.
        const system = doc.system as Any;
        if (changes.system && typeof system?.validate === "function")
          system.validate({ changes: changes.system, clean: true, strict: true });
        sent.push({ _id, ...changes });
      }
      if (!sent.length) return [];
      // An initiative changed: core keeps the current combatant current (foundryvtt#11531, #12990).
      if (this.documentName === "Combatant" && parent?.documentName === "Combat") {
        const initiatives = new Map(
          sent.filter((u) => "initiative" in u).map((u) => [String(u._id), u.initiative] as const),
        );
        if (initiatives.size) {
          const after = parent.combatants.contents.map((c: Any) =>
            initiatives.has(String(c.id))
              ? Object.create(c, { initiative: { value: initiatives.get(String(c.id)) } })
              : c,
          );
          const combatTurn = combatTurnOf(parent as Any, after, new Set());
          if (combatTurn !== undefined) options.combatTurn = combatTurn;
        }
      }
      await page.send({
        action: "update",
        documentName: place.documentName,
        parent: place.path,
        data: sent.map((u) => ({ ...u, _id: place.idOf(String(u._id)) })),
        options: clone(options),
      });
      return sent.map((u) => place.collection().get(String(u._id))!);
    }
    static async deleteDocuments(ids: string[] = [], operation: Data = {}): Promise<ClientDocument[]> {
      onThisPage(`${this.documentName}.deleteDocuments`);
      const parent = (operation.parent as ClientDocument | null | undefined) ?? null;
      const { parent: _p, ...options } = operation;
      const place = writePlace(this.documentName, parent, "delete");
      const collection = place.collection();
      const gone: ClientDocument[] = [];
      for (const id of ids) {
        const doc = collection.get(id) as ClientDocument | undefined;
        if (!doc) throw new Error(`${this.documentName} [${id}] does not exist`);
        if ((await doc._preDelete(options, game().user)) === false) continue;
        if (hooks().call(`preDelete${this.documentName}`, doc, options, page.userId) === false) continue;
        gone.push(doc);
      }
      if (!gone.length) return [];
      // Combatants leave: core keeps the current combatant current, or moves to the next (foundryvtt#11531, #12009).
      if (this.documentName === "Combatant" && parent?.documentName === "Combat") {
        const removed = new Set(gone.map((d) => String(d.id)));
        const after = parent.combatants.contents.filter((c: Any) => !removed.has(String(c.id)));
        const combatTurn = combatTurnOf(parent as Any, after, removed);
        if (combatTurn !== undefined) options.combatTurn = combatTurn;
      }
      await page.send({
        action: "delete",
        documentName: place.documentName,
        parent: place.path,
        data: gone.map((d) => ({ _id: place.idOf(String(d.id)) })),
        options: clone(options),
      });
      return gone;
    }
    async update(data: Data = {}, operation: Data = {}): Promise<this | undefined> {
      const cls = this.constructor as typeof ClientDocument;
      const [updated] = await cls.updateDocuments([{ ...data, _id: this.id }], {
        ...operation,
        parent: this.parent,
      });
      return updated as this | undefined;
    }
    async delete(operation: Data = {}): Promise<this | undefined> {
      const cls = this.constructor as typeof ClientDocument;
      const [gone] = await cls.deleteDocuments([String(this.id)], { ...operation, parent: this.parent });
      return gone as this | undefined;
    }
    async createEmbeddedDocuments(
      name: string,
      data: Data[] = [],
      operation: Data = {},
    ): Promise<ClientDocument[]> {
      return (CONFIG()[name].documentClass as typeof ClientDocument).createDocuments(data, {
        ...operation,
        parent: this,
      });
    }
    async updateEmbeddedDocuments(
      name: string,
      updates: Data[] = [],
      operation: Data = {},
    ): Promise<ClientDocument[]> {
      return (CONFIG()[name].documentClass as typeof ClientDocument).updateDocuments(updates, {
        ...operation,
        parent: this,
      });
    }
    async deleteEmbeddedDocuments(
      name: string,
      ids: string[] = [],
      operation: Data = {},
    ): Promise<ClientDocument[]> {
      return (CONFIG()[name].documentClass as typeof ClientDocument).deleteDocuments(ids, {
        ...operation,
        parent: this,
      });
    }

    /** v13 `ClientDocument#sheet`: the sheet registered for its type, made once. */
    get sheet(): Any {
      if (this._sheet === undefined) {
        const registry = (CONFIG()[this.documentName]?.sheetClasses ?? {}) as Record<
          string,
          Record<string, Any>
        >;
        const entry =
          Object.values(registry[String(this._source.type ?? "base")] ?? {}).find((e) => e.default) ?? null;
        Object.defineProperty(this, "_sheet", {
          value: entry ? new entry.cls({ document: this }) : null,
          writable: true,
          enumerable: false,
        });
      }
      return this._sheet;
    }
  }

  // --- User ------------------------------------------------------------------------------------------------------

  class User extends ClientDocument {
    static override documentName = "User";
    declare targets: Set<Any> & { ids?: string[] };
    override _initialize(): void {
      super._initialize();
      if (!this.targets) {
        const targets = new Set<Any>();
        Object.defineProperty(targets, "ids", { get: () => [...targets].map((t) => t.id) });
        Object.defineProperty(this, "targets", { value: targets, enumerable: false });
      }
    }
    get isGM(): boolean {
      return Number(this._source.role) >= ROLES.ASSISTANT;
    }
    /** Connected now: the server holds a socket for it. */
    get active(): boolean {
      return page.server.connections.some((c) => c.userId === this.id);
    }
    get isSelf(): boolean {
      return this.id === page.userId;
    }
    get isActiveGM(): boolean {
      return this.isGM && game().users.activeGM === this;
    }
    override getUserLevel(user: Any = game().user): number {
      return user?.isGM || user?.id === this.id ? OWNERSHIP.OWNER : OWNERSHIP.LIMITED;
    }
    get character(): Any {
      return this._source.character ? game().actors.get(String(this._source.character)) : null;
    }
    async query(): Promise<never> {
      throw new Error("Fray's requests go through its mailbox (src/net/mailbox.ts), not User#query");
    }
  }

  // --- Actor, Item, ActiveEffect -----------------------------------------------------------------------------------

  /**
   * The running generation's ActiveEffect (../effect-shape.ts): data of the other generation's shape, or that the
   * harness does not imitate, throws on creation and update; `duration` is core's prepared one; v14 suppresses an
   * expired effect; `changes` (v14) and `icon` throw.
   */
  class ActiveEffect extends ClientDocument {
    static override documentName = "ActiveEffect";
    declare statuses: Set<string>;
    constructor(data: Data = {}, context: { parent?: ClientDocument | null; pack?: string | null } = {}) {
      super(adopting ? data : effectSource(data), context);
    }
    override _initialize(): void {
      super._initialize();
      this.statuses = new Set((this._source.statuses as string[]) ?? []);
    }
    get duration(): Data {
      return preparedDuration(this._source, (key) => game().i18n.localize(key));
    }
    get active(): boolean {
      return !this.disabled && !this.isSuppressed;
    }
    /**
     * v14 `ActiveEffect.registry`: `refresh(event, { combat })` expires the effects of every combatant's actor that
     * wait for that event (as the turn events' own expiry below); absent on v13. Runs where it is called.
     */
    static registry: { refresh(event: string, context: Data): Promise<void> } | undefined = V14
      ? {
          refresh: async (event: string, context: Data) => {
            const combat = context.combat as Any;
            page.turnEvents.push({
              combat: String(combat?.id),
              event: `ActiveEffect.registry.refresh:${event}`,
              combatantId: null,
              context: {},
            });
            await expireEffects(event, (combat?.combatants?.contents ?? []) as Any[]);
          },
        }
      : undefined;
    /** v14: an expired effect (`duration.expired`, set by core's expiry) is suppressed; v13 has no expiry. */
    get isSuppressed(): boolean {
      return isExpiredSource(this._source);
    }
    get target(): ClientDocument | null {
      return this.parent?.documentName === "Actor" ? this.parent : null;
    }
    override async _preUpdate(changes: Data, options: Data, user: Any): Promise<boolean | void> {
      checkEffectData(changes);
      cleanEffectUpdate(changes);
      return super._preUpdate(changes, options, user);
    }
    /** `ActiveEffect.fromStatusEffect(id)`: a new effect from `CONFIG.statusEffects`' entry (either shape). */
    static async fromStatusEffect(statusId: string): Promise<ActiveEffect> {
      const status = statusDefinition(CONFIG().statusEffects, statusId);
      if (!status)
        throw new Error(`Invalid status ID "${statusId}" provided to ActiveEffect#fromStatusEffect`);
      return new (this.implementation as typeof ActiveEffect)({
        name: game().i18n.localize(String(status.name)),
        img: status.img,
        statuses: [status.id],
      });
    }
  }
  defineEffectGetters(ActiveEffect.prototype);
  defineEffectStatics(ActiveEffect, () => game() as StartGame);

  class Item extends ClientDocument {
    static override documentName = "Item";
    get actor(): ClientDocument | null {
      return this.parent?.documentName === "Actor" ? this.parent : null;
    }
    getRollData(): Data {
      return { ...(this.system as Data) };
    }
    async deleteDialog(): Promise<unknown> {
      const yes = await g().foundry.applications.api.DialogV2.confirm({
        content: `<p>${String(this.name)}</p>`,
      });
      return yes ? this.delete() : undefined;
    }
  }

  class Actor extends ClientDocument {
    static override documentName = "Actor";
    declare statuses: Set<string>;
    override prepareEmbeddedDocuments(): void {
      super.prepareEmbeddedDocuments();
      this.applyActiveEffects();
    }
    *allApplicableEffects(): Generator<ActiveEffect> {
      for (const effect of this.effects.values()) yield effect;
      for (const item of this.items.values())
        for (const effect of item.effects.values()) if (effect.transfer) yield effect;
    }
    get appliedEffects(): ActiveEffect[] {
      return [...this.allApplicableEffects()].filter((e) => e.active);
    }
    /** The applied effects with statuses or a duration (v13 `seconds`/`rounds`/`turns`; v14 a finite `value`). */
    get temporaryEffects(): ActiveEffect[] {
      return this.appliedEffects.filter((e) => {
        const d = (e._source.duration ?? {}) as Data;
        const timed = V14
          ? d.value !== null && d.value !== undefined
          : [d.seconds, d.rounds, d.turns].some(Boolean);
        return e.statuses.size > 0 || timed;
      });
    }
    /**
     * The statuses of the effects that apply (not disabled, not suppressed: v14 not expired), its items' included;
     * a change an effect makes (v13 `changes`, v14 `system.changes`) is not imitated (it throws: stricter).
     */
    applyActiveEffects(): void {
      this.statuses ??= new Set();
      this.statuses.clear();
      for (const effect of this.allApplicableEffects()) {
        if (!effect.active) continue;
        const changes = V14 ? (effect._source.system as Data | undefined)?.changes : effect._source.changes;
        if (((changes as unknown[] | undefined) ?? []).length)
          throw new Error(`the harness does not apply ActiveEffect changes (${String(effect.name)})`);
        for (const status of effect.statuses) this.statuses.add(status);
      }
    }
    /** A token's synthetic actor (v11+: its parent is the unlinked TokenDocument). */
    get isToken(): boolean {
      return this.parent?.documentName === "Token";
    }
    get token(): Any {
      return this.isToken ? this.parent : null;
    }
    /**
     * v13: the actor's tokens on the viewed scene, as documents or placeables: a synthetic actor's own token; a
     * world actor's tokens (its linked ones only when `linked`).
     */
    getActiveTokens(linked = false, document = false): Any[] {
      const scene = g().canvas?.scene;
      if (!scene) return [];
      const tokens = this.isToken
        ? [this.token].filter((t: Any) => t.parent === scene)
        : scene.tokens.filter((t: Any) => t.actorId === this.id && (!linked || t.actorLink));
      return document ? tokens : tokens.map((t: Any) => t.object).filter(Boolean);
    }
    getRollData(): Data {
      return { ...(this.system as Data) };
    }
    /**
     * `Actor#toggleStatusEffect(statusId, { active, overlay })` (v13, v14): an id `CONFIG.statusEffects` does not
     * define throws; an existing carrier (the definition's `_id`, else an own effect carrying that status alone)
     * is deleted, or left as it is when asked on — even turned off or expired (core revives nothing).
     */
    async toggleStatusEffect(
      statusId: string,
      { active, overlay = false }: { active?: boolean; overlay?: boolean } = {},
    ): Promise<Any> {
      void overlay;
      const status = statusDefinition(CONFIG().statusEffects, statusId);
      if (!status) throw new Error(`Invalid status ID "${statusId}" provided to Actor#toggleStatusEffect`);
      const fixed = typeof status._id === "string" ? status._id : null;
      const existing = this.effects
        .filter((e: ActiveEffect) =>
          fixed ? e.id === fixed : e.statuses.size === 1 && e.statuses.has(statusId),
        )
        .map((e: ActiveEffect) => e.id);
      if (existing.length) {
        if (active) return true;
        await this.deleteEmbeddedDocuments("ActiveEffect", existing as string[]);
        return false;
      }
      if (active === false) return undefined;
      const effect = await (CONFIG().ActiveEffect.documentClass as typeof ActiveEffect).fromStatusEffect(
        statusId,
      );
      const [created] = await this.createEmbeddedDocuments("ActiveEffect", [effect.toObject()]);
      return created;
    }
  }

  // --- Scene, TokenDocument ----------------------------------------------------------------------------------------

  /** The Token placeable a page's canvas draws for a TokenDocument: what targeting and `game.user.targets` hold. */
  class TokenPlaceable {
    constructor(readonly document: TokenDocument) {}
    get id(): string | null {
      return this.document.id;
    }
    get actor(): Any {
      return this.document.actor;
    }
    get center(): { x: number; y: number } {
      const size = Number(this.document.parent?.grid?.size ?? 100);
      return {
        x: this.document.x + (this.document.width * size) / 2,
        y: this.document.y + (this.document.height * size) / 2,
      };
    }
    get isTargeted(): boolean {
      return me().targets.has(this);
    }
    /** v13 `Token#setTarget(targeted, { user, releaseOthers })`: this page's user's targets. */
    setTarget(targeted = true, { releaseOthers = true }: { releaseOthers?: boolean } = {}): void {
      onThisPage("Token#setTarget");
      const targets = me().targets;
      if (releaseOthers) targets.clear();
      if (targeted) targets.add(this);
      else targets.delete(this);
    }
  }

  class Scene extends ClientDocument {
    static override documentName = "Scene";
    get dimensions(): Data {
      return { size: this.grid.size, distance: this.grid.distance };
    }
    /** Whether this page's canvas shows it (v13 `Scene#isView`). */
    get isView(): boolean {
      return g().canvas?.scene === this;
    }
    /**
     * v13 `Scene#view()`: this client draws the scene (nobody else's view changes, nothing is written). Stricter:
     * a player may view the active scene, or one it has LIMITED on, no other (unconfirmed either way).
     */
    async view(): Promise<this> {
      onThisPage("Scene#view");
      if (!game().user?.isGM && !this.active && !this.testUserPermission(game().user, "LIMITED"))
        throw new Error(`${String(game().user?.name)} may not view the scene ${String(this.name)}`);
      await page.viewScene(this);
      return this;
    }
    /** A deleted scene a page was showing leaves its canvas empty. */
    override _onDelete(options: Data, userId: string): void {
      super._onDelete(options, userId);
      if (this.isView) page.track(page.viewScene(null));
    }
    /** v14 `Scene#levels`: its Levels (tests/harness/movement.ts); v13 scenes have none. */
    get levels(): LevelCollection | undefined {
      if (!V14) return undefined;
      const specs = ((this._source.levels as Data[] | undefined) ?? []).map((l) => {
        const elevation = (l.elevation ?? {}) as { bottom?: number | null; top?: number | null };
        return {
          id: String(l._id),
          name: String(l.name ?? l._id),
          bottom: elevation.bottom ?? -Infinity,
          top: elevation.top ?? Infinity,
          sees: ((l.visibility as { levels?: string[] } | undefined)?.levels ?? []).map(String),
        };
      });
      return makeLevels(specs);
    }
  }

  class TokenDocument extends ClientDocument {
    static override documentName = "Token";
    declare _object: TokenPlaceable | undefined;
    declare _synthetic: Any;
    /** v14 `TokenDocument#level`: the Level it stands on (stored, else the scene's first); absent on v13. */
    get level(): string | undefined {
      if (!V14) return undefined;
      const stored = this._source.level;
      return typeof stored === "string" ? stored : this.parent?.levels?.keys().next().value;
    }
    /**
     * v11+: a linked token's actor is the world actor; an unlinked token's is a synthetic Actor (parent: this token,
     * uuid `<token uuid>.Actor.<id>`) built from the base actor and the token's ActorDelta, made once and kept.
     */
    get actor(): Any {
      const base = game().actors.get(String(this.actorId)) ?? null;
      if (this.actorLink !== false || !base) return base;
      if (!this._synthetic) {
        adopting = applyDelta(base._source, this._source.delta as Data | null);
        const synthetic = new (CONFIG().Actor.documentClass as typeof ClientDocument)({}, { parent: this });
        Object.defineProperty(this, "_synthetic", { value: synthetic, writable: true, enumerable: false });
      }
      return this._synthetic;
    }
    /** The synthetic actor built again from its base actor and the delta (after either changed). */
    refreshSynthetic(): void {
      const base = game().actors.get(String(this.actorId));
      if (!this._synthetic || !base) return;
      this._synthetic._source = applyDelta(base._source, this._source.delta as Data | null);
      this._synthetic._initialize();
    }
    override _initialize(): void {
      super._initialize();
      this.refreshSynthetic?.();
    }
    /** v13: the placeable that draws this token, only while its scene is on this page's canvas (else null). */
    get object(): TokenPlaceable | null {
      if (g().canvas?.scene !== this.parent) return null;
      if (!this._object)
        Object.defineProperty(this, "_object", { value: new TokenPlaceable(this), enumerable: false });
      return this._object!;
    }
    get combatant(): Any {
      return (
        game()
          .combats.contents.flatMap((c: Any) => c.combatants.contents)
          .find((c: Any) => c.tokenId === this.id && c.sceneId === this.parent?.id) ?? null
      );
    }
    get inCombat(): boolean {
      return Boolean(this.combatant);
    }
    override getUserLevel(user: Any = game().user): number {
      if (user?.isGM) return OWNERSHIP.OWNER;
      const actor = game().actors.get(String(this.actorId));
      return actor ? actor.getUserLevel(user) : OWNERSHIP.NONE;
    }
    /** v13 `TokenDocument#toggleCombatant`: joins the viewed fight (a GM's write), or leaves it. */
    async toggleCombatant({ active }: { active?: boolean } = {}): Promise<boolean> {
      const combat = game().combats.viewed;
      const combatant = combat?.combatants.find((c: Any) => c.tokenId === this.id);
      const join = active ?? !combatant;
      if (join && !combatant) {
        if (!combat) throw new Error("no viewed combat to join");
        await combat.createEmbeddedDocuments("Combatant", [
          { tokenId: this.id, sceneId: this.parent?.id, actorId: this.actorId, hidden: this.hidden },
        ]);
      } else if (!join && combatant) await combat.deleteEmbeddedDocuments("Combatant", [combatant.id]);
      return join;
    }

    /**
     * v13 `TokenDocument#measureMovementPath(waypoints, options)` (tests/harness/core.ts `measurePath`, after the
     * documented TokenMeasureMovementPathWaypoint and GridMeasurePathResult): on the scene's square grid with
     * equidistant diagonals, a segment moves max(columns, rows, elevation in grid units) squares, rounded, each the
     * grid's distance; no terrain.
     */
    measureMovementPath(waypoints: unknown, options?: unknown): Data {
      const grid = this.parent!.grid as { size: number; distance: number };
      const source = {
        x: this.x as number,
        y: this.y as number,
        elevation: this.elevation as number,
        width: this.width as number,
        height: this.height as number,
        shape: Number(this.shape ?? 0),
        action: String(this.movementAction ?? "walk"),
        ...(V14 ? { level: String(this.level), depth: Number(this.depth ?? 1) } : {}),
      };
      return measurePath(
        source,
        waypoints,
        options,
        (from, to) => {
          const dx = Math.round(Math.abs(to.x - from.x) / grid.size);
          const dy = Math.round(Math.abs(to.y - from.y) / grid.size);
          const dz = Math.round(Math.abs(to.elevation - from.elevation) / grid.distance);
          const squares = Math.max(dx, dy, dz);
          return { distance: squares * grid.distance, spaces: squares, diagonals: Math.min(dx, dy) };
        },
        this,
      );
    }

    /**
     * v13 `TokenDocument#move(waypoints, options)`: the path measured by core (here: a square grid with equidistant
     * diagonals, each square the grid distance, no terrain, no walls),
     * `preMoveToken(document, movement, operation)` on this page (false refuses), then one update that every page
     * receives with `moveToken(document, movement, operation, user)`. Only v13 waypoint fields are accepted
     * (no `cost`: core measures).
     */
    async move(waypoints: Data | Data[], options: Data = {}): Promise<boolean> {
      onThisPage("TokenDocument#move");
      // The generation's waypoint fields and (v14) options only (tests/harness/movement.ts).
      const list = moveWaypoints(waypoints, options);
      const grid = this.parent!.grid as { size: number; distance: number };
      let at: { x: number; y: number; elevation: number; level?: string } = {
        x: this.x as number,
        y: this.y as number,
        elevation: this.elevation as number,
        ...(V14 ? { level: String(this.level) } : {}),
      };
      const origin = { ...at, width: this.width, height: this.height };
      const positions = list.map((w) => {
        const next = {
          x: Number(w.x ?? at.x),
          y: Number(w.y ?? at.y),
          elevation: Number(w.elevation ?? at.elevation),
          ...(V14 ? { level: String(w.level ?? at.level) } : {}),
          action: String(w.action ?? this.movementAction ?? "walk"),
        };
        at = next;
        return next;
      });
      // Stricter than core: a move leaving the token outside its level's elevations throws (v14).
      checkInLevel(this.parent?.levels, String(this.name), at);
      // Core measures the path on the mover's page (measureMovementPath, from where the token stands).
      const path = this.measureMovementPath([
        { x: origin.x, y: origin.y, elevation: origin.elevation, ...(V14 ? { level: origin.level } : {}) },
        ...positions,
      ]) as { segments: { cost: number }[]; diagonals: number };
      const id = Math.random().toString(36).slice(2, 18);
      const diagonals = path.diagonals;
      const passed: Data[] = positions.map((next, i) => {
        const w = list[i]!;
        return {
          ...next,
          width: this.width,
          height: this.height,
          cost: path.segments[i]?.cost ?? 0,
          intermediate: false,
          explicit: w.explicit ?? true,
          checkpoint: w.checkpoint ?? false,
          snapped: w.snapped ?? (next.x % grid.size === 0 && next.y % grid.size === 0),
          shape: Number(this.shape ?? 0),
          terrain: null,
          userId: String(me()?.id ?? ""),
          movementId: id,
          ...(V14 ? { depth: Number(this.depth ?? 1), subpathId: `${id}s` } : {}),
        };
      });
      const total = passed.reduce((sum, w) => sum + Number(w.cost), 0);
      const movement = {
        id,
        chain: [],
        origin,
        destination: passed.at(-1) ?? origin,
        passed: {
          waypoints: passed,
          distance: total,
          cost: total,
          spaces: total / grid.distance,
          diagonals,
        },
        pending: { waypoints: [], distance: 0, cost: 0, spaces: 0, diagonals: 0 },
        history: { recorded: { waypoints: [] }, unrecorded: { waypoints: [] } },
        constrained: false,
        recorded: true,
        method: String(options.method ?? "api"),
        autoRotate: false,
        showRuler: false,
      };
      const operation = { ...options, movement: { [String(this.id)]: movement } };
      if (hooks().call("preMoveToken", this, freeze(clone(movement)), operation) === false) return false;
      const changes: Data = { x: at.x, y: at.y, elevation: at.elevation };
      if (V14 && at.level !== this.level) changes.level = at.level;
      await this.update(changes, { ...options, _movement: { [String(this.id)]: movement } });
      return true;
    }
    override _onUpdate(changed: Data, options: Data, userId: string): void {
      super._onUpdate(changed, options, userId);
      const movement = (options._movement as Data | undefined)?.[String(this.id)];
      if (movement)
        hooks().callAll(
          "moveToken",
          this,
          freeze(clone(movement)),
          { ...options, movement: { [String(this.id)]: movement } },
          game().users.get(userId),
        );
      // Stricter than core (undocumented on v13 and v14): only the mover's page finds the movement in its
      // `updateToken` options.
      if (userId !== page.userId) delete options._movement;
    }
  }

  // --- Combat, Combatant -------------------------------------------------------------------------------------------

  type History = TurnHistory;
  /** The effects of the combatants' actors that wait for nothing but `event`, marked expired (see Combat's use). */
  async function expireEffects(event: string, combatants: Any[]): Promise<void> {
    for (const combatant of combatants)
      for (const effect of (combatant.actor?.effects?.contents ?? []) as Any[]) {
        const duration = (effect._source.duration ?? {}) as Data;
        if (duration.expiry !== event || duration.expired === true) continue;
        if (duration.value !== null && duration.value !== undefined) continue;
        await effect.update({ "duration.expired": true });
      }
  }
  /** The options of core's turn controls: v13 `{ advanceTime, direction }`, v14 `{ direction, worldTime: { delta } }`. */
  const turnOptions = (direction: 1 | -1): Data =>
    V14 ? { direction, worldTime: { delta: 0 } } : { advanceTime: 0, direction };

  class Combatant extends ClientDocument {
    static override documentName = "Combatant";
    get combat(): Any {
      return this.parent;
    }
    get actor(): Any {
      return this.token?.actor ?? game().actors.get(String(this.actorId)) ?? null;
    }
    get token(): Any {
      const scene = game().scenes.get(String(this.sceneId ?? this.parent?.scene));
      return scene?.tokens.get(String(this.tokenId)) ?? null;
    }
    get name(): string {
      return (this._source.name as string | null) || this.token?.name || this.actor?.name || "";
    }
    get img(): string {
      return (this._source.img as string | null) || this.actor?.img || "icons/svg/mystery-man.svg";
    }
    get isDefeated(): boolean {
      return (
        this.defeated || Boolean(this.actor?.statuses?.has(CONFIG().specialStatusEffects?.DEFEATED ?? "dead"))
      );
    }
    get isNPC(): boolean {
      return !this.actor || !this.hasPlayerOwner;
    }
    get players(): Any[] {
      return game().users.filter((u: Any) => !u.isGM && this.testUserPermission(u, "OWNER"));
    }
    override getUserLevel(user: Any = game().user): number {
      if (user?.isGM) return OWNERSHIP.OWNER;
      return this.actor?.getUserLevel(user) ?? OWNERSHIP.NONE;
    }
    override get visible(): boolean {
      return this.isOwner || !this.hidden;
    }
    _getInitiativeFormula(): string {
      return "1d20";
    }
    getInitiativeRoll(formula?: string): Any {
      return new (g().Roll)(formula ?? this._getInitiativeFormula(), this.actor?.getRollData?.() ?? {});
    }
  }

  class Combat extends ClientDocument {
    static override documentName = "Combat";
    declare turns: Combatant[];
    declare current: History;
    declare previous: History;
    override _initialize(): void {
      super._initialize();
      if (this.current === undefined) {
        this.current = this._getCurrentState();
        // foundryvtt#9641: `previous` starts as a copy of `current`.
        this.previous = { ...this.current };
      }
    }
    get started(): boolean {
      return this.round > 0;
    }
    get combatant(): Combatant | undefined {
      return this.turn === null || this.turn === undefined ? undefined : this.turns?.[this.turn];
    }
    get isActive(): boolean {
      return Boolean(this.active);
    }
    get settings(): Data {
      return { resource: null, skipDefeated: false };
    }
    /** Core builds the turns on the first preparation only; later updates of the Combat leave them as they are. */
    override prepareDerivedData(): void {
      if (!Array.isArray(this.turns)) this.turns = [];
      if (this.combatants.size && !this.turns.length) this.setupTurns();
    }
    _sortCombatants(a: Combatant, b: Combatant): number {
      const ia = typeof a.initiative === "number" ? a.initiative : -Infinity;
      const ib = typeof b.initiative === "number" ? b.initiative : -Infinity;
      return ib - ia || (String(a.id) > String(b.id) ? 1 : -1);
    }
    setupTurns(): Combatant[] {
      const turns = (this.combatants.contents as Combatant[]).sort((a, b) => this._sortCombatants(a, b));
      this.turns = turns;
      if (this.turn !== null && this.turn !== undefined)
        this.turn = turns.length ? Math.min(Math.max(this.turn, 0), turns.length - 1) : null;
      this.current = this._getCurrentState();
      return turns;
    }
    _getCurrentState(combatant: Combatant | undefined = this.combatant): History {
      return {
        round: this.round ?? 0,
        turn: this.turn ?? null,
        combatantId: combatant?.id ?? null,
        tokenId: combatant?.tokenId ?? null,
      };
    }
    /**
     * Core's turn-event workflow (as tests/harness/combat.ts): nothing before the fight starts; on the active GM's
     * page the turn events in v14's order (v14 adds the ActiveEffect expiry refreshes and
     * `_clearMovementHistoryOnStartTurn`), then `combatTurnChange(combat, previous, current)` on every page
     * (foundryvtt#9664).
     */
    async _manageTurnEvents(): Promise<void> {
      if (!this.started) return;
      const { previous, current } = this;
      if (game().users.activeGM?.isSelf) await this.#triggerTurnEvents(previous, current);
      hooks().callAll("combatTurnChange", this, previous, current);
    }
    async #triggerTurnEvents(previous: History, current: History): Promise<void> {
      const record = (event: string, combatantId: string | null, context: Data) =>
        page.turnEvents.push({ combat: String(this.id), event, combatantId, context });
      await triggerTurnEvents(this as Any, previous, current, record, (event, combatants: Any[]) =>
        this.#expireEffects(event, combatants as Combatant[]),
      );
    }
    /**
     * v14's `ActiveEffect.registry.refresh(event, { ...context, combat })` as far as the harness imitates it: the
     * effects of the combatants' actors (the turn's combatant for a turn event, every one for a round event) whose
     * duration waits for nothing but this expiry event (`expiry` the event, `value` null) are marked expired with
     * an update (`CONFIG.ActiveEffect.expiryAction` "update", v14's default), written by the active GM.
     */
    async #expireEffects(event: string, combatants: Combatant[]): Promise<void> {
      await expireEffects(event, combatants);
    }
    /**
     * v14 `Combat#_clearMovementHistoryOnStartTurn(combatant, context)`: the combatant's token's movement history
     * cleared by an update that holds `_movementHistory` only (E-movement §E8: it is not a move).
     */
    async _clearMovementHistoryOnStartTurn(combatant: Combatant, _context: Data): Promise<void> {
      const token = combatant.token;
      if (token && ((token._source._movementHistory as unknown[] | undefined) ?? []).length)
        await token.update({ _movementHistory: [] });
    }
    async _onEndTurn(_combatant: Combatant, _context: Data): Promise<void> {}
    async _onEndRound(_context: Data): Promise<void> {}
    async _onStartRound(_context: Data): Promise<void> {}
    async _onStartTurn(_combatant: Combatant, _context: Data): Promise<void> {}
    #turnChanged(prior: History, options: Data): void {
      if (sameHistory(prior, this.current)) return;
      this.previous = prior;
      if (options?.turnEvents !== false) void this._manageTurnEvents();
    }
    override _onUpdate(changed: Data, options: Data, userId: string): void {
      super._onUpdate(changed, options, userId);
      const prior = this.current;
      if (!("round" in changed) && !("turn" in changed)) return;
      this.current = this._getCurrentState();
      this.#turnChanged(prior, options);
    }
    #combatantsChanged(options: Data): void {
      const prior = this.current;
      this.setupTurns();
      this.#turnChanged(prior, options);
    }
    override _onCreateDescendantDocuments(...args: unknown[]): void {
      this.#combatantsChanged((args[4] as Data) ?? {});
    }
    override _onUpdateDescendantDocuments(...args: unknown[]): void {
      this.#combatantsChanged((args[4] as Data) ?? {});
    }
    override _onDeleteDescendantDocuments(...args: unknown[]): void {
      this.#combatantsChanged((args[4] as Data) ?? {});
    }
    /** Core (as tests/harness/combat.ts): `combatStart`, the write; v14 then refreshes `combatStart` (#13949). */
    async startCombat(): Promise<this> {
      const updateData = { round: 1, turn: 0 };
      hooks().callAll("combatStart", this, updateData);
      await this.update(updateData);
      if (V14) await ActiveEffect.registry?.refresh("combatStart", { combat: this });
      return this;
    }
    async nextTurn(): Promise<this> {
      const turn = this.turn === null ? 0 : this.turn + 1;
      if (turn >= this.turns.length) return this.nextRound();
      const updateData = { round: this.round, turn };
      const updateOptions = turnOptions(1);
      hooks().callAll("combatTurn", this, updateData, updateOptions);
      return (await this.update(updateData, updateOptions)) ?? this;
    }
    async previousTurn(): Promise<this> {
      throw new Error("the world harness does not imitate Combat#previousTurn");
    }
    async previousRound(): Promise<this> {
      throw new Error("the world harness does not imitate Combat#previousRound");
    }
    async nextRound(): Promise<this> {
      const updateData = { round: this.round + 1, turn: 0 };
      const updateOptions = turnOptions(1);
      hooks().callAll("combatRound", this, updateData, updateOptions);
      return (await this.update(updateData, updateOptions)) ?? this;
    }
    async rollInitiative(): Promise<this> {
      throw new Error("the world harness does not imitate core's Combat#rollInitiative");
    }
    async resetAll(): Promise<this> {
      throw new Error("the world harness does not imitate core's Combat#resetAll");
    }
    async endCombat(): Promise<this | undefined> {
      const yes = await g().foundry.applications.api.DialogV2.confirm({
        window: { title: "COMBAT.EndTitle" },
        content: "<p>COMBAT.EndConfirmation</p>",
      });
      return yes ? this.delete() : undefined;
    }
    /** v13 `Combat#activate`: this fight becomes its scene's active one (a GM's write). */
    async activate(): Promise<Any> {
      const others = game().combats.filter((c: Any) => c !== this && c.active && c.scene === this.scene);
      for (const other of others) await other.update({ active: false });
      return this.update({ active: true });
    }
  }

  // --- ChatMessage -----------------------------------------------------------------------------------------------

  class ChatMessage extends ClientDocument {
    static override documentName = "ChatMessage";
    declare rolls: Any[];
    override _initialize(): void {
      super._initialize();
      const Roll = g().Roll;
      this.rolls = ((this._source.rolls as unknown[]) ?? []).map((r) =>
        Roll.fromData(typeof r === "string" ? JSON.parse(r) : r),
      );
    }
    /** Rolls given as Roll instances are stored as their JSON, as v13's rolls field does. */
    constructor(data: Data = {}, context: { parent?: ClientDocument | null } = {}) {
      const rolls = ((data.rolls as unknown[]) ?? []).map((r) =>
        typeof r === "string" ? r : JSON.stringify((r as { toJSON(): Data }).toJSON?.() ?? r),
      );
      super({ ...data, rolls }, context);
    }
    static getSpeaker({
      scene,
      actor,
      token,
      alias,
    }: { scene?: Any; actor?: Any; token?: Any; alias?: string } = {}): Data {
      const sceneId = scene?.id ?? token?.parent?.id ?? g().canvas?.scene?.id ?? null;
      return {
        scene: sceneId,
        actor: actor?.id ?? token?.actorId ?? null,
        token: token?.id ?? null,
        alias: alias ?? token?.name ?? actor?.name ?? game().user?.name ?? "",
      };
    }
    /**
     * v13 `ChatMessage.applyRollMode(chatData, rollMode)`, as ../core.ts `applyRollMode` (foundryvtt#11442): public
     * clears `whisper` and `blind`; private and blind add the GMs to the recipients already there; self whispers to
     * this page's user. Deprecated on v14, where it throws.
     */
    static applyRollMode(chatData: Data, rollMode: string): Data {
      if (V14) deprecatedOnV14("ChatMessage.applyRollMode", "ChatMessage.applyMode");
      const modes = ["publicroll", "gmroll", "blindroll", "selfroll", "roll"];
      if (!modes.includes(rollMode)) throw new Error(`"${rollMode}" is not a roll mode`);
      const mode = rollMode === "roll" ? String(game().settings.get("core", "rollMode")) : rollMode;
      const whisper = (chatData.whisper as string[] | undefined) ?? [];
      if (mode === "publicroll") Object.assign(chatData, { whisper: [], blind: false });
      if (mode === "gmroll" || mode === "blindroll")
        Object.assign(chatData, {
          whisper: [...new Set([...whisper, ...pageRealm.gms()])],
          blind: mode === "blindroll",
        });
      if (mode === "selfroll") Object.assign(chatData, { whisper: [page.userId], blind: false });
      return chatData;
    }
    /** v14 `ChatMessage.applyMode(data, mode)` over the page's `CONFIG.ChatMessage.modes` (absent on v13). */
    static applyMode(chatData: Data, mode: unknown): Data {
      const modes = g().CONFIG.ChatMessage.modes as Record<string, MessageModeConfig> | undefined;
      if (!V14 || !modes) throw new Error("ChatMessage.applyMode is v14's (v13: applyRollMode)");
      return applyModeWith(modes, pageRealm, chatData, mode);
    }
    /** The create's mode option, applied in `_preCreate` (../message-modes.ts `applyCreateOptions`). */
    override async _preCreate(data: Data, options: Data, user: Any): Promise<boolean | void> {
      const allowed = await super._preCreate(data, options, user);
      if (allowed === false) return false;
      const source = clone(this._source);
      applyCreateOptions(
        source,
        options,
        {
          rollMode: (d, m) => ChatMessage.applyRollMode(d, m),
          messageMode: (d, m) => ChatMessage.applyMode(d, m),
        },
        pageRealm,
      );
      const keys = ["whisper", "blind", "style"] as const;
      const changed = keys.filter((k) => JSON.stringify(source[k]) !== JSON.stringify(this._source[k]));
      if (changed.length) this.updateSource(Object.fromEntries(changed.map((k) => [k, source[k]])));
      return allowed;
    }
    get author(): Any {
      return game().users.get(String(this._source.author)) ?? null;
    }
    get isAuthor(): boolean {
      return this._source.author === page.userId;
    }
    get isRoll(): boolean {
      return this.rolls.length > 0;
    }
    override getUserLevel(user: Any = game().user): number {
      if (user?.isGM || user?.id === this._source.author) return OWNERSHIP.OWNER;
      return OWNERSHIP.LIMITED;
    }
    override get visible(): boolean {
      const user = game().user;
      if ((this.whisper as string[]).length)
        return user.isGM || this.isAuthor || (this.whisper as string[]).includes(user.id);
      return true;
    }
    get isContentVisible(): boolean {
      const user = game().user;
      if (this.blind) return user.isGM;
      return this.visible;
    }
    /**
     * v13 `ChatMessage#renderHTML()`: the message's `<li>` (header, flavor, content with its rolls), then
     * `renderChatMessageHTML(message, html, context)` before it is returned.
     */
    async renderHTML(options: Data = {}): Promise<HTMLElement> {
      const doc = g().document as Document;
      const li = doc.createElement("li");
      li.className = "chat-message message flexcol";
      li.dataset.messageId = String(this.id);
      const visible = this.isContentVisible;
      const content = visible ? String(this.content ?? "") : "";
      const rolls = visible
        ? (await Promise.all(this.rolls.map((r: Any) => r.render?.() ?? ""))).join("")
        : "";
      li.innerHTML = `<header class="message-header flexrow"><h4 class="message-sender">${g().foundry.utils.escapeHTML(String((this.speaker as Data)?.alias ?? this.author?.name ?? ""))}</h4></header>${this.flavor ? `<span class="flavor-text">${String(this.flavor)}</span>` : ""}<div class="message-content">${content}${rolls}</div>`;
      hooks().callAll("renderChatMessageHTML", this, li, { ...options, message: this, user: game().user });
      return li;
    }
    override _onCreate(data: Data, options: Data, userId: string): void {
      super._onCreate(data, options, userId);
      if (this.visible) void g().ui.chat?.postOne?.(this, { notify: true });
    }
    override _onUpdate(changed: Data, options: Data, userId: string): void {
      super._onUpdate(changed, options, userId);
      void g().ui.chat?.updateMessage?.(this);
    }
    override _onDelete(options: Data, userId: string): void {
      super._onDelete(options, userId);
      g().ui.chat?.deleteMessage?.(this.id);
    }
  }

  // v13 has no `ChatMessage.applyMode` (v14's name): the v13 page offers only `applyRollMode`.
  if (!V14) Reflect.deleteProperty(ChatMessage, "applyMode");

  const classes = {
    ClientDocument,
    User,
    Actor,
    Item,
    ActiveEffect,
    Scene,
    TokenDocument,
    Combat,
    Combatant,
    ChatMessage,
  };

  /**
   * Core draws again what shows a changed document (v13 ClientDocument `_onCreate`/`_onUpdate`/`_onDelete` render
   * the document's apps, and a descendant's change renders its parent's): the open sheet of the document and of
   * the world document it is in; the combat tracker for a fight or a combatant. A deleted document's sheet
   * closes. The drawing is not awaited (as in core); the table waits for it.
   */
  function redraw(docs: ClientDocument[], deleted: boolean): void {
    const sheets = new Set<Any>();
    for (const doc of docs) {
      if (doc._sheet?.rendered) sheets.add([doc._sheet, deleted]);
      if (doc.parent && doc.root._sheet?.rendered) sheets.add([doc.root._sheet, false]);
    }
    for (const [sheet, close] of sheets) page.track(close ? sheet.close() : sheet.render());
    if (docs.some((d) => d.documentName === "Combat" || d.documentName === "Combatant")) {
      const tracker = g().ui.combat;
      if (tracker?.rendered) page.track(tracker.render());
    }
  }

  /** A write broadcast by the server, handled on this page: the page's instances change, then the hooks fire. */
  function receive(message: Broadcast): Data[] {
    // v14: the operators in the server's message are rebuilt with this page's classes (reconstructOperator).
    revive(message.result, ops());
    const { documentName } = message;
    if (documentName === "ActorDelta" || message.parent.at(-1)?.[0] === "ActorDelta")
      return receiveDelta(message);
    try {
      return receiveWrite(message);
    } finally {
      const rootName = message.parent[0]?.[0] ?? documentName;
      if (rootName === "Actor")
        refreshSynthetics(message.parent[0]?.[1] ?? String(message.result[0]?._id ?? ""));
    }
  }

  function receiveWrite(message: Broadcast): Data[] {
    const { action, documentName, options, userId } = message;
    const parent = message.parent.length ? resolvePath(message.parent) : null;
    if (message.parent.length && !parent) return message.result;
    const collection: Collection<ClientDocument> = parent
      ? parent.getEmbeddedCollection(documentName)
      : game()[WORLD_COLLECTIONS[documentName as WorldDocumentName]];
    const field = parent ? EMBEDDED[parent.documentName]![documentName]! : null;
    const cls = CONFIG()[documentName].documentClass as typeof ClientDocument;
    const root = parent?.preparationRoot ?? null;
    // The operation's `combatTurn` lands on the combat with its combatants' change (foundryvtt#11531).
    const combatTurn = parent?.documentName === "Combat" ? options.combatTurn : undefined;
    const prepareRoot = () => {
      if (combatTurn !== undefined) {
        parent!._source.turn = combatTurn;
        parent!.turn = combatTurn;
      }
      root?._safePrepareData();
    };
    if (action === "create") {
      const created: ClientDocument[] = [];
      for (const source of message.result) {
        let doc: ClientDocument;
        if (parent) {
          (parent._source[field!] as Data[]).push(source);
          adopting = source;
          doc = new cls({}, { parent });
        } else doc = new cls(source);
        collection.set(String(source._id), doc);
        created.push(doc);
      }
      prepareRoot();
      parent?._onCreateDescendantDocuments(parent, collection, created, message.result, options, userId);
      for (const doc of created) {
        doc._onCreate(doc._source, options, userId);
        hooks().callAll(`create${documentName}`, doc, options, userId);
      }
      redraw(created, false);
    } else if (action === "update") {
      const changed: [ClientDocument, Data][] = [];
      for (const change of message.result) {
        const doc = collection.get(String(change._id));
        if (!doc) continue;
        const { _id, ...rest } = change;
        mergeUpdate(doc._source, wire(rest, ops()));
        doc._initialize();
        changed.push([doc, change]);
      }
      prepareRoot();
      for (const [doc, change] of changed) doc._onUpdate(change, options, userId);
      parent?._onUpdateDescendantDocuments(
        parent,
        collection,
        changed.map((c) => c[0]),
        message.result,
        options,
        userId,
      );
      for (const [doc, change] of changed)
        hooks().callAll(`update${documentName}`, doc, change, options, userId);
      redraw(
        changed.map((c) => c[0]),
        false,
      );
    } else {
      const gone: ClientDocument[] = [];
      for (const { _id } of message.result) {
        const doc = collection.get(String(_id));
        if (!doc) continue;
        collection.delete(String(_id));
        if (parent) {
          const list = parent._source[field!] as Data[];
          const at = list.findIndex((s) => s._id === _id);
          if (at >= 0) list.splice(at, 1);
        }
        gone.push(doc);
      }
      prepareRoot();
      for (const doc of gone) doc._onDelete(options, userId);
      parent?._onDeleteDescendantDocuments(
        parent,
        collection,
        gone,
        message.result.map((r) => r._id),
        options,
        userId,
      );
      for (const doc of gone) hooks().callAll(`delete${documentName}`, doc, options, userId);
      redraw(gone, true);
    }
    return message.result;
  }

  function resolvePath(path: ParentPath): ClientDocument | null {
    let doc: ClientDocument | null = null;
    for (const [name, id] of path) {
      if (doc?.documentName === "Token" && name === "Actor") {
        // An unlinked token's synthetic actor: `<token uuid>.Actor.<base actor id>`.
        const actor: Any = doc.actorLink === false ? doc.actor : null;
        doc = actor && actor.id === id ? actor : null;
      } else
        doc = doc
          ? (doc.getEmbeddedCollection(name).get(id) ?? null)
          : (game()[WORLD_COLLECTIONS[name as WorldDocumentName]]?.get(id) ?? null);
      if (!doc) return null;
    }
    return doc;
  }

  /**
   * A write to an unlinked token's ActorDelta, or to what it holds, handled on this page: the delta changes, the
   * synthetic actor is built again, and its own `_on…` methods and the Actor, Item and ActiveEffect hooks fire on
   * it and its items and effects, as for a world actor (foundryvtt#8973, #9131: "All hooks and _pre/_on methods
   * should be fired for the Actor as expected"). Stricter: no `updateActorDelta` hook.
   */
  function receiveDelta(message: Broadcast): Data[] {
    const { action, documentName, options, userId, result } = message;
    const tokenPath = documentName === "ActorDelta" ? message.parent : message.parent.slice(0, -1);
    const token = resolvePath(tokenPath);
    const delta = token?._source.delta as Data | null | undefined;
    if (!token || !delta) return result;
    const synthetic = token.actor;
    if (documentName === "ActorDelta") {
      for (const { _id, ...changes } of result) mergeUpdate(delta, wire(changes, ops()));
      token.refreshSynthetic();
      const changed = {
        ...Object.fromEntries(Object.entries(result[0] ?? {}).filter(([k]) => k !== "_id")),
        _id: synthetic.id,
      };
      synthetic._onUpdate(changed, options, userId);
      hooks().callAll("updateActor", synthetic, changed, options, userId);
      redraw([synthetic], false);
      return result;
    }
    const field = EMBEDDED.ActorDelta![documentName]!;
    const list = (delta[field] ??= []) as Data[];
    const collection = synthetic.getEmbeddedCollection(documentName);
    if (action === "create") {
      list.push(...clone(result));
      token.refreshSynthetic();
      const created = result.map((r) => collection.get(String(r._id))).filter(Boolean);
      synthetic._onCreateDescendantDocuments(synthetic, collection, created, result, options, userId);
      for (const doc of created) {
        doc._onCreate(doc._source, options, userId);
        hooks().callAll(`create${documentName}`, doc, options, userId);
      }
      redraw([synthetic, ...created], false);
    } else if (action === "update") {
      for (const { _id, ...changes } of result) {
        const source = list.find((d) => d._id === _id);
        if (source) mergeUpdate(source, wire(changes, ops()));
      }
      token.refreshSynthetic();
      const changed = result.map((r) => [collection.get(String(r._id)), r] as const).filter(([d]) => d);
      for (const [doc, change] of changed) doc._onUpdate(change, options, userId);
      synthetic._onUpdateDescendantDocuments(
        synthetic,
        collection,
        changed.map((c) => c[0]),
        result,
        options,
        userId,
      );
      for (const [doc, change] of changed)
        hooks().callAll(`update${documentName}`, doc, change, options, userId);
      redraw([synthetic], false);
    } else {
      const gone = result.map((r) => collection.get(String(r._id))).filter(Boolean);
      for (const { _id } of result) {
        const at = list.findIndex((d) => d._id === _id);
        if (at >= 0) list.splice(at, 1);
      }
      token.refreshSynthetic();
      for (const doc of gone) doc._onDelete(options, userId);
      synthetic._onDeleteDescendantDocuments(
        synthetic,
        collection,
        gone,
        result.map((r) => r._id),
        options,
        userId,
      );
      for (const doc of gone) hooks().callAll(`delete${documentName}`, doc, options, userId);
      redraw([synthetic], false);
    }
    return result;
  }

  /** A world actor changed: the synthetic actors of its unlinked tokens are built again (no hooks for them). */
  function refreshSynthetics(actorId: string | null): void {
    if (!actorId) return;
    for (const scene of game().scenes.values())
      for (const token of scene.tokens.values())
        if (token.actorId === actorId && token.actorLink === false) token.refreshSynthetic();
  }

  /** v13 `fromUuidSync(uuid)`: a world or embedded document of this page by its uuid (null when gone). */
  function fromUuidSync(uuid: unknown): ClientDocument | null {
    if (typeof uuid !== "string" || !uuid) throw new Error("A UUID string is required.");
    const parts = uuid.split(".");
    if (parts[0] === "Compendium") throw new Error("the world harness does not resolve compendium uuids");
    if (parts.length % 2) throw new Error(`"${uuid}" is not a valid uuid`);
    const path: [string, string][] = [];
    for (let i = 0; i < parts.length; i += 2) path.push([parts[i]!, parts[i + 1]!]);
    return resolvePath(path);
  }

  void clientNow;
  return { classes, receive, fromUuidSync, TokenPlaceable };
}

export type DocumentClasses = ReturnType<typeof createDocumentClasses>;
