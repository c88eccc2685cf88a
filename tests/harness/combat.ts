/**
 * Thin stand-ins for the Foundry pieces the combat adapters touch: Combat and Combatant documents that keep a
 * `_source`, build `system` from the registered data model and apply updates (dotted keys, the `==key`
 * forced replacement), fire the document hooks, and record every write; users; a Roll whose totals the test
 * injects (it records the formula and data it was given); chat messages, dialogs and notifications that only
 * record. No Fray logic lives here: it exists to run our adapters. Import it before any adapter.
 */
import {
  activeGM,
  applyRollMode,
  broadcast,
  connected,
  currentClient,
  dialogs as coreDialogs,
  expandObject,
  mergeUpdate,
  onClient,
  wire,
  serverAllows,
  touchesOnly,
  runAs,
  UserDocument,
  type ClientSettings,
} from "./core";
import { installApplications } from "./application";
import { cleanUpdate, prepareSystem } from "./fields";
import { V14 } from "./generation";
import { modeRealm } from "./install";
import { applyCreateOptions, applyModeWith, deprecatedOnV14, type MessageModeConfig } from "./message-modes";
import { templateEnvironment } from "./templates";
import { combatTurnOf, sameHistory, triggerTurnEvents, type TurnHistory } from "./turn-events";

type Data = Record<string, unknown>;

const g = globalThis as Record<string, unknown>;
const clone = <T>(v: T): T => (v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T));

/**
 * Applies Foundry-style update data as the server does: dotted keys expanded, objects merged key by key, a
 * `-=key` deletes, a `==key` replaces whole (tests/harness/core.ts `mergeUpdate`).
 */
export function applyUpdate(source: Data, changes: Data): void {
  mergeUpdate(source, expandObject(changes));
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
  /** The ids of the chat messages deleted. */
  deletedMessages: [] as string[],
  dialogs: [] as Data[],
  warnings: [] as string[],
  rolls: [] as { formula: string; data: Data }[],
  /** Core's turn events as the active GM's client ran them (`_manageTurnEvents`), in order. */
  turnEvents: [] as TurnEventRecord[],
  /** Totals (and faces) the next Rolls come out with, first in first out. */
  nextRolls: [] as { total: number; faces?: number[] }[],
  dialogAnswer: false,
  reset() {
    this.combatUpdates.length = 0;
    this.combatantUpdates.length = 0;
    this.messages.length = 0;
    this.deletedMessages.length = 0;
    this.dialogs.length = 0;
    this.warnings.length = 0;
    this.rolls.length = 0;
    this.turnEvents.length = 0;
    this.nextRolls.length = 0;
    this.dialogAnswer = false;
  },
};

/** One of core's turn events: which, for which combatant (turn events), with what context, on whose client. */
export interface TurnEventRecord {
  readonly combat: string;
  readonly event: string;
  readonly combatantId: string | null;
  readonly context: Data;
  readonly user: string;
}

/** A user: a User document (tests/harness/core.ts), each its own client. */
export class HarnessUser extends UserDocument {}

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
  /**
   * v14 effects with a duration (`{ value, units, expiry, expired }`), as plain records: core's expiry (the v14
   * harness's `ActiveEffect.registry.refresh` in `_manageTurnEvents`) marks them `expired` (no document here).
   */
  effects: {
    name: string;
    duration: { value: number | null; units: string; expiry: string | null; expired: boolean };
  }[] = [];
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
    this.system = prepareSystem("Combatant", "base", this);
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

type HookBus = { callAll: (n: string, ...a: unknown[]) => boolean };
const hooks = () => g.Hooks as HookBus;
const currentUser = () => (g.game as { user: HarnessUser }).user;

/** Core's `CombatHistoryData`: what `current`, `previous` and the `combatTurnChange` arguments hold. */
export type CombatHistory = TurnHistory;

/**
 * The other connected clients' own copies of a combat (`observe`): every write to the shared copy is applied to
 * each of them as the server broadcasts it, and their document methods and hooks run as their user.
 */
const observers = new Map<HarnessCombat, { copy: HarnessCombat; user: HarnessUser }[]>();

/**
 * Core's Combat, as far as Fray leans on it (v13, and v14 where it differs):
 * - `setupTurns()` sorts the combatants with `_sortCombatants` (initiative high to low, then id), clamps `turn`
 *   and records `current`. It runs when the document is first prepared and, synchronously, when a combatant is
 *   created, updated or deleted — NOT after an update of the Combat itself (stricter than re-sorting on every
 *   update, which is what hid the drift: issue 11 defect 5; foundryvtt#9641).
 * - When combatants are created, deleted, or change initiative while a combatant is current, core moves the
 *   stored `turn` so that the same combatant stays current (a deleted one: the next), in core's own order
 *   (`_sortCombatants`), as part of the same operation, whatever `turnEvents` says (foundryvtt#11531, #12990).
 * - An update is diffed first (a `round`/`turn` equal to the stored value is dropped, `diff: true`), applied,
 *   the data prepared again (`turn`/`round` re-read from the source; `turns` left as it was), then `_onUpdate`
 *   on every client: only when `round` or `turn` is in the change does it recompute `current` from `turns[turn]`.
 * - Whenever `current` changes (an update or a combatant change), `previous` takes the prior state and
 *   `_manageTurnEvents()` runs (unless `turnEvents: false`): on the active GM's client core's turn events
 *   (`_onEndTurn`, `_onEndRound`, `_onStartRound`, `_onStartTurn`; v14 also the ActiveEffect expiry events and
 *   `_clearMovementHistoryOnStartTurn`), then `combatTurnChange(combat, previous, current)` on every client.
 * - `startCombat`, `nextTurn`, `nextRound`, `previousTurn`, `previousRound` fire `combatStart` /
 *   `combatTurn` / `combatRound` on the initiating client, before the write, with the update data (and options:
 *   v13 `{ advanceTime, direction }`, v14 `{ direction, worldTime: { delta } }`).
 */
export class HarnessCombat {
  _source: Data;
  system!: Data;
  combatants = new HarnessCollection<HarnessCombatant>();
  turns: HarnessCombatant[] = [];
  round = 0;
  turn: number | null = null;
  current: CombatHistory;
  previous: CombatHistory;
  /**
   * The client this copy is on: the one that made it (`create`: the test's client, a GM's; `observe`: the
   * observer). Every write reaches it as that client, with the writer's id — a player's write runs the GM's
   * `update…` hooks as the GM's, as Foundry's server broadcasts it to every client.
   */
  readonly #client: HarnessUser = currentUser();
  constructor(data: Data = {}) {
    const { combatants = [], ...rest } = data as { combatants?: Data[] };
    this._source = { _id: newId("cmb"), type: "base", round: 0, turn: null, system: {}, ...clone(rest) };
    // Embedded combatants exist before the first preparation, as core builds its collections first.
    for (const c of combatants) {
      const combatant = new HarnessCombatant(c, this);
      this.combatants.set(combatant.id, combatant);
    }
    this.prepare();
    this.current = this._getCurrentState();
    // foundryvtt#9641: `previous` starts as a copy of `current`, so the first change is compared to it.
    this.previous = { ...this.current };
  }
  get id(): string {
    return this._source._id as string;
  }
  get started(): boolean {
    return this.round > 0;
  }
  /** CombatData `active`: the encounter active in its scene (false unless made so). */
  get active(): boolean {
    return this._source.active === true;
  }
  get combatant(): HarnessCombatant | undefined {
    return this.turn === null ? undefined : this.turns[this.turn];
  }
  /** The data preparation after each write: source fields read again, then the derived data. */
  prepare(): void {
    this.system = prepareSystem("Combat", "base", this);
    this.round = (this._source.round as number) ?? 0;
    this.turn = (this._source.turn as number | null) ?? null;
    this.prepareDerivedData();
  }
  /** Core builds the turns on the first preparation only; later updates leave them as they are. */
  prepareDerivedData(): void {
    if (this.combatants.size && !this.turns.length) this.setupTurns();
  }
  /** Core's default order: initiative high to low (none last), then id. */
  _sortCombatants(a: HarnessCombatant, b: HarnessCombatant): number {
    const ia = a.initiative ?? -Infinity;
    const ib = b.initiative ?? -Infinity;
    return ib - ia || (a.id > b.id ? 1 : -1);
  }
  setupTurns(): HarnessCombatant[] {
    const turns = this.combatants.contents.sort((a, b) => this._sortCombatants(a, b));
    this.turns = turns;
    if (this.turn !== null)
      this.turn = turns.length ? Math.min(Math.max(this.turn, 0), turns.length - 1) : null;
    this.current = this._getCurrentState();
    return turns;
  }
  _getCurrentState(): CombatHistory {
    const combatant = this.combatant;
    return {
      round: this.round,
      turn: this.turn ?? null,
      combatantId: combatant?.id ?? null,
      tokenId: combatant?.tokenId ?? null,
    };
  }
  /**
   * Core's turn-event workflow. Nothing before the fight starts; on the active GM's client, core's turn events in
   * v14's order (Weird Wizard's copy of `Combat#triggerTurnEvents`): the prior combatant's turn ends, on a new
   * round the round ends and the next begins, the current combatant's turn starts — v14 adds the ActiveEffect
   * registry's `turnEnd`/`roundEnd`/`roundStart`/`turnStart` refreshes and `_clearMovementHistoryOnStartTurn`;
   * then `combatTurnChange(combat, previous, current)` on every client (foundryvtt#9664: the hook belongs to
   * this workflow).
   */
  async _manageTurnEvents(): Promise<void> {
    if (!this.started) return;
    const { previous, current } = this;
    if (activeGM()?.isSelf) await this.#triggerTurnEvents(previous, current);
    hooks().callAll("combatTurnChange", this, previous, current);
  }
  async #triggerTurnEvents(previous: CombatHistory, current: CombatHistory): Promise<void> {
    const record = (event: string, combatantId: string | null, context: Data) =>
      recorded.turnEvents.push({ combat: this.id, event, combatantId, context, user: currentUser().id });
    await triggerTurnEvents(this, previous, current, record, expireEffects);
  }
  /** v14 `Combat#_clearMovementHistoryOnStartTurn`: the combatant's token's movement history (`tokenHistories`) emptied. */
  async _clearMovementHistoryOnStartTurn(combatant: HarnessCombatant, _context: Data): Promise<void> {
    if (combatant.tokenId && tokenHistories.has(combatant.tokenId)) tokenHistories.set(combatant.tokenId, []);
  }
  async _onEndTurn(_combatant: HarnessCombatant, _context: Data): Promise<void> {}
  async _onEndRound(_context: Data): Promise<void> {}
  async _onStartRound(_context: Data): Promise<void> {}
  async _onStartTurn(_combatant: HarnessCombatant, _context: Data): Promise<void> {}
  /** A changed `current` becomes `previous`'s successor, and the turn events run (unless `turnEvents: false`). */
  #turnChanged(prior: CombatHistory, options: Data): void {
    if (sameHistory(prior, this.current)) return;
    this.previous = prior;
    if (options.turnEvents !== false) void this._manageTurnEvents();
  }
  _onUpdate(changed: Data, options: Data, _userId: string): void {
    const prior = this.current;
    if (!("round" in changed) && !("turn" in changed)) return;
    this.current = this._getCurrentState();
    this.#turnChanged(prior, options);
  }
  _onCreateDescendantDocuments(options: Data = {}): void {
    this.#combatantsChanged(options);
  }
  _onUpdateDescendantDocuments(options: Data = {}): void {
    this.#combatantsChanged(options);
  }
  _onDeleteDescendantDocuments(options: Data = {}): void {
    this.#combatantsChanged(options);
  }
  /** foundryvtt#9641: the turns are set up again synchronously, then the turn events run. */
  #combatantsChanged(options: Data): void {
    const prior = this.current;
    this.setupTurns();
    this.#turnChanged(prior, options);
  }
  /** foundryvtt#11531, #12990: the `turn` core gives the combat when combatants change (turn-events.ts). */
  #combatTurn(after: HarnessCombatant[], removed: ReadonlySet<string>): number | null | undefined {
    return combatTurnOf(this, after, removed);
  }
  /** The operation's `combatTurn` lands on this client's copy with the combatant change itself. */
  #takeCombatTurn(combatTurn: number | null | undefined): void {
    if (combatTurn === undefined) return;
    this._source.turn = combatTurn;
    this.prepare();
  }
  updateSource(changes: Data): void {
    applyUpdate(this._source, cleanUpdate("Combat", "base", this, wire(changes)));
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
    await combat._preCreate(data, {}, currentUser());
    (g.game as { combats: Map<string, HarnessCombat> }).combats.set(combat.id, combat);
    return combat;
  }
  /** One client receives a write: source, preparation, `_onUpdate`, then the `updateCombat` hook. */
  #receiveUpdate(changed: Data, options: Data, userId: string): void {
    applyUpdate(this._source, changed);
    this.prepare();
    this._onUpdate(changed, options, userId);
    hooks().callAll("updateCombat", this, expandObject(changed), options, userId);
  }
  async update(changes: Data, options: Data = {}): Promise<this> {
    // Players may change a Combat's round and turn only (FOUNDRY-API.md); anything else is the GM's.
    const user = currentUser();
    serverAllows(user.isGM || touchesOnly(changes, ["round", "turn"]), user, "update", "Combat", this.id);
    // What crosses the socket: a copy (v14 operators serialized and rebuilt on the way).
    const copy = cleanUpdate("Combat", "base", this, wire(changes));
    await this._preUpdate(copy, options, currentUser());
    recorded.combatUpdates.push({ id: this.id, changes: wire(changes) });
    // `diff: true` (core's default): a top-level value equal to the stored one is not part of the change.
    for (const [key, value] of Object.entries(copy))
      if ((value === null || typeof value !== "object") && this._source[key] === value) delete copy[key];
    if (!Object.keys(copy).length) return this;
    const userId = currentUser().id;
    onClient(this.#client, () => this.#receiveUpdate(copy, options, userId));
    for (const { copy: other, user } of observers.get(this) ?? [])
      onClient(user, () => other.#receiveUpdate(wire(copy), options, userId));
    return this;
  }
  async createEmbeddedDocuments(
    _name: "Combatant",
    data: Data[],
    options: Data = {},
  ): Promise<HarnessCombatant[]> {
    serverAllows(currentUser().isGM, currentUser(), "create", "Combatant", "new");
    const created = data.map((d) => new HarnessCombatant(d, this));
    const combatTurn = this.#combatTurn([...this.combatants.contents, ...created], new Set());
    const userId = currentUser().id;
    onClient(this.#client, () => this.#receiveCreate(created, combatTurn, options, userId));
    for (const { copy, user } of observers.get(this) ?? [])
      onClient(user, () =>
        copy.#receiveCreate(
          created.map((c) => new HarnessCombatant({ ...c._source, actor: c.actor }, copy)),
          combatTurn,
          options,
          userId,
        ),
      );
    return created;
  }
  /** One client receives created combatants; the hooks carry the writer's id (not this client's user). */
  #receiveCreate(
    created: HarnessCombatant[],
    combatTurn: number | null | undefined,
    options: Data,
    userId: string,
  ): void {
    for (const c of created) this.combatants.set(c.id, c);
    this.#takeCombatTurn(combatTurn);
    this._onCreateDescendantDocuments(options);
    for (const c of created) hooks().callAll("createCombatant", c, options, userId);
  }
  async deleteEmbeddedDocuments(_name: "Combatant", ids: string[], options: Data = {}): Promise<void> {
    serverAllows(currentUser().isGM, currentUser(), "delete", "Combatant", ids.join(","));
    const removed = new Set(ids);
    const combatTurn = this.#combatTurn(
      this.combatants.contents.filter((c) => !removed.has(c.id)),
      removed,
    );
    const userId = currentUser().id;
    onClient(this.#client, () => this.#receiveDelete(ids, combatTurn, options, userId));
    for (const { copy, user } of observers.get(this) ?? [])
      onClient(user, () => copy.#receiveDelete(ids, combatTurn, options, userId));
  }
  #receiveDelete(ids: string[], combatTurn: number | null | undefined, options: Data, userId: string): void {
    const gone = ids.map((id) => this.combatants.get(id)).filter((c): c is HarnessCombatant => !!c);
    for (const c of gone) this.combatants.delete(c.id);
    this.#takeCombatTurn(combatTurn);
    this._onDeleteDescendantDocuments(options);
    for (const c of gone) hooks().callAll("deleteCombatant", c, options, userId);
  }
  async updateEmbeddedDocuments(_name: "Combatant", updates: Data[], options: Data = {}): Promise<void> {
    // A Combatant's owner may set its initiative; anything else is the GM's.
    const user = currentUser();
    for (const { _id, ...changes } of updates) {
      const owner = this.combatants.get(String(_id))?.actor?.testUserPermission(user, "OWNER") === true;
      serverAllows(
        user.isGM || (owner && touchesOnly(changes, ["initiative"])),
        user,
        "update",
        "Combatant",
        String(_id),
      );
    }
    recorded.combatantUpdates.push({ combatId: this.id, updates: wire(updates) });
    // What crosses the socket: a copy (v14 operators serialized and rebuilt on the way).
    const cleaned = updates.map(({ _id, ...changes }) => {
      const combatant = this.combatants.get(_id as string);
      return { _id, ...(combatant ? cleanUpdate("Combatant", "base", combatant, wire(changes)) : changes) };
    });
    // An initiative changed: core keeps the current combatant current (foundryvtt#11531).
    const initiatives = new Map<string, unknown>();
    for (const { _id, ...changes } of cleaned) {
      const expanded = expandObject(changes);
      if ("initiative" in expanded) initiatives.set(String(_id), expanded.initiative);
    }
    const combatTurn = initiatives.size
      ? this.#combatTurn(
          this.combatants.contents.map((c) =>
            initiatives.has(c.id)
              ? (Object.create(c, { initiative: { value: initiatives.get(c.id) } }) as HarnessCombatant)
              : c,
          ),
          new Set(),
        )
      : undefined;
    const userId = user.id;
    onClient(this.#client, () => this.#receiveCombatantUpdates(wire(cleaned), combatTurn, options, userId));
    for (const { copy, user: observer } of observers.get(this) ?? [])
      onClient(observer, () => copy.#receiveCombatantUpdates(wire(cleaned), combatTurn, options, userId));
  }
  #receiveCombatantUpdates(
    updates: Data[],
    combatTurn: number | null | undefined,
    options: Data,
    userId: string,
  ): void {
    const changed: [HarnessCombatant, Data][] = [];
    for (const { _id, ...changes } of updates) {
      const c = this.combatants.get(_id as string);
      if (!c) continue;
      applyUpdate(c._source, changes);
      c.prepare();
      changed.push([c, changes]);
    }
    this.#takeCombatTurn(combatTurn);
    this._onUpdateDescendantDocuments(options);
    for (const [c, changes] of changed)
      hooks().callAll("updateCombatant", c, expandObject(changes), options, userId);
  }
  /**
   * Core: `combatStart` on this client before the write of round 1, turn 0; v14 then announces `combatStart` to
   * `ActiveEffect.registry.refresh` on this client (foundryvtt#13949 quotes 14.355's `startCombat`).
   */
  async startCombat(): Promise<this> {
    const updateData = { round: 1, turn: 0 };
    hooks().callAll("combatStart", this, updateData);
    await this.update(updateData);
    if (V14) await effectRegistry().refresh("combatStart", { combat: this });
    return this;
  }
  /** Core: the next turn, or the next round after the last one; `combatTurn` before the write. */
  async nextTurn(): Promise<this> {
    const turn = this.turn === null ? 0 : this.turn + 1;
    if (turn >= this.turns.length) return this.nextRound();
    const updateData = { round: this.round, turn };
    const updateOptions = turnOptions(1);
    hooks().callAll("combatTurn", this, updateData, updateOptions);
    return this.update(updateData, updateOptions);
  }
  async previousTurn(): Promise<this> {
    if (this.turn === 0 && this.round === 0) return this;
    if (this.turn === 0 || this.turn === null) return this.previousRound();
    const updateData = { round: this.round, turn: this.turn - 1 };
    const updateOptions = turnOptions(-1);
    hooks().callAll("combatTurn", this, updateData, updateOptions);
    return this.update(updateData, updateOptions);
  }
  /** Core: `combatRound` before the write of the next round. */
  async nextRound(): Promise<this> {
    const updateData = { round: this.round + 1, turn: 0 };
    const updateOptions = turnOptions(1);
    hooks().callAll("combatRound", this, updateData, updateOptions);
    return this.update(updateData, updateOptions);
  }
  async previousRound(): Promise<this> {
    const round = Math.max(this.round - 1, 0);
    const updateData = { round, turn: round === 0 ? null : Math.max(this.turns.length - 1, 0) };
    const updateOptions = turnOptions(-1);
    hooks().callAll("combatRound", this, updateData, updateOptions);
    return this.update(updateData, updateOptions);
  }
  /** A GM deletes the combat: gone from `game.combats`, then `deleteCombat(combat, {}, userId)` on every observing client. */
  async delete(): Promise<void> {
    serverAllows(currentUser().isGM, currentUser(), "delete", "Combat", this.id);
    (g.game as { combats: Map<string, HarnessCombat> }).combats.delete(this.id);
    const userId = currentUser().id;
    const others = observers.get(this) ?? [];
    observers.delete(this);
    hooks().callAll("deleteCombat", this, {}, userId);
    for (const { copy, user } of others)
      onClient(user, () => hooks().callAll("deleteCombat", copy, {}, userId));
  }
  async endCombat(): Promise<void> {
    await this.delete();
  }
}

/**
 * The movement history of the combatants' tokens, by token id (the combat harness has no Token documents): a test
 * seeds one; v14's `_clearMovementHistoryOnStartTurn` empties it.
 */
export const tokenHistories = new Map<string, unknown[]>();

/**
 * v14's `ActiveEffect.registry.refresh(event, { ...context, combat })` as far as the harness imitates it: an effect
 * of the combatants' actors whose duration waits for nothing but this expiry event (`expiry` the event, `value`
 * null) is marked expired (`CONFIG.ActiveEffect.expiryAction` "update", v14's default).
 */
function expireEffects(event: string, combatants: HarnessCombatant[]): void {
  for (const combatant of combatants)
    for (const effect of combatant.actor?.effects ?? [])
      if (effect.duration.expiry === event && effect.duration.value === null) effect.duration.expired = true;
}

/**
 * v14 `foundry.documents.ActiveEffect.registry.refresh(event, { combat })` for what a system announces itself (Fray's
 * `combatStart`): recorded in `recorded.turnEvents` (no combatant) on the client that calls it, and the expiry above
 * for every combatant of the combat. Absent on v13 (no registry there).
 */
interface EffectRegistry {
  refresh(event: string, context: { combat: HarnessCombat }): Promise<void>;
}
const effectRegistry = (): EffectRegistry =>
  ((g.foundry as Data).documents as { ActiveEffect: { registry: EffectRegistry } }).ActiveEffect.registry;
if (V14) {
  const documents = ((g.foundry as Data).documents ??= {}) as Data;
  documents.ActiveEffect ??= {
    registry: {
      async refresh(event: string, context: { combat: HarnessCombat }): Promise<void> {
        recorded.turnEvents.push({
          combat: context.combat.id,
          event: `ActiveEffect.registry.refresh:${event}`,
          combatantId: null,
          context: {},
          user: currentUser().id,
        });
        expireEffects(event, context.combat.combatants.contents);
      },
    },
  };
}

/** The options of core's turn controls: v13 `{ advanceTime, direction }`, v14 `{ direction, worldTime: { delta } }`. */
function turnOptions(direction: 1 | -1): Data {
  return V14 ? { direction, worldTime: { delta: 0 } } : { advanceTime: 0, direction };
}

/**
 * Another connected client, `user`, that holds its own copy of `combat` (built from the stored data, as a
 * client that loads the world does); every later write to `combat` reaches that copy as the server broadcasts
 * it, and the copy's document methods and the hooks run there as `user`. The test reads the copy.
 */
export function observe<T extends object>(combat: T, user: HarnessUser): T {
  const shared = combat as unknown as HarnessCombat;
  const Class = shared.constructor as new (data: Data) => HarnessCombat;
  let copy!: HarnessCombat;
  onClient(user, () => {
    copy = new Class({
      ...clone(shared._source),
      combatants: shared.combatants.contents.map((c) => ({ ...clone(c._source), actor: c.actor })),
    });
  });
  observers.set(shared, [...(observers.get(shared) ?? []), { copy, user }]);
  return copy as unknown as T;
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
Object.defineProperty(game, "user", { configurable: true, get: () => currentClient<UserDocument>() });
game.users = Object.assign([users.gm, users.alice, users.bob], {
  get activeGM() {
    return activeGM();
  },
  get(id: string) {
    return connected.find((u) => u.id === id);
  },
});
game.combats = new Map<string, HarnessCombat>();
// v13 `game.combat`: the viewed encounter — the one scene's active combat (CombatData `active`), else none.
Object.defineProperty(game, "combat", {
  configurable: true,
  get: () => [...(game.combats as Map<string, HarnessCombat>).values()].find((c) => c.active) ?? null,
});

g.Combat = HarnessCombat;
g.Combatant = HarnessCombatant;
g.Actor = HarnessActor;
g.Roll = HarnessRoll;
/**
 * The chat messages of the combat tests: `ChatMessage.implementation` is the configured class; `create(data |
 * data[], options)` applies the create's mode option as `_preCreate` does (message-modes.ts: v13 `rollMode`,
 * foundryvtt#11442; v14 `messageMode`), records each message's data in `recorded.messages`, makes a message (id,
 * author, its data), fires `createChatMessage(message, options, userId)` on every connected client and returns the
 * message (or the array). `applyRollMode` as core's (core.ts) on v13, `applyMode` on v14; `delete`.
 */
class HarnessChatMessage {
  id = newId("msg");
  [key: string]: unknown;
  constructor(data: Data) {
    Object.assign(this, clone({ ...data, rolls: [] }), {
      rolls: ((data.rolls as unknown[] | undefined) ?? []).map((r) =>
        typeof r === "string" ? r : JSON.stringify(r),
      ),
      author: currentUser().id,
    });
  }
  static get implementation(): typeof HarnessChatMessage {
    return ((g.CONFIG as { ChatMessage: { documentClass?: typeof HarnessChatMessage } }).ChatMessage
      .documentClass ?? HarnessChatMessage) as typeof HarnessChatMessage;
  }
  static async create(
    data: Data | Data[],
    options: Data = {},
  ): Promise<HarnessChatMessage | HarnessChatMessage[]> {
    const list = (Array.isArray(data) ? data : [data]).map((d) => {
      const copy = { ...d };
      applyCreateOptions(
        copy,
        options,
        { rollMode: applyRollMode, messageMode: (m, mode) => HarnessChatMessage.applyMode(m, mode) },
        modeRealm,
      );
      return copy;
    });
    const created = list.map((d) => {
      recorded.messages.push(d);
      return new this(d);
    });
    for (const message of created) broadcast("createChatMessage", message, options, currentUser().id);
    return Array.isArray(data) ? created : (created[0] as HarnessChatMessage);
  }
  static getSpeaker(data: Data): Data {
    return { alias: data.alias };
  }
  static applyRollMode(data: Data, mode: string): Data {
    if (V14) deprecatedOnV14("ChatMessage.applyRollMode", "ChatMessage.applyMode");
    return applyRollMode(data, mode);
  }
  /** v14 `ChatMessage.applyMode(data, mode)` over `CONFIG.ChatMessage.modes` (absent on v13). */
  static applyMode(data: Data, mode: unknown): Data {
    const modes = (g.CONFIG as { ChatMessage: { modes?: Record<string, MessageModeConfig> } }).ChatMessage
      .modes;
    if (!V14 || !modes) throw new Error("ChatMessage.applyMode is v14's (v13: applyRollMode)");
    return applyModeWith(modes, modeRealm, data, mode);
  }
  /** `Document#delete`: by its author or a GM; `deleteChatMessage(message, options, userId)` on every client. */
  async delete(options: Data = {}): Promise<this> {
    const user = currentUser();
    serverAllows(user.isGM || this.author === user.id, user, "delete", "ChatMessage", String(this.id));
    recorded.deletedMessages.push(String(this.id));
    broadcast("deleteChatMessage", this, options, user.id);
    return this;
  }
}
if (!V14) Reflect.deleteProperty(HarnessChatMessage, "applyMode");
g.ChatMessage = HarnessChatMessage;
(g.CONFIG as Data).ui = {};
g.ui = { notifications: { warn: (text: string) => recorded.warnings.push(text) }, combat: null };

const foundryNs = g.foundry as Data;
(foundryNs.utils as Data).escapeHTML = (text: string) =>
  String(text).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
// The confirm dialogs answer `recorded.dialogAnswer` (yes or no) and are recorded in `recorded.dialogs`.
coreDialogs.sources.push((actions) => {
  if (!actions.includes("yes")) return undefined;
  recorded.dialogs.push(coreDialogs.shown.at(-1) ?? {});
  return { action: recorded.dialogAnswer ? "yes" : "no" };
});
const applications = foundryNs.applications as Data;
applications.handlebars = {
  renderTemplate: async (path: string, context: unknown) => env.render(path, context),
};
installApplications();

/** Sets a world setting, as `game.settings.set` would. */
export function setSetting(key: string, value: unknown): void {
  (game.settings as ClientSettings).seed("fray", key, value);
}

/** Runs `fn` on `user`'s client (the client that clicks). */
export async function as<T>(user: HarnessUser, fn: () => Promise<T>): Promise<T> {
  return runAs(user, fn);
}
