/**
 * The round engine's working copy (round-draft.ts), through the API the engine and the family structures use:
 * the claim counters behind FS-R3 ("every player character that acts in that part has finished"), copy on write
 * (the stored state is never changed, and a writable copy stays the one the draft keeps), and the lists it hands
 * out for writing.
 */
import { describe, expect, it } from "vitest";
import { fastSlowStructure } from "../../../src/rules/families/fast-slow/structure";
import { reduce, reduceAll } from "../../../src/rules/turns/round-engine";
import { RoundDraft } from "../../../src/rules/turns/round-draft";
import type { RoundEvent } from "../../../src/rules/turns/round-event";
import { emptyRoundState, type RoundState, type TurnCombatant } from "../../../src/rules/turns/round-state";
import { describeRound } from "../../../src/rules/turns/turn-view";
import { combat, expectRefused, run } from "./helpers";

const fs = fastSlowStructure();

/** Two player characters (ann, bob) and two GM creatures (orc, and wolf, already defeated). */
function party(): RoundState {
  return combat(fs, [
    { id: "ann", side: "players" },
    { id: "bob", side: "players" },
    { id: "orc", side: "gm" },
    { id: "wolf", side: "gm", defeated: true },
  ]);
}

/** Round 1, fast part, nobody has acted. */
function started(): RoundState {
  return run(fs, party(), { type: "startCombat" });
}

function newcomer(id: string, side: "players" | "gm", defeated = false): TurnCombatant {
  const built = combat(fs, [{ id, side, defeated }]).combatants[0] as TurnCombatant;
  return { ...built, seq: 100 };
}

const counts = (d: RoundDraft) => ({ players: d.pending("players"), gm: d.pending("gm") });

describe("round draft: who is still to act in a part (FS-R3, FS-R4)", () => {
  it("FS-R3 FS-R4 a part waits for every standing creature that has not acted; defeated ones are not waited for", () => {
    const d = new RoundDraft(fs, started());
    expect(counts(d)).toEqual({ players: 2, gm: 1 });
    const wolf = d.find("wolf") as TurnCombatant;
    const ann = d.find("ann") as TurnCombatant;
    expect([d.isPending(ann), d.isPending(wolf)]).toEqual([true, false]);
  });

  it("FS-R4 a creature that finished its turn is no longer waited for; one that was not waited for changes nothing", () => {
    const d = new RoundDraft(fs, started());
    expect(counts(d)).toEqual({ players: 2, gm: 1 });
    d.markActed("ann");
    expect(counts(d)).toEqual({ players: 1, gm: 1 });
    // The defeated wolf was not counted: marking it does not take the orc out of the count.
    d.markActed("wolf");
    expect(counts(d)).toEqual({ players: 1, gm: 1 });
    // Marking ann again (she is no longer counted) changes nothing either.
    d.markActed("ann");
    expect(counts(d)).toEqual({ players: 1, gm: 1 });
    expect(d.finish().combatants.map((c) => [c.id, c.actedRound])).toEqual([
      ["ann", 1],
      ["bob", 0],
      ["orc", 0],
      ["wolf", 1],
    ]);
  });

  it("FS-R4 marking, changing or removing a creature that is not in the combat does nothing", () => {
    const base = started();
    const d = new RoundDraft(fs, base);
    expect(counts(d)).toEqual({ players: 2, gm: 1 });
    d.markActed("ghost");
    expect(d.update("ghost", { defeated: true })).toBeUndefined();
    expect(d.remove("ghost")).toBeUndefined();
    expect(d.find("ghost")).toBeUndefined();
    expect(counts(d)).toEqual({ players: 2, gm: 1 });
    expect(d.finish().combatants).toEqual(base.combatants);
    // The same before the counters exist.
    const fresh = new RoundDraft(fs, base);
    fresh.markActed("ghost");
    expect(fresh.update("ghost", { speed: "slow" })).toBeUndefined();
    expect(fresh.finish().combatants).toEqual(base.combatants);
  });

  it("FS-R2 FS-R3 a creature joining mid-part is waited for; a defeated one is not", () => {
    const d = new RoundDraft(fs, started());
    expect(counts(d)).toEqual({ players: 2, gm: 1 });
    d.add(newcomer("rat", "gm", true));
    expect(counts(d)).toEqual({ players: 2, gm: 1 });
    d.add(newcomer("cid", "players"));
    expect(counts(d)).toEqual({ players: 3, gm: 1 });
    expect(d.remove("rat")?.id).toBe("rat");
    expect(counts(d)).toEqual({ players: 3, gm: 1 });
    expect(d.remove("cid")?.id).toBe("cid");
    expect(counts(d)).toEqual({ players: 2, gm: 1 });
    expect(d.finish().combatants.map((c) => c.id)).toEqual(["ann", "bob", "orc", "wolf"]);
  });

  it("FS-R3 in a batch, a defeated creature joining mid-part does not hold the part open", () => {
    const events: RoundEvent[] = [
      { type: "takeTurn", id: "ann" },
      { type: "endTurn" },
      { type: "takeTurn", id: "bob" },
      { type: "endTurn" },
      { type: "takeTurn", id: "orc" },
      { type: "endTurn" },
      { type: "addCombatant", combatant: { id: "rat", side: "gm", defeated: true } },
      { type: "advancePhase" },
    ];
    const out = reduceAll(fs, started(), events);
    expect(out.ok && [out.value.phase, out.value.combatants.map((c) => c.id)]).toEqual([
      1,
      ["ann", "bob", "orc", "wolf", "rat"],
    ]);
  });

  it("FS-R1 FS-R7 nobody is waited for at the end of round", () => {
    let s = started();
    for (const id of ["ann", "bob", "orc"]) s = run(fs, s, { type: "pass", id });
    s = run(fs, s, { type: "advancePhase" });
    for (const id of ["ann", "bob", "orc"]) s = run(fs, s, { type: "takeTurn", id }, { type: "endTurn" });
    s = run(fs, s, { type: "advancePhase" });
    const d = new RoundDraft(fs, { ...s, combatants: s.combatants.map((c) => ({ ...c, actedRound: 0 })) });
    expect(d.phaseDef.id).toBe("endOfRound");
    expect(d.isPending(d.find("ann") as TurnCombatant)).toBe(false);
    expect(counts(d)).toEqual({ players: 0, gm: 0 });
    expect(d.phaseComplete()).toBe(true);
  });

  it("FS-R3 the part is not over while a turn is in progress, even one the GM gave to a creature that passed", () => {
    let s = started();
    for (const id of ["ann", "bob", "orc"]) s = run(fs, s, { type: "pass", id });
    s = run(fs, s, { type: "advancePhase" }, { type: "pass", id: "ann" });
    for (const id of ["bob", "orc"]) s = run(fs, s, { type: "takeTurn", id }, { type: "endTurn" });
    expect(describeRound(fs, s).complete).toBe(true);
    s = run(fs, s, { type: "takeTurn", id: "ann", gmOverride: true });
    expect(s.current).toBe("ann");
    expect(describeRound(fs, s).complete).toBe(false);
    expectRefused(fs, s, { type: "advancePhase" }, "phaseNotFinished");
    s = run(fs, s, { type: "endTurn" });
    expect(reduce(fs, s, { type: "advancePhase" }).ok).toBe(true);
  });
});

describe("round draft: copy on write", () => {
  it("FS-R4 the stored state is never changed; the draft's writable copy of a creature stays the one it keeps", () => {
    const base = started();
    const before = structuredClone(base);
    const d = new RoundDraft(fs, base);
    const ann = d.own(0);
    expect(ann).not.toBe(base.combatants[0]);
    d.own(1).speed = "slow";
    // Writing through the first copy after other writes still reaches the draft's result.
    expect(d.own(0)).toBe(ann);
    ann.speed = "fast";
    d.markActed("ann");
    const out = d.finish();
    expect(out.combatants.map((c) => [c.id, c.speed, c.actedRound])).toEqual([
      ["ann", "fast", 1],
      ["bob", "slow", 0],
      ["orc", null, 0],
      ["wolf", null, 0],
    ]);
    expect(out.combatants[2]).toBe(base.combatants[2]);
    expect(base).toEqual(before);
  });

  it("FS-R2 a creature the draft adds is its own: writes to it need no further copy, however many join", () => {
    const d = new RoundDraft(fs, started());
    const added: TurnCombatant[] = [];
    for (let i = 0; i < 20; i++) {
      const c = newcomer(`c${i}`, "players");
      added.push(c);
      d.add(c);
      expect(d.own(d.combatants.length - 1)).toBe(c);
    }
    added.forEach((c, i) => expect(d.own(4 + i)).toBe(c));
    expect(d.own(0)).toBe(d.own(0));
    expect(d.finish().combatants.map((c) => c.id)).toEqual([
      "ann",
      "bob",
      "orc",
      "wolf",
      ...added.map((c) => c.id),
    ]);
  });

  it("FS-R2 a whole encounter can join in one batch, in join order", () => {
    const ids = Array.from({ length: 20 }, (_, i) => `c${i}`);
    const out = reduceAll(
      fs,
      emptyRoundState("fast-slow"),
      ids.map((id): RoundEvent => ({ type: "addCombatant", combatant: { id, side: "players" } })),
    );
    expect(out.ok && out.value.combatants.map((c) => c.id)).toEqual(ids);
  });

  it("FS-R2 the order, queue and contest handed out for writing stay the draft's after a second request", () => {
    const base = started();
    const d = new RoundDraft(fs, base);
    const order = d.orderForWrite();
    order.push("ann");
    expect(d.orderForWrite()).toBe(order);
    order.push("bob");
    const queue = d.queueForWrite();
    queue.push({ id: "ann", group: "g", pass: 1 });
    expect(d.queueForWrite()).toBe(queue);
    queue.push({ id: "bob", group: "g", pass: 2 });
    const contest = d.contestForWrite();
    contest.push("ann");
    expect(d.contestForWrite()).toBe(contest);
    contest.push("bob");
    const out = d.finish();
    expect([out.order, out.queue, out.contest]).toEqual([
      ["ann", "bob"],
      [
        { id: "ann", group: "g", pass: 1 },
        { id: "bob", group: "g", pass: 2 },
      ],
      ["ann", "bob"],
    ]);
    expect([base.order, base.queue, base.contest]).toEqual([[], [], []]);
  });

  it("CD-I2 an order set by the GM's hand replaces the one the draft walks", () => {
    const d = new RoundDraft(fs, started());
    d.setOrderAt(Int32Array.from([2, 0, 1]));
    expect([d.atOrder(0)?.id, d.atOrder(1)?.id, d.atOrder(3)]).toEqual(["orc", "ann", undefined]);
    d.setOrder(["bob", "orc"]);
    expect([d.order, d.atOrder(0)?.id, d.atOrder(1)?.id, d.atOrder(2)]).toEqual([
      ["bob", "orc"],
      "bob",
      "orc",
      undefined,
    ]);
    expect(d.finish().order).toEqual(["bob", "orc"]);
  });
});

describe("round draft: interrupted turns (AD-T1)", () => {
  it("AD-T1 a turn is noted as interrupted once, however often it is interrupted", () => {
    const d = new RoundDraft(fs, started());
    d.markInterrupted("ann");
    d.markInterrupted("ann");
    expect(d.interrupted).toEqual(["ann"]);
  });

  it("AD-T1 resuming one interrupted turn leaves the others interrupted", () => {
    const d = new RoundDraft(fs, started());
    d.markInterrupted("ann");
    d.markInterrupted("bob");
    d.markInterrupted("orc");
    expect(d.takeInterrupted("wolf")).toBe(false);
    expect(d.takeInterrupted("bob")).toBe(true);
    expect(d.interrupted).toEqual(["ann", "orc"]);
    expect(d.takeInterrupted("bob")).toBe(false);
    expect(d.takeInterrupted("ann")).toBe(true);
    expect(d.interrupted).toEqual(["orc"]);
    expect(d.takeInterrupted("orc")).toBe(true);
    expect(d.finish().interrupted).toEqual([]);
  });
});
