/**
 * The ActiveEffect stand-in (tests/harness/effects.ts), shared by the budget and mounted harnesses, behaves as
 * v13's documents do where Fray leans on it: `toggleStatusEffect` creates or deletes a real effect document, and
 * `createActiveEffect` / `deleteActiveEffect` reach every connected client with `(effect, options, userId)` —
 * the budget harness used to fire one hook, on the calling client, with no document. `allApplicableEffects`
 * yields the actor's effects, then those its items transfer; Fray's effects view goes through it.
 */
import { afterAll, afterEach, describe, expect, it, onTestFinished } from "vitest";
import { alice, as, bob, creature, gm, world } from "../chat/setup";
import "../../harness/budget";
import {
  effectsOf,
  expireEffect,
  giveEffect,
  giveStatus,
  oneChange,
  roundsDuration,
  type EffectDoc,
} from "../../harness/effects";
import { V14 } from "../../harness/generation";
import { FightDoc, ItemDoc } from "../../harness/chat";
import { Hooks } from "../../harness/core";
import { applicableEffects } from "../../../src/applications/sheets/effects-view";

type Toggle = { toggleStatusEffect(id: string, o?: object): Promise<unknown> };
type WithEffects = { effects: { contents: EffectDoc[] }; allApplicableEffects(): Iterable<EffectDoc> };

const heard: { hook: string; on: string; args: unknown[] }[] = [];
const ids: [string, number][] = [];
for (const hook of [
  "createActiveEffect",
  "updateActiveEffect",
  "deleteActiveEffect",
  "preDeleteActiveEffect",
])
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
    expect(heard.map((h) => h.hook)).toEqual([
      "preDeleteActiveEffect",
      ...Array<string>(3).fill("deleteActiveEffect"),
    ]);
    expect(heard[1]?.args).toEqual([created, {}, gm.id]);
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

describe("ActiveEffects in this generation's shape (v13 or v14)", () => {
  type Update = { update(changes: object): Promise<unknown> };
  const createOn = (parent: unknown, data: object[]) =>
    (
      parent as { createEmbeddedDocuments(n: string, d: object[]): Promise<EffectDoc[]> }
    ).createEmbeddedDocuments("ActiveEffect", data);

  it("toggleStatusEffect throws for a status CONFIG.statusEffects does not define, and leaves a carrier turned off as it is", async () => {
    const hero = creature("Aldo", {}, [alice]);
    const actor = hero.actor as unknown as Toggle;
    await expect(as(gm, () => actor.toggleStatusEffect("nonsense", { active: true }))).rejects.toThrow(
      'Invalid status ID "nonsense" provided to Actor#toggleStatusEffect',
    );
    await expect(as(gm, () => actor.toggleStatusEffect("nonsense", { active: false }))).rejects.toThrow(
      /Invalid status ID/,
    );
    const prone = giveStatus(hero.actor, "prone", { disabled: true });
    expect(await as(gm, () => actor.toggleStatusEffect("prone", { active: true }))).toBe(true);
    expect(prone.disabled).toBe(true);
    expect(hero.actor.statuses.has("prone")).toBe(false);
  });

  it("actor.statuses: the effects that apply, its items' that transfer included (transfer is true by default)", async () => {
    const hero = creature("Aldo", {}, [alice]);
    const cloak = new ItemDoc("Cloak", "armor", {});
    hero.actor.items.push(cloak);
    const [worn] = await as(gm, () => createOn(cloak, [{ name: "Shadowed", statuses: ["hidden"] }]));
    expect(worn?.transfer).toBe(true);
    expect(hero.actor.statuses.has("hidden")).toBe(true);
    await as(gm, () => (worn as unknown as Update).update({ disabled: true }));
    expect(hero.actor.statuses.has("hidden")).toBe(false);
    giveEffect(cloak, null, "Not worn", { statuses: ["dazed"], transfer: false });
    expect(hero.actor.statuses.has("dazed")).toBe(false);
    // A status put in by hand (a state core cannot reach) is gone at the next preparation.
    hero.actor.statuses.add("stunned");
    giveStatus(hero.actor, "prone");
    expect([...hero.actor.statuses]).toEqual(["prone"]);
  });

  it("an update throws on what the harness does not imitate rather than drop it; a write in the other generation's shape throws", async () => {
    const hero = creature("Aldo", {}, [alice]);
    const effect = giveEffect(hero.actor, null, "Blessed", { duration: roundsDuration(2), ...oneChange() });
    const update = (changes: object) => as(gm, () => (effect as unknown as Update).update(changes));
    await expect(update({ colour: "red" })).rejects.toThrow(/does not imitate the field "colour"/);
    await expect(update({ icon: "x.svg" })).rejects.toThrow(/deprecated/);
    expect(() => effect.icon).toThrow(/deprecated since v12/);
    await update({ "flags.fray.note": "kept", name: "Blessed twice" });
    expect(effect.name).toBe("Blessed twice");
    expect(effect.flags).toEqual({ fray: { note: "kept" } });
    if (V14) {
      await expect(update({ changes: [] })).rejects.toThrow(/moved "changes" to "system.changes"/);
      await expect(update({ "duration.rounds": 3 })).rejects.toThrow(/duration.rounds is v13's shape/);
      await expect(
        as(gm, () => createOn(hero.actor, [{ name: "Old", changes: [{ key: "a", mode: 2, value: "1" }] }])),
      ).rejects.toThrow(/system.changes/);
      await expect(
        as(gm, () =>
          createOn(hero.actor, [{ name: "Old", system: { changes: [{ key: "a", mode: 2, value: "1" }] } }]),
        ),
      ).rejects.toThrow(/numeric mode is v13's/);
      await update({ "duration.value": 3, start: { round: 2, turn: 0 } });
      expect(effect.duration).toMatchObject({ value: 3, units: "rounds", expired: false, label: "3 rounds" });
      expect(effect.start).toMatchObject({ round: 2, turn: 0, combat: null });
      expect(effect.system).toEqual({
        changes: [{ key: "system.speed", type: "add", value: "1", phase: "initial", priority: 20 }],
      });
    } else {
      await expect(update({ "duration.value": 3 })).rejects.toThrow(/duration.value/);
      await expect(update({ start: {} })).rejects.toThrow(/does not imitate the field "start"/);
      await update({ "duration.rounds": 3 });
      expect(effect.duration).toMatchObject({ rounds: 3, type: "turns", label: "3 rounds" });
      expect(effect.changes).toEqual([{ key: "system.speed", mode: 2, value: "1" }]);
    }
    expect(effectsOf(hero.actor).size).toBe(1);
  });

  it("ActiveEffect.getEffectStart: v14's class gives the start of an effect made now (world time, the started fight's round); v13's has none", () => {
    const effect = giveEffect(creature("Aldo").actor, null, "Warded");
    const cls = effect.constructor as unknown as { getEffectStart?: () => unknown };
    if (!V14) {
      expect(cls.getEffectStart).toBeUndefined();
      expect(effect.start).toBeUndefined();
      return;
    }
    expect(cls.getEffectStart!()).toEqual({
      time: 0,
      combat: null,
      combatant: null,
      initiative: null,
      round: null,
      turn: null,
    });
    const fight = new FightDoc({ family: "fast-slow", options: {}, engine: null });
    onTestFinished(() => void world.combats.delete(fight.id));
    fight._source.active = true;
    fight.prepare();
    // Not started (round 0): no combat in the start.
    expect(cls.getEffectStart!()).toMatchObject({ combat: null, round: null });
    fight._source.round = 2;
    fight.prepare();
    expect(cls.getEffectStart!()).toMatchObject({ combat: fight.id, round: 2 });
  });

  it.runIf(V14)(
    "v14 expireEffect: by update from any client, by deletion (preDelete on that client), or in memory with no hook",
    async () => {
      const hero = creature("Aldo", {}, [alice]);
      const byUpdate = giveStatus(hero.actor, "prone", { duration: roundsDuration(1) });
      heard.length = 0;
      await expireEffect(byUpdate, { action: "update", by: alice });
      expect(hero.actor.statuses.has("prone")).toBe(false);
      expect(byUpdate.isSuppressed).toBe(true);
      expect(heard.filter((h) => h.on === "Gamemaster").map((h) => [h.hook, h.args.slice(1)])).toEqual([
        ["updateActiveEffect", [{ duration: { expired: true } }, {}, alice.id]],
      ]);

      const byDeletion = giveStatus(hero.actor, "dazed", { duration: roundsDuration(1) });
      heard.length = 0;
      await expireEffect(byDeletion, { action: "delete", by: alice });
      expect(hero.actor.statuses.has("dazed")).toBe(false);
      expect(heard.map((h) => [h.hook, h.on])[0]).toEqual(["preDeleteActiveEffect", "Alice"]);
      expect(heard.filter((h) => h.hook === "deleteActiveEffect")).toHaveLength(3);

      const inMemory = giveStatus(hero.actor, "stunned", { duration: roundsDuration(1) });
      heard.length = 0;
      await expireEffect(inMemory, { action: null, by: gm });
      expect(hero.actor.statuses.has("stunned")).toBe(false);
      expect(inMemory.duration).toMatchObject({ expired: true, label: "1 rounds" });
      expect(heard).toEqual([]);
    },
  );

  it.runIf(!V14)("v13 core expires nothing: expireEffect throws", async () => {
    const hero = creature("Aldo", {}, [alice]);
    const prone = giveStatus(hero.actor, "prone", { duration: roundsDuration(1) });
    await expect(expireEffect(prone, { action: "update", by: gm })).rejects.toThrow(/v13 core expires no/);
  });
});

afterAll(() => {
  for (const [hook, id] of ids) Hooks.off(hook, id);
});
