/**
 * ActiveEffects, on top of the chat harness (tests/harness/chat.ts): one stand-in shared by the budget and mounted
 * harnesses. An effect is a document embedded in an actor or an item (`effects`, a Collection by id), with an
 * id, a uuid, a name, an image, an origin, statuses, `disabled`, `transfer`. Creating or deleting one is its
 * parent owner's or a GM's write: `preCreateActiveEffect` / `preDeleteActiveEffect` through `Hooks.call` on the
 * writing client (false cancels), then `createActiveEffect` / `deleteActiveEffect` with
 * `(effect, options, userId)` on every connected client, each as its own user. `Actor#toggleStatusEffect` creates
 * or deletes the status's effect through them; `Actor#allApplicableEffects` yields the actor's effects, then
 * those its items transfer. The actor's `statuses` follow its effects. No Fray logic lives here.
 */
import { ActorDoc, currentUser, ItemDoc, world } from "./chat";
import { broadcast, Hooks, serverAllows } from "./core";

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

/** An actor's `statuses`: the statuses of its enabled effects (a status a test put there by hand stays). */
function statusesFollow(parent: Parent, gone: Iterable<string>): void {
  if (!(parent instanceof ActorDoc)) return;
  const carried = new Set<string>();
  for (const e of effectsOf(parent).values()) if (!e.disabled) for (const s of e.statuses) carried.add(s);
  for (const s of carried) parent.statuses.add(s);
  for (const s of gone) if (!carried.has(s)) parent.statuses.delete(s);
}

/** v13 ActiveEffect (the fields Fray reads). */
export class EffectDoc {
  readonly id = `Effect${String(nextEffect++).padStart(10, "0")}`;
  name: string;
  img: string;
  origin: string | null;
  statuses: Set<string>;
  disabled: boolean;
  transfer: boolean;
  changes: Data[];
  duration: Data;
  flags: Data;
  constructor(
    readonly parent: Parent,
    data: Data = {},
  ) {
    this.name = String(data.name ?? "");
    this.img = String(data.img ?? "icons/svg/aura.svg");
    this.origin = (data.origin as string | null | undefined) ?? null;
    this.statuses = new Set((data.statuses as Iterable<string> | undefined) ?? []);
    this.disabled = data.disabled === true;
    this.transfer = data.transfer !== false;
    this.changes = [...((data.changes as Data[] | undefined) ?? [])];
    this.duration = { ...((data.duration as Data | undefined) ?? {}) };
    this.flags = { ...((data.flags as Data | undefined) ?? {}) };
  }
  get documentName(): string {
    return "ActiveEffect";
  }
  get uuid(): string {
    return `${uuidOf(this.parent)}.ActiveEffect.${this.id}`;
  }
  get isSuppressed(): boolean {
    return false;
  }
  get active(): boolean {
    return !this.disabled && !this.isSuppressed;
  }
  /** Its parent's owner or a GM: `updateActiveEffect(effect, changes, options, userId)` on every client. */
  async update(changes: Data, options: Data = {}): Promise<this> {
    serverAllows(ownsParent(this.parent), currentUser(), "update", "ActiveEffect", this.id);
    const userId = currentUser().id;
    if (Hooks.call("preUpdateActiveEffect", this, changes, options, userId) === false) return this;
    const before = [...this.statuses];
    for (const key of ["name", "img", "origin", "disabled", "transfer"] as const)
      if (key in changes) (this as Data)[key] = changes[key];
    if ("statuses" in changes) this.statuses = new Set(changes.statuses as Iterable<string>);
    statusesFollow(this.parent, before);
    broadcast("updateActiveEffect", this, { ...changes }, options, userId);
    return this;
  }
  async delete(options: Data = {}): Promise<this | undefined> {
    const [gone] = await deleteEffects(this.parent, [this.id], options);
    return gone === this ? this : undefined;
  }
}

/** `parent.createEmbeddedDocuments("ActiveEffect", data, options)`: the created effects. */
export async function createEffects(parent: Parent, data: Data[], options: Data = {}): Promise<EffectDoc[]> {
  serverAllows(ownsParent(parent), currentUser(), "create", "ActiveEffect", "new");
  const userId = currentUser().id;
  const created: EffectDoc[] = [];
  for (const d of data) {
    const effect = new EffectDoc(parent, d);
    if (Hooks.call("preCreateActiveEffect", effect, d, options, userId) === false) continue;
    effectsOf(parent).set(effect.id, effect);
    statusesFollow(parent, []);
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
    statusesFollow(parent, effect.statuses);
    gone.push(effect);
  }
  for (const effect of gone) broadcast("deleteActiveEffect", effect, options, userId);
  return gone;
}

/** The configured status (v13: an array; v14: a record), if CONFIG has it. */
function statusConfig(id: string): Data | undefined {
  const all = (globalThis as { CONFIG?: { statusEffects?: unknown } }).CONFIG?.statusEffects;
  if (Array.isArray(all)) return (all as Data[]).find((s) => s.id === id);
  if (all && typeof all === "object") return (all as Record<string, Data>)[id];
  return undefined;
}

/**
 * v13 `Actor#toggleStatusEffect(id, { active })`: the status's effect (its static `_id`, else the effects that
 * carry that status alone) is deleted, or a new one made from the configured status. Resolves the created
 * effect, `true` (already on, asked on), `false` (deleted) or `undefined` (already off, asked off). Stricter:
 * a status in `statuses` that no effect carries (a state Foundry cannot reach) throws when asked off.
 */
async function toggleStatusEffect(
  this: ActorDoc,
  id: string,
  { active }: { active?: boolean; overlay?: boolean } = {},
): Promise<EffectDoc | boolean | undefined> {
  const status = statusConfig(id);
  const effects = effectsOf(this);
  const staticId = status?._id as string | undefined;
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
    { name: status?.name ?? id, img: status?.img ?? "icons/svg/aura.svg", statuses: [id] },
  ]);
  return created;
}

/** v13 `Actor#allApplicableEffects()`: the actor's own effects, then each item's that transfer to it. */
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
  statusesFollow(parent, []);
  return effect;
}

/** A status already on `actor` when the test begins: its effect, as `toggleStatusEffect` would make it. */
export function giveStatus(actor: ActorDoc, id: string): EffectDoc {
  return giveEffect(actor, null, id, { statuses: [id] });
}

/** A status gone from `actor` between two steps of a test's set-up: its effects taken away (no hook). */
export function takeStatus(actor: ActorDoc, id: string): void {
  const list = effectsOf(actor);
  const gone = list.filter((e) => e.statuses.has(id));
  for (const e of gone) list.delete(e.id);
  statusesFollow(actor, [id]);
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
