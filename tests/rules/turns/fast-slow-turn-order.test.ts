/**
 * FS-R2/FS-R3 read two ways (digest FS-R3 reading note): per part (fast PCs → fast GM creatures → slow PCs →
 * slow GM creatures; the default, the source game's) or players first for the whole round (every player
 * character, fast or slow, in any order, then every GM creature). A world setting, recorded on each Combat.
 */
import { describe, expect, it } from "vitest";
import { FS_PHASES, fastSlowStructure } from "../../../src/rules/families/fast-slow/structure";
import { roundStructureFor } from "../../../src/rules/families/round-structures";
import type { RoundState } from "../../../src/rules/turns/round-state";
import { describeRound } from "../../../src/rules/turns/turn-view";
import { combat, expectRefused, phaseId, run, runWithNotices, turnsStarted } from "./helpers";

const perPart = fastSlowStructure();
const playersFirst = fastSlowStructure({ turnOrder: "playersFirst" });

/** Two player characters (ann fast, bob slow) and two GM creatures (orc fast, wolf slow). */
function started(structure = playersFirst): RoundState {
  let s = combat(structure, [
    { id: "ann", side: "players", speed: "fast" },
    { id: "bob", side: "players", speed: "slow" },
    { id: "orc", side: "gm", speed: "fast" },
    { id: "wolf", side: "gm", speed: "slow" },
  ]);
  s = run(structure, s, { type: "startCombat" });
  return s;
}

describe("FS-R2/FS-R3 turn order setting", () => {
  it("FS-R2 FS-R3 per part is the default: fast PCs, fast GM creatures, slow PCs, slow GM creatures", () => {
    expect(roundStructureFor("fast-slow").phases.map((p) => p.id)).toEqual(["fast", "slow", "endOfRound"]);
    let s = started(perPart);
    // In the fast part the fast GM creature goes once the fast PCs are done, before the slow PC.
    s = run(perPart, s, { type: "takeTurn", id: "ann" }, { type: "endTurn" });
    s = run(perPart, s, { type: "takeTurn", id: "orc" });
    expect(s.current).toBe("orc");
    s = run(perPart, s, { type: "endTurn" });
    // Once the GM's creatures have acted in the fast part, the slow PC waits for the slow part.
    expectRefused(perPart, s, { type: "takeTurn", id: "bob" }, "playersPartOver");
    s = run(perPart, s, { type: "advancePhase" }, { type: "takeTurn", id: "bob" });
    expect([phaseId(perPart, s), s.current]).toEqual(["slow", "bob"]);
  });

  it("FS-R2 FS-R3 players first: one part for every turn of the round, then the end of round", () => {
    expect(playersFirst.phases.map((p) => p.id)).toEqual(["turns", "endOfRound"]);
    expect(roundStructureFor("fast-slow", { fsTurnOrder: "playersFirst" }).phases).toBe(
      FS_PHASES.playersFirst,
    );
    expect(playersFirst.phases.map((p) => p.label)).toEqual([
      "FRAY.Combat.Part.turns",
      "FRAY.Combat.Part.endOfRound",
    ]);
  });

  it("FS-R2 players first: the player characters act fast or slow in any order they choose", () => {
    for (const [first, second] of [
      ["ann", "bob"],
      ["bob", "ann"],
    ] as const) {
      let s = run(playersFirst, started(), { type: "takeTurn", id: first });
      expect(s.current).toBe(first);
      s = run(playersFirst, s, { type: "endTurn" }, { type: "takeTurn", id: second });
      expect(s.current).toBe(second);
    }
    // Each turn keeps the kind its creature chose (FS-R5, FS-R6).
    const s = run(playersFirst, started(), { type: "takeTurn", id: "bob" });
    expect(s.combatants.find((c) => c.id === "bob")?.speed).toBe("slow");
  });

  it("FS-R3 players first: a fast GM creature waits for the slow player characters too", () => {
    let s = run(playersFirst, started(), { type: "takeTurn", id: "ann" }, { type: "endTurn" });
    // Under the per-part reading the orc would go now; here bob (slow) is still to act.
    expectRefused(playersFirst, s, { type: "takeTurn", id: "orc" }, "playersFirst");
    expect(describeRound(playersFirst, s).phase.part).toBe("players");
    s = run(playersFirst, s, { type: "takeTurn", id: "bob" }, { type: "endTurn" });
    expect(describeRound(playersFirst, s).phase.part).toBe("gm");
    // Then the GM's creatures, fast or slow, in any order the GM chooses.
    for (const first of ["wolf", "orc"])
      expect(run(playersFirst, s, { type: "takeTurn", id: first }).current).toBe(first);
  });

  it("FS-R2 players first: a player who has not chosen takes a slow turn (an action and a move, FS-R6)", () => {
    let s = combat(playersFirst, [
      { id: "ann", side: "players" },
      { id: "orc", side: "gm" },
    ]);
    s = run(playersFirst, s, { type: "startCombat" }, { type: "takeTurn", id: "ann" });
    expect(s.combatants.find((c) => c.id === "ann")?.speed).toBe("slow");
  });

  it("FS-R1 players first: fast or slow stays the creature's choice until it acts", () => {
    let s = started();
    s = run(playersFirst, s, { type: "chooseSpeed", id: "bob", speed: "fast" });
    s = run(playersFirst, s, { type: "chooseSpeed", id: "wolf", speed: "fast" });
    s = run(playersFirst, s, { type: "takeTurn", id: "bob" });
    expect(s.combatants.find((c) => c.id === "bob")?.speed).toBe("fast");
    expectRefused(playersFirst, s, { type: "chooseSpeed", id: "bob", speed: "slow" }, "alreadyActing");
  });

  it("FS-R4 players first: one turn per creature per round; passing gives the turn up for the round", () => {
    let s = run(playersFirst, started(), { type: "takeTurn", id: "ann" }, { type: "endTurn" });
    expectRefused(playersFirst, s, { type: "takeTurn", id: "ann" }, "alreadyActed");
    s = run(playersFirst, s, { type: "pass", id: "bob" });
    expectRefused(playersFirst, s, { type: "takeTurn", id: "bob" }, "turnForgone");
    // Nobody of the players' side is left: the GM's creatures go.
    expect(run(playersFirst, s, { type: "takeTurn", id: "orc" }).current).toBe("orc");
  });

  it("FS-R2 FS-R3 players first: a whole round, every player's turn before every GM creature's", () => {
    const s = started();
    const { state, notices } = runWithNotices(
      playersFirst,
      s,
      { type: "takeTurn", id: "bob" },
      { type: "endTurn" },
      { type: "takeTurn", id: "ann" },
      { type: "endTurn" },
      { type: "takeTurn", id: "orc" },
      { type: "endTurn" },
      { type: "takeTurn", id: "wolf" },
      { type: "endTurn" },
      { type: "advancePhase" },
    );
    expect(turnsStarted(notices)).toEqual(["bob", "ann", "orc", "wolf"]);
    expect(phaseId(playersFirst, state)).toBe("endOfRound");
    const next = run(playersFirst, state, { type: "endRound" });
    expect([next.round, phaseId(playersFirst, next)]).toEqual([2, "turns"]);
  });

  it("FS-R2 players first: players who cannot agree roll 1d6, the highest first", () => {
    let s = run(playersFirst, started(), { type: "rollOff", faces: { ann: 2, bob: 5 } });
    expectRefused(playersFirst, s, { type: "takeTurn", id: "ann" }, "rollOffOrder");
    s = run(playersFirst, s, { type: "takeTurn", id: "bob" });
    expect(s.current).toBe("bob");
  });
});
