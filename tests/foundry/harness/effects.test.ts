/**
 * The ActiveEffect stand-in (tests/harness/effects.ts), shared by the budget and mounted harnesses, behaves as
 * v13's documents do where Fray leans on it: `toggleStatusEffect` creates or deletes a real effect document, and
 * `createActiveEffect` / `deleteActiveEffect` reach every connected client with `(effect, options, userId)` —
 * the budget harness used to fire one hook, on the calling client, with no document. `allApplicableEffects`
 * yields the actor's effects, then those its items transfer; Fray's effects view goes through it.
 */
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { alice, as, bob, creature, gm } from "../chat/setup";
import "../../harness/budget";
import { giveEffect, giveStatus, type EffectDoc } from "../../harness/effects";
import { ItemDoc } from "../../harness/chat";
import { Hooks } from "../../harness/core";
import { applicableEffects } from "../../../src/applications/sheets/effects-view";

type Toggle = { toggleStatusEffect(id: string, o?: object): Promise<unknown> };
type WithEffects = { effects: { contents: EffectDoc[] }; allApplicableEffects(): Iterable<EffectDoc> };

const heard: { hook: string; on: string; args: unknown[] }[] = [];
const ids: [string, number][] = [];
for (const hook of ["createActiveEffect", "deleteActiveEffect"])
  ids.push([
    hook,
    Hooks.on(hook, (...args: unknown[]) => {
      const user = (globalThis as unknown as { game: { user: { name: string } } }).game.user;
      heard.push({ hook, on: user.name, args });
    }),
  ]);

afterEach(() => {
  heard.length = 0;
});

describe("ActiveEffects and statuses", () => {
  it("toggleStatusEffect makes a real effect; its hooks reach every client with (effect, options, userId)", async () => {
    const hero = creature("Aldo", {}, [alice]);
    const actor = hero.actor as unknown as Toggle & WithEffects;
    const created = (await as(alice, () => actor.toggleStatusEffect("prone"))) as EffectDoc;
    expect(created.documentName).toBe("ActiveEffect");
    expect(created.parent).toBe(hero.actor);
    expect(created.uuid).toBe(`${hero.actor.uuid}.ActiveEffect.${created.id}`);
    expect([...created.statuses]).toEqual(["prone"]);
    expect(actor.effects.contents).toEqual([created]);
    expect(hero.actor.statuses.has("prone")).toBe(true);
    expect(heard.map((h) => [h.hook, h.on])).toEqual([
      ["createActiveEffect", "Gamemaster"],
      ["createActiveEffect", "Alice"],
      ["createActiveEffect", "Bob"],
    ]);
    expect(heard[0]?.args).toEqual([created, {}, alice.id]);

    heard.length = 0;
    expect(await as(alice, () => actor.toggleStatusEffect("prone", { active: true }))).toBe(true);
    expect(heard).toEqual([]);
    expect(await as(gm, () => actor.toggleStatusEffect("prone", { active: false }))).toBe(false);
    expect(actor.effects.contents).toEqual([]);
    expect(hero.actor.statuses.has("prone")).toBe(false);
    expect(heard.map((h) => h.hook)).toEqual(Array(3).fill("deleteActiveEffect"));
    expect(heard[0]?.args).toEqual([created, {}, gm.id]);
    expect(await as(gm, () => actor.toggleStatusEffect("prone", { active: false }))).toBeUndefined();
  });

  it("a player who does not own the actor cannot toggle its status; preDeleteActiveEffect false keeps it", async () => {
    const hero = creature("Aldo", {}, [alice]);
    const actor = hero.actor as unknown as Toggle;
    await expect(as(bob, () => actor.toggleStatusEffect("prone"))).rejects.toThrow(/lacks permission/);
    giveStatus(hero.actor, "prone");
    const id = Hooks.on("preDeleteActiveEffect", () => false);
    try {
      expect(await as(gm, () => actor.toggleStatusEffect("prone", { active: false }))).toBe(false);
      expect(hero.actor.statuses.has("prone")).toBe(true);
    } finally {
      Hooks.off("preDeleteActiveEffect", id);
    }
  });

  it("a status no effect carries (a state Foundry cannot reach) is refused when asked off", async () => {
    const hero = creature("Aldo", {}, [alice]);
    hero.actor.statuses.add("hidden");
    await expect(
      as(gm, () => (hero.actor as unknown as Toggle).toggleStatusEffect("hidden", { active: false })),
    ).rejects.toThrow(/no effect carries it/);
  });

  it("allApplicableEffects: the actor's own, then what its items transfer; Fray's effects view reads it", () => {
    const hero = creature("Aldo", {}, [alice]);
    const cloak = new ItemDoc("Cloak", "armor", {});
    hero.actor.items.push(cloak);
    const own = giveEffect(hero.actor, null, "Blessed");
    const worn = giveEffect(cloak, null, "Shadowed");
    giveEffect(cloak, null, "On the cloak only", { transfer: false });
    const actor = hero.actor as unknown as WithEffects;
    expect([...actor.allApplicableEffects()]).toEqual([own, worn]);
    expect(applicableEffects(hero.actor as never)).toEqual([own, worn]);
    // Without the method (an older core), the actor's own effects only.
    expect(applicableEffects({ effects: { contents: [own] } } as never)).toEqual([own]);
  });
});

afterAll(() => {
  for (const [hook, id] of ids) Hooks.off(hook, id);
});
