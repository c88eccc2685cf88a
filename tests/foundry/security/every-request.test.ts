/**
 * Issue 12: a hostile player against every request and every message type. The first test fails when a request
 * or a Fray message type is registered that this suite does not know: add it to REQUESTS (every request below
 * is then asked with hostile payloads) or MESSAGE_TYPES (and give it its own security test, as attack.test.ts and
 * checks.test.ts do).
 */
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { alice, attack, bob, creature, settle, weapon, world } from "../chat/setup";
import "../budget/setup";
import "../concentration/setup";
import "../../../src/chat/requests";
import "../../../src/chat/checks/check-requests";
import "../../../src/chat/spell-card";
import "../../../src/documents/budget-requests";
import "../../../src/documents/combat-requests";
import "../../../src/documents/concentration/concentration-start";
import "../../../src/documents/mounts/mount-requests";
import "../../../src/documents/activities/help-boons";
import "../../../src/documents/activities/dismiss";
import "../../../src/documents/spells/cast-request";
import "../../../src/applications/sheets/sheet-rolls";
import "../../../src/applications/sheets/activity-rolls";
import "../../../src/applications/budget/traversal-rolls";
import { registeredRequests } from "../../../src/net/gm-requests";
import { DATA_MODELS } from "../../../src/data";
import { FRAY_CARD_TYPES } from "../../../src/chat/card-trust";
import { startedFight } from "../budget/setup";
import { queueFaces, queuedFaces } from "../../harness/roll";
import { askAs } from "./hostile";

/** Every request a client may send, and the security test that covers what it carries. */
const REQUESTS: Record<string, string> = {
  "fray.activity.dismiss": "every-request.test.ts",
  "fray.activity.takeHelp": "every-request.test.ts",
  "fray.attack.applyDamage": "attack.test.ts",
  "fray.attack.defend": "every-request.test.ts",
  "fray.attack.fumbleTable": "every-request.test.ts",
  "fray.attack.maintain": "every-request.test.ts",
  "fray.attack.roll": "attack.test.ts",
  "fray.attack.rollDamage": "every-request.test.ts",
  "fray.attack.undoDamage": "every-request.test.ts",
  "fray.budget.attack": "every-request.test.ts",
  "fray.budget.jump": "every-request.test.ts",
  "fray.budget.spend": "every-request.test.ts",
  "fray.check.activity": "checks.test.ts",
  "fray.check.casting": "checks.test.ts",
  "fray.check.roll": "checks.test.ts",
  "fray.check.sheet": "checks.test.ts",
  "fray.check.traversal": "checks.test.ts",
  "fray.combat.chooseSpeed": "every-request.test.ts",
  "fray.combat.declare": "every-request.test.ts",
  "fray.combat.endTurn": "every-request.test.ts",
  "fray.combat.gmEvents": "every-request.test.ts",
  "fray.combat.pass": "every-request.test.ts",
  "fray.combat.rollInitiative": "every-request.test.ts",
  "fray.combat.rollOrientation": "every-request.test.ts",
  "fray.combat.setInitiative": "every-request.test.ts",
  "fray.combat.takeTurn": "every-request.test.ts",
  "fray.concentration.start": "every-request.test.ts",
  "fray.mount.dismount": "every-request.test.ts",
  "fray.mount.escape": "every-request.test.ts",
  "fray.mount.independentAttack": "every-request.test.ts",
  "fray.mount.mount": "every-request.test.ts",
  "fray.mount.releaseIndependentAttack": "every-request.test.ts",
  "fray.spell.cast": "every-request.test.ts",
};

/** Fray's chat message types, and their security tests. */
const MESSAGE_TYPES: Record<string, string> = {
  attack: "attack.test.ts",
  check: "checks.test.ts",
};

const fray = () => registeredRequests().filter((n) => !n.startsWith("fray.test."));

describe("security: every request and message type", () => {
  let errors: MockInstance<typeof console.error>;
  beforeEach(() => {
    world.warnings.length = 0;
    queuedFaces.length = 0;
    errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
  });
  afterEach(() => errors.mockRestore());

  it("lists every registered request and Fray message type", () => {
    expect(fray().sort()).toEqual(Object.keys(REQUESTS).sort());
    const types = DATA_MODELS.filter((m) => m.metadata.documentName === "ChatMessage").map(
      (m) => m.metadata.type,
    );
    expect([...types].sort()).toEqual(Object.keys(MESSAGE_TYPES).sort());
    expect([...FRAY_CARD_TYPES].sort()).toEqual(Object.keys(MESSAGE_TYPES).sort());
  });
  it("each request, asked by Alice about Bob's creature, Bob's cards and Bob's combatant, is refused; nothing changes", async () => {
    const hero = creature("Ana", {}, [alice]);
    const bea = creature("Bea", {}, [bob]);
    const carl = creature("Carl", {}, [], "creature");
    const bow = weapon(bea.actor, "Bow");
    queueFaces(15);
    const card = await attack(bob, "opposed-d20", bea, bow, [carl]);
    const { fight, ids } = await startedFight("fast-slow", hero, bea, carl);
    await settle();
    const beaId = ids[1] as string;
    const another = {
      messageId: card.id,
      entry: "t0",
      defense: "dodge",
      combatId: fight.id,
      combatantId: beaId,
      actorUuid: bea.actor.uuid,
      tokenUuid: bea.token.uuid,
      riderUuid: bea.token.uuid,
      mountUuid: carl.token.uuid,
      itemId: bow.id,
      spellId: bow.id,
      checkId: "fs.strength",
      activity: "hide",
      purpose: "balance",
      combatantIds: [beaId],
      event: { type: "activity", activity: "defend" },
      events: [{ type: "pass", id: beaId }],
      rolls: [{ combatantId: beaId, total: 999 }],
      declaration: { kind: "melee" },
      speed: "fast",
      targets: [hero.token.uuid],
      situation: { modifier: 0, boons: 0, banes: 0, mountedIndependent: false },
      round: 1,
      banes: 0,
      boons: 0,
    };
    const snapshot = () =>
      JSON.stringify({
        messages: [...world.messages.values()].map((m) => [m.id, m._source]),
        fight: (fight as unknown as { _source?: unknown; system?: unknown }).system,
        combatants: [...fight.combatants.values()].map((c) => (c as unknown as { system: unknown }).system),
        health: [hero, bea, carl].map((c) => c.actor.system),
        statuses: [hero, bea, carl].map((c) => [...c.actor.statuses]),
      });
    const before = snapshot();
    // What is compared: the cards, every combatant's budget, every creature's Health and statuses.
    expect(before).toContain('"budget"');
    expect(before).toContain(card.id);
    const accepted: string[] = [];
    for (const name of Object.keys(REQUESTS)) {
      const answer = (await askAs(alice, name, another)) as { ok?: boolean; reason?: string };
      if (answer.ok !== false || answer.reason === "requestError")
        accepted.push(`${name}: ${JSON.stringify(answer)}`);
    }
    await settle();
    expect(accepted).toEqual([]);
    expect(snapshot()).toBe(before);
    expect(errors).not.toHaveBeenCalled();
  });
});
