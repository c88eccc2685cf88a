import { describe, expect, it } from "vitest";
import { fastSlowStructure } from "../../../src/rules/families/fast-slow/structure";
import { beatsRollOff } from "../../../src/rules/turns/claim-order";
import { reduce } from "../../../src/rules/turns/round-engine";
import type { RoundState } from "../../../src/rules/turns/round-state";
import { endOfRoundAfter } from "../../../src/rules/turns/timed-states";
import { describeRound } from "../../../src/rules/turns/turn-view";
import { combat, expectRefused, phaseId, phasesStarted, run, runWithNotices } from "./helpers";

const fs = fastSlowStructure();

/** Two player characters (ann, bob) and two GM creatures (orc, wolf). */
function party(): RoundState {
  return combat(fs, [
    { id: "ann", side: "players" },
    { id: "bob", side: "players" },
    { id: "orc", side: "gm" },
    { id: "wolf", side: "gm" },
  ]);
}

function started(): RoundState {
  return run(fs, party(), { type: "startCombat" });
}

/** Everyone takes a slow turn except ann, who takes a fast one; the round reaches its end step. */
function throughRound(state: RoundState): RoundState {
  let s = state;
  for (const id of ["bob", "orc", "wolf"]) s = run(fs, s, { type: "chooseSpeed", id, speed: "slow" });
  s = run(fs, s, { type: "takeTurn", id: "ann" }, { type: "endTurn" }, { type: "advancePhase" });
  for (const id of ["bob", "orc", "wolf"]) s = run(fs, s, { type: "takeTurn", id }, { type: "endTurn" });
  return run(fs, s, { type: "advancePhase" });
}

describe("fast-slow round structure (FS-R1…FS-R9)", () => {
  it("FS-R1 a round is fast turns, then slow turns, then the end of round", () => {
    expect(fs.phases.map((p) => p.id)).toEqual(["fast", "slow", "endOfRound"]);
    const { state, notices } = runWithNotices(fs, party(), { type: "startCombat" });
    expect(state.round).toBe(1);
    expect(phaseId(fs, state)).toBe("fast");
    const end = throughRound(state);
    expect(phaseId(fs, end)).toBe("endOfRound");
    const next = runWithNotices(fs, end, { type: "endRound" });
    expect(next.state.round).toBe(2);
    expect(phaseId(fs, next.state)).toBe("fast");
    expect(phasesStarted(notices)).toEqual(["fast"]);
    expect(phasesStarted(next.notices)).toEqual(["fast"]);
  });

  it("FS-R1 the part labels are the «tours rapides», «tours lents», «fin de round» keys", () => {
    expect(fs.phases.map((p) => p.label)).toEqual([
      "FRAY.Combat.Part.fast",
      "FRAY.Combat.Part.slow",
      "FRAY.Combat.Part.endOfRound",
    ]);
  });

  it("FS-R2 the players act first, in the order they choose", () => {
    for (const [first, second] of [
      ["ann", "bob"],
      ["bob", "ann"],
    ] as const) {
      let s = started();
      s = run(fs, s, { type: "takeTurn", id: first });
      expect(s.current).toBe(first);
      s = run(fs, s, { type: "endTurn", id: first }, { type: "takeTurn", id: second });
      expect(s.current).toBe(second);
    }
  });

  it("FS-R2 players who cannot agree roll 1d6 and the highest acts first", () => {
    let s = run(fs, started(), { type: "rollOff", faces: { ann: 2, bob: 5 } });
    expectRefused(fs, s, { type: "takeTurn", id: "ann" }, "rollOffOrder");
    s = run(fs, s, { type: "takeTurn", id: "bob" }, { type: "endTurn" });
    s = run(fs, s, { type: "takeTurn", id: "ann" });
    expect(s.current).toBe("ann");
  });

  it("FS-R2 a tied roll-off is rolled again; the later roll decides", () => {
    let s = run(fs, started(), { type: "rollOff", faces: { ann: 4, bob: 4 } });
    expect(describeRound(fs, s).ties).toEqual([{ ids: ["ann", "bob"], method: "rollOff" }]);
    s = run(fs, s, { type: "rollOff", faces: { ann: 1, bob: 6 } });
    expect(describeRound(fs, s).ties).toEqual([]);
    expectRefused(fs, s, { type: "takeTurn", id: "ann" }, "rollOffOrder");
  });

  it("FS-R2 the higher 1d6 wins the roll-off; a tie decides nothing; a later roll-off breaks an earlier tie", () => {
    const faces = (...rollOff: number[]) => ({ rollOff });
    expect(beatsRollOff(faces(5), faces(3))).toBe(true);
    expect(beatsRollOff(faces(3), faces(5))).toBe(false);
    expect(beatsRollOff(faces(4), faces(4))).toBe(false);
    expect(beatsRollOff(faces(4, 6), faces(4, 2))).toBe(true);
    expect(beatsRollOff(faces(4, 2), faces(4, 6))).toBe(false);
    expect(beatsRollOff(faces(6, 1), faces(2, 6))).toBe(true);
    // Only the roll-offs both took part in count: one that joined no roll-off beats nobody, nor loses to anybody.
    expect(beatsRollOff(faces(4, 6), faces(4))).toBe(false);
    expect(beatsRollOff(faces(), faces(6))).toBe(false);
  });

  it("FS-R2 the GM may decide the order instead of the dice", () => {
    const s = run(fs, started(), { type: "rollOff", faces: { ann: 1, bob: 6 } });
    expect(run(fs, s, { type: "takeTurn", id: "ann", gmOverride: true }).current).toBe("ann");
  });

  it("FS-R2 the roll-off is 1d6 among the players, for one part only", () => {
    const s = started();
    expectRefused(fs, s, { type: "rollOff", faces: { ann: 7, bob: 3 } }, "invalidRoll");
    expectRefused(fs, s, { type: "rollOff", faces: { ann: 3, orc: 5 } }, "rollOffPlayersOnly");
    let t = run(fs, s, { type: "rollOff", faces: { ann: 1, bob: 6 } });
    for (const id of ["ann", "bob", "orc", "wolf"])
      t = run(fs, t, { type: "chooseSpeed", id, speed: "slow" });
    t = run(fs, t, { type: "advancePhase" });
    // A new part: the fast part's roll-off no longer binds ann.
    expect(run(fs, t, { type: "takeTurn", id: "ann" }).current).toBe("ann");
  });

  it("FS-R3 the GM's creatures act only when every player acting in that part has finished", () => {
    let s = run(fs, started(), { type: "chooseSpeed", id: "bob", speed: "slow" });
    expectRefused(fs, s, { type: "takeTurn", id: "orc" }, "playersFirst");
    s = run(fs, s, { type: "takeTurn", id: "ann" });
    expectRefused(fs, s, { type: "takeTurn", id: "orc" }, "turnInProgress");
    s = run(fs, s, { type: "endTurn" });
    expect(describeRound(fs, s).phase.part).toBe("gm");
    expect(run(fs, s, { type: "takeTurn", id: "orc" }).current).toBe("orc");
  });

  it("FS-R3 the GM's creatures act in any order the GM chooses", () => {
    let s = started();
    for (const id of ["ann", "bob"]) s = run(fs, s, { type: "chooseSpeed", id, speed: "slow" });
    for (const first of ["orc", "wolf"]) {
      const t = run(fs, s, { type: "takeTurn", id: first });
      expect(t.current).toBe(first);
    }
  });

  it("FS-R3 once the GM's creatures act, the players' part of this phase is over", () => {
    let s = started();
    for (const id of ["ann", "bob"]) s = run(fs, s, { type: "chooseSpeed", id, speed: "slow" });
    s = run(fs, s, { type: "takeTurn", id: "orc" }, { type: "endTurn" });
    expectRefused(fs, s, { type: "chooseSpeed", id: "ann", speed: "fast" }, "playersPartOver");
    expectRefused(fs, s, { type: "takeTurn", id: "ann" }, "playersPartOver");
    // Choosing slow again (a second click) is no switch and is not refused.
    expect(reduce(fs, s, { type: "chooseSpeed", id: "ann", speed: "slow" }).ok).toBe(true);
    // Only that switch is closed: the GM's creatures still choose (FS-R3 "in any order the GM chooses"), and the
    // GM may still let a player switch.
    expect(
      run(fs, s, { type: "chooseSpeed", id: "wolf", speed: "slow" }).combatants.find((c) => c.id === "wolf"),
    ).toMatchObject({ speed: "slow" });
    const wolfSlow = run(fs, s, { type: "chooseSpeed", id: "wolf", speed: "slow" });
    expect(
      run(fs, wolfSlow, { type: "chooseSpeed", id: "wolf", speed: "fast" }).combatants.find(
        (c) => c.id === "wolf",
      ),
    ).toMatchObject({ speed: "fast" });
    expect(
      run(fs, s, { type: "chooseSpeed", id: "ann", speed: "fast", gmOverride: true }).combatants.find(
        (c) => c.id === "ann",
      ),
    ).toMatchObject({ speed: "fast" });
  });

  it("FS-R4 a creature that finished its turn cannot act again before the round ends", () => {
    let s = run(fs, started(), { type: "takeTurn", id: "ann" }, { type: "endTurn" });
    expectRefused(fs, s, { type: "takeTurn", id: "ann" }, "alreadyActed");
    expectRefused(fs, s, { type: "takeTurn", id: "ann", gmOverride: true }, "alreadyActed");
    s = run(fs, s, { type: "chooseSpeed", id: "bob", speed: "slow" });
    for (const id of ["orc", "wolf"]) s = run(fs, s, { type: "chooseSpeed", id, speed: "slow" });
    s = run(fs, s, { type: "advancePhase" });
    // Not in the slow part either: one turn per round, fast or slow.
    expectRefused(fs, s, { type: "takeTurn", id: "ann" }, "alreadyActed");
  });

  it("FS-R4 a creature may take no turn at all, and acts again next round", () => {
    let s = started();
    for (const id of ["ann", "bob", "orc", "wolf"]) s = run(fs, s, { type: "pass", id });
    s = run(fs, s, { type: "advancePhase" }, { type: "takeTurn", id: "bob" }, { type: "endTurn" });
    // ann has not given up yet: she is still expected in the slow part.
    expectRefused(fs, s, { type: "takeTurn", id: "orc" }, "playersFirst");
    s = run(fs, s, { type: "pass", id: "ann" });
    expectRefused(fs, s, { type: "takeTurn", id: "ann" }, "turnForgone");
    for (const id of ["orc", "wolf"]) s = run(fs, s, { type: "takeTurn", id }, { type: "endTurn" });
    s = run(fs, s, { type: "advancePhase" }, { type: "endRound" });
    expect(s.combatants.find((c) => c.id === "ann")?.actedRound).toBe(0);
    expect(s.round).toBe(2);
    s = run(fs, s, { type: "advancePhase" });
    expect(run(fs, s, { type: "takeTurn", id: "ann" }).current).toBe("ann");
  });

  it("FS-R1 the fast/slow choice can change until the creature acts", () => {
    let s = started();
    s = run(fs, s, { type: "chooseSpeed", id: "ann", speed: "slow" });
    s = run(fs, s, { type: "chooseSpeed", id: "ann", speed: "fast" });
    // Claiming a turn in the fast part makes it a fast turn, whatever was chosen before.
    s = run(fs, s, { type: "chooseSpeed", id: "bob", speed: "slow" }, { type: "takeTurn", id: "bob" });
    expect(s.combatants.find((c) => c.id === "bob")?.speed).toBe("fast");
    expectRefused(fs, s, { type: "chooseSpeed", id: "bob", speed: "slow" }, "alreadyActing");
    s = run(fs, s, { type: "endTurn" });
    expectRefused(fs, s, { type: "chooseSpeed", id: "bob", speed: "slow" }, "alreadyActed");
  });

  it("FS-R1 the fast part is over once the slow part starts", () => {
    let s = started();
    for (const id of ["ann", "bob", "orc", "wolf"])
      s = run(fs, s, { type: "chooseSpeed", id, speed: "slow" });
    s = run(fs, s, { type: "advancePhase" });
    expectRefused(fs, s, { type: "chooseSpeed", id: "ann", speed: "fast" }, "fastPartOver");
  });

  it("FS-R7 at the end of round the players' effects resolve first, then the GM's", () => {
    let s = started();
    s = run(
      fs,
      s,
      { type: "addTimedState", state: { key: "burning", holder: "orc", expiry: endOfRoundAfter(1, 0) } },
      { type: "addTimedState", state: { key: "defend", holder: "ann", expiry: endOfRoundAfter(1, 0) } },
      {
        type: "addTimedState",
        state: { key: "regrowth", holder: "wolf", expiry: { kind: "manual" }, triggers: ["roundEnd"] },
      },
      // Created by the players though it sits on a GM creature: the players' effect.
      {
        type: "addTimedState",
        state: { key: "hex", holder: "wolf", side: "players", expiry: endOfRoundAfter(1, 0) },
      },
    );
    s = throughRound(s);
    expect(describeRound(fs, s).roundEnd.map((e) => e.state.key)).toEqual([
      "defend",
      "hex",
      "burning",
      "regrowth",
    ]);
    const out = run(fs, s, { type: "endRound" });
    const ended = out.notices.find((n) => n.kind === "roundEnded");
    expect(ended?.kind === "roundEnded" && ended.effects.map((e) => [e.state.key, e.ends])).toEqual([
      ["defend", true],
      ["hex", true],
      ["burning", true],
      ["regrowth", false],
    ]);
    expect(out.timed.map((t) => t.key)).toEqual(["regrowth"]);
  });

  it("FS-R7 states written back without a side (setTimedStates) still resolve by their holder's side", () => {
    // A GM creature's effect listed first, a player's second, neither saying whose it is: the holder decides.
    let s = run(fs, started(), {
      type: "setTimedStates",
      states: [
        { key: "burning", holder: "orc", createdRound: 1, expiry: endOfRoundAfter(1, 0) },
        { key: "defend", holder: "ann", createdRound: 1, expiry: endOfRoundAfter(1, 0) },
      ],
    });
    s = throughRound(s);
    const out = run(fs, s, { type: "endRound" });
    const ended = out.notices.find((n) => n.kind === "roundEnded");
    expect(ended?.kind === "roundEnded" && ended.effects.map((e) => e.state.key)).toEqual([
      "defend",
      "burning",
    ]);
  });

  it("FS-R8 an effect that lasts 1 round ends at the end of the following round", () => {
    let s = run(fs, started(), {
      type: "addTimedState",
      state: { key: "blessed", holder: "bob", expiry: endOfRoundAfter(1, 1) },
    });
    s = run(fs, throughRound(s), { type: "endRound" });
    expect(s.round).toBe(2);
    expect(s.timed.map((t) => t.key)).toEqual(["blessed"]);
    s = run(fs, throughRound(s), { type: "endRound" });
    expect(s.timed).toEqual([]);
    const ended = s.notices.find((n) => n.kind === "roundEnded");
    expect(ended?.kind === "roundEnded" && ended.round).toBe(2);
    expect(ended?.kind === "roundEnded" && ended.effects.map((e) => e.state.key)).toEqual(["blessed"]);
  });

  it("FS-R9 when every creature of one side is defeated the GM is offered to end the combat", () => {
    let s = started();
    expect(describeRound(fs, s).offerEndCombat).toBe(false);
    s = run(fs, s, { type: "setDefeated", id: "orc", defeated: true });
    expect(describeRound(fs, s).offerEndCombat).toBe(false);
    s = run(fs, s, { type: "setDefeated", id: "wolf", defeated: true });
    expect(describeRound(fs, s).offerEndCombat).toBe(true);
    // Only offered: the round goes on until the GM ends the combat.
    expect(run(fs, s, { type: "takeTurn", id: "ann" }).current).toBe("ann");
    s = run(fs, s, { type: "setDefeated", id: "wolf", defeated: false });
    expect(describeRound(fs, s).offerEndCombat).toBe(false);
  });

  it("FS-R3 the phase cannot be advanced while someone may still act in it, unless the GM forces it", () => {
    const s = started();
    expectRefused(fs, s, { type: "advancePhase" }, "phaseNotFinished");
    const forced = run(fs, s, { type: "advancePhase", gmOverride: true });
    expect(phaseId(fs, forced)).toBe("slow");
    // They did not lose their turn: the slow part is still theirs.
    expect(run(fs, forced, { type: "takeTurn", id: "ann" }).current).toBe("ann");
  });

  it("FS-R4 removing the acting creature ends its turn cleanly", () => {
    let s = run(fs, started(), { type: "takeTurn", id: "ann" });
    s = run(fs, s, { type: "removeCombatant", id: "ann" });
    expect(s.current).toBeNull();
    expect(s.notices).toContainEqual({
      kind: "turnEnded",
      round: 1,
      phase: "fast",
      id: "ann",
      cause: "removed",
    });
    expect(run(fs, s, { type: "takeTurn", id: "bob" }).current).toBe("bob");
  });

  it("FS-R2 a creature that joins mid-round can act in the current round", () => {
    let s = started();
    for (const id of ["ann", "bob", "orc", "wolf"])
      s = run(fs, s, { type: "chooseSpeed", id, speed: "slow" });
    s = run(fs, s, { type: "advancePhase" });
    s = run(fs, s, { type: "addCombatant", combatant: { id: "cat", side: "players" } });
    expect(run(fs, s, { type: "takeTurn", id: "cat" }).current).toBe("cat");
    expectRefused(fs, s, { type: "takeTurn", id: "orc" }, "playersFirst");
  });

  it("FS-R4 a defeated creature takes no turn; defeating the acting one ends its turn", () => {
    let s = run(fs, started(), { type: "setDefeated", id: "bob", defeated: true });
    expectRefused(fs, s, { type: "takeTurn", id: "bob" }, "defeated");
    s = run(fs, s, { type: "takeTurn", id: "ann" }, { type: "setDefeated", id: "ann", defeated: true });
    expect(s.current).toBeNull();
    expect(describeRound(fs, s).phase.part).toBe("gm");
  });

  it("FS-R2 FS-R3 the tracker lists who may claim a turn now and why the others wait", () => {
    const s = run(
      fs,
      started(),
      { type: "chooseSpeed", id: "bob", speed: "slow" },
      { type: "takeTurn", id: "ann" },
    );
    const view = describeRound(fs, s);
    expect(view.entries.map((e) => [e.id, e.status, e.reason])).toEqual([
      ["ann", "acting", null],
      // FS-R2: bob acts after ann's turn, not during it (the engine refuses a turn while another is in progress).
      ["bob", "waiting", "turnInProgress"],
      ["orc", "waiting", "playersFirst"],
      ["wolf", "waiting", "playersFirst"],
    ]);
    expect(view.entries.find((e) => e.id === "bob")?.notes).toEqual({ speed: "slow" });
    expect(reduce(fs, s, { type: "endTurn" }).ok).toBe(true);
  });
});
