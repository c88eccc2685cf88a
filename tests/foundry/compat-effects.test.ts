/**
 * src/compat/effect-facts.ts on the running generation's harness (tests/harness/effect-shape.ts): what Fray reads
 * of an ActiveEffect — its changes (v13 `changes`, v14 `system.changes`, never v14's top-level shim), what remains of
 * its duration (v14: no "None", no stale label, expired), whether it applies — and of the status definitions
 * (`CONFIG.statusEffects`: v13 an array, v14 a record whose array-style use throws; a package may have put an array
 * there on v14), by `name`/`img` only.
 */
import { afterEach, describe, expect, it, onTestFinished } from "vitest";
import { creature, fightWith, world } from "./chat/setup";
import "../harness/budget";
import { giveEffect, giveStatus, oneChange, roundsDuration, type EffectDoc } from "../harness/effects";
import { V14 } from "../harness/generation";
import { addStatusEffect } from "../../src/compat";
import {
  effectApplies,
  effectAppliesAfter,
  effectChanges,
  effectIsExpired,
  effectRemaining,
  effectRevival,
  statusEffectById,
} from "../../src/compat/effect-facts";

const g = globalThis as unknown as { CONFIG: { statusEffects: unknown } };
const core = g.CONFIG.statusEffects;
afterEach(() => {
  g.CONFIG.statusEffects = core;
});

/** Core's expiry of an effect, as v14 writes it into the source (v13 has no such field). */
function expired(effect: EffectDoc): EffectDoc {
  (effect._source.duration as Record<string, unknown>).expired = true;
  return effect;
}

describe("ActiveEffects through compat, on this generation's harness", () => {
  it("the changes: v13 `changes`, v14 `system.changes` (v14's top-level `changes` throws in the harness)", () => {
    const hero = creature("Aldo");
    const blessed = giveEffect(hero.actor, null, "Blessed", oneChange("system.health.max"));
    expect(effectChanges(blessed)).toEqual([
      V14
        ? { key: "system.health.max", type: "add", value: "1", phase: "initial", priority: 20 }
        : { key: "system.health.max", mode: 2, value: "1" },
    ]);
    expect(effectChanges(giveStatus(hero.actor, "prone"))).toEqual([]);
    if (V14) {
      expect(() => blessed.changes).toThrow(/moved to system.changes/);
      // An effect whose model lacks `changes` (v14 forbids it) has none: the top-level shim is never read.
      const shimOnly = {
        system: {},
        get changes(): never {
          throw new Error("read the v14 back-compat shim");
        },
      };
      expect(effectChanges(shimOnly)).toEqual([]);
    }
  });

  it('what remains: a running duration\'s label; nothing for an effect with no time running (v14: never its "None")', () => {
    const hero = creature("Aldo");
    const timed = giveEffect(hero.actor, null, "Hasted", { duration: roundsDuration(2) });
    const status = giveStatus(hero.actor, "prone");
    expect(effectRemaining(timed)).toEqual({ kind: "left", label: "2 rounds" });
    expect(effectRemaining(status)).toBeNull();
    // The harness derives core's label for each: v14's reads "None" when no time runs, v13's too with type "none".
    expect((status.duration as { label: string }).label).toBe("None");
    if (V14) {
      expect(() => (status.duration as { type?: unknown }).type).toThrow(/v14 removed/);
      expect(() => (status.duration as { rounds?: unknown }).rounds).toThrow(/v14 removed/);
    } else expect((status.duration as { type: string }).type).toBe("none");
  });

  it.runIf(V14)("v14: an expired effect is expired — not its stale label — and does not apply", () => {
    const hero = creature("Aldo");
    const timed = expired(giveEffect(hero.actor, null, "Hasted", { duration: roundsDuration(2) }));
    expect((timed.duration as { label: string }).label).toBe("2 rounds");
    expect(effectRemaining(timed)).toEqual({ kind: "expired" });
    expect(effectIsExpired(timed)).toBe(true);
    expect(effectApplies(timed)).toBe(false);
    // An effect core expired comes back by clearing its expiry (and being on), its clock started anew.
    expect(effectRevival(timed)).toMatchObject({ disabled: false, duration: { expired: false } });
    expect(effectAppliesAfter(timed, effectRevival(timed))).toBe(true);
    expect(effectAppliesAfter(timed, { "duration.expired": false, disabled: true })).toBe(false);
  });

  it("whether an effect applies: off does not; an update turning it off or on is read before it is written", () => {
    const hero = creature("Aldo");
    const off = giveStatus(hero.actor, "prone", { disabled: true });
    expect(effectIsExpired(off)).toBe(false);
    expect(effectApplies(off)).toBe(false);
    expect(effectAppliesAfter(off, { disabled: false })).toBe(true);
    const on = giveStatus(hero.actor, "dazed");
    expect(effectApplies(on)).toBe(true);
    expect(effectAppliesAfter(on, { disabled: true })).toBe(false);
    expect(effectAppliesAfter(on, { name: "Dazed again" })).toBe(true);
    // Turned off, not expired: turned on, its clock left as it ran (both generations).
    expect(effectRevival(off)).toEqual({ disabled: false });
  });

  it.runIf(V14)(
    "v14: an expired effect's revival starts its clock anew (getEffectStart), or core would expire it again at once",
    () => {
      const hero = creature("Aldo");
      const { fight, ids } = fightWith("fast-slow", hero);
      fight._source.round = 3;
      fight._source.active = true;
      fight.prepare();
      onTestFinished(() => void world.combats.delete(fight.id));
      const started = { time: 0, combat: fight.id, combatant: ids[0]!, initiative: null, round: 1, turn: 0 };
      const timed = expired(
        giveEffect(hero.actor, null, "Hasted", { duration: roundsDuration(2), start: started }),
      );
      const revival = effectRevival(timed);
      expect(revival).toEqual({
        disabled: false,
        duration: { expired: false },
        start: { time: 0, combat: fight.id, combatant: null, initiative: null, round: 3, turn: null },
      });
      // The start is core's for an effect made now: the harness's `getEffectStart` (none on v13's class).
      const cls = timed.constructor as unknown as { getEffectStart: () => unknown };
      expect(revival.start).toEqual(cls.getEffectStart());
      // An effect whose class has no getEffectStart cannot be revived: Fray says so rather than revive it for
      // core to expire again at once.
      expect(() => effectRevival({ disabled: false, duration: { expired: true } })).toThrow(/getEffectStart/);
    },
  );
});

describe("status definitions through compat (CONFIG.statusEffects)", () => {
  it("core's and Fray's are read by name and img on this generation's shape; array-style use of v14's record throws", () => {
    expect(statusEffectById("prone")).toEqual({
      id: "prone",
      name: "EFFECT.StatusProne",
      img: "icons/svg/prone.svg",
      effectId: null,
    });
    expect(statusEffectById("immobilized")).toMatchObject({ name: "FRAY.Status.immobilized" });
    expect(statusEffectById("nothing")).toBeUndefined();
    const all = g.CONFIG.statusEffects as { find?: unknown };
    if (V14) {
      expect(Array.isArray(all)).toBe(false);
      expect(() => (all as { find: unknown }).find).toThrow(/array-style CONFIG.statusEffects/);
      expect(() => (all as Record<number, unknown>)[0]).toThrow(/array-style/);
    } else expect(Array.isArray(all)).toBe(true);
  });

  it("a status is added once, into the object core holds (never replaced), and a definition with icon or label throws", () => {
    const before = g.CONFIG.statusEffects;
    addStatusEffect({ id: "warded", name: "Warded", img: "w.svg" });
    addStatusEffect({ id: "warded", name: "Other", img: "o.svg" });
    expect(g.CONFIG.statusEffects).toBe(before);
    expect(statusEffectById("warded")).toMatchObject({ name: "Warded", img: "w.svg" });
    const add = (definition: object) =>
      Array.isArray(before)
        ? (before as object[]).push(definition)
        : ((before as Record<string, object>).legacy = definition);
    expect(() => add({ id: "legacy", label: "Old", img: "o.svg" })).toThrow(/deprecated/);
    expect(() => add({ id: "legacy", name: "Old", icon: "o.svg" })).toThrow(/deprecated/);
  });

  it("an array a package assigned to CONFIG.statusEffects is read too, on either generation", () => {
    g.CONFIG.statusEffects = [{ id: "prone", name: "Down", img: "d.svg", _id: "proneEffect00000" }];
    expect(statusEffectById("prone")).toEqual({
      id: "prone",
      name: "Down",
      img: "d.svg",
      effectId: "proneEffect00000",
    });
    addStatusEffect({ id: "warded", name: "Warded", img: "w.svg" });
    expect((g.CONFIG.statusEffects as { id: string }[]).map((s) => s.id)).toEqual(["prone", "warded"]);
  });
});
