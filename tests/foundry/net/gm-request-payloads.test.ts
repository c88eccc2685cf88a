/**
 * Every GM request, asked with payloads no client of ours sends (wrong types, missing fields, ids of nothing):
 * the active GM answers each with a refusal whose reason is a `FRAY.Refusal` key, and never throws nor falls
 * back on its console (DESIGN.md: the GM side checks what it is asked).
 */
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { alice, as, attack, bob, creature, gm, settle, weapon, world } from "../chat/setup";
import "../budget/setup";
import "../concentration/setup";
import "../../../src/chat/requests";
import "../../../src/chat/checks/check-requests";
import "../../../src/documents/budget-requests";
import "../../../src/documents/combat-requests";
import "../../../src/documents/concentration/concentration-start";
import "../../../src/documents/mounts/mount-requests";
import "../../../src/documents/activities/help-boons";
import "../../../src/documents/activities/dismiss";
import "../../../src/documents/spells/cast-request";
import {
  defineGmRequest,
  registeredRequests,
  registerGmRequests,
  REQUEST_TIMEOUT,
} from "../../../src/net/gm-requests";
import { post } from "../../../src/net/mailbox";
import { startedFight } from "../budget/setup";
import { queueFaces, queuedFaces } from "../../harness/roll";
import { loadLanguage } from "../../harness/templates";
import type { ChatUser } from "../../harness/chat";
import { accept } from "../../../src/rules/outcome";

const failing = defineGmRequest<{ id: string }, null>(
  "test.failing",
  async () => {
    throw new Error("the GM's client broke");
  },
  (p) => p.id,
);
const echo = defineGmRequest<{ id: string }, string>(
  "test.echo",
  async (p) => accept(String(p.id)),
  (p) => p.id,
);
registerGmRequests();

const refusals = (loadLanguage("en") as { FRAY: { Refusal: Record<string, string> } }).FRAY.Refusal;
const FRAY_REQUESTS = registeredRequests().filter((n) => !n.startsWith("fray.test."));

/** Asks `name` as `user` through the request channel (the user's own User document); what the GM answered, or what it threw. */
async function ask(name: string, user: ChatUser, payload: unknown): Promise<unknown> {
  try {
    return await as(user, () => post(name, payload, REQUEST_TIMEOUT));
  } catch (error) {
    return { threw: (error as Error).message };
  }
}

/** Problems with an answer: not a refusal, an unknown reason, or the GM's console fallback. */
function problemsOf(name: string, user: ChatUser, payload: unknown, answer: unknown): string[] {
  const out = answer as { ok?: unknown; reason?: unknown; threw?: string };
  const what = `${name} as ${user.name} with ${JSON.stringify(payload) ?? "undefined"}`;
  if (out?.threw) return [`${what} threw ${out.threw}`];
  if (out?.ok !== false) return [`${what} was accepted: ${JSON.stringify(answer)}`];
  if (typeof out.reason !== "string" || !(out.reason in refusals))
    return [`${what}: no such reason ${String(out.reason)}`];
  if (out.reason === "requestError") return [`${what} fell through to requestError`];
  return [];
}

const SHAPELESS: unknown[] = [null, undefined, 42, "fray", true, [], [{ messageId: "x" }]];

/** Every field any request reads, with the wrong type. */
const WRONG_TYPES = {
  messageId: { id: 1 },
  entry: 7,
  defense: { id: "dodge" },
  modifier: "lots",
  combatId: 12,
  combatantId: ["a"],
  actorUuid: 3,
  tokenUuid: { uuid: "x" },
  riderUuid: 9,
  mountUuid: [],
  itemId: { id: "x" },
  effectId: 4,
  event: "spend",
  events: "all",
  rolls: "d20",
  declaration: 5,
  speed: 2,
  kind: {},
  metres: "far",
  runUpMetres: {},
  round: "one",
  attribute: 5,
  expect: 3,
  override: "yes",
  force: "yes",
};

/** Well typed, naming nothing that exists. */
const MISSING = {
  messageId: "ChatMessage000missing",
  entry: "t0",
  defense: "dodge",
  combatId: "Combat0000missing",
  combatantId: "Combatant0missing",
  actorUuid: "Actor.missing",
  tokenUuid: "Scene.scene000000001.Token.missing",
  riderUuid: "Scene.scene000000001.Token.missing",
  mountUuid: "Scene.scene000000001.Token.missing",
  itemId: "Item0000000missing",
  effectId: "Actor.missing.Item.missing",
  event: { type: "activity", activity: "move" },
  events: [{ type: "advancePhase" }],
  rolls: [{ combatantId: "Combatant0missing", total: 12 }],
  declaration: { kind: "spell", spell: "cast" },
  speed: "fast",
  kind: "long",
  metres: 2,
  runUpMetres: 0,
  round: 1,
  attribute: "strength",
};

describe("GM requests asked with payloads no client of ours sends", () => {
  let errors: MockInstance<typeof console.error>;
  beforeEach(() => {
    world.warnings.length = 0;
    queuedFaces.length = 0;
    errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
  });
  afterEach(() => errors.mockRestore());

  it(`each of the ${FRAY_REQUESTS.length} requests refuses a payload that is not an object, as a player and as the GM`, async () => {
    expect(FRAY_REQUESTS.length).toBeGreaterThanOrEqual(26);
    const problems: string[] = [];
    for (const name of FRAY_REQUESTS)
      for (const user of [alice, gm])
        for (const payload of SHAPELESS)
          problems.push(...problemsOf(name, user, payload, await ask(name, user, payload)));
    expect(problems).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
  });

  it("each request refuses fields of the wrong type, and ids of documents that do not exist, with a reason", async () => {
    const problems: string[] = [];
    for (const name of FRAY_REQUESTS)
      for (const user of [alice, gm])
        for (const payload of [WRONG_TYPES, MISSING, {}])
          problems.push(...problemsOf(name, user, payload, await ask(name, user, payload)));
    expect(problems).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
  });

  it("each request refuses wrong types on a live card and in a live fight", async () => {
    const hero = creature("Ana", {}, [alice]);
    const bea = creature("Bea", {}, [bob]);
    const spear = weapon(hero.actor, "Spear");
    queueFaces(10);
    const message = await attack(alice, "opposed-d20", hero, spear, [bea]);
    const { fight, ids } = await startedFight("fast-slow", hero, bea);
    await settle();
    const live = {
      ...WRONG_TYPES,
      messageId: message.id,
      combatId: fight.id,
      combatantId: ids[0],
      actorUuid: hero.actor.uuid,
      tokenUuid: hero.token.uuid,
      riderUuid: hero.token.uuid,
    };
    const problems: string[] = [];
    for (const name of FRAY_REQUESTS) {
      const answer = await ask(name, alice, live);
      const out = answer as { ok?: boolean; threw?: string; reason?: string };
      // A request may accept what it reads and ignore the rest; it may not throw or fall back on the console.
      if (
        out.threw ||
        out.reason === "requestError" ||
        (out.ok === false && !(String(out.reason) in refusals))
      )
        problems.push(`${name}: ${JSON.stringify(answer)}`);
    }
    expect(problems).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    expect(hero.actor.system.health).toMatchObject({ value: 20 });
    expect(bea.actor.system.health).toMatchObject({ value: 20 });
  });

  it("a handler that throws on the GM's client answers requestError, logs why, and frees its lock", async () => {
    expect(await as(alice, () => failing.send({ id: "k" }))).toEqual({ ok: false, reason: "requestError" });
    expect(await as(gm, () => failing.send({ id: "k" }))).toEqual({ ok: false, reason: "requestError" });
    expect(errors).toHaveBeenCalledTimes(2);
    expect(await as(alice, () => echo.send({ id: "k" }))).toEqual({ ok: true, value: "k" });
    expect(await as(gm, () => echo.send(null as never))).toEqual({ ok: false, reason: "invalidValue" });
  });
});
