/**
 * How a player's client asks the active GM, and how the GM knows who asked (src/net/README.md).
 *
 * A request is written into the asker's own User document (`flags.fray.requests.<id>`). Foundry's server lets a
 * player update only its own User, and every client's `updateUser(user, changed, options, userId)` hook is told
 * which user made the write: so when `userId` is the updated User's own id, the request was written by that
 * user — the server vouches for it, nothing in the payload does. The active GM answers on the same User
 * (`flags.fray.answers.<id>`, a write only a GM may make to another's User); the asker reads the answer and
 * deletes both keys.
 *
 * Nothing is left behind: the asker deletes every answer a GM writes on its User, waited for or not (it gave up, or
 * it is a new session after a reload), and at start-up whatever an earlier session left there; the GM neither runs
 * nor answers a request its asker withdrew, and deletes, instead of answering, one whose asker is gone.
 */
import { SYSTEM_ID } from "../constants";
import { deleteKey } from "../compat/delete-key";
import { refuse, type Outcome } from "../rules/outcome";

const REQUESTS = `flags.${SYSTEM_ID}.requests`;
const ANSWERS = `flags.${SYSTEM_ID}.answers`;
/** The longest request payload (JSON characters) the GM's client reads. */
export const MAX_PAYLOAD = 16_000;

/** What the GM's client runs for a request: the registered handler for `name`, as `asker`. */
export type Dispatch = (
  name: string,
  payload: unknown,
  asker: User.Implementation,
) => Promise<Outcome<unknown>>;

interface Waiting {
  readonly asker: string;
  settle(answer: Outcome<unknown>): void;
}

/** Requests this client asked and is waiting on, by request id. */
const waiting = new Map<string, Waiting>();
/** Requests the GM's client has taken up, `<userId>.<requestId>`: an update seen twice is handled once. */
const taken = new Set<string>();
/** Requests the GM's client is answering now. */
let answering = 0;
/** This client's deletions of its requests and their answers, sent and not yet written. */
let clearing = 0;

/**
 * Requests this client is waiting on, answering, or clearing from its User now: the self-test waits for none
 * before it calls the table quiet (a request's work goes on while no document changes, between its writes) or
 * reads the User flags back.
 */
export function requestsInFlight(): number {
  return waiting.size + answering + clearing;
}

type UserChanges = { flags?: Record<string, { requests?: unknown; answers?: unknown } | undefined> };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Written entries of a flag object in an update's changes (not deletions, v13 `-=id` or v14 operators). */
function written(value: unknown): [string, Record<string, unknown> | string][] {
  if (!isRecord(value)) return [];
  return Object.entries(value).filter(
    (e): e is [string, Record<string, unknown> | string] =>
      !e[0].startsWith("-=") &&
      (typeof e[1] === "string" || (isRecord(e[1]) && typeof e[1].name === "string")),
  );
}

/** Removes a request and its answer from a User (fire and forget: nothing waits on it). */
function clear(user: User.Implementation, id: string): void {
  clearing++;
  void user
    .update({ ...deleteKey(`${REQUESTS}.${id}`), ...deleteKey(`${ANSWERS}.${id}`) })
    .catch((error) => {
      console.warn(`${SYSTEM_ID} | could not clear request ${id}`, error);
    })
    .finally(() => clearing--);
}

/** The ids of a mailbox flag (`requests` or `answers`) as the User holds it now. */
function heldIds(user: User.Implementation, key: "requests" | "answers"): string[] {
  const flags = user.flags as Record<string, Record<string, unknown> | undefined> | undefined;
  const held = flags?.[SYSTEM_ID]?.[key];
  return isRecord(held) ? Object.keys(held) : [];
}

/** Whether the request is still on its asker's User (the asker deletes it when it gives up). */
function stillAsked(user: User.Implementation, id: string): boolean {
  return heldIds(user, "requests").includes(id);
}

/**
 * This client's start-up: requests and answers an earlier session of this user left on its User (it was closed or
 * reloaded while waiting) are deleted, in one write; nothing of this session waits on them.
 */
function sweep(): void {
  const user = game.user;
  if (!user) return;
  const ids = new Set([...heldIds(user, "requests"), ...heldIds(user, "answers")]);
  for (const id of waiting.keys()) ids.delete(id);
  if (!ids.size) return;
  const update: Record<string, unknown> = {};
  for (const id of ids) Object.assign(update, deleteKey(`${REQUESTS}.${id}`), deleteKey(`${ANSWERS}.${id}`));
  clearing++;
  void user
    .update(update)
    .catch((error) => {
      console.warn(`${SYSTEM_ID} | could not clear the requests an earlier session left`, error);
    })
    .finally(() => clearing--);
}

/** Asks the active GM: writes the request into this user's User; resolves with the GM's answer or a refusal. */
export async function post(name: string, payload: unknown, timeout: number): Promise<Outcome<unknown>> {
  const user = game.user;
  if (!user) return refuse("requestFailed");
  let json: string;
  try {
    json = JSON.stringify(payload) ?? "null";
  } catch {
    return refuse("invalidValue");
  }
  const id = foundry.utils.randomID(16);
  const answer = new Promise<Outcome<unknown>>((resolve) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      clear(user, id);
      resolve(refuse("requestFailed"));
    }, timeout);
    waiting.set(id, {
      asker: user.id ?? "",
      settle: (outcome) => {
        clearTimeout(timer);
        waiting.delete(id);
        resolve(outcome);
      },
    });
  });
  try {
    await user.update({ [`${REQUESTS}.${id}`]: { name, payload: json } });
  } catch (error) {
    console.error(`${SYSTEM_ID} | ${name} could not be sent`, error);
    waiting.get(id)?.settle(refuse("requestFailed"));
  }
  return answer;
}

/** An answer as the GM wrote it (JSON of an Outcome); anything else is a failed request. */
function readAnswer(stored: string | Record<string, unknown>): Outcome<unknown> {
  try {
    const outcome: unknown = typeof stored === "string" ? JSON.parse(stored) : null;
    if (isRecord(outcome) && typeof outcome.ok === "boolean") return outcome as Outcome<unknown>;
  } catch {
    // fall through
  }
  return refuse("requestFailed");
}

/**
 * The asker's client: an answer a GM wrote on this user's User settles the request waiting for it, once; waited
 * for or not (the asker gave up, or this is a later session), the request and the answer are then deleted.
 */
function onAnswers(user: User.Implementation, changes: UserChanges, userId: string): void {
  if (!user.isSelf || !game.users?.get(userId)?.isGM) return;
  for (const [id, stored] of written(changes.flags?.[SYSTEM_ID]?.answers)) {
    const request = waiting.get(id);
    if (request?.asker === user.id) request.settle(readAnswer(stored));
    clear(user, id);
  }
}

/** The active GM's client: a request a user wrote on its own User is handled as that user, once, and answered. */
function onRequests(
  user: User.Implementation,
  changes: UserChanges,
  userId: string,
  dispatch: Dispatch,
): void {
  if (!game.user?.isActiveGM || userId !== user.id) return;
  for (const [id, entry] of written(changes.flags?.[SYSTEM_ID]?.requests)) {
    const key = `${user.id}.${id}`;
    if (typeof entry === "string" || taken.has(key)) continue;
    taken.add(key);
    void answer(user, id, entry, dispatch);
  }
}

async function answer(
  user: User.Implementation,
  id: string,
  entry: Record<string, unknown>,
  dispatch: Dispatch,
) {
  answering++;
  try {
    await answerOnce(user, id, entry, dispatch);
  } finally {
    answering--;
  }
}

async function answerOnce(
  user: User.Implementation,
  id: string,
  entry: Record<string, unknown>,
  dispatch: Dispatch,
) {
  // The asker withdrew it (it gave up waiting) before the GM got to it: not run.
  if (!stillAsked(user, id)) return;
  let outcome: Outcome<unknown>;
  try {
    // Issue 12: no request of ours comes near this size; a larger one is not parsed at all.
    if (typeof entry.payload === "string" && entry.payload.length > MAX_PAYLOAD) throw new Error("too large");
    const payload: unknown = typeof entry.payload === "string" ? JSON.parse(entry.payload) : undefined;
    outcome = await dispatch(String(entry.name), payload, user);
  } catch {
    outcome = refuse("invalidValue");
  }
  try {
    // Withdrawn meanwhile: no answer, nobody would read it. Its asker gone: the GM deletes the request instead.
    if (!stillAsked(user, id)) return;
    if (!user.active) await user.update(deleteKey(`${REQUESTS}.${id}`));
    else await user.update({ [`${ANSWERS}.${id}`]: JSON.stringify(outcome) });
  } catch (error) {
    console.error(`${SYSTEM_ID} | could not answer ${String(entry.name)} for ${user.name}`, error);
  }
}

let listening = false;

/**
 * Listens for requests (on the active GM's client) and answers (on every client), and clears what an earlier
 * session left once the world is ready; once per client.
 */
export function listenToMailbox(dispatch: Dispatch): void {
  if (listening) return;
  listening = true;
  Hooks.on("ready", sweep);
  Hooks.on("updateUser", (user, changes, _options, userId) => {
    const changed = changes as UserChanges;
    onRequests(user, changed, userId, dispatch);
    onAnswers(user, changed, userId);
  });
}
