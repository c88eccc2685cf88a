/**
 * The combat harness's document hooks (tests/harness/combat.ts) carry what v13's do: the id of the user who made
 * the write, on every client that hears it (hookEvents.createDocument / updateDocument / deleteDocument) — the
 * observing clients used to get their own id; and deleting a combat fires `deleteCombat`, which it did not.
 */
import { afterAll, describe, expect, it } from "vitest";
import { as, combatHarness, HarnessActor, HarnessCombat, observe } from "../../harness/combat";
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
      { hook: "updateCombatant", on: "Alice", userId: alice.id },
      { hook: "updateCombatant", on: "Alice", userId: alice.id },
      { hook: "deleteCombatant", on: "Gamemaster", userId: gm.id },
      { hook: "deleteCombatant", on: "Alice", userId: gm.id },
      { hook: "deleteCombat", on: "Gamemaster", userId: gm.id },
      { hook: "deleteCombat", on: "Alice", userId: gm.id },
    ]);
  });
});
