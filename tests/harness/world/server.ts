/**
 * The server of the world harness: it holds the world's source data (users, actors with their items and effects,
 * items, scenes with tokens, fights with combatants, chat messages, world settings), checks every write against
 * Foundry's permission rules, applies it, and broadcasts it to every connected client, each of which updates its
 * own document instances and fires its own hooks with the writer's id. Clients talk to it only through messages:
 * a request resolves after the round trip, once the asking client has handled the answer; every other client
 * handles the broadcast in its own turn of the event loop, in the order the server sent it (one socket each).
 * Stricter than Foundry where unsure (tests/harness/README.md, the smoke rows). No Fray logic lives here.
 */
import { expandObject, mergeUpdate, randomID } from "../core";
import { revive } from "../operators";
import { offPage } from "./context";

export type Data = Record<string, unknown>;

export const clone = <T>(v: T): T => (v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T));

/** World-level documents and the collection each lives in (`game.<collection>`). */
export const WORLD_COLLECTIONS = {
  User: "users",
  Actor: "actors",
  Item: "items",
  Scene: "scenes",
  Combat: "combats",
  ChatMessage: "messages",
} as const;
export type WorldDocumentName = keyof typeof WORLD_COLLECTIONS;

/** Embedded documents: the field of the parent's source that holds them (v13 `metadata.embedded`). */
export const EMBEDDED: Record<string, Record<string, string>> = {
  Actor: { Item: "items", ActiveEffect: "effects" },
  Item: { ActiveEffect: "effects" },
  Scene: { Token: "tokens" },
  Combat: { Combatant: "combatants" },
  ActorDelta: { Item: "items", ActiveEffect: "effects" },
};

/**
 * An unlinked token's ActorDelta (v11+): one embedded document in the token's `delta` field, updated (never
 * created or deleted on its own), holding the token's overrides of its base actor and its own items and effects.
 */
export const DELTA_FIELD = "delta";

export type DocumentName = WorldDocumentName | "ActiveEffect" | "Token" | "Combatant" | "ActorDelta";

/** A parent chain, from the world document down: [["Actor", id], ["Item", id]]. */
export type ParentPath = readonly (readonly [string, string])[];

export const ROLES = { NONE: 0, PLAYER: 1, TRUSTED: 2, ASSISTANT: 3, GAMEMASTER: 4 } as const;
export const OWNERSHIP = { INHERIT: -1, NONE: 0, LIMITED: 1, OBSERVER: 2, OWNER: 3 } as const;

export interface Operation {
  readonly action: "create" | "update" | "delete";
  readonly documentName: DocumentName;
  readonly parent: ParentPath;
  /** create: the sources; update: the changes, each with its `_id`; delete: `{ _id }` each. */
  readonly data: Data[];
  readonly options: Data;
  readonly userId: string;
}

/** What a client is told: the operation as the server carried it out (ids assigned, sources as stored). */
export interface Broadcast extends Operation {
  readonly result: Data[];
}

/** A connected client, as the server sees it: the user logged in and where its socket delivers. */
export interface Connection {
  readonly userId: string;
  receive(message: Broadcast | SettingBroadcast): void;
}

export interface SettingBroadcast {
  readonly action: "setting";
  readonly key: string;
  readonly value: unknown;
  readonly userId: string;
}

export class PermissionError extends Error {}

/**
 * The world: sources by collection, the permission rules, the broadcast. `documentTypes` are the sub-types the
 * manifest declares (plus core's "base"), the only ones a create may use.
 */
export class WorldServer {
  readonly sources: Record<string, Map<string, Data>> = Object.fromEntries(
    Object.values(WORLD_COLLECTIONS).map((c) => [c, new Map<string, Data>()]),
  );
  readonly settings = new Map<string, unknown>();
  readonly connections: Connection[] = [];
  /** Every write the server refused (the smoke test fails on one it did not expect). */
  readonly refusals: string[] = [];
  /** Every write the server carried out: who, what, to which document type. */
  readonly writes: { userId: string; action: string; documentName: string }[] = [];
  /** Operations in flight (asked, not yet delivered everywhere): `settle()` waits for none. */
  pending = 0;

  constructor(readonly documentTypes: Record<string, string[]>) {}

  connect(connection: Connection): void {
    this.connections.push(connection);
  }

  get(documentName: WorldDocumentName, id: string): Data | undefined {
    return this.sources[WORLD_COLLECTIONS[documentName]]?.get(id);
  }

  user(id: string): Data | undefined {
    return this.get("User", id);
  }

  isGM(userId: string): boolean {
    return Number(this.user(userId)?.role ?? 0) >= ROLES.ASSISTANT;
  }

  /** Seeds a world document (the world as it was saved): no permission check, no broadcast. */
  seed(documentName: WorldDocumentName, source: Data): Data {
    const data = clone(source);
    data._id ??= randomID();
    this.sources[WORLD_COLLECTIONS[documentName]]!.set(String(data._id), data);
    return data;
  }

  /** The source of the parent chain's last document (or undefined when one is gone). */
  resolve(path: ParentPath): Data | undefined {
    if (!path.length) return undefined;
    const [[rootName, rootId], ...rest] = path as [[string, string], ...[string, string][]];
    let node = this.get(rootName as WorldDocumentName, rootId);
    let name = rootName;
    for (const [childName, childId] of rest) {
      if (name === "Token" && childName === "ActorDelta") {
        const delta = node?.[DELTA_FIELD] as Data | null | undefined;
        node = delta && delta._id === childId ? delta : undefined;
      } else {
        const field = EMBEDDED[name]?.[childName];
        const list = node && field ? (node[field] as Data[] | undefined) : undefined;
        node = list?.find((d) => d._id === childId);
      }
      name = childName;
      if (!node) return undefined;
    }
    return node;
  }

  /** The list of sources an operation acts in: a world collection, or a field of the parent's source. */
  #siblings(op: Operation): { list: Data[] | Map<string, Data>; parentSource?: Data } {
    if (!op.parent.length) {
      const collection = WORLD_COLLECTIONS[op.documentName as WorldDocumentName];
      if (!collection) throw new Error(`${op.documentName} is not a world document: it needs a parent`);
      return { list: this.sources[collection]! };
    }
    const parentSource = this.resolve(op.parent);
    const parentName = op.parent.at(-1)![0];
    if (op.documentName === "ActorDelta") {
      const delta = parentSource?.[DELTA_FIELD] as Data | null | undefined;
      if (parentName !== "Token" || !delta || op.action !== "update")
        throw new Error("an ActorDelta is only updated, in an unlinked token");
      return { list: [delta], parentSource: parentSource! };
    }
    const field = EMBEDDED[parentName]?.[op.documentName];
    if (!field) throw new Error(`${parentName} does not embed ${op.documentName}`);
    if (!parentSource)
      throw new Error(`the parent ${op.parent.map((p) => p.join(".")).join(".")} does not exist`);
    parentSource[field] ??= [];
    return { list: parentSource[field] as Data[], parentSource };
  }

  /**
   * A client's request: checked, applied, and broadcast. Resolves (after the round trip) with what was stored;
   * a refused write rejects as Foundry's does ("User X lacks permission to update Actor [id]"), nothing changed.
   */
  request(op: Operation): Promise<Data[]> {
    this.pending++;
    return new Promise<Data[]>((resolve, reject) => {
      // The request crosses the network: the server handles it in a later turn, outside every client.
      setImmediate(() =>
        offPage(() => {
          try {
            const result = this.#apply(op);
            this.writes.push({ userId: op.userId, action: op.action, documentName: op.documentName });
            const message: Broadcast = { ...clone(op), result: clone(result) };
            for (const connection of this.connections)
              if (this.#mayReceive(connection.userId, op)) connection.receive(clone(message));
            resolve(result);
          } catch (error) {
            if (error instanceof PermissionError) this.refusals.push(error.message);
            reject(error);
          } finally {
            this.pending--;
          }
        }),
      );
    });
  }

  #apply(op: Operation): Data[] {
    const { list, parentSource } = this.#siblings(op);
    const find = (id: unknown) =>
      list instanceof Map ? list.get(String(id)) : list.find((d) => d._id === id);
    const user = this.user(op.userId);
    if (!user) throw new PermissionError(`no user ${op.userId}`);
    const out: Data[] = [];
    if (op.action === "create") {
      for (const raw of op.data) {
        const data = clone(raw);
        // Core assigns a new id unless the creator keeps its own (`keepId`).
        if (!op.options.keepId || typeof data._id !== "string") data._id = randomID();
        this.#checkType(op.documentName, data);
        // Core gives an unlinked token its ActorDelta (its id the token's); a linked token has none.
        if (op.documentName === "Token")
          data[DELTA_FIELD] =
            data.actorLink === false
              ? {
                  system: {},
                  items: [],
                  effects: [],
                  flags: {},
                  ...((data[DELTA_FIELD] as Data) ?? {}),
                  _id: data._id,
                }
              : null;
        this.#allow(op, user, data, parentSource, null);
        if (list instanceof Map) list.set(String(data._id), data);
        else list.push(data);
        out.push(clone(data));
      }
    } else if (op.action === "update") {
      for (const raw of op.data) {
        // v14: the operators arrive serialized (OPERATOR_IDENTIFIER) and are rebuilt before they are applied.
        const { _id, ...changes } = revive(clone(raw));
        const source = find(_id);
        if (!source) throw new Error(`${op.documentName} [${String(_id)}] does not exist`);
        this.#allow(op, user, source, parentSource, changes);
        const expanded = expandObject(changes);
        // The type of a document never changes (v13: a type change needs a recreation).
        if ("type" in expanded && expanded.type !== source.type)
          throw new Error(`${op.documentName} [${String(_id)}]: its type cannot change`);
        mergeUpdate(source, expanded);
        out.push({ _id, ...expanded });
      }
    } else {
      for (const raw of op.data) {
        const source = find(raw._id);
        if (!source) throw new Error(`${op.documentName} [${String(raw._id)}] does not exist`);
        this.#allow(op, user, source, parentSource, null);
        if (list instanceof Map) list.delete(String(raw._id));
        else list.splice(list.indexOf(source), 1);
        out.push({ _id: raw._id });
      }
    }
    this.#combatTurn(op, parentSource);
    return out;
  }

  /**
   * foundryvtt#11531, #12990: a combatant operation carries the `turn` its combat takes with it (`combatTurn`, set
   * by the requesting client); the server writes it with the combatants' change, whatever `turnEvents` says.
   */
  #combatTurn(op: Operation, parentSource: Data | undefined): void {
    const turn = op.options.combatTurn;
    if (op.documentName !== "Combatant" || !parentSource || turn === undefined) return;
    if (turn !== null && !Number.isInteger(turn)) throw new Error(`combatTurn ${String(turn)} is not a turn`);
    parentSource.turn = turn;
  }

  /**
   * Whether a user's socket is sent a write: everything, except a whispered chat message, which goes to its author,
   * its recipients and GMs only (stricter than Foundry where unsure: a client never holds a whisper it cannot read).
   */
  #mayReceive(userId: string, op: Operation): boolean {
    if (op.documentName !== "ChatMessage" || this.isGM(userId)) return true;
    return op.data.every((d) => {
      const source = this.get("ChatMessage", String(d._id)) ?? d;
      const whisper = (source.whisper as string[] | undefined) ?? [];
      return !whisper.length || source.author === userId || whisper.includes(userId);
    });
  }

  /** A create names a sub-type the manifest declares (or core's "base"); core validates it the same way. */
  #checkType(documentName: string, data: Data): void {
    const declared = this.documentTypes[documentName];
    if (!declared) return;
    data.type ??= "base";
    if (data.type !== "base" && !declared.includes(String(data.type)))
      throw new Error(`"${String(data.type)}" is not a valid type for the ${documentName} Document class`);
  }

  /** A user's level of ownership of an actor or item source (a GM: OWNER). */
  levelOf(user: Data, source: Data | undefined): number {
    if (!source) return OWNERSHIP.NONE;
    if (Number(user.role) >= ROLES.ASSISTANT) return OWNERSHIP.OWNER;
    const ownership = (source.ownership ?? {}) as Record<string, number>;
    return ownership[String(user._id)] ?? ownership.default ?? OWNERSHIP.NONE;
  }

  /** The actor source a token (or combatant) stands for: the world actor it names. */
  #actorOf(source: Data): Data | undefined {
    return typeof source.actorId === "string" ? this.get("Actor", source.actorId) : undefined;
  }

  /**
   * The permission rules (v13 defaults; stricter where a role permission would let a player do more):
   * - a GM (or assistant) may do anything;
   * - User: a player updates itself only, never its role;
   * - Actor (and its items and effects), world Item: an OWNER updates; creation and deletion of world documents
   *   are the GM's;
   * - Token: updated by its actor's owners; created and deleted by the GM;
   * - Combat: the GM's, except that a player may change `round` and `turn` only (FOUNDRY-API.md);
   * - Combatant: the GM's, except that its actor's owner may set its `initiative`;
   * - ChatMessage: created by anyone as its own author (only a GM posts as another); updated and deleted by its
   *   author or a GM;
   * - Scene: the GM's.
   */
  #allow(
    op: Operation,
    user: Data,
    source: Data,
    parentSource: Data | undefined,
    changes: Data | null,
  ): void {
    const gm = Number(user.role) >= ROLES.ASSISTANT;
    const { action, documentName } = op;
    const keys = changes ? Object.keys(expandObject(changes)).filter((k) => k !== "_id") : [];
    const only = (...allowed: string[]) => keys.every((k) => allowed.includes(k));
    const root = op.parent.length
      ? this.get(op.parent[0]![0] as WorldDocumentName, op.parent[0]![1])
      : source;
    let allowed = gm;
    if (!gm)
      switch (documentName) {
        case "User":
          allowed = action === "update" && source._id === user._id && !keys.includes("role");
          break;
        case "Actor":
        case "Item":
        case "ActiveEffect":
        case "ActorDelta":
          allowed =
            (op.parent.length > 0 || action === "update") &&
            this.levelOf(user, op.parent.length ? root : source) >= OWNERSHIP.OWNER;
          break;
        case "Token":
          allowed = action === "update" && this.levelOf(user, this.#actorOf(source)) >= OWNERSHIP.OWNER;
          break;
        case "Combat":
          allowed = action === "update" && only("round", "turn");
          break;
        case "Combatant":
          allowed =
            action === "update" &&
            only("initiative") &&
            this.levelOf(user, this.#actorOf(source)) >= OWNERSHIP.OWNER;
          break;
        case "ChatMessage":
          allowed =
            action === "create"
              ? source.author === undefined || source.author === user._id
              : source.author === user._id;
          break;
        default:
          allowed = false;
      }
    if (action === "create" && documentName === "ChatMessage") source.author ??= user._id;
    void parentSource;
    if (!allowed) {
      const id = action === "create" ? "new" : String(source._id);
      throw new PermissionError(
        `User ${String(user.name)} lacks permission to ${action} ${documentName} [${id}]`,
      );
    }
  }

  /** A world setting written by a GM: stored, then every client gets it (core's Setting document). */
  setSetting(key: string, value: unknown, userId: string): Promise<void> {
    this.pending++;
    return new Promise((resolve, reject) => {
      setImmediate(() =>
        offPage(() => {
          try {
            if (!this.isGM(userId))
              throw new PermissionError(
                `User ${String(this.user(userId)?.name)} lacks permission to update Setting [${key}]`,
              );
            this.settings.set(key, clone(value));
            for (const connection of this.connections)
              connection.receive({ action: "setting", key, value: clone(value), userId });
            resolve();
          } catch (error) {
            if (error instanceof PermissionError) this.refusals.push(error.message);
            reject(error);
          } finally {
            this.pending--;
          }
        }),
      );
    });
  }
}
