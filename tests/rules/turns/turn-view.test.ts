import { describe, expect, it } from "vitest";
import { classicD20Structure } from "../../../src/rules/families/classic-d20/structure";
import { fastSlowStructure } from "../../../src/rules/families/fast-slow/structure";
import { phasedRoundStructure } from "../../../src/rules/families/phased-round/structure";
import type { RoundState } from "../../../src/rules/turns/round-state";
import type { RoundStructure } from "../../../src/rules/turns/round-structure";
import { describeRound } from "../../../src/rules/turns/turn-view";
import { combat, phaseId, run } from "./helpers";

// What the combat tracker shows: for each combatant, whether it acts now, may act, waits (and why), has acted, or
// is out of this phase (and why). Each test sets up a moment of a fight and checks the whole list.

const cd = classicD20Structure();
const fs = fastSlowStructure();
const pr = phasedRoundStructure();

/** [id, status, reason] of each entry, in the tracker's order. */
const rows = (structure: RoundStructure, state: RoundState) =>
  describeRound(structure, state).entries.map((e) => [e.id, e.status, e.reason]);

function classic(): RoundState {
  return combat(cd, [
    { id: "ann", side: "players", initiative: { total: 12, dexterity: 1 } },
    { id: "orc", side: "gm", initiative: { total: 7, dexterity: 0 } },
    { id: "bob", side: "players", initiative: { total: 18, dexterity: 2 } },
    { id: "elf", side: "gm", initiative: { total: 15, dexterity: 4 } },
  ]);
}

describe("before the fight starts", () => {
  it("CD-I2 an initiative family lists everyone by initiative, waiting for the start; the defeated are out", () => {
    const s = run(cd, classic(), { type: "setDefeated", id: "elf", defeated: true });
    const view = describeRound(cd, s);
    expect(view.started).toBe(false);
    expect(view.complete).toBe(false);
    expect(view.current).toBe(null);
    expect(view.phase).toMatchObject({ id: "turns", index: 0, part: null, status: "upcoming" });
    expect(view.phases.map((p) => p.status)).toEqual(["upcoming", "upcoming"]);
    expect(rows(cd, s)).toEqual([
      ["bob", "waiting", "notStarted"],
      ["elf", "out", "defeated"],
      ["ann", "waiting", "notStarted"],
      ["orc", "waiting", "notStarted"],
    ]);
    expect(view.entries.map((e) => [e.id, e.side, e.defeated, e.initiative])).toEqual([
      ["bob", "players", false, 18],
      ["elf", "gm", true, 15],
      ["ann", "players", false, 12],
      ["orc", "gm", false, 7],
    ]);
    expect(view.roundEnd).toEqual([]);
  });

  it("FS-R2/FS-R3 fast-slow lists the players' characters first, each side in the order they joined", () => {
    const s = combat(fs, [
      { id: "orc", side: "gm" },
      { id: "zed", side: "players" },
      { id: "wolf", side: "gm" },
      { id: "bob", side: "players" },
      { id: "ann", side: "players" },
      { id: "imp", side: "gm" },
    ]);
    expect(rows(fs, s)).toEqual([
      ["zed", "waiting", "notStarted"],
      ["bob", "waiting", "notStarted"],
      ["ann", "waiting", "notStarted"],
      ["orc", "waiting", "notStarted"],
      ["wolf", "waiting", "notStarted"],
      ["imp", "waiting", "notStarted"],
    ]);
    expect(describeRound(fs, s).ties).toEqual([]);
  });

  it("CD-I3 ties no key separates show before the start, without the defeated", () => {
    const s = combat(cd, [
      { id: "a", side: "players", initiative: { total: 10, dexterity: 1 } },
      { id: "b", side: "gm", initiative: { total: 10, dexterity: 1 } },
      { id: "c", side: "gm", initiative: { total: 10, dexterity: 1 } },
    ]);
    expect(describeRound(cd, s).ties).toEqual([{ ids: ["a", "b", "c"], method: "rollOff" }]);
    const down = run(cd, s, { type: "setDefeated", id: "b", defeated: true });
    expect(describeRound(cd, down).ties).toEqual([{ ids: ["a", "c"], method: "rollOff" }]);
  });
});

describe("an initiative phase", () => {
  it("CD-I2 the one acting, those still to come in order, those done; a defeated or skipped combatant is out", () => {
    let s = run(cd, classic(), { type: "startCombat" });
    expect(rows(cd, s)).toEqual([
      ["bob", "acting", null],
      ["elf", "waiting", "notYourTurn"],
      ["ann", "waiting", "notYourTurn"],
      ["orc", "waiting", "notYourTurn"],
    ]);
    const view = describeRound(cd, s);
    expect([view.started, view.complete, view.current, view.phase.part]).toEqual([true, false, "bob", null]);
    expect(view.phases.map((p) => p.status)).toEqual(["current", "upcoming"]);
    s = run(cd, s, { type: "endTurn" }, { type: "setDefeated", id: "ann", defeated: true });
    expect(rows(cd, s)).toEqual([
      ["bob", "done", null],
      ["elf", "acting", null],
      ["ann", "out", "defeated"],
      ["orc", "waiting", "notYourTurn"],
    ]);
    // ann is skipped while down; back up after her count, it has passed this round (CD-I2).
    s = run(cd, s, { type: "endTurn" }, { type: "setDefeated", id: "ann", defeated: false });
    expect(rows(cd, s)).toEqual([
      ["bob", "done", null],
      ["elf", "done", null],
      ["ann", "out", "countPassed"],
      ["orc", "acting", null],
    ]);
    expect(describeRound(cd, s).complete).toBe(false);
    s = run(cd, s, { type: "endTurn" });
    expect(describeRound(cd, s).complete).toBe(true);
  });

  it("CD-I2 a combatant who joins above the turn in progress has missed its count this round", () => {
    let s = run(cd, classic(), { type: "startCombat" }, { type: "endTurn" });
    s = run(cd, s, {
      type: "addCombatant",
      combatant: { id: "imp", side: "gm", initiative: { total: 20, dexterity: 0 } },
    });
    expect(rows(cd, s)).toEqual([
      ["imp", "out", "countPassed"],
      ["bob", "done", null],
      ["elf", "acting", null],
      ["ann", "waiting", "notYourTurn"],
      ["orc", "waiting", "notYourTurn"],
    ]);
  });

  it("CD-I3 ties in the round's order are listed in that order, without the defeated", () => {
    let s = combat(cd, [
      { id: "a", side: "players", initiative: { total: 10, dexterity: 1 } },
      { id: "b", side: "gm", initiative: { total: 10, dexterity: 1 } },
      { id: "c", side: "players", initiative: { total: 3, dexterity: 0 } },
    ]);
    s = run(cd, s, { type: "startCombat" });
    expect(describeRound(cd, s).ties).toEqual([{ ids: ["a", "b"], method: "rollOff" }]);
    s = run(cd, s, { type: "setDefeated", id: "b", defeated: true });
    expect(describeRound(cd, s).ties).toEqual([]);
  });

  it("the end of round: everyone standing is done, the defeated out", () => {
    let s = run(cd, classic(), { type: "startCombat" }, { type: "setDefeated", id: "ann", defeated: true });
    for (let i = 0; i < 3; i++) s = run(cd, s, { type: "endTurn" });
    s = run(cd, s, { type: "advancePhase" });
    expect(phaseId(cd, s)).toBe("endOfRound");
    expect(rows(cd, s)).toEqual([
      ["ann", "out", "defeated"],
      ["orc", "done", null],
      ["bob", "done", null],
      ["elf", "done", null],
    ]);
    expect(describeRound(cd, s).phases.map((p) => p.status)).toEqual(["done", "current"]);
  });
});

describe("a claim phase (fast-slow)", () => {
  function party(): RoundState {
    return run(
      fs,
      combat(fs, [
        { id: "orc", side: "gm" },
        { id: "ann", side: "players" },
        { id: "bob", side: "players" },
        { id: "cat", side: "players" },
        { id: "wolf", side: "gm" },
      ]),
      { type: "startCombat" },
    );
  }

  it("FS-R2/FS-R3 the players' part: players ready, the GM's creatures wait for them", () => {
    const s = party();
    const view = describeRound(fs, s);
    expect(view.phase.part).toBe("players");
    expect(rows(fs, s)).toEqual([
      ["ann", "ready", null],
      ["bob", "ready", null],
      ["cat", "ready", null],
      ["orc", "waiting", "playersFirst"],
      ["wolf", "waiting", "playersFirst"],
    ]);
  });

  it("FS-R2 acting, done, a forgone turn and the defeated; then FS-R3 the GM's part", () => {
    let s = party();
    s = run(fs, s, { type: "takeTurn", id: "bob" });
    s = run(fs, s, { type: "setDefeated", id: "wolf", defeated: true });
    expect(rows(fs, s)).toEqual([
      ["ann", "waiting", "turnInProgress"],
      ["bob", "acting", null],
      ["cat", "waiting", "turnInProgress"],
      ["orc", "waiting", "playersFirst"],
      ["wolf", "out", "defeated"],
    ]);
    // FS-R4: passing in the fast part means a slow turn; in the slow part, no turn this round.
    s = run(fs, s, { type: "endTurn" }, { type: "pass", id: "ann" });
    expect(describeRound(fs, s).entries.find((e) => e.id === "ann")?.notes).toEqual({ speed: "slow" });
    for (const id of ["cat", "orc"]) s = run(fs, s, { type: "chooseSpeed", id, speed: "slow" });
    s = run(fs, s, { type: "advancePhase" });
    expect(phaseId(fs, s)).toBe("slow");
    s = run(fs, s, { type: "pass", id: "ann" });
    expect(rows(fs, s)).toEqual([
      ["ann", "out", "turnForgone"],
      ["bob", "done", null],
      ["cat", "ready", null],
      ["orc", "waiting", "playersFirst"],
      ["wolf", "out", "defeated"],
    ]);
    s = run(fs, s, { type: "takeTurn", id: "cat" }, { type: "endTurn" });
    expect(describeRound(fs, s).phase.part).toBe("gm");
    expect(rows(fs, s).slice(2)).toEqual([
      ["cat", "done", null],
      ["orc", "ready", null],
      ["wolf", "out", "defeated"],
    ]);
  });

  it("FS-R2 players whose roll-off is tied are listed as a tie; one who has acted leaves it", () => {
    let s = run(fs, party(), { type: "rollOff", faces: { ann: 4, bob: 4, cat: 4 } });
    expect(describeRound(fs, s).ties).toEqual([{ ids: ["ann", "bob", "cat"], method: "rollOff" }]);
    s = run(fs, s, { type: "takeTurn", id: "bob", gmOverride: true }, { type: "endTurn" });
    expect(describeRound(fs, s).ties).toEqual([{ ids: ["ann", "cat"], method: "rollOff" }]);
  });

  it("FS-R7 the end-of-round step lists its effects, and no ties are asked for there", () => {
    let s = party();
    s = run(fs, s, {
      type: "addTimedState",
      state: { key: "aflame", holder: "orc", expiry: { kind: "endOfRound", round: 1 } },
    });
    s = run(fs, s, {
      type: "addTimedState",
      state: { key: "zealous", holder: "ann", expiry: { kind: "endOfRound", round: 1 } },
    });
    s = run(fs, s, {
      type: "addTimedState",
      state: { key: "later", holder: "bob", expiry: { kind: "endOfRound", round: 3 } },
    });
    const view = describeRound(fs, s);
    expect(view.roundEnd.map((e) => [e.state.key, e.ends])).toEqual([
      ["zealous", true],
      ["aflame", true],
    ]);
  });
});

describe("phased-round: declaring, resolving, striking in sequence", () => {
  function band(): RoundState {
    return run(
      pr,
      combat(pr, [
        { id: "mage", side: "players" },
        { id: "knight", side: "players" },
        { id: "orc", side: "gm" },
        { id: "goblin", side: "gm" },
      ]),
      { type: "startCombat" },
    );
  }

  it("PR-P1 declaring: who declared is done, the rest may declare, the defeated are out; PR-P2 resolving: only who declared", () => {
    let s = band();
    s = run(
      pr,
      s,
      { type: "declareSpell", id: "mage", spell: "cast" },
      { type: "setDefeated", id: "goblin", defeated: true },
    );
    expect(rows(pr, s)).toEqual([
      ["mage", "done", null],
      ["knight", "ready", null],
      ["orc", "ready", null],
      ["goblin", "out", "defeated"],
    ]);
    const view = describeRound(pr, s);
    expect(view.phase.part).toBe(null);
    expect(view.ties).toEqual([]);
    s = run(pr, s, { type: "advancePhase" });
    expect(phaseId(pr, s)).toBe("spellResolution");
    expect(rows(pr, s)).toEqual([
      ["mage", "ready", null],
      ["knight", "out", "nothingDeclared"],
      ["orc", "out", "nothingDeclared"],
      ["goblin", "out", "defeated"],
    ]);
  });

  /** Advances (without override) until `phase` is the current one. */
  function to(state: RoundState, phase: string): RoundState {
    let s = state;
    for (let i = 0; i < 12 && phaseId(pr, s) !== phase; i++) s = run(pr, s, { type: "advancePhase" });
    expect(phaseId(pr, s)).toBe(phase);
    return s;
  }
  const melee = (id: string, group: string, initiative: number, extraWeapons = 0) =>
    ({ type: "declareMelee", id, melee: { group, extraWeapons, initiative } }) as const;

  it("PR-P10 striking in sequence: the striker, those still to strike, those done; no melee or defeated, out", () => {
    let s = to(band(), "melee");
    s = run(pr, s, melee("orc", "gate", 17), melee("knight", "gate", 14, 1), melee("goblin", "gate", 9));
    s = to(s, "meleeResolution");
    // The queue: orc, knight, goblin, then knight's second weapon. The tracker lists it in that order, each once,
    // then whoever is not in it.
    expect(rows(pr, s)).toEqual([
      ["orc", "acting", null],
      ["knight", "waiting", "notYourTurn"],
      ["goblin", "waiting", "notYourTurn"],
      ["mage", "out", "notInQueue"],
    ]);
    s = run(
      pr,
      s,
      { type: "endTurn" },
      { type: "endTurn" },
      { type: "setDefeated", id: "mage", defeated: true },
    );
    expect(rows(pr, s)).toEqual([
      ["orc", "done", null],
      // knight has struck once and strikes again with the second weapon, after goblin.
      ["knight", "waiting", "notYourTurn"],
      ["goblin", "acting", null],
      ["mage", "out", "defeated"],
    ]);
    s = run(pr, s, { type: "setDefeated", id: "orc", defeated: true }, { type: "endTurn" });
    expect(rows(pr, s)).toEqual([
      ["orc", "out", "defeated"],
      ["knight", "acting", null],
      ["goblin", "done", null],
      ["mage", "out", "defeated"],
    ]);
  });

  it("PR-P10 strikers tied on initiative within a melee group are a tie to break; other groups and the defeated are not", () => {
    let s = to(band(), "melee");
    // Nobody in a melee group yet: nobody to order.
    expect(describeRound(pr, s).ties).toEqual([]);
    s = run(pr, s, melee("orc", "gate", 12), melee("knight", "gate", 12), melee("goblin", "bridge", 12));
    expect(describeRound(pr, s).ties).toEqual([{ ids: ["knight", "orc"], method: "rollOff" }]);
    s = run(pr, s, { type: "setDefeated", id: "knight", defeated: true });
    expect(describeRound(pr, s).ties).toEqual([]);
  });
});
