/**
 * The fast-slow round structure's own pieces (structure.ts): the fast/slow choice (FS-R1), its refusals, the
 * per-part roll-off (FS-R2) and the tracker's notes.
 */
import { describe, expect, it } from "vitest";
import { fastSlowStructure } from "../../../src/rules/families/fast-slow/structure";
import { reduce } from "../../../src/rules/turns/round-engine";
import type { RoundEvent } from "../../../src/rules/turns/round-event";
import { emptyRoundState, type RoundState } from "../../../src/rules/turns/round-state";
import { describeRound } from "../../../src/rules/turns/turn-view";
import { combat, expectRefused, run } from "./helpers";

const fs = fastSlowStructure();
const playersFirst = fastSlowStructure({ turnOrder: "playersFirst" });

/** Two player characters (ann, bob) and two GM creatures (orc, wolf), nobody has chosen fast or slow. */
function party(structure = fs): RoundState {
  return combat(structure, [
    { id: "ann", side: "players" },
    { id: "bob", side: "players" },
    { id: "orc", side: "gm" },
    { id: "wolf", side: "gm" },
  ]);
}

function speedOf(state: RoundState, id: string) {
  return state.combatants.find((c) => c.id === id)?.speed;
}

function notesOf(state: RoundState, id: string, structure = fs) {
  return describeRound(structure, state).entries.find((e) => e.id === id)?.notes;
}

describe("fast-slow structure: the fast/slow choice (FS-R1…FS-R4)", () => {
  it("FS-R1 the structure runs fast-slow combats (a state of the family) and reads no initiative roll", () => {
    expect(fs.family).toBe("fast-slow");
    const s = run(fs, emptyRoundState("fast-slow"), {
      type: "addCombatant",
      combatant: { id: "ann", side: "players" },
    });
    expect(s.combatants.map((c) => c.id)).toEqual(["ann"]);
    expect(fs.readInitiative({ total: 12 })).toEqual({ ok: false, reason: "notInThisFamily" });
    expect(fs.initiative).toBe("none");
  });

  it("FS-R2 a disputed order is settled by a roll-off (1d6, highest first), not by the GM's hand order", () => {
    expect(fs.ties).toBe("rollOff");
    expect(playersFirst.ties).toBe("rollOff");
  });

  it("FS-R1 choosing fast or slow for a creature not in the combat is refused with its id", () => {
    const s = run(fs, party(), { type: "startCombat" });
    expect(reduce(fs, s, { type: "chooseSpeed", id: "ghost", speed: "fast" })).toEqual({
      ok: false,
      reason: "unknownCombatant",
      data: { id: "ghost" },
    });
    expect(reduce(fs, party(), { type: "chooseSpeed", id: "ghost", speed: "slow" })).toEqual({
      ok: false,
      reason: "unknownCombatant",
      data: { id: "ghost" },
    });
  });

  it("FS-R1 a turn is fast or slow, nothing else", () => {
    const event = { type: "chooseSpeed", id: "ann", speed: "medium" } as unknown as RoundEvent;
    expect(reduce(fs, party(), event)).toEqual({ ok: false, reason: "invalidValue" });
    expect(reduce(fs, run(fs, party(), { type: "startCombat" }), event)).toEqual({
      ok: false,
      reason: "invalidValue",
    });
  });

  it("FS-R1 before the combat starts, every creature may choose fast or slow in advance", () => {
    let s = party();
    s = run(fs, s, { type: "chooseSpeed", id: "ann", speed: "fast" });
    s = run(fs, s, { type: "chooseSpeed", id: "orc", speed: "slow" });
    s = run(fs, s, { type: "chooseSpeed", id: "ann", speed: "slow" });
    expect(s.combatants.map((c) => [c.id, c.speed])).toEqual([
      ["ann", "slow"],
      ["bob", null],
      ["orc", "slow"],
      ["wolf", null],
    ]);
  });

  it("FS-R1 FS-R4 at the end of round a creature that acted chooses fast or slow for the next round", () => {
    let s = run(fs, party(), { type: "startCombat" });
    s = run(fs, s, { type: "chooseSpeed", id: "bob", speed: "slow" }, { type: "takeTurn", id: "ann" });
    s = run(fs, s, { type: "endTurn" }, { type: "takeTurn", id: "orc" }, { type: "endTurn" });
    s = run(fs, s, { type: "takeTurn", id: "wolf" }, { type: "endTurn" }, { type: "advancePhase" });
    s = run(fs, s, { type: "takeTurn", id: "bob" }, { type: "endTurn" }, { type: "advancePhase" });
    expect(describeRound(fs, s).phase.id).toBe("endOfRound");
    // Everyone acted this round; the choice is for round 2.
    s = run(fs, s, { type: "chooseSpeed", id: "ann", speed: "slow" });
    s = run(fs, s, { type: "chooseSpeed", id: "bob", speed: "fast" });
    s = run(fs, s, { type: "chooseSpeed", id: "orc", speed: "slow" });
    expect(s.combatants.map((c) => [c.id, c.speed])).toEqual([
      ["ann", "slow"],
      ["bob", "fast"],
      ["orc", "slow"],
      ["wolf", "fast"],
    ]);
  });

  it("FS-R1 the fast part is over once the slow part starts, but slow may still be chosen there", () => {
    let s = run(fs, party(), { type: "startCombat" });
    for (const id of ["ann", "bob", "orc", "wolf"]) s = run(fs, s, { type: "pass", id });
    s = run(fs, s, { type: "advancePhase" });
    expect(describeRound(fs, s).phase.id).toBe("slow");
    expectRefused(fs, s, { type: "chooseSpeed", id: "ann", speed: "fast" }, "fastPartOver");
    expect(speedOf(run(fs, s, { type: "chooseSpeed", id: "ann", speed: "slow" }), "ann")).toBe("slow");
  });

  it("FS-R3 once the GM's creatures act in the fast part, choosing fast again is no switch and is allowed", () => {
    let s = run(fs, party(), { type: "startCombat" });
    for (const id of ["ann", "bob"]) s = run(fs, s, { type: "chooseSpeed", id, speed: "slow" });
    s = run(fs, s, { type: "takeTurn", id: "orc" }, { type: "endTurn" });
    expect(describeRound(fs, s).phase.part).toBe("gm");
    // A player character who joins now having chosen fast (FS-R2: it can act in the current round).
    s = run(fs, s, { type: "addCombatant", combatant: { id: "cid", side: "players", speed: "fast" } });
    expect(speedOf(run(fs, s, { type: "chooseSpeed", id: "cid", speed: "fast" }), "cid")).toBe("fast");
    // The switch from slow to fast is the one that is closed.
    expectRefused(fs, s, { type: "chooseSpeed", id: "bob", speed: "fast" }, "playersPartOver");
  });

  it("FS-R1 players first: a player who has not acted may switch to fast after the GM's creatures start", () => {
    let s = run(playersFirst, party(playersFirst), { type: "startCombat" });
    s = run(playersFirst, s, { type: "chooseSpeed", id: "ann", speed: "slow" }, { type: "pass", id: "ann" });
    s = run(playersFirst, s, { type: "takeTurn", id: "bob" }, { type: "endTurn" });
    s = run(playersFirst, s, { type: "takeTurn", id: "orc" });
    expect(describeRound(playersFirst, s).phase.part).toBe("gm");
    expect(speedOf(run(playersFirst, s, { type: "chooseSpeed", id: "ann", speed: "fast" }), "ann")).toBe(
      "fast",
    );
  });

  it("FS-R1 other families' events are not fast-slow events", () => {
    const s = run(fs, party(), { type: "startCombat" });
    expectRefused(fs, s, { type: "setUnableToAct", id: "ann", unable: true }, "notInThisFamily");
    expectRefused(fs, s, { type: "countAction", id: "ann" } as unknown as RoundEvent, "notInThisFamily");
  });
});

describe("fast-slow structure: the roll-off and the tracker's notes (FS-R2)", () => {
  it("FS-R2 a roll-off settles the order of one part only: its faces are gone when the next part starts", () => {
    let s = run(fs, party(), { type: "startCombat" }, { type: "rollOff", faces: { ann: 2, bob: 5 } });
    expect(s.combatants.map((c) => [c.id, c.rollOff])).toEqual([
      ["ann", [2]],
      ["bob", [5]],
      ["orc", []],
      ["wolf", []],
    ]);
    for (const id of ["ann", "bob", "orc", "wolf"]) s = run(fs, s, { type: "pass", id });
    s = run(fs, s, { type: "advancePhase" });
    expect(s.combatants.map((c) => [c.id, c.rollOff])).toEqual([
      ["ann", []],
      ["bob", []],
      ["orc", []],
      ["wolf", []],
    ]);
    expect(s.contest).toEqual([]);
    // Passing in the fast part means a slow turn (FS-R4); no roll-off face is left to show.
    expect(notesOf(s, "bob")).toStrictEqual({ speed: "slow" });
  });

  it("FS-R1 the tracker notes each creature's choice, undecided until it chooses", () => {
    const s = run(fs, party(), { type: "startCombat" }, { type: "chooseSpeed", id: "orc", speed: "slow" });
    expect(describeRound(fs, s).entries.map((e) => [e.id, e.notes])).toStrictEqual([
      ["ann", { speed: "undecided" }],
      ["bob", { speed: "undecided" }],
      ["orc", { speed: "slow" }],
      ["wolf", { speed: "undecided" }],
    ]);
  });

  it("FS-R2 the tracker notes the face of the latest roll-off, and only for those who rolled", () => {
    let s = run(fs, party(), { type: "startCombat" }, { type: "rollOff", faces: { ann: 3, bob: 3 } });
    expect(notesOf(s, "ann")).toStrictEqual({ speed: "undecided", rollOff: 3 });
    s = run(fs, s, { type: "rollOff", faces: { ann: 6, bob: 1 } });
    expect(describeRound(fs, s).entries.map((e) => [e.id, e.notes])).toStrictEqual([
      ["ann", { speed: "undecided", rollOff: 6 }],
      ["bob", { speed: "undecided", rollOff: 1 }],
      ["orc", { speed: "undecided" }],
      ["wolf", { speed: "undecided" }],
    ]);
  });
});
