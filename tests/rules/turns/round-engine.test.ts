import { describe, expect, it } from "vitest";
import { classicD20Structure } from "../../../src/rules/families/classic-d20/structure";
import { defendState } from "../../../src/rules/families/fast-slow/defend";
import { fastSlowStructure } from "../../../src/rules/families/fast-slow/structure";
import { phasedRoundStructure } from "../../../src/rules/families/phased-round/structure";
import { reduce, reduceAll } from "../../../src/rules/turns/round-engine";
import { emptyRoundState } from "../../../src/rules/turns/round-state";
import { endOfRoundAfter } from "../../../src/rules/turns/timed-states";
import { describeRound } from "../../../src/rules/turns/turn-view";
import { combat, expectRefused, phasesStarted, run } from "./helpers";
import { deepFreeze } from "./round-driver";

const fs = fastSlowStructure();
const cd = classicD20Structure();

const duo = () =>
  combat(fs, [
    { id: "ann", side: "players" },
    { id: "orc", side: "gm" },
  ]);

describe("round engine", () => {
  it("FS-R1 reduceAll applies a batch all or nothing and says which event was refused", () => {
    const before = deepFreeze(duo());
    const out = reduceAll(fs, before, [
      { type: "startCombat" },
      { type: "takeTurn", id: "ann" },
      { type: "takeTurn", id: "orc" },
    ]);
    expect(out).toMatchObject({ ok: false, reason: "turnInProgress", data: { event: "2" } });
    expect(before.round).toBe(0);
    const ok = reduceAll(fs, before, [{ type: "startCombat" }, { type: "takeTurn", id: "ann" }]);
    expect(ok.ok && [ok.value.round, ok.value.current]).toEqual([1, "ann"]);
    // The batch's notices add up; a single event's replace the last ones.
    expect(ok.ok && ok.value.notices.map((n) => n.kind)).toEqual([
      "roundStarted",
      "phaseStarted",
      "turnStarted",
    ]);
  });

  it("FS-R1 a structure only runs its own family's combats", () => {
    expectRefused(cd, duo(), { type: "startCombat" }, "wrongFamily");
    expect(reduceAll(cd, duo(), []).ok).toBe(false);
  });

  it("FS-R1 nothing happens in a combat that has not started", () => {
    const s = duo();
    for (const event of [
      { type: "takeTurn", id: "ann" },
      { type: "endTurn" },
      { type: "advancePhase" },
      { type: "endRound" },
      { type: "pass", id: "ann" },
    ] as const) {
      expectRefused(fs, s, event, "notStarted");
    }
    const view = describeRound(fs, s);
    expect(view.started).toBe(false);
    expect(view.entries.map((e) => [e.id, e.status, e.reason])).toEqual([
      ["ann", "waiting", "notStarted"],
      ["orc", "waiting", "notStarted"],
    ]);
    expect(view.phases.every((p) => p.status === "upcoming")).toBe(true);
    expectRefused(fs, run(fs, s, { type: "startCombat" }), { type: "startCombat" }, "alreadyStarted");
  });

  it("CD-I1 combatants are added once, with a valid side; initiative only where the family rolls it", () => {
    const s = duo();
    expectRefused(
      fs,
      s,
      { type: "addCombatant", combatant: { id: "ann", side: "players" } },
      "duplicateCombatant",
    );
    expectRefused(
      fs,
      s,
      { type: "addCombatant", combatant: { id: "", side: "players" } },
      "invalidCombatant",
    );
    expectRefused(fs, s, { type: "setInitiative", id: "ann", roll: { total: 12 } }, "notInThisFamily");
    const c = emptyRoundState("classic-d20");
    expectRefused(
      cd,
      c,
      {
        type: "addCombatant",
        combatant: { id: "x", side: "gm", initiative: { total: Number.NaN, dexterity: 1 } },
      },
      "invalidRoll",
    );
  });

  it("FS-R7 PR-P1 the GM ending the round early still runs every remaining phase once, in order", () => {
    const pr = phasedRoundStructure();
    const s = run(pr, combat(pr, [{ id: "a", side: "players" }]), { type: "startCombat" });
    expectRefused(pr, s, { type: "endRound" }, "roundNotFinished");
    const out = run(pr, s, { type: "endRound", gmOverride: true });
    expect(phasesStarted(out.notices)).toEqual([...pr.phases.slice(1).map((p) => p.id), pr.phases[0]?.id]);
    expect(out.round).toBe(2);
  });

  it("FS-A5 FS-R8 timed states: added, listed for their holder, removed on request or with their holder", () => {
    let s = run(fs, duo(), { type: "startCombat" });
    expectRefused(
      fs,
      s,
      { type: "addTimedState", state: { key: "x", holder: "nobody", expiry: { kind: "manual" } } },
      "unknownCombatant",
    );
    s = run(fs, s, { type: "takeTurn", id: "ann" }, { type: "endTurn" }, { type: "pass", id: "orc" });
    s = run(
      fs,
      s,
      { type: "advancePhase" },
      { type: "pass", id: "orc" },
      { type: "advancePhase" },
      { type: "endRound" },
    );
    expectRefused(
      fs,
      s,
      { type: "addTimedState", state: { key: "late", holder: "ann", expiry: endOfRoundAfter(1, 0) } },
      "expiryInPast",
    );
    s = run(
      fs,
      s,
      { type: "addTimedState", state: { key: "mark", holder: "orc", expiry: { kind: "manual" } } },
      { type: "addTimedState", state: { key: "ward", holder: "ann", expiry: { kind: "manual" } } },
    );
    expect(s.timed.map((t) => [t.key, t.side, t.createdRound])).toEqual([
      ["mark", "gm", 2],
      ["ward", "players", 2],
    ]);
    expectRefused(fs, s, { type: "removeTimedState", holder: "ann", key: "mark" }, "unknownState");
    s = run(fs, s, { type: "removeTimedState", holder: "ann", key: "ward" });
    expect(s.notices).toEqual([
      { kind: "statesRemoved", cause: "removed", states: [expect.objectContaining({ key: "ward" })] },
    ]);
    s = run(fs, s, { type: "removeCombatant", id: "orc" });
    expect(s.timed).toEqual([]);
    expect(s.notices).toEqual([
      {
        kind: "statesRemoved",
        cause: "combatantRemoved",
        states: [expect.objectContaining({ key: "mark" })],
      },
    ]);
  });

  it("FS-A5 a family helper's list of states goes in whole, and the engine expires it (Defend, end of round)", () => {
    let s = run(fs, duo(), { type: "startCombat" });
    s = run(fs, s, { type: "setTimedStates", states: [defendState("ann", 1, "players")] });
    expectRefused(fs, s, { type: "setTimedStates", states: [defendState("ghost", 1)] }, "unknownCombatant");
    s = run(fs, s, { type: "pass", id: "ann" }, { type: "pass", id: "orc" }, { type: "advancePhase" });
    s = run(fs, s, { type: "pass", id: "ann" }, { type: "pass", id: "orc" }, { type: "advancePhase" });
    expect(describeRound(fs, s).roundEnd.map((e) => [e.state.key, e.ends])).toEqual([["defend", true]]);
    s = run(fs, s, { type: "endRound" });
    expect(s.timed).toEqual([]);
  });

  it("FS-R4 a refused event leaves no trace; an accepted one says what it did", () => {
    const s = run(fs, duo(), { type: "startCombat" });
    const refused = reduce(fs, s, { type: "takeTurn", id: "ghost" });
    expect(refused).toEqual({ ok: false, reason: "unknownCombatant", data: { id: "ghost" } });
    const taken = run(fs, s, { type: "takeTurn", id: "ann" });
    expect(taken.notices).toEqual([{ kind: "turnStarted", round: 1, phase: "fast", id: "ann", expired: [] }]);
  });
});
