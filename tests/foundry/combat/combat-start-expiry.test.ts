/**
 * Issue 23: v14 expires ActiveEffects whose duration ends with `combatStart` when a combat starts. Core's own
 * `Combat#startCombat` makes its write, then calls `ActiveEffect.registry.refresh("combatStart", { combat })` on the
 * client that started it (foundryvtt#13949 quotes 14.355's; the registry: ActiveEffectRegistry (v14) `refresh(event,
 * { actors?, combat? })`). Fray's `startCombat` is its own (the engine's start, written by the active GM), so it
 * announces the start itself (src/compat/combat-expiry.ts): once, on the GM who started it, after the write, never
 * for a start that was refused, and a registry that throws (foundryvtt#14253) does not undo the start. v13 has no
 * registry: nothing is called, the effect stays.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { as, HarnessActor, observe, type TurnEventRecord } from "../../harness/combat";
import { V14 } from "../../harness/generation";
import { alice, fight, gm, recorded, setSetting, settle, type FrayCombatLike } from "./setup";
import { applyRoundEvents, roundStateOf } from "../../../src/documents/combat-api";

type Expiring = HarnessActor["effects"][number];
interface Registry {
  refresh(event: string, context: { combat: FrayCombatLike }): Promise<void>;
}

const foundryDocuments = () =>
  (globalThis as unknown as { foundry: { documents?: { ActiveEffect?: { registry: Registry } } } }).foundry
    .documents;

const effect = (expiry: string): Expiring => ({
  name: expiry,
  duration: { value: null, units: "seconds", expiry, expired: false },
});
const expired = (actor: HarnessActor) => actor.effects.map((e) => [e.name, e.duration.expired]);
const combatStarts = (list: TurnEventRecord[]) =>
  list.filter((e) => e.event === "ActiveEffect.registry.refresh:combatStart");

let restore: (() => void) | null = null;
beforeEach(() => {
  recorded.reset();
  setSetting("odInitiativeTies", "random");
});
afterEach(() => {
  restore?.();
  restore = null;
  vi.restoreAllMocks();
});

/** Classic-d20: Ann (Alice's) waits for the fight to start, Ben (also Alice's) does not; Alice holds a copy. */
async function table(withInitiative = true) {
  const ann = new HarnessActor("Ann", {}, [alice]);
  const ben = new HarnessActor("Ben", {}, [alice]);
  const orc = new HarnessActor("Orc", {}, [], "creature");
  ann.effects = [effect("combatStart"), effect("combatEnd")];
  orc.effects = [effect("combatStart")];
  const { combat, ids } = await fight("classic-d20", [ann, ben, orc]);
  const seen = observe(combat, alice);
  if (withInitiative) {
    const out = await applyRoundEvents(
      combat,
      ids.map((id, i) => ({ type: "setInitiative" as const, id, roll: { total: 10 + i, dexterity: 0 } })),
    );
    expect(out).toMatchObject({ ok: true });
    await settle();
  }
  return { combat, seen, ann, orc };
}

/** Wraps the v14 registry's `refresh` to note what the combat looked like when it was called. */
function watchRegistry(combat: FrayCombatLike) {
  const registry = foundryDocuments()?.ActiveEffect?.registry;
  if (!registry) throw new Error("the v14 harness has an ActiveEffect.registry");
  const calls: { event: string; round: number; stored: unknown; engine: number; same: boolean }[] = [];
  const refresh = registry.refresh.bind(registry);
  registry.refresh = async (event, context) => {
    calls.push({
      event,
      round: context.combat.round,
      stored: context.combat._source.round,
      engine: roundStateOf(context.combat).round,
      same: context.combat === combat,
    });
    return refresh(event, context);
  };
  restore = () => void (registry.refresh = refresh);
  return calls;
}

describe("combatStart expiry (v14's ActiveEffect registry) when a Fray fight starts", () => {
  it(
    V14
      ? "v14: the GM's start expires the combatStart effects of the combatants' actors, the registry called once, on the GM, after the write"
      : "v13: the GM's start calls no registry (there is none) and the combatStart effect stays",
    async () => {
      const { combat, seen, ann, orc } = await table();
      const calls = V14 ? watchRegistry(combat) : [];
      if (!V14) expect(foundryDocuments()?.ActiveEffect, "v13 has no ActiveEffect registry").toBeUndefined();
      const from = recorded.turnEvents.length;

      await combat.startCombat();
      await settle();

      expect(recorded.warnings, "no refusal").toEqual([]);
      expect(roundStateOf(combat).round).toBe(1);
      expect(seen.round, "Alice's copy has the start").toBe(1);
      const refreshes = combatStarts(recorded.turnEvents.slice(from));
      if (V14) {
        expect(
          refreshes.map((e) => e.user),
          "once, on the GM who started it",
        ).toEqual([gm.id]);
        expect(calls.filter((c) => c.event === "combatStart")).toEqual([
          { event: "combatStart", round: 1, stored: 1, engine: 1, same: true },
        ]);
      } else expect(refreshes).toEqual([]);
      expect(expired(ann)).toEqual([
        ["combatStart", V14],
        ["combatEnd", false],
      ]);
      expect(expired(orc)).toEqual([["combatStart", V14]]);
    },
  );

  it("a start that is refused announces nothing: the engine's (initiative missing) and a player's", async () => {
    const { combat, seen, ann } = await table(false);
    const from = recorded.turnEvents.length;

    await combat.startCombat();
    await settle();
    expect(recorded.warnings.length, "the GM is told why").toBe(1);
    expect(roundStateOf(combat).round).toBe(0);

    await as(alice, () => seen.startCombat());
    await settle();
    expect(recorded.warnings.length, "Alice is told why").toBe(2);
    expect(roundStateOf(combat).round).toBe(0);

    expect(combatStarts(recorded.turnEvents.slice(from))).toEqual([]);
    expect(expired(ann)).toEqual([
      ["combatStart", false],
      ["combatEnd", false],
    ]);
  });

  it.runIf(V14)(
    "v14: a registry that throws does not break the start — the fight is at round 1, the error logged",
    async () => {
      const { combat, seen, ann } = await table();
      const registry = foundryDocuments()!.ActiveEffect!.registry;
      const refresh = registry.refresh.bind(registry);
      registry.refresh = async () => {
        throw new Error("the registry broke");
      };
      restore = () => void (registry.refresh = refresh);
      const errors = vi.spyOn(console, "error").mockImplementation(() => {});

      await combat.startCombat();
      await settle();

      expect(recorded.warnings, "no refusal").toEqual([]);
      expect(roundStateOf(combat).round).toBe(1);
      expect(seen.round).toBe(1);
      expect(combat.combatant?.id, "a combatant acts").toBeTruthy();
      const logged = errors.mock.calls.filter((args) =>
        args.some((a) => a instanceof Error && a.message === "the registry broke"),
      );
      expect(logged).toHaveLength(1);
      expect(String(logged[0]?.[0])).toContain(combat.id);
      expect(expired(ann), "nothing expired").toEqual([
        ["combatStart", false],
        ["combatEnd", false],
      ]);
    },
  );
});
