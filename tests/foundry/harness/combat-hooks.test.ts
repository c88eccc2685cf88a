/**
 * The combat harness's document hooks (tests/harness/combat.ts) carry what v13's do: the id of the user who made
 * the write, on every client that hears it (hookEvents.createDocument / updateDocument / deleteDocument) — the
 * observing clients used to get their own id; and deleting a combat fires `deleteCombat`, which it did not.
 */
import { afterAll, describe, expect, it } from "vitest";
import { as, combatHarness, HarnessActor, HarnessCombat, observe, recorded } from "../../harness/combat";
import { V14 } from "../../harness/generation";
import { Hooks } from "../../harness/core";

const { gm, alice } = combatHarness.users;
const heard: { hook: string; on: string; userId: unknown }[] = [];
const ids = ["createCombatant", "updateCombatant", "deleteCombatant", "deleteCombat"].map(
  (hook) =>
    [
      hook,
      Hooks.on(hook, (...args: unknown[]) => {
        const on = (globalThis as unknown as { game: { user: { name: string } } }).game.user.name;
        heard.push({ hook, on, userId: args.at(-1) });
      }),
    ] as const,
);
afterAll(() => {
  for (const [hook, id] of ids) Hooks.off(hook, id);
});

describe("the combat harness's document hooks", () => {
  it("carry the writer's id on every observing client; deleting the combat fires deleteCombat", async () => {
    const combat = await as(gm, () => HarnessCombat.create({}));
    observe(combat, alice);
    const [created] = await as(gm, () =>
      combat.createEmbeddedDocuments("Combatant", [{ actor: new HarnessActor("Ann", {}, [alice]) }]),
    );
    await as(alice, () =>
      combat.updateEmbeddedDocuments("Combatant", [{ _id: created?.id, initiative: 12 }]),
    );
    await as(gm, () => combat.deleteEmbeddedDocuments("Combatant", [created?.id as string]));
    await as(gm, () => combat.delete());
    expect(heard).toEqual([
      { hook: "createCombatant", on: "Gamemaster", userId: gm.id },
      { hook: "createCombatant", on: "Alice", userId: gm.id },
      // Alice's write reaches the GM's copy as the GM's client, and hers as hers, both with her id.
      { hook: "updateCombatant", on: "Gamemaster", userId: alice.id },
      { hook: "updateCombatant", on: "Alice", userId: alice.id },
      { hook: "deleteCombatant", on: "Gamemaster", userId: gm.id },
      { hook: "deleteCombatant", on: "Alice", userId: gm.id },
      { hook: "deleteCombat", on: "Gamemaster", userId: gm.id },
      { hook: "deleteCombat", on: "Alice", userId: gm.id },
    ]);
  });
});

describe("the combat harness's core startCombat", () => {
  it(
    V14
      ? "v14: combatStart, the write, then ActiveEffect.registry.refresh('combatStart') once, on the starting client (foundryvtt#13949)"
      : "v13: combatStart and the write; there is no ActiveEffect registry",
    async () => {
      const actor = new HarnessActor("Ann", {}, [alice]);
      actor.effects = [
        { name: "ready", duration: { value: null, units: "seconds", expiry: "combatStart", expired: false } },
      ];
      const combat = await as(gm, () => HarnessCombat.create({}));
      observe(combat, alice);
      await as(gm, () => combat.createEmbeddedDocuments("Combatant", [{ actor }]));
      recorded.reset();
      await as(gm, () => combat.startCombat());
      const refreshes = recorded.turnEvents.filter((e) =>
        e.event.startsWith("ActiveEffect.registry.refresh:combat"),
      );
      expect(refreshes.map((e) => [e.event, e.user])).toEqual(
        V14 ? [["ActiveEffect.registry.refresh:combatStart", gm.id]] : [],
      );
      expect(combat.round).toBe(1);
      expect(actor.effects[0]?.duration.expired).toBe(V14);
    },
  );
});
