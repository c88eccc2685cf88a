import { describe, expect, it } from "vitest";
import { opposedD20Structure } from "../../../src/rules/families/opposed-d20/structure";
import type { RoundState } from "../../../src/rules/turns/round-state";
import { reduce } from "../../../src/rules/turns/round-engine";
import { describeRound } from "../../../src/rules/turns/turn-view";
import { combat, expectRefused, playOut, run } from "./helpers";

const od = opposedD20Structure({ ties: "random", criticalOn: 20 });

function party(structure = od): RoundState {
  return combat(structure, [
    { id: "ana", side: "players", initiative: { total: 16, natural: 11, initiativeStat: 5 } },
    { id: "beto", side: "players", initiative: { total: 21, natural: 20, initiativeStat: 1 } },
    { id: "orco", side: "gm", initiative: { total: 16, natural: 13, initiativeStat: 3 } },
  ]);
}

function endRound(state: RoundState, structure = od): RoundState {
  return run(structure, playOut(structure, state).state, { type: "advancePhase" }, { type: "endRound" });
}

describe("opposed-d20 turn structure (OD-I1…OD-I4, OD-R1, OD-R2, OD-R5)", () => {
  it("OD-I1 the GM sets who takes part", () => {
    let s = run(od, party(), { type: "removeCombatant", id: "orco" });
    s = run(od, s, { type: "addCombatant", combatant: { id: "lobo", side: "gm", initiative: { total: 2 } } });
    s = run(od, s, { type: "startCombat" });
    expect(s.order).toEqual(["beto", "ana", "lobo"]);
  });

  it("OD-I2 each participant's result is d20 + Initiative; OD-I3 they act from highest to lowest", () => {
    const s = run(od, party(), { type: "rollOff", faces: { ana: 9, orco: 4 } }, { type: "startCombat" });
    expect(playOut(od, s).acted).toEqual(["beto", "ana", "orco"]);
  });

  it("OD-I3 random: ties are broken by a roll-off", () => {
    let s = party();
    expect(describeRound(od, s).ties).toEqual([{ ids: ["ana", "orco"], method: "rollOff" }]);
    s = run(od, s, { type: "rollOff", faces: { ana: 2, orco: 19 } }, { type: "startCombat" });
    expect(playOut(od, s).acted).toEqual(["beto", "orco", "ana"]);
  });

  it("OD-I3 initiative: ties go to the higher Initiative", () => {
    const byStat = opposedD20Structure({ ties: "initiative", criticalOn: 20 });
    const s = run(byStat, party(byStat), { type: "startCombat" });
    expect(describeRound(byStat, s).ties).toEqual([]);
    expect(playOut(byStat, s).acted).toEqual(["beto", "ana", "orco"]);
    expectRefused(
      byStat,
      s,
      { type: "setInitiative", id: "ana", roll: { total: 3 } },
      "initiativeStatMissing",
    );
  });

  it("OD-I3 manual: the GM orders tied participants by hand", () => {
    const manual = opposedD20Structure({ ties: "manual", criticalOn: 20 });
    let s = run(manual, party(manual), { type: "startCombat" });
    expect(describeRound(manual, s).ties).toEqual([{ ids: ["ana", "orco"], method: "manual" }]);
    expectRefused(manual, s, { type: "reorder", ids: ["orco", "ana"] }, "gmOnly");
    s = run(manual, s, { type: "reorder", ids: ["orco", "ana"], gmOverride: true });
    expect(describeRound(manual, s).ties).toEqual([]);
    expect(playOut(manual, s).acted).toEqual(["beto", "orco", "ana"]);
  });

  it("OD-I4 a critical initiative roll is flagged", () => {
    const s = party();
    const view = describeRound(od, s);
    expect(view.entries.find((e) => e.id === "beto")?.notes.critical).toBe(true);
    expect(view.entries.find((e) => e.id === "ana")?.notes.critical).toBeUndefined();
    const wide = opposedD20Structure({ ties: "random", criticalOn: 19 });
    const t = combat(wide, [{ id: "x", side: "gm", initiative: { total: 25, natural: 19 } }]);
    expect(t.combatants[0]?.critical).toBe(true);
  });

  it("OD-R1 at the start of each round every count of actions taken goes back to 0", () => {
    let s = run(od, party(), { type: "startCombat" });
    // OD-R3: a passive action before its own turn (defending) counts too.
    s = run(
      od,
      s,
      { type: "countAction", id: "orco", kind: "passive" },
      { type: "countAction", id: "beto", kind: "active" },
      { type: "countAction", id: "beto", kind: "active" },
    );
    expect(s.combatants.find((c) => c.id === "beto")?.actions).toEqual({ active: 2, passive: 0 });
    expect(s.combatants.find((c) => c.id === "orco")?.actions).toEqual({ active: 0, passive: 1 });
    s = endRound(s);
    expect(s.round).toBe(2);
    expect(s.combatants.map((c) => c.actions)).toEqual([
      { active: 0, passive: 0 },
      { active: 0, passive: 0 },
      { active: 0, passive: 0 },
    ]);
  });

  it("OD-R1 start-of-round effects apply when the round starts", () => {
    let s = run(od, party(), {
      type: "addTimedState",
      state: { key: "regenerate", holder: "orco", expiry: { kind: "manual" }, triggers: ["roundStart"] },
    });
    s = run(od, s, { type: "startCombat" });
    const started = s.notices.find((n) => n.kind === "roundStarted");
    expect(started?.kind === "roundStarted" && started.effects.map((e) => e.key)).toEqual(["regenerate"]);
    s = endRound(s);
    const again = s.notices.find((n) => n.kind === "roundStarted");
    expect(again?.kind === "roundStarted" && [again.round, again.effects.length]).toEqual([2, 1]);
  });

  it("OD-R3 the counters limit the round's actions; the GM may force one more", () => {
    let s = run(
      od,
      party(),
      { type: "startCombat" },
      { type: "countAction", id: "ana", kind: "active", limit: 1 },
    );
    // The engine's counts are checked by the budget module's counterRefusal (one check, one store).
    expectRefused(od, s, { type: "countAction", id: "ana", kind: "active", limit: 1 }, "activeLimitReached");
    s = run(od, s, { type: "countAction", id: "ana", kind: "active", limit: 1, gmOverride: true });
    expect(s.combatants.find((c) => c.id === "ana")?.actions?.active).toBe(2);
  });

  it("OD-R2 in the set order, each participant takes its turn", () => {
    let s = run(od, party(), { type: "rollOff", faces: { ana: 6, orco: 1 } }, { type: "startCombat" });
    expect(s.current).toBe("beto");
    expectRefused(od, s, { type: "takeTurn", id: "ana" }, "notYourTurn");
    s = run(od, s, { type: "endTurn", id: "beto" });
    expect(s.current).toBe("ana");
    expectRefused(od, s, { type: "endTurn", id: "beto" }, "notCurrent");
  });

  it("OD-R5 end-of-round effects apply, then a new round starts", () => {
    let s = run(
      od,
      party(),
      {
        type: "addTimedState",
        state: { key: "bleeding", holder: "ana", expiry: { kind: "manual" }, triggers: ["roundEnd"] },
      },
      { type: "startCombat" },
    );
    expectRefused(od, s, { type: "endRound" }, "roundNotFinished");
    s = endRound(s);
    const ended = s.notices.find((n) => n.kind === "roundEnded");
    expect(ended?.kind === "roundEnded" && ended.effects.map((e) => [e.state.key, e.ends])).toEqual([
      ["bleeding", false],
    ]);
    expect(s.round).toBe(2);
    expect(s.current).toBe("beto");
  });

  it("OD-R2 OD-R5 a round is the turns in the set order, then the end of the round", () => {
    expect(describeRound(od, party()).phases.map((p) => [p.id, p.policy])).toEqual([
      ["turns", "initiative"],
      ["endOfRound", "endOfRound"],
    ]);
  });

  it("OD-R3 an action is counted for a participant of a started fight, as active or passive only", () => {
    const s = run(od, party(), { type: "startCombat" });
    const counted = run(od, s, { type: "countAction", id: "ana", kind: "passive" });
    expect(counted.combatants.find((c) => c.id === "ana")?.actions).toEqual({ active: 0, passive: 1 });
    expectRefused(od, party(), { type: "countAction", id: "ana", kind: "active" }, "notStarted");
    const nobody = reduce(od, s, { type: "countAction", id: "nobody", kind: "active" });
    expect(!nobody.ok && [nobody.reason, nobody.data]).toEqual(["unknownCombatant", { id: "nobody" }]);
    expectRefused(od, s, { type: "countAction", id: "ana", kind: "reaction" as "active" }, "invalidValue");
    // Another family's event is not opposed-d20's to count.
    expectRefused(od, s, { type: "declareSpell", id: "ana", spell: "cast" }, "notInThisFamily");
  });

  it("OD-R3 OD-I4 the tracker shows each participant's counts, and a critical initiative roll", () => {
    let s = run(od, party(), { type: "startCombat" });
    s = run(
      od,
      s,
      { type: "countAction", id: "beto", kind: "active" },
      { type: "countAction", id: "ana", kind: "passive" },
    );
    const notes = Object.fromEntries(describeRound(od, s).entries.map((e) => [e.id, e.notes]));
    expect(notes).toStrictEqual({
      beto: { activeActions: 1, passiveActions: 0, critical: true },
      ana: { activeActions: 0, passiveActions: 1 },
      orco: { activeActions: 0, passiveActions: 0 },
    });
  });

  it("OD-I4 by default a natural 20 on the initiative roll is a Critical; no natural face known, none", () => {
    const byDefault = opposedD20Structure();
    const s = combat(byDefault, [
      { id: "a", side: "players", initiative: { total: 25, natural: 20 } },
      { id: "b", side: "gm", initiative: { total: 24, natural: 19 } },
      { id: "c", side: "gm", initiative: { total: 30 } },
    ]);
    expect(s.combatants.map((c) => c.critical)).toEqual([true, false, false]);
  });
});
