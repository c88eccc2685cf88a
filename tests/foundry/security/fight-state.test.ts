/**
 * Issue 24 on both harness generations: initiative in a fight, the round and the turn are the engine's. Alice's
 * client writes what the server lets a player write — her combatant's `initiative`, the Combat's `round` and
 * `turn` — and the active GM puts each back to the engine's, once, with one line whispered to the GMs; no turn
 * event runs for it and core's view agrees with the engine on both clients (core-turns.ts checkedStep).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { as, HarnessActor, observe } from "../../harness/combat";
import { alice, fight, gm, recorded, settle, type FrayCombatLike } from "../combat/setup";
import { checkedStep, hookCalls } from "../combat/core-turns";
import { applyRoundEvents, roundStateOf } from "../../../src/documents/combat-api";

beforeEach(() => {
  recorded.reset();
  hookCalls.length = 0;
});

type Doc = {
  update(c: object): Promise<unknown>;
  initiative: number | null;
  _source: Record<string, unknown>;
};

async function table() {
  const ann = new HarnessActor("Ann", {}, [alice]);
  const orc = new HarnessActor("Orc", {}, [], "creature");
  const { combat, ids } = await fight("classic-d20", [ann, orc]);
  const [annId, orcId] = ids as [string, string];
  return { combat, seen: observe(combat, alice), annId, orcId };
}

const trustLines = () =>
  recorded.messages.filter((m) => (m.flags as { fray?: { trust?: boolean } } | undefined)?.fray?.trust);
const engineInitiative = (combat: FrayCombatLike, id: string) =>
  roundStateOf(combat).combatants.find((c) => c.id === id)?.initiative ?? null;
const gmCombatantWrites = () => recorded.combatantUpdates.length;

describe("security: a player's raw fight state is put back to the engine's", () => {
  it("initiative: Alice's own write reaches no engine event; the GM writes the engine's back once and tells the GMs", async () => {
    const t = await table();
    const annDoc = t.combat.combatants.get(t.annId) as unknown as Doc;
    const seenAnn = t.seen.combatants.get(t.annId) as unknown as Doc;
    const before = gmCombatantWrites();
    await as(alice, () => annDoc.update({ initiative: 99 }));
    await settle();
    expect(engineInitiative(t.combat, t.annId), "no setInitiative from a player's document").toBeNull();
    expect(annDoc.initiative).toBeNull();
    expect(seenAnn.initiative, "Alice's client").toBeNull();
    expect(gmCombatantWrites() - before, "Alice's write, then the GM's one revert").toBe(2);
    const lines = trustLines();
    expect(lines).toHaveLength(1);
    expect(lines[0]!.whisper).toEqual([gm.id]);
    expect(String(lines[0]!.content)).toContain("FRAY.Trust.initiative");

    // A GM's own write (core's dialog, a macro) is still an engine event.
    await as(gm, () => annDoc.update({ initiative: 12 }));
    await settle();
    expect(engineInitiative(t.combat, t.annId)).toBe(12);
    expect(trustLines(), "no line for the GM's write").toHaveLength(1);

    // Alice overwrites it: the engine's 12 comes back.
    await as(alice, () => annDoc.update({ initiative: 30 }));
    await settle();
    expect(engineInitiative(t.combat, t.annId)).toBe(12);
    expect(annDoc.initiative).toBe(12);
    expect(seenAnn.initiative).toBe(12);
    expect(trustLines()).toHaveLength(2);
  });

  it("round and turn: every client shows the engine's, the GM puts the stored ones back, no turn event runs", async () => {
    const t = await table();
    await applyRoundEvents(t.combat, [
      { type: "setInitiative", id: t.annId, roll: { total: 15, dexterity: 0 } },
      { type: "setInitiative", id: t.orcId, roll: { total: 5, dexterity: 0 } },
      { type: "startCombat" },
    ]);
    await settle();
    expect(roundStateOf(t.combat).current).toBe(t.annId);
    const from = recorded.turnEvents.length;
    await checkedStep(t, "Alice writes round 7", () => as(alice, () => t.combat.update({ round: 7 })));
    expect(roundStateOf(t.combat).round).toBe(1);
    expect(t.combat._source.round, "the stored round put back").toBe(1);
    expect(t.combat.round).toBe(1);
    expect(t.seen.round, "Alice's client shows the engine's").toBe(1);
    await checkedStep(t, "Alice writes turn 1", () => as(alice, () => t.combat.update({ turn: 1 })));
    expect(t.combat._source.turn, "the stored turn put back").toBe(0);
    expect(t.combat.combatant?.id).toBe(t.annId);
    expect(t.seen.combatant?.id).toBe(t.annId);
    expect(recorded.turnEvents.slice(from), "no turn event for the forgeries or their reverts").toEqual([]);
    expect(trustLines()).toHaveLength(2);
  });
});
