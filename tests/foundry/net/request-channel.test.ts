/**
 * Issue 11, defect 4: the GM must know who asked from what Foundry's server vouches for. v13 query handlers get
 * `(data, { timeout })` only (foundryvtt issue #13418), so the old query channel refused every player's request
 * ("unknownUser") — and a user id in the payload would be the asker's claim. A request is now written into the
 * asker's own User (src/net/mailbox.ts): the `updateUser` hook's `userId`, set by the server, names the writer.
 */
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { ChatUser, users, as, world } from "../../harness/chat";
import { defineGmRequest, registerGmRequests, REQUEST_TIMEOUT } from "../../../src/net/gm-requests";
import { post } from "../../../src/net/mailbox";
import { accept } from "../../../src/rules/outcome";

const gm = users.add(new ChatUser("Gamemaster", true));
const alice = users.add(new ChatUser("Alice", false));
const bob = users.add(new ChatUser("Bob", false));

/** Who the GM's client thinks asked, and what it was given. */
const seen: { asker: string; payload: unknown }[] = [];
const whoAsked = defineGmRequest<Record<string, unknown>, string>(
  "test.whoAsked",
  async (payload, { user }) => {
    seen.push({ asker: user.name ?? "", payload });
    return accept(user.id ?? "");
  },
  () => "test",
);
registerGmRequests();
// A second registration (a test setup, a hot reload) must not answer each request twice.
registerGmRequests();

const mailbox = (user: ChatUser) => user.getFlag("fray", "requests") ?? {};
const answers = (user: ChatUser) => user.getFlag("fray", "answers") ?? {};
const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

describe("a request names its asker by what the server vouches for", () => {
  let warnings: MockInstance<typeof console.warn>;
  beforeEach(() => {
    seen.length = 0;
    world.warnings.length = 0;
    for (const user of [gm, alice, bob]) user.active = true;
    warnings = vi.spyOn(console, "warn").mockImplementation(() => undefined);
  });
  afterEach(() => warnings.mockRestore());

  it("a player's request is handled on the GM's client as that player, once", async () => {
    expect(await as(alice, () => whoAsked.send({ n: 1 }))).toEqual({ ok: true, value: alice.id });
    expect(seen).toEqual([{ asker: "Alice", payload: { n: 1 } }]);
  });

  it("a user id written in the payload changes nothing: the asker is the writer of the User", async () => {
    const forged = { user: gm.id, userId: gm.id, asker: "Gamemaster" };
    expect(await as(bob, () => whoAsked.send(forged))).toEqual({ ok: true, value: bob.id });
    expect(seen).toEqual([{ asker: "Bob", payload: forged }]);
  });

  it("a player cannot write a request into another user's User: the server refuses, the GM handles nothing", async () => {
    const entry = { name: "fray.test.whoAsked", payload: "{}" };
    await expect(
      as(bob, () => alice.update({ "flags.fray.requests.forged00000000a": entry })),
    ).rejects.toThrow(/lacks permission/);
    await expect(as(bob, () => gm.update({ "flags.fray.requests.forged00000000b": entry }))).rejects.toThrow(
      /lacks permission/,
    );
    await settle();
    expect(seen).toEqual([]);
  });

  it("a GM's write into a player's User is not that player's request", async () => {
    await as(gm, () =>
      alice.update({ "flags.fray.requests.bygm0000000000a": { name: "fray.test.whoAsked", payload: "{}" } }),
    );
    await settle();
    expect(seen).toEqual([]);
  });

  it("the asker's User is left clean: its request and the GM's answer are deleted once read", async () => {
    await as(alice, () => whoAsked.send({ n: 2 }));
    await settle();
    expect(Object.keys(mailbox(alice) as object)).toEqual(
      Object.keys(mailbox(alice) as object).filter((k) => k.startsWith("bygm")),
    );
    expect(answers(alice)).toEqual({});
  });

  it("keys with dots, deletion prefixes and nested objects arrive as they were sent", async () => {
    const odd = { "a.b": 1, "-=c": null, "==d": [1, { e: "f" }], nested: { "x.y": "<script>" } };
    expect(await as(alice, () => whoAsked.send(odd))).toMatchObject({ ok: true });
    expect(seen[0]?.payload).toEqual(odd);
  });

  it("an answer written by a player (not a GM) settles nothing; with no GM answering, the asker gets requestFailed", async () => {
    gm.active = false;
    const asked = as(alice, () => post("fray.test.whoAsked", {}, 60));
    await settle();
    const [id] = Object.keys(mailbox(alice) as object).filter((k) => !k.startsWith("bygm"));
    expect(id).toBeDefined();
    await as(alice, () => alice.update({ [`flags.fray.answers.${id}`]: JSON.stringify(accept("forged")) }));
    expect(await asked).toEqual({ ok: false, reason: "requestFailed" });
    await settle();
    expect(Object.keys(mailbox(alice) as object)).not.toContain(id);
    expect(seen).toEqual([]);
  });

  it("with no active GM a request is refused at once", async () => {
    gm.active = false;
    expect(await as(alice, () => whoAsked.send({}))).toEqual({ ok: false, reason: "noActiveGM" });
  });

  it("the GM's own request runs on its client directly", async () => {
    expect(await as(gm, () => whoAsked.send({}))).toEqual({ ok: true, value: gm.id });
    expect(mailbox(gm)).toEqual({});
  });

  it("an unknown request name is refused", async () => {
    expect(await as(alice, () => post("fray.noSuchRequest", {}, REQUEST_TIMEOUT))).toEqual({
      ok: false,
      reason: "invalidValue",
    });
  });
});
