/**
 * The round engine's claim parts (fast-slow, FS-R1…FS-R4), the end-of-round step's effects (FS-R7) and shared
 * turns (FS-MT4): what the engine keeps, and keeps out, of a family without an initiative order.
 */
import { describe, expect, it } from "vitest";
import { fastSlowStructure } from "../../../src/rules/families/fast-slow/structure";
import { refuse } from "../../../src/rules/outcome";
import { reduce } from "../../../src/rules/turns/round-engine";
import type { RoundState, TurnCombatant } from "../../../src/rules/turns/round-state";
import type { RoundStructure } from "../../../src/rules/turns/round-structure";
import { combat, run } from "./helpers";

const fs = fastSlowStructure();
const playersFirst = fastSlowStructure({ turnOrder: "playersFirst" });

const trio = (structure: RoundStructure = fs) =>
  run(
    structure,
    combat(structure, [
      { id: "ann", side: "players" },
      { id: "bob", side: "players" },
      { id: "cat", side: "players" },
      { id: "orc", side: "gm" },
    ]),
    { type: "startCombat" },
  );

const one = (s: RoundState, id: string): TurnCombatant => {
  const c = s.combatants.find((x) => x.id === id);
  if (!c) throw new Error(`no ${id}`);
  return c;
};

describe("round engine: claim parts (fast-slow)", () => {
  it("FS-R2 the players choose their own order: a fast-slow combat has no initiative order, even late", () => {
    let s = trio();
    expect([s.order, s.cursor, s.current]).toEqual([[], -1, null]);
    s = run(fs, s, { type: "addCombatant", combatant: { id: "eve", side: "players" } });
    expect([s.order, s.cursor]).toEqual([[], -1]);
  });

  it("FS-R1 with players first for the whole round, a turn is of the kind its creature chose", () => {
    let s = run(playersFirst, trio(playersFirst), { type: "chooseSpeed", id: "ann", speed: "fast" });
    s = run(playersFirst, s, { type: "takeTurn", id: "ann" });
    expect(one(s, "ann").speed).toBe("fast");
    // Undecided: the part's default kind, slow.
    s = run(playersFirst, s, { type: "endTurn" }, { type: "takeTurn", id: "bob" });
    expect(one(s, "bob").speed).toBe("slow");
  });

  it("FS-R2 a creature back on its feet in a claim part starts nobody's turn: it claims one as usual", () => {
    const before = run(fs, trio(), { type: "setDefeated", id: "bob", defeated: true });
    const after = run(fs, before, { type: "setDefeated", id: "bob", defeated: false });
    expect(after).toEqual({
      ...before,
      combatants: before.combatants.map((c) => (c.id === "bob" ? { ...c, defeated: false } : c)),
      notices: [],
    });
  });

  it("FS-R2 a player leaving the roll-off does not undo the others' roll-off order", () => {
    let s = run(fs, trio(), { type: "rollOff", faces: { ann: 2, bob: 5, cat: 4 } });
    expect(s.contest).toEqual(["ann", "bob", "cat"]);
    s = run(fs, s, { type: "removeCombatant", id: "bob" });
    expect(s.contest).toEqual(["ann", "cat"]);
    expect(reduce(fs, s, { type: "takeTurn", id: "ann" })).toEqual({ ok: false, reason: "rollOffOrder" });
    s = run(fs, s, { type: "takeTurn", id: "cat" });
    expect(s.current).toBe("cat");
  });
});

describe("round engine: the end-of-round step (FS-R7, FS-R8)", () => {
  it("FS-R7 only effects that end now or act at the end of the round are listed at the end of the round", () => {
    let s = run(
      fs,
      trio(),
      { type: "addTimedState", state: { key: "mark", holder: "orc", expiry: { kind: "manual" } } },
      {
        type: "addTimedState",
        state: { key: "burn", holder: "orc", expiry: { kind: "manual" }, triggers: ["roundEnd"] },
      },
      {
        type: "addTimedState",
        state: { key: "defend", holder: "ann", expiry: { kind: "endOfRound", round: 1 } },
      },
      {
        type: "addTimedState",
        state: { key: "glow", holder: "ann", expiry: { kind: "manual" }, triggers: ["roundStart"] },
      },
    );
    s = run(fs, s, { type: "endRound", gmOverride: true });
    const ended = s.notices.find((n) => n.kind === "roundEnded");
    expect(
      ended?.kind === "roundEnded" && [ended.round, ended.effects.map((e) => [e.state.key, e.ends])],
    ).toEqual([
      1,
      [
        ["defend", true],
        ["burn", false],
      ],
    ]);
    expect(s.timed.map((t) => t.key)).toEqual(["mark", "burn", "glow"]);
  });

  it("FS-R7 a stored effect whose holder has left and whose side is unknown resolves with the players'", () => {
    const base = trio();
    const s: RoundState = {
      ...base,
      timed: [
        {
          key: "curse",
          holder: "orc",
          createdRound: 1,
          expiry: { kind: "endOfRound", round: 1 },
          side: "gm",
        },
        { key: "ward", holder: "gone", createdRound: 1, expiry: { kind: "endOfRound", round: 1 } },
      ],
    };
    const out = run(fs, s, { type: "endRound", gmOverride: true });
    const ended = out.notices.find((n) => n.kind === "roundEnded");
    expect(ended?.kind === "roundEnded" && ended.effects.map((e) => [e.state.key, e.ends])).toEqual([
      ["ward", true],
      ["curse", true],
    ]);
    expect(out.timed).toEqual([]);
  });
});

describe("round engine: shared turns (FS-MT4)", () => {
  /** A claim part with no kind of turn of its own (a family without fast and slow turns). */
  const plain: RoundStructure = {
    family: "fast-slow",
    phases: [
      { id: "turns", policy: "claim", label: "turns" },
      { id: "endOfRound", policy: "endOfRound", label: "endOfRound" },
    ],
    initiative: "none",
    ties: "rollOff",
    readInitiative: () => refuse("notInThisFamily"),
    newCombatant: (input) => ({ speed: input.speed ?? null, actions: null, sheet: null }),
  };

  it("FS-MT4 FS-R1 sharing a turn that has no kind keeps the sharer's own kind", () => {
    let s = run(
      plain,
      combat(plain, [
        { id: "knight", side: "players", speed: "fast" },
        { id: "horse", side: "players" },
      ]),
      { type: "startCombat" },
      { type: "takeTurn", id: "horse" },
    );
    expect(one(s, "horse").speed).toBeNull();
    s = run(plain, s, { type: "shareTurn", id: "knight", with: "horse" });
    expect(one(s, "knight")).toMatchObject({ speed: "fast", actedRound: 1 });
  });
});
