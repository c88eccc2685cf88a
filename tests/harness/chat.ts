/**
 * Stand-ins for what the attack cards touch: users (each call runs as one user, the way each Foundry client
 * is its own process), actors with items and statuses, tokens, chat messages that keep their rolls as JSON
 * and rebuild them on read, a fight, `fromUuidSync`, the v13 query channel to the active GM, template
 * rendering with the real handlebars, notifications. They store and fire hooks; no Fray logic lives here.
 * Import this file before any adapter.
 */
import {
  activeGM,
  broadcast,
  connected,
  currentClient,
  runAs,
  UserDocument,
  type ClientSettings,
} from "./core";
import { Roll } from "./roll";
import { templateEnvironment } from "./templates";

type Data = Record<string, unknown>;
type HookBus = { callAll: (name: string, ...args: unknown[]) => boolean };

const g = globalThis as Record<string, unknown>;
const hooks = () => g.Hooks as HookBus;

const clone = <T>(v: T): T => (v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T));

let nextId = 1;
const newId = (prefix: string) => `${prefix}${String(nextId++).padStart(16 - prefix.length, "0")}`;

/** Applies Foundry-style update data: dotted keys, nested objects merged, a `==key` replaces whole. */
export function applyUpdate(source: Data, changes: Data): void {
  for (const [rawKey, value] of Object.entries(changes)) {
    const path = rawKey.split(".");
    let last = path.pop() as string;
    let target = source;
    for (const key of path) {
      if (!target[key] || typeof target[key] !== "object") target[key] = {};
      target = target[key] as Data;
    }
    const replace = last.startsWith("==");
    if (replace) last = last.slice(2);
    const merge = !replace && value && typeof value === "object" && !Array.isArray(value);
    if (merge && target[last] && typeof target[last] === "object")
      applyUpdate(target[last] as Data, value as Data);
    else target[last] = clone(value);
  }
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
  constructor(
    public name: string,
    public type: string,
    public system: Data,
  ) {}
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
    const Model = (g.CONFIG as { Actor: { dataModels: Record<string, new (d: Data, o: Data) => Data> } })
      .Actor.dataModels[this.type];
    const source = clone(this._source.system as Data);
    this.system = Model ? new Model(source, { parent: this }) : source;
    (this.system as { prepareDerivedData?: () => void }).prepareDerivedData?.();
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
  getActiveTokens(): TokenDoc[] {
    return this.tokens;
  }
  async update(changes: Data): Promise<this> {
    applyUpdate(this._source, clone(changes));
    this.prepare();
    hooks().callAll("updateActor", this, changes);
    return this;
  }
  async delete(): Promise<void> {
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
  get uuid(): string {
    return `Scene.scene000000001.Token.${this.id}`;
  }
  async delete(): Promise<void> {
    world.documents.delete(this.uuid);
  }
}

/** The content element of a rendered message and its root, as far as the card code reaches into them. */
export class ElementStub {
  innerHTML = "";
  dataset: Record<string, string> = {};
  listeners: ((event: unknown) => void)[] = [];
  content: ElementStub | null = null;
  querySelector(selector: string): ElementStub | null {
    return selector === ".message-content" ? this.content : null;
  }
  addEventListener(_type: string, fn: (event: unknown) => void): void {
    this.listeners.push(fn);
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
    const Model = (
      g.CONFIG as { ChatMessage: { dataModels: Record<string, new (d: Data, o: Data) => Data> } }
    ).ChatMessage.dataModels[this.type];
    const source = clone((this._source.system as Data) ?? {});
    this.system = Model ? new Model(source, { parent: this }) : source;
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
  static async create(data: Data): Promise<ChatMessageDoc> {
    const message = new this(data);
    world.messages.set(message.id, message);
    broadcast("createChatMessage", message, {}, currentUser().id);
    return message;
  }
  static getSpeaker({ actor, token }: { actor?: ActorDoc; token?: TokenDoc }): Data {
    return { actor: actor?.id ?? null, token: token?.id ?? null, alias: token?.name ?? actor?.name ?? "" };
  }
  static applyRollMode(data: Data, mode: string): Data {
    const gms = users.contents.filter((u) => u.isGM).map((u) => u.id);
    if (mode === "gmroll" || mode === "blindroll") data.whisper = gms;
    if (mode === "blindroll") data.blind = true;
    if (mode === "selfroll") data.whisper = [currentUser().id];
    return data;
  }
  async update(changes: Data): Promise<this> {
    const copy = clone(changes);
    applyUpdate(this._source, copy);
    this.prepare();
    broadcast("updateChatMessage", this, copy, {}, currentUser().id);
    return this;
  }
  /** v13: `renderChatMessageHTML` fires inside `renderHTML`, on the element it is about to return. */
  async renderHTML(): Promise<ElementStub> {
    const root = new ElementStub();
    root.content = new ElementStub();
    root.content.innerHTML = String(this._source.content ?? "");
    hooks().callAll("renderChatMessageHTML", this, root, {});
    return root;
  }
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
  prepare(): void {
    const Model = (g.CONFIG as { Combat: { dataModels: Record<string, new (d: Data, o: Data) => Data> } })
      .Combat.dataModels.base;
    const source = clone(this._source.system as Data);
    this.system = Model ? new Model(source, { parent: this }) : source;
    this.round = Number(this._source.round ?? 0);
  }
  add(actor: ActorDoc, token: TokenDoc | null = null): FighterDoc {
    const fighter = new FighterDoc(this, actor, token);
    this.combatants.set(fighter.id, fighter);
    return fighter;
  }
  async update(changes: Data): Promise<this> {
    applyUpdate(this._source, clone(changes));
    this.prepare();
    hooks().callAll("updateCombat", this, changes);
    return this;
  }
  async updateEmbeddedDocuments(_name: string, updates: Data[]): Promise<void> {
    for (const { _id, ...changes } of updates) await this.combatants.get(String(_id))?.update(changes);
  }
  /** Combatants leave: gone from the collection, then `deleteCombatant` on every connected client. */
  async deleteEmbeddedDocuments(_name: string, ids: string[]): Promise<void> {
    for (const id of ids) {
      const fighter = this.combatants.get(id);
      if (!fighter) continue;
      this.combatants.delete(id);
      broadcast("deleteCombatant", fighter, {}, currentUser().id);
    }
  }
  /** The fight is deleted: gone from the world (its data kept in memory), then `deleteCombat` everywhere. */
  async delete(): Promise<this> {
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
  get isDefeated(): boolean {
    return this.actor.statuses.has("dead");
  }
  prepare(): void {
    const Model = (g.CONFIG as { Combatant: { dataModels: Record<string, new (d: Data, o: Data) => Data> } })
      .Combatant.dataModels.base;
    const source = clone(this._source.system as Data);
    this.system = Model ? new Model(source, { parent: this }) : source;
  }
  async update(changes: Data): Promise<this> {
    applyUpdate(this._source, clone(changes));
    this.prepare();
    hooks().callAll("updateCombatant", this, changes);
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
Object.defineProperty(game, "combat", {
  configurable: true,
  get: () => [...world.combats.values()][0] ?? null,
});

g.Roll = Roll;
g.ChatMessage = ChatMessageDoc;
(g.CONFIG as { Dice: { rolls: unknown[] } }).Dice.rolls.push(Roll);
g.ui = {
  notifications: {
    warn: (text: string) => world.warnings.push(text),
    info: (text: string) => world.infos.push(text),
  },
};

const foundryNs = g.foundry as Data;
foundryNs.documents = { ChatMessage: ChatMessageDoc };
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
