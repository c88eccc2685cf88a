/**
 * Stand-ins for what the attack cards touch: users (each call runs as one user, the way each Foundry client
 * is its own process), actors with items and statuses, tokens, chat messages that keep their rolls as JSON
 * and rebuild them on read, a fight, `fromUuidSync`, the v13 query channel to the active GM, template
 * rendering with the real handlebars, notifications. They store and fire hooks; no Fray logic lives here.
 * Import this file before any adapter.
 */
import {
  activeGM,
  applyRollMode,
  broadcast,
  connected,
  currentClient,
  expandObject,
  mergeUpdate,
  runAs,
  serverAllows,
  touchesOnly,
  UserDocument,
  wire,
  type ClientSettings,
} from "./core";
import { listenerResults, mount } from "./dom";
import { cleanUpdate, prepareSystem } from "./fields";
import { V14 } from "./generation";
import { modeRealm } from "./install";
import { applyCreateOptions, applyModeWith, deprecatedOnV14, type MessageModeConfig } from "./message-modes";
import { Roll } from "./roll";
import { templateEnvironment } from "./templates";

type Data = Record<string, unknown>;
type HookBus = {
  callAll: (name: string, ...args: unknown[]) => boolean;
  call: (name: string, ...args: unknown[]) => boolean;
};

const g = globalThis as Record<string, unknown>;
const hooks = () => g.Hooks as HookBus;

const clone = <T>(v: T): T => (v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T));

let nextId = 1;
const newId = (prefix: string) => `${prefix}${String(nextId++).padStart(16 - prefix.length, "0")}`;

/**
 * Applies Foundry-style update data as the server does: dotted keys expanded, objects merged key by key, a
 * `-=key` deletes, a `==key` replaces whole (tests/harness/core.ts `mergeUpdate`).
 */
export function applyUpdate(source: Data, changes: Data): void {
  mergeUpdate(source, expandObject(changes));
}

/** What the tests read back: documents by uuid, messages, notifications, the language templates render in. */
export const world = {
  documents: new Map<string, unknown>(),
  messages: new Map<string, ChatMessageDoc>(),
  combats: new Map<string, FightDoc>(),
  warnings: [] as string[],
  /** What `ui.notifications.info` told the user. */
  infos: [] as string[],
  lang: "en",
};

/** A user of the chat tests: a User document (tests/harness/core.ts) with the tokens it targets. */
export class ChatUser extends UserDocument {
  targets = new Set<{ document: TokenDoc }>();
}

export function currentUser(): ChatUser {
  return currentClient<ChatUser>();
}

/** Runs `fn` on `user`'s client. */
export function as<T>(user: ChatUser, fn: () => Promise<T> | T): Promise<T> {
  return runAs(user, fn);
}

/** `game.users`: the users made so far (a ChatUser joins when made; `add` is kept for the tests' wording). */
export const users = {
  get contents(): ChatUser[] {
    return connected as ChatUser[];
  },
  get activeGM(): ChatUser | null {
    return activeGM() as ChatUser | null;
  },
  get(id: string) {
    return this.contents.find((u) => u.id === id);
  },
  add(user: ChatUser): ChatUser {
    return user;
  },
};

export class ItemDoc {
  id = newId("Item");
  img = "icons/weapon.svg";
  _source: Data;
  system: Data;
  constructor(
    public name: string,
    public type: string,
    system: Data,
  ) {
    this._source = { system: clone(system) };
    this.system = prepareSystem("Item", type, this);
  }
  /** The item's data again, then its actor's (core prepares an embedded item's parent after its update). */
  async update(changes: Data, options: Data = {}): Promise<this> {
    // An embedded item is written by its actor's owner (a world item: its own owner) or a GM.
    const user = currentUser();
    const actor = [...world.documents.values()].find(
      (d): d is ActorDoc => d instanceof ActorDoc && d.items.includes(this),
    );
    const owner = actor ? actor.isOwner : (this as { isOwner?: boolean }).isOwner === true;
    serverAllows(user.isGM || owner, user, "update", "Item", this.id);
    const copy = cleanUpdate("Item", this.type, this, wire(changes));
    applyUpdate(this._source, copy);
    this.system = prepareSystem("Item", this.type, this);
    actor?.prepare();
    broadcast("updateItem", this, expandObject(copy), options, user.id);
    return this;
  }
}

/** CONST.DOCUMENT_OWNERSHIP_LEVELS (v13). */
export const OWNERSHIP_LEVELS = { NONE: 0, LIMITED: 1, OBSERVER: 2, OWNER: 3 } as const;
export type OwnershipLevel = keyof typeof OWNERSHIP_LEVELS;

export class ActorDoc {
  id = newId("Actor");
  img = "icons/actor.svg";
  statuses = new Set<string>();
  owners = new Set<string>();
  items: ItemDoc[] = [];
  token: TokenDoc | null = null;
  tokens: TokenDoc[] = [];
  _source: Data;
  system!: Data;
  constructor(
    public name: string,
    system: Data,
    public type = "character",
  ) {
    this._source = { system: clone(system) };
    this.prepare();
    world.documents.set(this.uuid, this);
  }
  get uuid(): string {
    return `Actor.${this.id}`;
  }
  prepare(): void {
    this.system = prepareSystem("Actor", this.type, this);
  }
  /** Levels below OWNER given to users (`owners` hold OWNER); a GM is always OWNER. */
  ownership = new Map<string, OwnershipLevel>();
  /** v13 `getUserLevel`: the user's level in CONST.DOCUMENT_OWNERSHIP_LEVELS (a GM: OWNER). */
  getUserLevel(user: ChatUser): number {
    if (user.isGM || this.owners.has(user.id)) return OWNERSHIP_LEVELS.OWNER;
    return OWNERSHIP_LEVELS[this.ownership.get(user.id) ?? "NONE"];
  }
  /** v13 `testUserPermission(user, level, { exact })`: at least that level, or exactly it. */
  testUserPermission(user: ChatUser, level: OwnershipLevel, { exact = false } = {}): boolean {
    const have = this.getUserLevel(user);
    return exact ? have === OWNERSHIP_LEVELS[level] : have >= OWNERSHIP_LEVELS[level];
  }
  /** v13 ClientDocument: the current user has exactly LIMITED. */
  get limited(): boolean {
    return this.testUserPermission(currentUser(), "LIMITED", { exact: true });
  }
  get isOwner(): boolean {
    return this.testUserPermission(currentUser(), "OWNER");
  }
  /**
   * v13 `getActiveTokens(linked, document)`: the actor's tokens on the scene (the harness has one); `linked`
   * keeps those linked to the actor (`actorLink`, true unless a token says otherwise). Stricter: the harness has
   * no Token placeables, so asking for them (`document` false) throws.
   */
  getActiveTokens(linked = false, document = false): TokenDoc[] {
    if (!document)
      throw new Error("harness: getActiveTokens(linked, false) asks for Token placeables; there are none");
    return this.tokens.filter((t) => !linked || (t as { actorLink?: boolean }).actorLink !== false);
  }
  async update(changes: Data, options: Data = {}): Promise<this> {
    serverAllows(this.isOwner, currentUser(), "update", "Actor", this.id);
    const copy = cleanUpdate("Actor", this.type, this, wire(changes));
    applyUpdate(this._source, copy);
    this.prepare();
    broadcast("updateActor", this, expandObject(copy), options, currentUser().id);
    return this;
  }
  async delete(): Promise<void> {
    serverAllows(currentUser().isGM, currentUser(), "delete", "Actor", this.id);
    world.documents.delete(this.uuid);
    for (const token of this.tokens) world.documents.delete(token.uuid);
  }
}

export class TokenDoc {
  id = newId("Token");
  constructor(public actor: ActorDoc) {
    actor.tokens.push(this);
    world.documents.set(this.uuid, this);
  }
  get name(): string {
    return this.actor.name;
  }
  /** v13 `Document#documentName`: "Token" for a TokenDocument. */
  get documentName(): string {
    return "Token";
  }
  get uuid(): string {
    return `Scene.scene000000001.Token.${this.id}`;
  }
  async delete(): Promise<void> {
    serverAllows(currentUser().isGM, currentUser(), "delete", "Token", this.id);
    world.documents.delete(this.uuid);
  }
}

export class ChatMessageDoc {
  id = newId("ChatMessage");
  type: string;
  _source: Data;
  system!: Data;
  constructor(data: Data) {
    this.type = String(data.type ?? "base");
    const rolls = ((data.rolls as unknown[]) ?? []).map((r) =>
      typeof r === "string" ? r : JSON.stringify(r),
    );
    this._source = { ...clone({ ...data, rolls: [] }), rolls, author: currentUser().id };
    this.prepare();
  }
  prepare(): void {
    this.system = prepareSystem("ChatMessage", this.type, this);
  }
  /** Rebuilt from JSON on each read, through `CONFIG.Dice.rolls`, as after a reload. */
  get rolls(): Roll[] {
    return (this._source.rolls as string[]).map((r) => Roll.fromData(JSON.parse(r) as Data));
  }
  get whisper(): string[] {
    return (this._source.whisper as string[]) ?? [];
  }
  get blind(): boolean {
    return this._source.blind === true;
  }
  get speaker(): unknown {
    return this._source.speaker;
  }
  /** The user who posted it (core: a User document). */
  get author(): ChatUser | undefined {
    return users.get(String(this._source.author));
  }
  get isContentVisible(): boolean {
    const user = currentUser();
    if (this.blind) return user.isGM;
    return !this.whisper.length || user.isGM || this.whisper.includes(user.id);
  }
  /** v13 `Document.implementation`: the configured class (`CONFIG.ChatMessage.documentClass`). */
  static get implementation(): typeof ChatMessageDoc {
    const cls = (g.CONFIG as { ChatMessage: { documentClass?: typeof ChatMessageDoc } }).ChatMessage
      .documentClass;
    if (!cls) throw new Error("CONFIG.ChatMessage.documentClass is not set");
    return cls;
  }
  /**
   * `ChatMessage.create(data | data[], options)`: one message or an array of them. Each is made, then its
   * `_preCreate` applies the create's mode option (message-modes.ts: v13 `rollMode`, only when given,
   * foundryvtt#11442; v14 `messageMode`), then `preCreateChatMessage(message, data, options, userId)` runs on the
   * creating client (false skips it); stored; `createChatMessage(message, options, userId)` on every client.
   */
  static async create(data: Data, options?: Data): Promise<ChatMessageDoc>;
  static async create(data: Data[], options?: Data): Promise<ChatMessageDoc[]>;
  static async create(data: Data | Data[], options: Data = {}): Promise<ChatMessageDoc | ChatMessageDoc[]> {
    const list = Array.isArray(data) ? data : [data];
    // The "author" field may only be set to another user by a GM; a refused batch creates nothing.
    const user = currentUser();
    for (const one of list)
      serverAllows(
        user.isGM || one.author === undefined || one.author === user.id,
        user,
        "create",
        "ChatMessage",
        "new",
      );
    const created: ChatMessageDoc[] = [];
    for (const one of list) {
      const message = new this(one);
      if ((await message._preCreate(clone(one), options, user)) === false) continue;
      // `preCreateChatMessage(document, data, options, userId)` on the creating client, after `_preCreate`, with
      // the data the create was given; false skips it.
      if (hooks().call("preCreateChatMessage", message, clone(one), options, user.id) === false) continue;
      world.messages.set(message.id, message);
      created.push(message);
    }
    for (const message of created) broadcast("createChatMessage", message, options, user.id);
    return Array.isArray(data) ? created : (created[0] as ChatMessageDoc);
  }
  static getSpeaker({ actor, token }: { actor?: ActorDoc; token?: TokenDoc }): Data {
    return { actor: actor?.id ?? null, token: token?.id ?? null, alias: token?.name ?? actor?.name ?? "" };
  }
  /** The create's mode option applied to the pending message's data (message-modes.ts `applyCreateOptions`). */
  async _preCreate(_data: Data, options: Data, _user: ChatUser): Promise<boolean | void> {
    applyCreateOptions(
      this._source,
      options,
      { rollMode: applyRollMode, messageMode: (d, m) => ChatMessageDoc.applyMode(d, m) },
      modeRealm,
    );
  }
  /** v13 `ChatMessage.applyRollMode` (tests/harness/core.ts); deprecated on v14, where it throws. */
  static applyRollMode(data: Data, mode: string): Data {
    if (V14) deprecatedOnV14("ChatMessage.applyRollMode", "ChatMessage.applyMode");
    return applyRollMode(data, mode);
  }
  /** v14 `ChatMessage.applyMode(data, mode)` over `CONFIG.ChatMessage.modes` (absent on v13: see below). */
  static applyMode(data: Data, mode: unknown): Data {
    const modes = (g.CONFIG as { ChatMessage: { modes?: Record<string, MessageModeConfig> } }).ChatMessage
      .modes;
    if (!V14 || !modes) throw new Error("ChatMessage.applyMode is v14's (v13: applyRollMode)");
    return applyModeWith(modes, modeRealm, data, mode);
  }
  /** `Document#delete`: by its author or a GM; gone from `game.messages`, `deleteChatMessage` on every client. */
  async delete(options: Data = {}): Promise<this> {
    const user = currentUser();
    serverAllows(user.isGM || this._source.author === user.id, user, "delete", "ChatMessage", this.id);
    world.messages.delete(this.id);
    broadcast("deleteChatMessage", this, options, user.id);
    return this;
  }
  async update(changes: Data, options: Data = {}): Promise<this> {
    // A chat message is updated by its author or a GM only.
    const user = currentUser();
    serverAllows(user.isGM || this._source.author === user.id, user, "update", "ChatMessage", this.id);
    // v13: `preUpdateChatMessage(document, changes, options, userId)` on the writing client; false: no write.
    if (hooks().call("preUpdateChatMessage", this, changes, options, user.id) === false) return this;
    const copy = cleanUpdate("ChatMessage", this.type, this, wire(changes));
    applyUpdate(this._source, copy);
    this.prepare();
    broadcast("updateChatMessage", this, expandObject(copy), options, currentUser().id);
    return this;
  }
  /** v13: the message's element (`li.chat-message`, its content in `.message-content`), in a real DOM;
   * `renderChatMessageHTML` fires inside `renderHTML`, on the element it is about to return. */
  async renderHTML(): Promise<HTMLElement> {
    const holder = mount(
      `<li class="chat-message message" data-message-id="${this.id}"><div class="message-content"></div></li>`,
    );
    const root = holder.firstElementChild as HTMLElement;
    const content = root.querySelector(".message-content") as HTMLElement;
    keepWritten(content);
    content.innerHTML = String(this._source.content ?? "");
    renderedAnswers.set(root, listenerResults(root));
    hooks().callAll("renderChatMessageHTML", this, root, {});
    return root;
  }
}

/** What the listeners attached to each rendered message returned when clicked (tests read the outcome). */
export const renderedAnswers = new WeakMap<Element, unknown[]>();

/** The HTML last written into elements' `innerHTML`, as written (the DOM re-serializes what it parsed). */
const written = new WeakMap<Element, string>();

function keepWritten(element: Element): void {
  let proto: object | null = element;
  let inner: PropertyDescriptor | undefined;
  while (proto && !(inner = Object.getOwnPropertyDescriptor(proto, "innerHTML")))
    proto = Object.getPrototypeOf(proto) as object | null;
  if (!inner?.get || !inner.set) throw new Error("no innerHTML accessor");
  // A property descriptor's accessors, called below with `.call(this)` on the element.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const { get, set } = inner;
  Object.defineProperty(element, "innerHTML", {
    configurable: true,
    get(this: Element) {
      return get.call(this) as string;
    },
    set(this: Element, html: string) {
      written.set(this, String(html));
      set.call(this, html);
    },
  });
}

/** A rendered message's content HTML exactly as the renderer wrote it (escaping checks read this). */
export function contentAsWritten(root: Element): string {
  const content = root.querySelector(".message-content");
  return content ? (written.get(content) ?? content.innerHTML) : "";
}

/** A fight: the Combat's system data from its registered model, combatants with theirs, updates applied. */
export class FightDoc {
  id = newId("Combat");
  _source: Data;
  system!: Data;
  combatants = new Map<string, FighterDoc>();
  round = 0;
  constructor(system: Data) {
    this._source = { system: clone(system), round: 0 };
    this.prepare();
    world.combats.set(this.id, this);
  }
  get started(): boolean {
    return this.round > 0;
  }
  /** CombatData `active`: the encounter active in its scene (false unless made so). */
  get active(): boolean {
    return this._source.active === true;
  }
  prepare(): void {
    this.system = prepareSystem("Combat", "base", this);
    this.round = Number(this._source.round ?? 0);
  }
  add(actor: ActorDoc, token: TokenDoc | null = null): FighterDoc {
    const fighter = new FighterDoc(this, actor, token);
    this.combatants.set(fighter.id, fighter);
    return fighter;
  }
  async update(changes: Data, options: Data = {}): Promise<this> {
    // Players may change a Combat's round and turn only (FOUNDRY-API.md); anything else is the GM's.
    const user = currentUser();
    serverAllows(user.isGM || touchesOnly(changes, ["round", "turn"]), user, "update", "Combat", this.id);
    const copy = cleanUpdate("Combat", "base", this, wire(changes));
    applyUpdate(this._source, copy);
    this.prepare();
    broadcast("updateCombat", this, expandObject(copy), options, user.id);
    return this;
  }
  async updateEmbeddedDocuments(_name: string, updates: Data[], options: Data = {}): Promise<void> {
    for (const { _id, ...changes } of updates)
      await this.combatants.get(String(_id))?.update(changes, options);
  }
  /** Combatants leave: gone from the collection, then `deleteCombatant` on every connected client. */
  async deleteEmbeddedDocuments(_name: string, ids: string[]): Promise<void> {
    serverAllows(currentUser().isGM, currentUser(), "delete", "Combatant", ids.join(","));
    for (const id of ids) {
      const fighter = this.combatants.get(id);
      if (!fighter) continue;
      this.combatants.delete(id);
      broadcast("deleteCombatant", fighter, {}, currentUser().id);
    }
  }
  /** The fight is deleted: gone from the world (its data kept in memory), then `deleteCombat` everywhere. */
  async delete(): Promise<this> {
    serverAllows(currentUser().isGM, currentUser(), "delete", "Combat", this.id);
    world.combats.delete(this.id);
    broadcast("deleteCombat", this, {}, currentUser().id);
    return this;
  }
}

export class FighterDoc {
  id = newId("Combatant");
  _source: Data = { system: { budget: null, defenseUsage: { parry: 0, block: 0 } }, initiative: null };
  system!: Data;
  constructor(
    public parent: FightDoc,
    public actor: ActorDoc,
    public token: TokenDoc | null,
  ) {
    this.prepare();
  }
  get combat(): FightDoc {
    return this.parent;
  }
  get actorId(): string {
    return this.actor.id;
  }
  get tokenId(): string | null {
    return this.token?.id ?? null;
  }
  /** As core's: the token's name, else the actor's. */
  get name(): string {
    return this.token?.name ?? this.actor?.name ?? "";
  }
  get hidden(): boolean {
    return this._source.hidden === true;
  }
  get initiative(): number | null {
    return this._source.initiative as number | null;
  }
  get hasPlayerOwner(): boolean {
    return this.actor.owners.size > 0;
  }
  /** As every document's: the current user owns it (a combatant, through its actor; a GM owns all). */
  get isOwner(): boolean {
    return this.actor.testUserPermission(currentUser(), "OWNER");
  }
  get isDefeated(): boolean {
    return this.actor.statuses.has("dead");
  }
  prepare(): void {
    this.system = prepareSystem("Combatant", "base", this);
  }
  async update(changes: Data, options: Data = {}): Promise<this> {
    // A Combatant's owner may set its initiative; anything else is the GM's.
    const user = currentUser();
    const owner = this.actor.testUserPermission(user, "OWNER");
    serverAllows(
      user.isGM || (owner && touchesOnly(changes, ["initiative"])),
      user,
      "update",
      "Combatant",
      this.id,
    );
    const copy = cleanUpdate("Combatant", "base", this, wire(changes));
    applyUpdate(this._source, copy);
    this.prepare();
    broadcast("updateCombatant", this, expandObject(copy), options, user.id);
    return this;
  }
}

const environments = new Map<string, ReturnType<typeof templateEnvironment>>();
function environment(lang: string) {
  let env = environments.get(lang);
  if (!env) environments.set(lang, (env = templateEnvironment(lang)));
  return env;
}

const game = g.game as Data;
Object.defineProperty(game, "user", { configurable: true, get: () => currentClient<UserDocument>() });
game.users = users;
game.messages = world.messages;
game.combats = world.combats;
// v13 `game.combat`: the viewed encounter — the one scene's active combat (CombatData `active`), else none.
Object.defineProperty(game, "combat", {
  configurable: true,
  get: () => [...world.combats.values()].find((c) => c.active) ?? null,
});

g.Roll = Roll;
// v13 has no `ChatMessage.applyMode` (v14's name): the v13 harness offers only `applyRollMode`.
if (!V14) Reflect.deleteProperty(ChatMessageDoc, "applyMode");
g.ChatMessage = ChatMessageDoc;
// Core's own class until a system configures its own (Fray's registerChat sets FrayChatMessage).
(g.CONFIG as { ChatMessage: Data }).ChatMessage.documentClass ??= ChatMessageDoc;
(g.CONFIG as { Dice: { rolls: unknown[] } }).Dice.rolls.push(Roll);
g.ui = {
  notifications: {
    warn: (text: string) => world.warnings.push(text),
    info: (text: string) => world.infos.push(text),
  },
};

const foundryNs = g.foundry as Data;
foundryNs.documents = { ...((foundryNs.documents as Data | undefined) ?? {}), ChatMessage: ChatMessageDoc };
// As core's, a uuid that is not a string is an error, not a miss.
(foundryNs.utils as Data).fromUuidSync = (uuid: unknown) => {
  if (typeof uuid !== "string" || !uuid) throw new Error("A UUID string is required.");
  return world.documents.get(uuid) ?? null;
};
Object.assign(foundryNs.applications as Data, {
  handlebars: {
    renderTemplate: async (path: string, context: unknown) => environment(world.lang).render(path, context),
  },
  // Enrichment turns links and rolls in stored HTML into markup; the tests' HTML has none, so it comes back as is.
});
((foundryNs.applications as Data).ux as Data).TextEditor = {
  implementation: { enrichHTML: async (html: string) => html },
};

/** Sets a world setting, as `game.settings.set` would. */
export function setSetting(key: string, value: unknown): void {
  (game.settings as ClientSettings).seed("fray", key, value);
}

/** Lets fire-and-forget hook work (NPC auto-defense) finish. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 30; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}
