/**
 * ActiveEffects, on top of the chat harness (tests/harness/chat.ts): one stand-in shared by the budget and mounted
 * harnesses. An effect is a document embedded in an actor or an item (`effects`, a Collection by id), its source in
 * the running generation's shape (effect-shape.ts: v13 `changes` and `duration { rounds, … }`; v14 `system.changes`,
 * `duration { value, units, expiry, expired }` and `start`), prepared `duration` derived from it. Creating, updating
 * or deleting one is its parent owner's or a GM's write: `preCreate…`/`preUpdate…`/`preDeleteActiveEffect` through
 * `Hooks.call` on the writing client (false cancels), then `create…`/`update…`/`deleteActiveEffect` on every
 * connected client, each as its own user. Data a generation does not take, or that the harness does not imitate,
 * throws. `Actor#toggleStatusEffect` creates or deletes the status's effect through them (an unknown status id
 * throws; an existing carrier that does not apply is left as it is, as core does); `Actor#allApplicableEffects`
 * yields the actor's effects, then those its items transfer; the actor's `statuses` are those of the effects that
 * apply (not disabled, not expired), its items' included. `expireEffect` plays v14 core's expiry. No Fray logic.
 */
import { ActorDoc, currentUser, ItemDoc, world, type ChatUser } from "./chat";
import { broadcast, expandObject, Hooks, mergeUpdate, runAs, serverAllows } from "./core";
import {
  cleanEffectUpdate,
  defineEffectGetters,
  defineEffectStatics,
  effectSource,
  checkEffectData,
  isExpiredSource,
  preparedDuration,
  statusDefinition,
  type StartGame,
} from "./effect-shape";
import { V14 } from "./generation";

type Data = Record<string, unknown>;
type Parent = ActorDoc | ItemDoc;

/** v13 Collection: documents by id; iterating it yields the documents; `contents`. */
export class EffectCollection {
  #byId = new Map<string, EffectDoc>();
  get size(): number {
    return this.#byId.size;
  }
  get contents(): EffectDoc[] {
    return [...this.#byId.values()];
  }
  get(id: string): EffectDoc | undefined {
    return this.#byId.get(id);
  }
  has(id: string): boolean {
    return this.#byId.has(id);
  }
  set(id: string, effect: EffectDoc): void {
    this.#byId.set(id, effect);
  }
  delete(id: string): boolean {
    return this.#byId.delete(id);
  }
  values(): IterableIterator<EffectDoc> {
    return this.#byId.values();
  }
  [Symbol.iterator](): IterableIterator<EffectDoc> {
    return this.#byId.values();
  }
  filter(fn: (e: EffectDoc) => boolean): EffectDoc[] {
    return this.contents.filter(fn);
  }
  find(fn: (e: EffectDoc) => boolean): EffectDoc | undefined {
    return this.contents.find(fn);
  }
}

const collections = new WeakMap<object, EffectCollection>();
let nextEffect = 1;

/** The `effects` collection of an actor or an item. */
export function effectsOf(parent: Parent): EffectCollection {
  let list = collections.get(parent);
  if (!list) collections.set(parent, (list = new EffectCollection()));
  return list;
}

/** The actor an item belongs to (world items: none). */
function actorOf(item: ItemDoc): ActorDoc | undefined {
  return [...world.documents.values()].find(
    (d): d is ActorDoc => d instanceof ActorDoc && d.items.includes(item),
  );
}

/** Whether the current user may write the parent's embedded documents: its owner (an item: its actor's) or a GM. */
function ownsParent(parent: Parent): boolean {
  if (currentUser().isGM) return true;
  if (parent instanceof ActorDoc) return parent.isOwner;
  const actor = actorOf(parent);
  return actor ? actor.isOwner : (parent as { isOwner?: boolean }).isOwner === true;
}

function uuidOf(parent: Parent): string {
  const own = (parent as { uuid?: string }).uuid;
  if (own) return own;
  const actor = parent instanceof ItemDoc ? actorOf(parent) : undefined;
  return actor ? `${actor.uuid}.Item.${parent.id}` : `Item.${parent.id}`;
}

/** `game.i18n.localize`, as core's derived labels use it. */
function localize(key: string): string {
  const i18n = (globalThis as { game?: { i18n?: { localize(k: string): string } } }).game?.i18n;
  return i18n ? i18n.localize(key) : key;
}

/**
 * The actor's `statuses` prepared again (core's `applyActiveEffects`): those of the effects that apply among
 * `allApplicableEffects()` — its own and its items' that transfer — not disabled, not suppressed (v14: expired).
 * Set in place; a status a test put there by hand is gone at the next preparation.
 */
function prepareStatuses(parent: Parent): void {
  const actor = parent instanceof ActorDoc ? parent : actorOf(parent);
  if (!actor) return;
  const applied = new Set<string>();
  for (const e of allApplicableEffects.call(actor)) if (e.active) for (const s of e.statuses) applied.add(s);
  actor.statuses.clear();
  for (const s of applied) actor.statuses.add(s);
}

/** An ActiveEffect of the running generation (the fields Fray reads; effect-shape.ts for the data). */
export class EffectDoc {
  readonly id = `Effect${String(nextEffect++).padStart(10, "0")}`;
  _source: Data;
  statuses!: Set<string>;
  /** v13 its changes; v14 throws (effect-shape.ts `defineEffectGetters`). */
  declare readonly changes: Data[];
  /** Throws (deprecated since v12). */
  declare readonly icon: string;
  constructor(
    readonly parent: Parent,
    data: Data = {},
  ) {
    this._source = effectSource(data);
    this.#prepare();
  }
  #prepare(): void {
    this.statuses = new Set(this._source.statuses as string[]);
  }
  get documentName(): string {
    return "ActiveEffect";
  }
  get uuid(): string {
    return `${uuidOf(this.parent)}.ActiveEffect.${this.id}`;
  }
  get name(): string {
    return String(this._source.name ?? "");
  }
  get img(): string {
    return String(this._source.img ?? "icons/svg/aura.svg");
  }
  get origin(): string | null {
    return (this._source.origin as string | null | undefined) ?? null;
  }
  get disabled(): boolean {
    return this._source.disabled === true;
  }
  get transfer(): boolean {
    return this._source.transfer === true;
  }
  get type(): string {
    return String(this._source.type);
  }
  get flags(): Data {
    return this._source.flags as Data;
  }
  /** v13: `{}` (the base type has no model); v14: `{ changes }` (`ActiveEffectTypeDataModel`). */
  get system(): Data {
    return structuredClone(this._source.system as Data);
  }
  /** v14's `start` (ids and numbers); v13 has none. */
  get start(): Data | undefined {
    return V14 ? structuredClone(this._source.start as Data) : undefined;
  }
  get duration(): Data {
    return preparedDuration(this._source, localize);
  }
  /** Core suppresses nothing on v13 (a system may); v14 suppresses an expired effect. */
  get isSuppressed(): boolean {
    return isExpiredSource(this._source);
  }
  get active(): boolean {
    return !this.disabled && !this.isSuppressed;
  }
  /**
   * Its parent's owner or a GM: the change expanded and checked (a key the harness does not imitate throws), then
   * `preUpdateActiveEffect` on the writer, merged, the actor's statuses prepared, `updateActiveEffect(effect,
   * changes, options, userId)` on every client.
   */
  async update(changes: Data, options: Data = {}): Promise<this> {
    serverAllows(ownsParent(this.parent), currentUser(), "update", "ActiveEffect", this.id);
    const { _id, ...rest } = expandObject(changes);
    void _id;
    checkEffectData(rest);
    const change = cleanEffectUpdate(rest);
    const userId = currentUser().id;
    if (Hooks.call("preUpdateActiveEffect", this, change, options, userId) === false) return this;
    mergeUpdate(this._source, change);
    this.#prepare();
    prepareStatuses(this.parent);
    broadcast("updateActiveEffect", this, structuredClone(change), options, userId);
    return this;
  }
  async delete(options: Data = {}): Promise<this | undefined> {
    const [gone] = await deleteEffects(this.parent, [this.id], options);
    return gone === this ? this : undefined;
  }
  /** v14 core's expiry without a write (`expiryAction` null, or foundryvtt#13743's in-memory path): no hook. */
  _expireInMemory(): void {
    (this._source.duration as Data).expired = true;
    prepareStatuses(this.parent);
  }
}
defineEffectGetters(EffectDoc.prototype);
defineEffectStatics(EffectDoc, () => (globalThis as { game?: StartGame }).game);

/** `parent.createEmbeddedDocuments("ActiveEffect", data, options)`: the created effects. */
export async function createEffects(parent: Parent, data: Data[], options: Data = {}): Promise<EffectDoc[]> {
  serverAllows(ownsParent(parent), currentUser(), "create", "ActiveEffect", "new");
  const userId = currentUser().id;
  const created: EffectDoc[] = [];
  for (const d of data) {
    const effect = new EffectDoc(parent, d);
    if (Hooks.call("preCreateActiveEffect", effect, d, options, userId) === false) continue;
    effectsOf(parent).set(effect.id, effect);
    prepareStatuses(parent);
    created.push(effect);
  }
  for (const effect of created) broadcast("createActiveEffect", effect, options, userId);
  return created;
}

/** `parent.deleteEmbeddedDocuments("ActiveEffect", ids, options)`: the deleted effects. */
export async function deleteEffects(parent: Parent, ids: string[], options: Data = {}): Promise<EffectDoc[]> {
  serverAllows(ownsParent(parent), currentUser(), "delete", "ActiveEffect", ids.join(","));
  const userId = currentUser().id;
  const list = effectsOf(parent);
  const gone: EffectDoc[] = [];
  for (const id of ids) {
    const effect = list.get(id);
    if (!effect) throw new Error(`ActiveEffect [${id}] does not exist in ${uuidOf(parent)}`);
    if (Hooks.call("preDeleteActiveEffect", effect, options, userId) === false) continue;
    list.delete(id);
    prepareStatuses(parent);
    gone.push(effect);
  }
  for (const effect of gone) broadcast("deleteActiveEffect", effect, options, userId);
  return gone;
}

function statusEffects(): unknown {
  return (globalThis as { CONFIG?: { statusEffects?: unknown } }).CONFIG?.statusEffects;
}

/**
 * `Actor#toggleStatusEffect(id, { active })` (v13 and v14): an id `CONFIG.statusEffects` does not define throws
 * ("Invalid status ID"); the status's effects (its configured `_id`, else the actor's own effects that carry that
 * status alone) are deleted, or a new one made from the definition (name localized, img, `statuses: [id]`).
 * Resolves the created effect, `true` (one exists, asked on: left as it is, even disabled or expired), `false`
 * (deleted) or `undefined` (none, asked off). Stricter: a status in `statuses` that no effect carries (a state
 * Foundry cannot reach) throws when asked off.
 */
async function toggleStatusEffect(
  this: ActorDoc,
  id: string,
  { active }: { active?: boolean; overlay?: boolean } = {},
): Promise<EffectDoc | boolean | undefined> {
  const status = statusDefinition(statusEffects(), id);
  if (!status) throw new Error(`Invalid status ID "${id}" provided to Actor#toggleStatusEffect`);
  const effects = effectsOf(this);
  const staticId = status._id as string | undefined;
  const existing = staticId
    ? effects.filter((e) => e.id === staticId)
    : effects.filter((e) => e.statuses.size === 1 && e.statuses.has(id));
  if (existing.length) {
    if (active) return true;
    await deleteEffects(
      this,
      existing.map((e) => e.id),
    );
    return false;
  }
  if (active === false || (active === undefined && this.statuses.has(id))) {
    if (this.statuses.has(id))
      throw new Error(
        `harness: "${id}" is in ${this.name}'s statuses but no effect carries it (give it with giveStatus)`,
      );
    return undefined;
  }
  const [created] = await createEffects(this, [
    { name: localize(String(status.name ?? id)), img: status.img ?? "icons/svg/aura.svg", statuses: [id] },
  ]);
  return created;
}

/** `Actor#allApplicableEffects()`: the actor's own effects, then each item's that transfer to it. */
function* allApplicableEffects(this: ActorDoc): Generator<EffectDoc, void, void> {
  for (const effect of effectsOf(this).values()) yield effect;
  for (const item of this.items)
    for (const effect of effectsOf(item).values()) if (effect.transfer) yield effect;
}

/** An effect already on `parent` when the test begins (no hook: the world's state, not a write). */
export function giveEffect(
  parent: Parent,
  origin: string | null,
  name = "Effect",
  data: Data = {},
): EffectDoc {
  const effect = new EffectDoc(parent, { name, origin, ...data });
  effectsOf(parent).set(effect.id, effect);
  prepareStatuses(parent);
  return effect;
}

/** A status already on `actor` when the test begins: its effect, as `toggleStatusEffect` would make it. */
export function giveStatus(actor: ActorDoc, id: string, data: Data = {}): EffectDoc {
  const status = statusDefinition(statusEffects(), id);
  const look = status ? { img: status.img ?? "icons/svg/aura.svg" } : {};
  return giveEffect(actor, null, status ? localize(String(status.name ?? id)) : id, {
    ...look,
    statuses: [id],
    ...data,
  });
}

/**
 * Effect data carrying one change (to a key the harness never applies) in the running generation's shape: v13
 * `changes` with a numeric `mode`, v14 `system.changes` with a `type`.
 */
export function oneChange(key = "system.speed"): Data {
  return V14
    ? { system: { changes: [{ key, type: "add", value: "1" }] } }
    : { changes: [{ key, mode: 2, value: "1" }] };
}

/** A duration of `rounds` rounds in the running generation's source shape (v13 `rounds`; v14 `value`/`units`). */
export function roundsDuration(rounds: number): Data {
  return V14 ? { value: rounds, units: "rounds" } : { rounds };
}

/** A status gone from `actor` between two steps of a test's set-up: its effects taken away (no hook). */
export function takeStatus(actor: ActorDoc, id: string): void {
  const list = effectsOf(actor);
  const gone = list.filter((e) => e.statuses.has(id));
  for (const e of gone) list.delete(e.id);
  prepareStatuses(actor);
}

/** How v14 core ends an effect whose duration ran out (`CONFIG.ActiveEffect.expiryAction`). */
export type ExpiryAction = "update" | "delete" | null;

/**
 * v14 core's expiry of `effect`, as the client of `by` performs it (foundryvtt#13743: not necessarily the active
 * GM): "update" writes `{ duration: { expired: true } }` (its update hooks); "delete" deletes it (its delete hooks,
 * `preDeleteActiveEffect` on `by`'s client); null flips `expired` in memory with no hook at all. In each, the
 * actor's statuses drop the effect's. Throws on v13, whose core expires nothing.
 */
export async function expireEffect(
  effect: EffectDoc,
  { action, by }: { action: ExpiryAction; by: ChatUser },
): Promise<void> {
  if (!V14) throw new Error("harness: v13 core expires no ActiveEffect (give it a duration and delete it)");
  if (action === "update") await runAs(by, () => effect.update({ duration: { expired: true } }));
  else if (action === "delete") await runAs(by, () => effect.delete());
  else effect._expireInMemory();
}

const embedded = (name: string) => {
  if (name !== "ActiveEffect") throw new Error(`harness: embedded ${name} documents are not imitated here`);
};

for (const proto of [ActorDoc.prototype, ItemDoc.prototype] as object[]) {
  Object.defineProperty(proto, "effects", {
    configurable: true,
    get(this: Parent) {
      return effectsOf(this);
    },
  });
  Object.assign(proto, {
    async createEmbeddedDocuments(this: Parent, name: string, data: Data[], options: Data = {}) {
      embedded(name);
      return createEffects(this, data, options);
    },
    async deleteEmbeddedDocuments(this: Parent, name: string, ids: string[], options: Data = {}) {
      embedded(name);
      return deleteEffects(this, ids, options);
    },
  });
}
Object.assign(ActorDoc.prototype, { toggleStatusEffect, allApplicableEffects });
Object.defineProperty(ActorDoc.prototype, "documentName", { configurable: true, get: () => "Actor" });
// An embedded Item's `parent` is its actor (core), which the effects of an item reach their creature through.
Object.defineProperty(ItemDoc.prototype, "documentName", { configurable: true, get: () => "Item" });
Object.defineProperty(ItemDoc.prototype, "parent", {
  configurable: true,
  get(this: ItemDoc) {
    return actorOf(this) ?? null;
  },
});
