import { SYSTEM_ID } from "../constants";
import { refuse, RefusalError, type Outcome } from "../rules/outcome";
import { listenToMailbox, post, requestsInFlight } from "./mailbox";
import { SerialLock } from "./serial-lock";

/**
 * Requests that only the active GM may carry out (DESIGN.md: only the active GM writes shared state).
 * A player's client *asks* through its own User document (src/net/mailbox.ts; why not a v13 query: README.md);
 * the GM's client runs the handler, which must re-check that `context.user` owns what it asks about. On the
 * active GM's own client the handler runs directly. Handlers answer with an Outcome so a refusal reaches the
 * asker as a localized reason.
 */
export interface RequestContext {
  /** The user who asked: the User whose own write carried the request, as Foundry's server reports it. */
  readonly user: User.Implementation;
}

export type RequestHandler<P, R> = (payload: P, context: RequestContext) => Promise<Outcome<R>>;

export interface GmRequest<P, R> {
  readonly name: string;
  /** Asks the active GM; resolves with the GM's answer or a refusal (no GM connected, timeout…). */
  send(payload: P): Promise<Outcome<R>>;
}

const lock = new SerialLock();
const registry = new Map<string, RequestHandler<never, unknown>>();

/** A payload the handlers may read fields of: a plain object (not null, not an array). */
function isPayload(payload: unknown): boolean {
  return typeof payload === "object" && payload !== null && !Array.isArray(payload);
}

/** Milliseconds a player's client waits for the GM's answer. */
export const REQUEST_TIMEOUT = 20_000;

/**
 * Declares a GM request. `key(payload)` names what the request touches (a message, a combat): requests
 * with the same key run one at a time on the GM's client.
 */
export function defineGmRequest<P, R>(
  name: string,
  handler: RequestHandler<P, R>,
  key: (payload: P) => string,
): GmRequest<P, R> {
  const queryName = `${SYSTEM_ID}.${name}`;
  const serialized: RequestHandler<P, R> = async (payload, context) => {
    // What came over the wire is any JSON: the handlers read named fields of an object, nothing else.
    if (!isPayload(payload)) return refuse("invalidValue");
    let lockKey: string;
    try {
      lockKey = String(key(payload));
    } catch {
      return refuse("invalidValue");
    }
    return lock.run(lockKey, async () => {
      try {
        return await handler(payload, context);
      } catch (error) {
        // A refusal found below the handler (compat/post-with-readers.ts) reaches the asker as one.
        if (error instanceof RefusalError) return error.refusal;
        // A handler refuses what it can foresee; anything else is reported, never thrown at the asker.
        console.error(`${SYSTEM_ID} | ${queryName} failed on the GM's client`, error);
        return refuse("requestError");
      }
    });
  };
  registry.set(queryName, serialized as RequestHandler<never, unknown>);
  return {
    name: queryName,
    async send(payload: P): Promise<Outcome<R>> {
      const gm = game.users?.activeGM;
      if (!gm) return refuse("noActiveGM");
      if (gm.isSelf) return serialized(payload, { user: game.user as User.Implementation });
      return (await post(queryName, payload, REQUEST_TIMEOUT)) as Outcome<R>;
    },
  };
}

/**
 * Runs `work` on the active GM's client in the lock of requests keyed `key`: for GM-side work that writes what
 * those requests write but does not come through one (a hook), so neither loses the other's write.
 */
export function withRequestLock<T>(key: string, work: () => Promise<T>): Promise<T> {
  return lock.run(key, work);
}

/** The lock key of one fight's requests: the round engine's, the budgets', and every GM-side writer of them. */
export const combatKeyOf = (p: { combatId: string }) => `combat:${String(p?.combatId)}`;

/** Runs `work` in the fight's request lock (`combatKeyOf`): one writer of that fight's budgets at a time. */
export function inFightLock<T>(combat: { readonly id: string | null }, work: () => Promise<T>): Promise<T> {
  return lock.run(combatKeyOf({ combatId: combat.id ?? "" }), work);
}

/**
 * Starts answering every declared request on the active GM's client (and reading answers on every client);
 * called once from the setup hook, when every module has declared its requests.
 */
export function registerGmRequests(): void {
  listenToMailbox(async (name, payload, user) => {
    if (!game.user?.isActiveGM) return refuse("notActiveGM");
    const handler = registry.get(name);
    if (!handler) return refuse("invalidValue");
    // Issue 12: a flood of requests from one player is refused past MAX_IN_FLIGHT, before any work is done.
    const id = user.id ?? "";
    const pending = inFlight.get(id) ?? 0;
    if (!user.isGM && pending >= MAX_IN_FLIGHT) return refuse("tooManyRequests");
    inFlight.set(id, pending + 1);
    try {
      return await handler(payload as never, { user });
    } finally {
      inFlight.set(id, (inFlight.get(id) ?? 1) - 1);
    }
  });
}

/**
 * The most requests of one player the GM's client holds at once (queued or running). A player's client waits for
 * each answer (three writes of its own User per request), so sequential requests are paced by the GM; what a
 * script fires all at once past this is refused with `tooManyRequests` and costs the GM one answer each.
 */
export const MAX_IN_FLIGHT = 8;
const inFlight = new Map<string, number>();

/**
 * GM requests this client has in hand: asked and not answered, being answered, or queued or running in a lock.
 * The self-test calls the table quiet only when none is.
 */
export function requestWorkInFlight(): number {
  return requestsInFlight() + lock.size;
}

/** The names of every declared request (`fray.<name>`). */
export function registeredRequests(): string[] {
  return [...registry.keys()];
}

/** True when `user` may act for `document` (owner permission), as a GM-side re-check. */
export function userOwns(
  user: User.Implementation,
  document: { testUserPermission(user: User.Implementation, level: "OWNER"): boolean } | null | undefined,
): boolean {
  return Boolean(document) && (user.isGM || document!.testUserPermission(user, "OWNER"));
}
