import { describe, expect, it } from "vitest";
import {
  activeDefenseStructure,
  UNTIL_NEXT_TURN_STATES,
  untilNextTurn,
} from "../../../src/rules/families/active-defense-3d6/structure";
import type { RoundState } from "../../../src/rules/turns/round-state";
import { splitAtTurnStart } from "../../../src/rules/turns/timed-states";
import { describeRound } from "../../../src/rules/turns/turn-view";
import { combat, playOut, run } from "./helpers";

const ad = activeDefenseStructure();

/** Speed scores (AD-T2, AG by default) as the initiative totals. */
function duel(): RoundState {
  return combat(ad, [
    { id: "sword", side: "players", initiative: { total: 12 } },
    { id: "bandit", side: "gm", initiative: { total: 10 } },
    { id: "archer", side: "gm", initiative: { total: 14 } },
  ]);
}

function nextRound(state: RoundState): RoundState {
  return run(ad, playOut(ad, state).state, { type: "advancePhase" }, { type: "endRound" });
}

describe("active-defense-3d6 turn structure (AD-T1, AD-T2)", () => {
  it("AD-T2 the order follows the speed score, higher first", () => {
    expect(playOut(ad, run(ad, duel(), { type: "startCombat" })).acted).toEqual([
      "archer",
      "sword",
      "bandit",
    ]);
  });

  it("AD-T2 ties in the speed score are broken by a roll", () => {
    let s = combat(ad, [
      { id: "a", side: "players", initiative: { total: 11 } },
      { id: "b", side: "gm", initiative: { total: 11 } },
    ]);
    expect(describeRound(ad, s).ties).toEqual([{ ids: ["a", "b"], method: "rollOff" }]);
    s = run(ad, s, { type: "rollOff", faces: { a: 8, b: 15 } }, { type: "startCombat" });
    expect(playOut(ad, s).acted).toEqual(["b", "a"]);
  });

  it("AD-T1 combatants act one at a time in a fixed order, turn after turn", () => {
    let s = run(ad, duel(), { type: "startCombat" });
    const orders: string[][] = [];
    for (let i = 0; i < 3; i++) {
      orders.push(playOut(ad, s).acted);
      s = nextRound(s);
    }
    expect(orders).toEqual([orders[0], orders[0], orders[0]]);
  });

  it("AD-T1 a round is the combatants' turns, then the end of round; a speed score has no critical", () => {
    expect(ad.phases.map((p) => [p.id, p.label])).toEqual([
      ["turns", "FRAY.Combat.Phase.turns"],
      ["endOfRound", "FRAY.Combat.Phase.endOfRound"],
    ]);
    // AD-T2 orders by a speed score, not a roll with criticals (a critical initiative is OD-I4's, opposed-d20).
    expect(ad.readInitiative({ total: 18 })).toEqual({ ok: true, value: { tieKeys: [], critical: false } });
  });

  it("AD-T1 the tracker notes only the states that last until the holder's next turn; a state keeps its data", () => {
    let s = run(ad, duel(), { type: "startCombat" }, { type: "endTurn" }); // sword acting
    const feint = untilNextTurn("feint", "sword", { penalty: 3 });
    expect(feint).toEqual({
      key: "feint",
      holder: "sword",
      expiry: { kind: "holderNextTurn" },
      data: { penalty: 3 },
    });
    expect(untilNextTurn("aim", "sword")).toEqual({
      key: "aim",
      holder: "sword",
      expiry: { kind: "holderNextTurn" },
    });
    s = run(
      ad,
      s,
      { type: "addTimedState", state: feint },
      { type: "addTimedState", state: { key: "blessed", holder: "sword", expiry: { kind: "manual" } } },
    );
    expect(describeRound(ad, s).entries.find((e) => e.id === "sword")?.notes).toEqual({ feint: true });
    expect(s.timed.find((t) => t.key === "feint")?.data).toEqual({ penalty: 3 });
  });

  it("AD-T1 an all-out attack lasts until the attacker's next turn, then expires", () => {
    let s = run(ad, duel(), { type: "startCombat" }, { type: "endTurn" }); // archer done, sword acting
    s = run(ad, s, { type: "addTimedState", state: untilNextTurn("allOutAttack", "sword") });
    expect(describeRound(ad, s).entries.find((e) => e.id === "sword")?.notes).toEqual({ allOutAttack: true });
    s = run(ad, s, { type: "endTurn" }); // bandit's turn: the sword is still all-out (no defense roll)
    expect(s.timed.map((t) => [t.key, t.holder])).toEqual([["allOutAttack", "sword"]]);
    s = run(ad, s, { type: "endTurn" }, { type: "advancePhase" }, { type: "endRound" }); // round 2: archer
    expect(s.current).toBe("archer");
    expect(s.timed).toHaveLength(1);
    s = run(ad, s, { type: "endTurn" }); // the sword's next turn starts
    expect(s.current).toBe("sword");
    expect(s.timed).toEqual([]);
    const started = s.notices.find((n) => n.kind === "turnStarted");
    expect(started?.kind === "turnStarted" && started.expired.map((e) => e.key)).toEqual(["allOutAttack"]);
  });

  it("AD-T1 a turn the GM interrupts resumes as the same turn: the states it took do not expire then", () => {
    let s = run(ad, duel(), { type: "startCombat" }); // archer acting
    s = run(ad, s, { type: "addTimedState", state: untilNextTurn("allOutDefense", "archer") });
    // The GM makes the bandit act now; the archer's turn resumes after (it is not the archer's next turn).
    s = run(ad, s, { type: "takeTurn", id: "bandit", gmOverride: true }, { type: "endTurn" });
    expect(s.current).toBe("archer");
    const resumed = s.notices.find((n) => n.kind === "turnStarted");
    expect(resumed?.kind === "turnStarted" && [resumed.id, resumed.resumed, resumed.expired]).toEqual([
      "archer",
      true,
      [],
    ]);
    expect(s.timed.map((t) => [t.key, t.holder])).toEqual([["allOutDefense", "archer"]]);
    // Its next turn, in the next round, ends it.
    s = run(ad, s, { type: "endTurn" }, { type: "endTurn" }, { type: "advancePhase" }, { type: "endRound" });
    expect(s.current).toBe("archer");
    expect(s.timed).toEqual([]);
  });

  it("AD-T1 a roll-off that puts a tied combatant above the one acting interrupts it; it resumes as the same turn", () => {
    let s = combat(ad, [
      { id: "a", side: "players", initiative: { total: 11 } },
      { id: "b", side: "gm", initiative: { total: 11 } },
    ]);
    s = run(ad, s, { type: "startCombat" }); // a acting (joined first)
    s = run(ad, s, {
      type: "addTimedState",
      state: untilNextTurn("aim", "a", { weaponId: "bow", margin: 2 }),
    });
    s = run(ad, s, { type: "rollOff", faces: { a: 2, b: 5 } });
    expect(s.current).toBe("b");
    s = run(ad, s, { type: "endTurn" });
    expect(s.current).toBe("a");
    expect(s.timed.map((t) => [t.key, t.holder])).toEqual([["aim", "a"]]);
  });

  it("AD-T1 an interrupted turn the GM never lets resume ends when the round does", () => {
    let s = run(ad, duel(), { type: "startCombat" }, { type: "takeTurn", id: "bandit", gmOverride: true });
    s = run(ad, s, { type: "endRound", gmOverride: true });
    const ended = s.notices.filter((n) => n.kind === "turnEnded").map((n) => n.kind === "turnEnded" && n.id);
    expect(ended).toEqual(["bandit", "archer"]);
    expect(s.round).toBe(2);
    const started = s.notices.find((n) => n.kind === "turnStarted");
    expect(started?.kind === "turnStarted" && [started.id, started.resumed]).toEqual(["archer", undefined]);
  });

  it("AD-T1 every until-next-turn state (AD-A4 stun «朦朧» too) expires at its holder's next turn, not at anyone else's", () => {
    expect(UNTIL_NEXT_TURN_STATES).toEqual([
      "allOutAttack",
      "allOutDefense",
      "feint",
      "aim",
      "concentration",
      "stunned",
    ]);
    let s = run(ad, duel(), { type: "startCombat" }); // archer acting
    for (const key of UNTIL_NEXT_TURN_STATES)
      s = run(ad, s, { type: "addTimedState", state: untilNextTurn(key, "archer") });
    s = run(ad, s, {
      type: "addTimedState",
      state: untilNextTurn("feint", "bandit", { target: "sword", effect: 3 }),
    });
    s = run(ad, s, { type: "endTurn" }, { type: "endTurn" });
    expect(s.current).toBe("bandit");
    expect(s.timed.map((t) => t.holder)).toEqual(UNTIL_NEXT_TURN_STATES.map(() => "archer"));
    s = run(ad, s, { type: "endTurn" }, { type: "advancePhase" }, { type: "endRound" });
    expect(s.current).toBe("archer");
    expect(s.timed).toEqual([]);
    // Same split as the shared helper gives (timed-states.ts).
    const before = run(
      ad,
      duel(),
      { type: "startCombat" },
      { type: "addTimedState", state: untilNextTurn("aim", "sword") },
    );
    expect(splitAtTurnStart(before.timed, "sword").expired.map((t) => t.key)).toEqual(["aim"]);
  });
});
