import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { runs } from "../../property-runs";
import { readRoundState } from "../../../src/data/combat/round-state-source";
import { reconcileEvents } from "../../../src/data/combat/reconcile";
import { turnIndex, turnRanks } from "../../../src/data/combat/turn-order";
import { roundStructureFor } from "../../../src/rules/families/round-structures";
import { reduceAll } from "../../../src/rules/turns/round-engine";
import type { RoundEvent } from "../../../src/rules/turns/round-event";
import { emptyRoundState, type RoundState } from "../../../src/rules/turns/round-state";

const fs = roundStructureFor("fast-slow");
const cd = roundStructureFor("classic-d20");

function run(structure: typeof fs, events: RoundEvent[]): RoundState {
  const out = reduceAll(structure, emptyRoundState(structure.family), events);
  if (!out.ok) throw new Error(out.reason);
  return out.value;
}

const started = () =>
  run(cd, [
    {
      type: "addCombatant",
      combatant: { id: "a", side: "players", initiative: { total: 10, dexterity: 0 } },
    },
    { type: "addCombatant", combatant: { id: "b", side: "gm", initiative: { total: 15, dexterity: 0 } } },
    { type: "startCombat" },
  ]);

describe("the stored engine state, read back", () => {
  it("a state the engine wrote reads back whole, through JSON (a reload)", () => {
    const state = started();
    const stored: unknown = JSON.parse(JSON.stringify({ ...state, notices: [] }));
    expect(readRoundState(stored, "classic-d20", cd.phases.length)).toEqual({ ...state, notices: [] });
  });

  it("another family's state, a phase out of range, or a dangling id reads as nothing (then an empty state)", () => {
    const state = JSON.parse(JSON.stringify(started())) as Record<string, unknown>;
    expect(readRoundState(state, "fast-slow", fs.phases.length)).toBeNull();
    expect(readRoundState({ ...state, phase: 9 }, "classic-d20", cd.phases.length)).toBeNull();
    expect(readRoundState({ ...state, current: "ghost" }, "classic-d20", cd.phases.length)).toBeNull();
    expect(readRoundState({ ...state, order: ["a", "a"] }, "classic-d20", cd.phases.length)).toBeNull();
    expect(readRoundState(null, "classic-d20", cd.phases.length)).toBeNull();
  });

  it("any mangling of a stored state yields either null or a state whose ids all exist", () => {
    const base = JSON.parse(JSON.stringify(started())) as Record<string, unknown>;
    const keys = Object.keys(base);
    fc.assert(
      fc.property(fc.constantFrom(...keys), fc.anything(), (key, value) => {
        const read = readRoundState({ ...base, [key]: value }, "classic-d20", cd.phases.length);
        if (!read) return true;
        const ids = new Set(read.combatants.map((c) => c.id));
        return read.order.every((id) => ids.has(id)) && (read.current === null || ids.has(read.current));
      }),
      runs(1000),
    );
  });
});

describe("reconciling the engine with the Combatant documents", () => {
  it("FS-R3 adds documents the engine lacks, removes what no document backs, and carries defeated (FS-R9)", () => {
    const state = run(fs, [
      { type: "addCombatant", combatant: { id: "a", side: "players" } },
      { type: "addCombatant", combatant: { id: "gone", side: "gm" } },
    ]);
    expect(
      reconcileEvents(state, [
        { id: "a", side: "players", defeated: true },
        { id: "new", side: "gm" },
      ]),
    ).toEqual([
      { type: "removeCombatant", id: "gone" },
      { type: "addCombatant", combatant: { id: "new", side: "gm" } },
      { type: "setDefeated", id: "a", defeated: true },
    ]);
    expect(
      reconcileEvents(state, [
        { id: "a", side: "players" },
        { id: "gone", side: "gm" },
      ]),
    ).toEqual([]);
  });
});

describe("core's turn order follows the engine", () => {
  it("CD-I2 initiative order once set; the current combatant's index; unknown ids last", () => {
    const state = started();
    expect([...turnRanks(state).entries()]).toEqual([
      ["b", 0],
      ["a", 1],
    ]);
    expect(turnIndex(state, ["zz", "a", "b"])).toBe(0);
  });

  it("FS-R2 claim families: the players' side first, then join order; nobody acting is turn null", () => {
    const state = run(fs, [
      { type: "addCombatant", combatant: { id: "orc", side: "gm" } },
      { type: "addCombatant", combatant: { id: "ann", side: "players" } },
      { type: "startCombat" },
    ]);
    expect([...turnRanks(state).keys()]).toEqual(["ann", "orc"]);
    expect(turnIndex(state, ["orc", "ann"])).toBeNull();
  });
});
