/**
 * Issue 23 (found on v13 too): the request mailbox (src/net/mailbox.ts) leaves nothing on a User and applies
 * nothing twice. An answer the GM wrote after the asker gave up used to stay on the asker's User for good; now the
 * asker deletes every answer a GM writes there, waited for or not, the GM neither runs nor answers a request its
 * asker withdrew and deletes one whose asker left, and a new session clears what an earlier one left.
 */
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { ChatUser, users, as } from "../../harness/chat";
import { defineGmRequest, registerGmRequests } from "../../../src/net/gm-requests";
import { post } from "../../../src/net/mailbox";
import { deleteKey } from "../../../src/compat/delete-key";
import { accept } from "../../../src/rules/outcome";

const gm = users.add(new ChatUser("Gamemaster", true));
const alice = users.add(new ChatUser("Alice", false));

/** Each run of the handler on the GM's client, and a gate the test opens to let the handler finish. */
const runs: unknown[] = [];
let gate: Promise<void> = Promise.resolve();
let open: () => void = () => undefined;
function closeGate(): void {
  gate = new Promise<void>((resolve) => (open = resolve));
}
defineGmRequest<{ n: number }, number>(
  "test.slow",
  async (payload) => {
    runs.push(payload);
    await gate;
    return accept(payload.n * 10);
  },
  () => "test",
);
registerGmRequests();

const NAME = "fray.test.slow";
const held = (user: ChatUser, key: "requests" | "answers") =>
  Object.keys((user.getFlag("fray", key) as object | undefined) ?? {});
const settle = async () => {
  for (let i = 0; i < 30; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};
/** The user's mailbox is empty: no request, no answer left. */
function expectClean(user: ChatUser): void {
  expect(held(user, "requests"), `${user.name}'s requests`).toEqual([]);
  expect(held(user, "answers"), `${user.name}'s answers`).toEqual([]);
}
/** A request as the asker's client writes it (its own User), here with no client waiting on it. */
const entry = (n: number) => ({ name: NAME, payload: JSON.stringify({ n }) });

describe("the mailbox leaves nothing behind and applies nothing twice", () => {
  let warnings: MockInstance<typeof console.warn>;
  beforeEach(() => {
    runs.length = 0;
    gm.active = true;
    alice.active = true;
    open();
    gate = Promise.resolve();
    warnings = vi.spyOn(console, "warn").mockImplementation(() => undefined);
  });
  afterEach(async () => {
    open();
    await settle();
    warnings.mockRestore();
  });

  it("the asker times out while the GM works: told requestFailed, the GM writes no answer, nothing is left", async () => {
    closeGate();
    const asked = as(alice, () => post(NAME, { n: 1 }, 40));
    expect(await asked).toEqual({ ok: false, reason: "requestFailed" });
    await settle();
    expect(runs).toEqual([{ n: 1 }]);
    open();
    await settle();
    expectClean(alice);
    expect(runs).toHaveLength(1);
  });

  it("an answer that lands after the asker gave up is deleted by the asker", async () => {
    gm.active = false;
    const asked = as(alice, () => post(NAME, { n: 2 }, 400));
    await settle();
    const [id] = held(alice, "requests");
    expect(id).toBeDefined();
    expect(await asked).toEqual({ ok: false, reason: "requestFailed" });
    await settle();
    // The GM's answer was already on its way (the GM's check passed before the withdrawal reached it).
    gm.active = true;
    await as(gm, () => alice.update({ [`flags.fray.answers.${id}`]: JSON.stringify(accept(20)) }));
    await settle();
    expectClean(alice);
    expect(runs).toEqual([]);
  });

  it("a request its asker withdrew while it waited in the GM's queue gets no answer: nothing is left", async () => {
    closeGate();
    const first = as(alice, () => post(NAME, { n: 3 }, 5_000));
    await settle();
    // The handlers' lock is busy with the first; a second request is withdrawn by its asker while it waits.
    const id = "withdrawn0000001";
    await as(alice, () => alice.update({ [`flags.fray.requests.${id}`]: entry(4) }));
    await settle();
    await as(alice, () => alice.update(deleteKey(`flags.fray.requests.${id}`)));
    open();
    expect(await first).toEqual({ ok: true, value: 30 });
    await settle();
    expect(runs.filter((r) => (r as { n: number }).n === 3)).toHaveLength(1);
    expectClean(alice);
  });

  it("a request withdrawn before the GM's client saw it is not run at all", async () => {
    // The asker's write and its withdrawal reach the GM's client in one go (the GM reads the User as it is now).
    const id = "withdrawn0000002";
    const hooks = (globalThis as unknown as { Hooks: { callAll(n: string, ...a: unknown[]): void } }).Hooks;
    await as(gm, () =>
      hooks.callAll("updateUser", alice, { flags: { fray: { requests: { [id]: entry(8) } } } }, {}, alice.id),
    );
    await settle();
    expect(runs).toEqual([]);
    expectClean(alice);
  });

  it("a reload: the new session waits on nothing; the GM's answer to the old one is deleted when it lands", async () => {
    // What the earlier session wrote before it was reloaded (its client no longer waits on it).
    const id = "earlierSession01";
    await as(alice, () => alice.update({ [`flags.fray.requests.${id}`]: entry(5) }));
    await settle();
    expect(runs).toEqual([{ n: 5 }]);
    expectClean(alice);
  });

  it("the asker left before the GM was done: the GM deletes the request instead of answering", async () => {
    closeGate();
    const id = "leftTheTable0001";
    await as(alice, () => alice.update({ [`flags.fray.requests.${id}`]: entry(6) }));
    await settle();
    alice.active = false;
    open();
    await settle();
    expect(runs).toEqual([{ n: 6 }]);
    expectClean(alice);
  });

  it("at start-up a client deletes what an earlier session of its user left on its User, in one write", async () => {
    // Left while the user was away (no client of Alice's saw these writes).
    alice.active = false;
    await as(gm, () =>
      alice.update({
        "flags.fray.requests.stale00000000001": { name: "fray.gone", payload: "{}" },
        "flags.fray.answers.stale00000000001": JSON.stringify(accept(1)),
        "flags.fray.answers.stale00000000002": JSON.stringify(accept(2)),
      }),
    );
    alice.active = true;
    expect(held(alice, "answers")).toHaveLength(2);
    const writes: unknown[] = [];
    const hook = (user: unknown, changes: unknown, _options: unknown, userId: string) => {
      if (user === alice && userId === alice.id) writes.push(changes);
    };
    const hooks = (
      globalThis as unknown as {
        Hooks: {
          on(n: string, f: typeof hook): number;
          off(n: string, id: number): void;
          callAll(n: string): void;
        };
      }
    ).Hooks;
    const hookId = hooks.on("updateUser", hook);
    await as(alice, () => hooks.callAll("ready"));
    await settle();
    hooks.off("updateUser", hookId);
    expectClean(alice);
    // One write of Alice's (seen by each connected client, the GM's and hers).
    expect(writes).toHaveLength(2);
  });

  it("two writes: a request seen twice is run once; an answer written twice settles once and is deleted", async () => {
    closeGate();
    const asked = as(alice, () => post(NAME, { n: 7 }, 5_000));
    await settle();
    const [id] = held(alice, "requests");
    // The same write delivered again to the GM's client.
    const changes = { flags: { fray: { requests: { [id!]: entry(7) } } } };
    await as(gm, () =>
      (globalThis as unknown as { Hooks: { callAll(n: string, ...a: unknown[]): void } }).Hooks.callAll(
        "updateUser",
        alice,
        changes,
        {},
        alice.id,
      ),
    );
    open();
    expect(await asked).toEqual({ ok: true, value: 70 });
    // A second answer for the same request (a GM writing it again): nothing is waiting, it is deleted.
    await as(gm, () => alice.update({ [`flags.fray.answers.${id!}`]: JSON.stringify(accept(999)) }));
    await settle();
    expect(runs).toEqual([{ n: 7 }]);
    expectClean(alice);
  });
});
