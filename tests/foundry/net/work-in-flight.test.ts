/**
 * The self-test calls a table quiet only when no GM request is in hand (src/self-test/watch.ts): a request's work
 * goes on between its writes, while no document changes. `requestsInFlight` (src/net/mailbox.ts) counts the
 * requests this client waits on, those it answers and its deletions of its requests and their answers not yet
 * written; `requestWorkInFlight` (src/net/gm-requests.ts) adds the request locks' keys with work queued or
 * running. Each must count from the moment the work starts until it is over — answered, refused, failed or timed
 * out — and fall back to zero.
 */
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { ChatUser, users, as, world } from "../../harness/chat";
import {
  defineGmRequest,
  registerGmRequests,
  requestWorkInFlight,
  withRequestLock,
} from "../../../src/net/gm-requests";
import { post, requestsInFlight } from "../../../src/net/mailbox";
import { accept } from "../../../src/rules/outcome";

const gm = users.add(new ChatUser("Gamemaster", true));
const alice = users.add(new ChatUser("Alice", false));

/** A request whose handler runs until the test lets it go (or throws when told to). */
let release: (() => void) | null = null;
let fail = false;
const slow = defineGmRequest<Record<string, unknown>, string>(
  "test.slowWork",
  async () => {
    await new Promise<void>((resolve) => (release = resolve));
    if (fail) throw new Error("the handler failed");
    return accept("done");
  },
  () => "slow",
);
registerGmRequests();

const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

describe("the GM requests a client has in hand", () => {
  let quiet: MockInstance<typeof console.error>;
  let warned: MockInstance<typeof console.warn>;
  beforeEach(() => {
    release = null;
    fail = false;
    world.warnings.length = 0;
    for (const user of [gm, alice]) user.active = true;
    quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    warned = vi.spyOn(console, "warn").mockImplementation(() => undefined);
  });
  afterEach(() => {
    quiet.mockRestore();
    warned.mockRestore();
  });

  it("a player's request counts from its sending until the answer is read, on both sides", async () => {
    expect(requestsInFlight()).toBe(0);
    expect(requestWorkInFlight()).toBe(0);
    const asked = as(alice, () => slow.send({}));
    await settle();
    expect(release).not.toBeNull();
    // The harness runs both clients in one realm: Alice's wait, the GM's answer, the GM's lock key.
    expect(requestsInFlight()).toBe(2);
    expect(requestWorkInFlight()).toBe(3);
    release!();
    expect(await asked).toEqual({ ok: true, value: "done" });
    await settle();
    expect(requestsInFlight()).toBe(0);
    expect(requestWorkInFlight()).toBe(0);
  });

  it("a handler that fails still ends its count (the asker gets requestError)", async () => {
    fail = true;
    const asked = as(alice, () => slow.send({}));
    await settle();
    expect(requestWorkInFlight()).toBe(3);
    release!();
    expect(await asked).toEqual({ ok: false, reason: "requestError" });
    await settle();
    expect(requestsInFlight()).toBe(0);
    expect(requestWorkInFlight()).toBe(0);
  });

  it("the asker's deletion of its request and the answer counts until it is written", async () => {
    // Alice's write that deletes both keys (the mailbox's clear) is held until the test lets it go.
    const original = alice.update.bind(alice);
    let letClear: (() => void) | null = null;
    const spy = vi.spyOn(alice, "update").mockImplementation(async (changes, options) => {
      const keys = Object.keys(changes);
      if (keys.some((k) => k.includes(".requests.")) && keys.some((k) => k.includes(".answers."))) {
        await new Promise<void>((resolve) => (letClear = resolve));
      }
      return original(changes, options);
    });
    try {
      const asked = as(alice, () => slow.send({}));
      await settle();
      release!();
      expect(await asked).toEqual({ ok: true, value: "done" });
      await settle();
      expect(letClear).not.toBeNull();
      expect(requestsInFlight()).toBe(1);
      expect(requestWorkInFlight()).toBe(1);
      letClear!();
      await settle();
      expect(requestsInFlight()).toBe(0);
      expect(alice.getFlag("fray", "requests")).toEqual({});
      expect(alice.getFlag("fray", "answers")).toEqual({});
    } finally {
      spy.mockRestore();
    }
  });

  it("a request nobody answers counts until it times out", async () => {
    gm.active = false;
    // Long enough that the check below comes before it on a loaded machine.
    const asked = as(alice, () => post("fray.test.slowWork", {}, 1000));
    await settle();
    expect(requestsInFlight()).toBe(1);
    expect(await asked).toEqual({ ok: false, reason: "requestFailed" });
    // Given up: Alice's withdrawal of the request is under way, and counts until it is written.
    expect(requestsInFlight()).toBe(1);
    await settle();
    expect(requestsInFlight()).toBe(0);
    expect(requestWorkInFlight()).toBe(0);
    expect(alice.getFlag("fray", "requests")).toEqual({});
  });

  it("the GM's own request and GM-side work in a request lock count while they run", async () => {
    const own = as(gm, () => slow.send({}));
    await settle();
    // No mailbox for the GM's own request: only its lock key.
    expect(requestsInFlight()).toBe(0);
    expect(requestWorkInFlight()).toBe(1);
    release!();
    expect(await own).toEqual({ ok: true, value: "done" });
    let done!: () => void;
    const work = withRequestLock("combat:x", () => new Promise<void>((resolve) => (done = resolve)));
    await settle();
    expect(requestWorkInFlight()).toBe(1);
    done();
    await work;
    await settle();
    expect(requestWorkInFlight()).toBe(0);
  });
});
