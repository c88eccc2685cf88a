/**
 * Issue 23: two things core does to a fight behind Fray's back, on v13 and v14.
 * - Core's `combatTurn` adjustment (foundryvtt#11531, #12990): when combatants are created, deleted, or change
 *   initiative while one is current, core rewrites the stored `turn` so that the same combatant stays current in
 *   core's own order (initiative, not the engine's). Fray must stay true to its engine through it, on every client.
 * - Core's turn events (`_manageTurnEvents`): an engine write can change the acting combatant while `round` and
 *   `turn` keep their values, a transition core's update diff cannot see. Fray runs core's workflow for it, so the
 *   turn events run once on the active GM (v14: with the ActiveEffect expiry and the movement-history clearing)
 *   and `combatTurnChange` fires once on every client.
 */
import { beforeEach, describe, expect, it } from "vitest";
import {
  HarnessActor,
  observe,
  tokenHistories,
  type HarnessUser,
  type TurnEventRecord,
} from "../../harness/combat";
import { V14 } from "../../harness/generation";
import { alice, bob, fight, gm, recorded, setSetting, type FrayCombatLike } from "./setup";
import { checkedStep, hookCalls } from "./core-turns";
import { applyRoundEvents, roundStateOf } from "../../../src/documents/combat-api";
import type { RoundEvent } from "../../../src/rules/turns/round-event";

type Expiring = HarnessActor["effects"][number];

beforeEach(() => {
  recorded.reset();
  hookCalls.length = 0;
  tokenHistories.clear();
  setSetting("odInitiativeTies", "random");
});

interface Table {
  combat: FrayCombatLike;
  seen: FrayCombatLike;
  actors: Record<"ann" | "ben" | "orc", HarnessActor>;
  id: Record<"ann" | "ben" | "orc", string>;
}

/** Classic-d20: Ann (Alice's), Ben (Bob's) and the GM's orc; Alice's client holds its own copy. */
async function table(): Promise<Table> {
  const actors = {
    ann: new HarnessActor("Ann", {}, [alice]),
    ben: new HarnessActor("Ben", {}, [bob]),
    orc: new HarnessActor("Orc", {}, [], "creature"),
  };
  const { combat, ids } = await fight("classic-d20", [actors.ann, actors.ben, actors.orc]);
  const [ann, ben, orc] = ids as [string, string, string];
  return { combat, seen: observe(combat, alice), actors, id: { ann, ben, orc } };
}

const roll = (total: number) => ({ total, dexterity: 0 });
const events = (t: Table, list: RoundEvent[]) => () => applyRoundEvents(t.combat, list);

/** Runs a step, lets the GM's reconciliations finish, and checks that both clients agree with the engine. */
async function step(t: Table, when: string, action: () => Promise<unknown>): Promise<TurnEventRecord[]> {
  const from = recorded.turnEvents.length;
  await checkedStep(t, when, action);
  return recorded.turnEvents.slice(from);
}

/** Ben 15, Ann 12, orc `orc`; started; Ben's turn ended: Ann acts (turn 1). */
async function annActing(orc = 8): Promise<Table> {
  const t = await table();
  const { ann, ben } = t.id;
  await step(
    t,
    "initiative",
    events(t, [
      { type: "setInitiative", id: ann, roll: roll(12) },
      { type: "setInitiative", id: ben, roll: roll(15) },
      { type: "setInitiative", id: t.id.orc, roll: roll(orc) },
    ]),
  );
  await step(t, "start", () => t.combat.startCombat());
  await step(t, "Ben's turn ends", () => t.combat.nextTurn());
  expect(t.combat.combatant?.id).toBe(ann);
  expect(t.combat.turn).toBe(1);
  return t;
}

/** The stored `turn` core gave the combat with a combatant change, seen where that change lands. */
function storedTurnWith(t: Table, hook: "createCombatant" | "updateCombatant" | "deleteCombatant") {
  const seen: unknown[] = [];
  const H = (globalThis as unknown as { Hooks: { on(n: string, f: () => void): number } }).Hooks;
  H.on(hook, () => void seen.push((t.combat._source as { turn: unknown }).turn));
  return seen;
}

const onlyStarts = (list: TurnEventRecord[]) => list.filter((e) => e.event === "_onStartTurn");

describe("core's combatTurn adjustment: Fray stays true to its engine (foundryvtt#11531, #12990)", () => {
  it("a combatant created mid-round ahead of the one acting: core moves the stored turn; the acting one stays, no turn event", async () => {
    const t = await annActing();
    const ann = t.id.ann;
    const stored = storedTurnWith(t, "createCombatant");
    const wolfActor = new HarnessActor("Wolf", {}, [], "creature");
    const turns = await step(t, "a wolf joins at 20", async () => {
      await t.combat.createEmbeddedDocuments("Combatant", [{ actor: wolfActor, initiative: 20 }]);
    });
    // Core's order is by initiative: Wolf 20, Ben 15, Ann 12, Orc 8 — Ann at 2.
    expect(stored[0], "core's turn, with the create").toBe(2);
    expect(t.combat.combatant?.id).toBe(ann);
    expect(t.seen.combatant?.id).toBe(ann);
    expect(turns, "no turn ended or started").toEqual([]);
  });

  it("a player's own initiative update mid-round: core re-sorts and moves the turn; Fray's engine decides, both clients agree", async () => {
    const t = await annActing();
    const { ann } = t.id;
    const stored = storedTurnWith(t, "updateCombatant");
    const combatant = t.combat.combatants.get(ann) as unknown as { update(c: object): Promise<unknown> };
    const turns = await step(t, "Alice sets Ann's initiative to 20", () =>
      runAsUser(alice, () => combatant.update({ initiative: 20 })),
    );
    // Core: Ann 20 leads its order — the turn Ann holds is now 0.
    expect(stored[0], "core's turn, with the update").toBe(0);
    expect(t.combat.combatant?.id, "Ann still acts").toBe(ann);
    expect(onlyStarts(turns), "no turn started").toEqual([]);
  });

  it("a combatant deleted mid-round: ahead of the one acting the turn moves; the acting one leaves, the next starts once", async () => {
    const t = await annActing();
    const { ann, ben, orc } = t.id;
    const stored = storedTurnWith(t, "deleteCombatant");
    let turns = await step(t, "Ben, done already, leaves", () =>
      t.combat.deleteEmbeddedDocuments("Combatant", [ben]),
    );
    expect(stored[0], "core's turn, with the delete").toBe(0);
    expect(t.combat.combatant?.id).toBe(ann);
    expect(turns).toEqual([]);
    turns = await step(t, "Ann, acting, leaves", () => t.combat.deleteEmbeddedDocuments("Combatant", [ann]));
    expect(t.combat.combatant?.id).toBe(orc);
    expect(onlyStarts(turns).map((e) => e.combatantId)).toEqual([orc]);
    expect(turns.every((e) => e.user === gm.id)).toBe(true);
  });
});

describe("core's turn events run for a transition core cannot see", () => {
  it(
    V14
      ? "v14: a roll-off gives the orc Ann's turn index: Ann's turn ends and the orc's starts once on the GM, their turn-expiry effects expire, the orc's movement history is cleared"
      : "v13: a roll-off gives the orc Ann's turn index: Ann's turn ends and the orc's starts, once, on the GM",
    async () => {
      const t = await annActing(12);
      const { ann, orc } = t.id;
      // An effect that lasts to the end of Ann's turn, one to the start of the orc's, one to another event.
      const effect = (expiry: string): Expiring => ({
        name: expiry,
        duration: { value: null, units: "turns", expiry, expired: false },
      });
      t.actors.ann.effects = [effect("turnEnd"), effect("turnStart")];
      t.actors.orc.effects = [effect("turnStart"), effect("combatEnd")];
      await step(t, "the orc's token", () =>
        t.combat.updateEmbeddedDocuments("Combatant", [{ _id: orc, tokenId: "orcToken00000001" }]),
      );
      tokenHistories.set("orcToken00000001", [{ x: 100, y: 100 }]);
      const updatesBefore = recorded.combatUpdates.length;

      const turns = await step(
        t,
        "roll-off",
        events(t, [{ type: "rollOff", faces: { [orc]: 6, [ann]: 2 } }]),
      );
      expect(t.combat.combatant?.id).toBe(orc);
      expect(t.combat.turn, "the same index").toBe(1);
      // One engine write, its round and turn those stored: core's diff drops them, core sees no turn change.
      const written = recorded.combatUpdates.slice(updatesBefore).map((u) => u.changes);
      expect(written.some((c) => Object.keys(c).some((k) => k.includes("engine")))).toBe(true);
      expect(written.every((c) => (c.turn ?? 1) === 1 && (c.round ?? 1) === 1)).toBe(true);

      const context = { round: 1, turn: 1, skipped: false };
      const want = V14
        ? [
            { event: "_onEndTurn", combatantId: ann },
            { event: "ActiveEffect.registry.refresh:turnEnd", combatantId: ann },
            { event: "_onStartTurn", combatantId: orc },
            { event: "_clearMovementHistoryOnStartTurn", combatantId: orc },
            { event: "ActiveEffect.registry.refresh:turnStart", combatantId: orc },
          ]
        : [
            { event: "_onEndTurn", combatantId: ann },
            { event: "_onStartTurn", combatantId: orc },
          ];
      expect(turns.map(({ event, combatantId }) => ({ event, combatantId }))).toEqual(want);
      for (const e of turns) {
        expect(e.user, `${e.event} on the active GM's client`).toBe(gm.id);
        expect(e.context).toEqual(context);
      }
      const expired = (actor: HarnessActor) => actor.effects.map((e) => [e.name, e.duration.expired]);
      expect(expired(t.actors.ann)).toEqual([
        ["turnEnd", V14],
        ["turnStart", false],
      ]);
      expect(expired(t.actors.orc)).toEqual([
        ["turnStart", V14],
        ["combatEnd", false],
      ]);
      expect(tokenHistories.get("orcToken00000001")).toEqual(V14 ? [] : [{ x: 100, y: 100 }]);
      // combatTurnChange: once per client for the roll-off (its chain is checked by step()).
      const changes = hookCalls.filter((c) => c.hook === "combatTurnChange" && c.combat === t.combat);
      expect(changes.at(-1)?.args[1]).toMatchObject({ combatantId: orc, turn: 1 });
    },
  );

  it("over a round, every change of the acting combatant starts exactly one turn and ends the prior one", async () => {
    const t = await annActing(12);
    const { ann, orc } = t.id;
    await step(t, "roll-off", events(t, [{ type: "rollOff", faces: { [orc]: 6, [ann]: 2 } }]));
    await step(t, "the orc's turn ends", () => t.combat.nextTurn());
    await step(t, "Ann's turn ends", () => t.combat.nextTurn());
    const starts = onlyStarts(recorded.turnEvents).map((e) => e.combatantId);
    const ends = recorded.turnEvents.filter((e) => e.event === "_onEndTurn").map((e) => e.combatantId);
    // Every combatTurnChange on the GM's client that changed the acting combatant: one start, one end.
    const moves = hookCalls
      .filter((c) => c.hook === "combatTurnChange" && c.combat === t.combat)
      .map((c) => c.args as [{ combatantId: string | null }, { combatantId: string | null }]);
    expect(starts).toEqual(moves.map(([, now]) => now.combatantId).filter((id) => id !== null));
    expect(ends).toEqual(moves.map(([prior]) => prior.combatantId).filter((id) => id !== null));
    expect(roundStateOf(t.combat).round).toBe(1);
  });
});

/** Runs `fn` on `user`'s client (the harness's `as`, named apart from the step helper). */
async function runAsUser<T>(user: HarnessUser, fn: () => Promise<T>): Promise<T> {
  const { as } = await import("../../harness/combat");
  return as(user, fn);
}
