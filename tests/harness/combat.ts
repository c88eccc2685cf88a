/**
 * Thin stand-ins for the Foundry pieces the combat adapters touch: Combat and Combatant documents that keep a
 * `_source`, build `system` from the registered data model and apply updates (dotted keys, the `==key`
 * forced replacement), fire the document hooks, and record every write; users; a Roll whose totals the test
 * injects (it records the formula and data it was given); chat messages, dialogs and notifications that only
 * record. No Fray logic lives here: it exists to run our adapters. Import it before any adapter.
 */
import { HarnessApplicationV2, HarnessCombatTracker } from "./application";
import { harness } from "./install";
import { templateEnvironment } from "./templates";

type Data = Record<string, unknown>;

const g = globalThis as Record<string, unknown>;
const clone = <T>(v: T): T => (v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T));

/** Applies Foundry-style update data to a source object: dotted keys, nested objects merged, `==key` replaces. */
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
    if (
      !replace &&
      value &&
      typeof value === "object" &&
      !Array.isArray(value) &&
      target[last] &&
      typeof target[last] === "object"
    ) {
      applyUpdate(target[last] as Data, value as Data);
    } else {
      target[last] = clone(value);
    }
  }
}

let nextId = 1;
const newId = (prefix: string) => `${prefix}${String(nextId++).padStart(16 - prefix.length, "0")}`;

/** Core's combat tracker settings the tracker reads (`resource`: the tracked attribute's path). */
export const trackerSettings = { resource: "" };

/** What the test inspects: every document write, chat message, dialog and notification. */
export const recorded = {
  combatUpdates: [] as { id: string; changes: Data }[],
  combatantUpdates: [] as { combatId: string; updates: Data[] }[],
  messages: [] as Data[],
  dialogs: [] as Data[],
  warnings: [] as string[],
  rolls: [] as { formula: string; data: Data }[],
  /** Totals (and faces) the next Rolls come out with, first in first out. */
  nextRolls: [] as { total: number; faces?: number[] }[],
  dialogAnswer: false,
  reset() {
    this.combatUpdates.length = 0;
    this.combatantUpdates.length = 0;
    this.messages.length = 0;
    this.dialogs.length = 0;
    this.warnings.length = 0;
    this.rolls.length = 0;
    this.nextRolls.length = 0;
    this.dialogAnswer = false;
  },
};

export class HarnessUser {
  id: string;
  name: string;
  isGM: boolean;
  constructor(name: string, isGM: boolean) {
    this.id = newId("user");
    this.name = name;
    this.isGM = isGM;
  }
  get isActiveGM(): boolean {
    return this.isGM && (g.game as { users: { activeGM: HarnessUser | null } }).users.activeGM === this;
  }
  get isSelf(): boolean {
    return (g.game as { user: HarnessUser }).user === this;
  }
}

/** An actor: owners by user id, the system data the adapters read, statuses. */
export class HarnessActor {
  id: string;
  name: string;
  type: string;
  system: Data;
  owners: Set<string>;
  statuses = new Set<string>();
  /** The effects shown on the token and in the tracker row (name and icon). */
  temporaryEffects: { name: string; img: string }[] = [];
  img = "icons/actor.svg";
  token = null;
  constructor(name: string, system: Data = {}, owners: HarnessUser[] = [], type = "character") {
    this.id = newId("actor");
    this.name = name;
    this.type = type;
    this.system = system;
    this.owners = new Set(owners.map((u) => u.id));
  }
  testUserPermission(user: HarnessUser, level: string): boolean {
    return level === "OWNER" && (user.isGM || this.owners.has(user.id));
  }
  get hasPlayerOwner(): boolean {
    return this.owners.size > 0;
  }
}

function registeredModel(documentName: string, type: string) {
  const config = (g.CONFIG as Record<string, { dataModels: Record<string, new (d: Data, o: Data) => Data> }>)[
    documentName
  ];
  return config?.dataModels[type];
}

export class HarnessCombatant {
  _source: Data;
  parent: HarnessCombat;
  actor: HarnessActor | null;
  system!: Data;
  constructor(data: Data, parent: HarnessCombat) {
    this._source = {
      _id: newId("cbt"),
      type: "base",
      initiative: null,
      hidden: false,
      defeated: false,
      system: {},
      ...clone(data),
    };
    this.parent = parent;
    this.actor = (data.actor as HarnessActor | undefined) ?? null;
    delete this._source.actor;
    this.prepare();
  }
  prepare(): void {
    const Model = registeredModel("Combatant", "base");
    const system = (this._source.system ?? {}) as Data;
    this.system = Model ? new Model(clone(system), { parent: this }) : clone(system);
  }
  get id(): string {
    return this._source._id as string;
  }
  get name(): string {
    return (this._source.name as string | undefined) ?? this.actor?.name ?? "";
  }
  get initiative(): number | null {
    return this._source.initiative as number | null;
  }
  get hidden(): boolean {
    return this._source.hidden === true;
  }
  get defeated(): boolean {
    return this._source.defeated === true;
  }
  get isDefeated(): boolean {
    return this.defeated || this.actor?.statuses.has("dead") === true;
  }
  get hasPlayerOwner(): boolean {
    return this.actor?.hasPlayerOwner === true;
  }
  get isOwner(): boolean {
    const user = (g.game as { user: HarnessUser }).user;
    return user.isGM || this.actor?.owners.has(user.id) === true;
  }
  get visible(): boolean {
    return this.isOwner || !this.hidden;
  }
  get actorId(): string | null {
    return this.actor?.id ?? null;
  }
  get tokenId(): string | null {
    return (this._source.tokenId as string | undefined) ?? null;
  }
  get token() {
    return null;
  }
  get img(): string {
    return this.actor?.img ?? "icons/svg/mystery-man.svg";
  }
  /** The tracked resource's value (core's tracker setting `resource`, a path in the actor's system data). */
  get resource(): unknown {
    const path = trackerSettings.resource;
    if (!path || !this.actor) return null;
    let node: unknown = this.actor.system;
    for (const key of path.split("."))
      node = node && typeof node === "object" ? (node as Data)[key] : undefined;
    return node ?? null;
  }
  get combat(): HarnessCombat {
    return this.parent;
  }
  async update(changes: Data): Promise<this> {
    await this.parent.updateEmbeddedDocuments("Combatant", [{ _id: this.id, ...changes }]);
    return this;
  }
}

class HarnessCollection<T extends { id: string }> extends Map<string, T> {
  get contents(): T[] {
    return [...this.values()];
  }
}

export class HarnessCombat {
  _source: Data;
  system!: Data;
  combatants = new HarnessCollection<HarnessCombatant>();
  turns: HarnessCombatant[] = [];
  round = 0;
  turn: number | null = null;
  current: Data | null = null;
  constructor(data: Data = {}) {
    this._source = { _id: newId("cmb"), type: "base", round: 0, turn: null, system: {}, ...clone(data) };
    this.prepare();
  }
  get id(): string {
    return this._source._id as string;
  }
  get started(): boolean {
    return this.round > 0;
  }
  get combatant(): HarnessCombatant | undefined {
    return this.turn === null ? undefined : this.turns[this.turn];
  }
  prepare(): void {
    const Model = registeredModel("Combat", "base");
    const system = (this._source.system ?? {}) as Data;
    this.system = Model ? new Model(clone(system), { parent: this }) : clone(system);
    this.round = (this._source.round as number) ?? 0;
    this.turn = (this._source.turn as number | null) ?? null;
    this.setupTurns();
  }
  /** Core's default: combatants in collection order; subclasses reorder. */
  setupTurns(): HarnessCombatant[] {
    this.turns = this.combatants.contents;
    return this.turns;
  }
  updateSource(changes: Data): void {
    applyUpdate(this._source, changes);
    this.prepare();
  }
  async _preCreate(_data: Data, _options: Data, _user: unknown): Promise<boolean | void> {
    return true;
  }
  async _preUpdate(_changed: Data, _options: Data, _user: unknown): Promise<boolean | void> {
    return true;
  }
  static async create(data: Data = {}): Promise<HarnessCombat> {
    const combat = new this(data);
    await combat._preCreate(data, {}, (g.game as { user: unknown }).user);
    (g.game as { combats: Map<string, HarnessCombat> }).combats.set(combat.id, combat);
    return combat;
  }
  async update(changes: Data): Promise<this> {
    const copy = clone(changes);
    await this._preUpdate(copy, {}, (g.game as { user: unknown }).user);
    recorded.combatUpdates.push({ id: this.id, changes: copy });
    applyUpdate(this._source, copy);
    this.prepare();
    (g.Hooks as { callAll: (n: string, ...a: unknown[]) => void }).callAll("updateCombat", this, copy);
    return this;
  }
  async createEmbeddedDocuments(_name: "Combatant", data: Data[]): Promise<HarnessCombatant[]> {
    const created = data.map((d) => new HarnessCombatant(d, this));
    for (const c of created) this.combatants.set(c.id, c);
    this.setupTurns();
    for (const c of created)
      (g.Hooks as { callAll: (n: string, ...a: unknown[]) => void }).callAll("createCombatant", c);
    return created;
  }
  async deleteEmbeddedDocuments(_name: "Combatant", ids: string[]): Promise<void> {
    const gone = ids.map((id) => this.combatants.get(id)).filter((c): c is HarnessCombatant => !!c);
    for (const c of gone) this.combatants.delete(c.id);
    this.setupTurns();
    for (const c of gone)
      (g.Hooks as { callAll: (n: string, ...a: unknown[]) => void }).callAll("deleteCombatant", c);
  }
  async updateEmbeddedDocuments(_name: "Combatant", updates: Data[]): Promise<void> {
    recorded.combatantUpdates.push({ combatId: this.id, updates: clone(updates) });
    for (const { _id, ...changes } of updates) {
      const c = this.combatants.get(_id as string);
      if (!c) continue;
      applyUpdate(c._source, changes);
      c.prepare();
      (g.Hooks as { callAll: (n: string, ...a: unknown[]) => void }).callAll("updateCombatant", c, changes);
    }
    this.setupTurns();
  }
  async delete(): Promise<void> {
    (g.game as { combats: Map<string, HarnessCombat> }).combats.delete(this.id);
  }
  async endCombat(): Promise<void> {
    await this.delete();
  }
}

export class HarnessRoll {
  formula: string;
  data: Data;
  total: number | undefined;
  dice: { results: { result: number }[] }[] = [];
  constructor(formula: string, data: Data = {}) {
    this.formula = formula;
    this.data = data;
  }
  async evaluate(): Promise<this> {
    const next = recorded.nextRolls.shift();
    if (!next) throw new Error(`no injected result for ${this.formula}`);
    recorded.rolls.push({ formula: this.formula, data: this.data });
    this.total = next.total;
    this.dice = [{ results: (next.faces ?? [next.total]).map((result) => ({ result })) }];
    return this;
  }
}

const env = templateEnvironment("en");

const users = {
  gm: new HarnessUser("Gamemaster", true),
  alice: new HarnessUser("Alice", false),
  bob: new HarnessUser("Bob", false),
};

export const combatHarness = { users, env };

const game = g.game as Data;
game.user = users.gm;
game.users = Object.assign([users.gm, users.alice, users.bob], { activeGM: users.gm });
game.combats = new Map<string, HarnessCombat>();
Object.defineProperty(game, "combat", {
  configurable: true,
  get: () => [...(game.combats as Map<string, HarnessCombat>).values()][0] ?? null,
});

g.Combat = HarnessCombat;
g.Combatant = HarnessCombatant;
g.Actor = HarnessActor;
g.Roll = HarnessRoll;
g.ChatMessage = {
  getSpeaker: (data: Data) => ({ alias: data.alias }),
  implementation: {
    create: async (data: Data | Data[]) => {
      for (const d of Array.isArray(data) ? data : [data]) recorded.messages.push(d);
    },
  },
  applyRollMode: (data: Data, mode: string) => ({ ...data, rollMode: mode }),
};
(g.CONFIG as Data).ui = {};
g.ui = { notifications: { warn: (text: string) => recorded.warnings.push(text) }, combat: null };

const foundryNs = g.foundry as Data;
(foundryNs.utils as Data).escapeHTML = (text: string) =>
  String(text).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
foundryNs.applications = {
  handlebars: {
    renderTemplate: async (path: string, context: unknown) => env.render(path, context),
  },
  api: {
    DialogV2: {
      confirm: async (options: Data) => {
        recorded.dialogs.push(options);
        return recorded.dialogAnswer;
      },
      prompt: async (options: Data) => {
        recorded.dialogs.push(options);
        return null;
      },
    },
    ApplicationV2: HarnessApplicationV2,
  },
  sidebar: { tabs: { CombatTracker: HarnessCombatTracker } },
  ux: { FormDataExtended: class {} },
};

/** Sets a world setting, as `game.settings.set` would. */
export function setSetting(key: string, value: unknown): void {
  harness.settings.set(`fray.${key}`, value);
}

/** Runs `fn` as `user` (the client that clicks). */
export async function as<T>(user: HarnessUser, fn: () => Promise<T>): Promise<T> {
  const before = game.user;
  game.user = user;
  try {
    return await fn();
  } finally {
    game.user = before;
  }
}
