/**
 * The round engine's initiative phases (classic-d20): turns go from the highest initiative to the lowest and
 * never back up the list (CD-I2); late joiners, re-rolls, roll-offs and the GM's hand ordering (CD-I3, OD-I3)
 * keep that promise; the state's `cursor` is the place of the turn being played (round-state.ts).
 */
import { describe, expect, it } from "vitest";
import { classicD20Structure } from "../../../src/rules/families/classic-d20/structure";
import type { NewCombatant, RoundEvent } from "../../../src/rules/turns/round-event";
import type { RoundState, TurnCombatant } from "../../../src/rules/turns/round-state";
import { combat, playOut, run, runWithNotices, turnsStarted } from "./helpers";

const cd = classicD20Structure();

const fighter = (id: string, total: number, extra: Partial<NewCombatant> = {}): NewCombatant => ({
  id,
  side: "gm",
  initiative: { total, dexterity: 0 },
  ...extra,
});

/** a (15), b (10), c (5), started: a acts. */
const trio = (extra: Record<string, Partial<NewCombatant>> = {}) =>
  run(cd, combat(cd, [fighter("a", 15, extra.a), fighter("b", 10, extra.b), fighter("c", 5, extra.c)]), {
    type: "startCombat",
  });

const one = (s: RoundState, id: string): TurnCombatant => {
  const c = s.combatants.find((x) => x.id === id);
  if (!c) throw new Error(`no ${id}`);
  return c;
};

const end: RoundEvent = { type: "endTurn" };
const join = (id: string, total: number): RoundEvent => ({
  type: "addCombatant",
  combatant: fighter(id, total),
});

describe("round engine: initiative order (CD-I2, CD-I3)", () => {
  it("CD-I2 a combatant out of the fight is skipped in the order", () => {
    const s = trio({ b: { defeated: true } });
    expect([s.current, s.cursor]).toEqual(["a", 0]);
    const { state, acted } = playOut(cd, s);
    expect(acted).toEqual(["a", "c"]);
    expect([state.current, state.cursor]).toEqual([null, 2]);
  });

  it("CD-I2 back on its feet after its place has passed, a combatant waits for the next round", () => {
    let s = trio({ a: { defeated: true } });
    expect([s.current, s.cursor]).toEqual(["b", 1]);
    s = run(cd, s, { type: "setDefeated", id: "a", defeated: false });
    // The turn in progress goes on.
    expect([s.current, s.cursor, s.notices]).toEqual(["b", 1, []]);
    const { state, acted } = playOut(cd, s);
    expect(acted).toEqual(["b", "c"]);
    const next = run(cd, state, { type: "advancePhase" }, { type: "endRound" });
    expect(playOut(cd, next).acted).toEqual(["a", "b", "c"]);
  });

  it("CD-I2 back on its feet before its place comes, it acts in its place; at once if nobody is acting", () => {
    let s = trio({ c: { defeated: true } });
    s = run(cd, s, { type: "setDefeated", id: "c", defeated: false });
    expect([s.current, s.notices]).toEqual(["a", []]);
    expect(playOut(cd, s).acted).toEqual(["a", "b", "c"]);
    // Nobody left to act: reviving c starts its turn now.
    let t = run(cd, trio({ c: { defeated: true } }), end, end);
    expect([t.current, t.cursor]).toEqual([null, 1]);
    t = run(cd, t, { type: "setDefeated", id: "c", defeated: false });
    expect([t.current, t.cursor]).toEqual(["c", 2]);
    expect(t.notices).toEqual([{ kind: "turnStarted", round: 1, phase: "turns", id: "c", expired: [] }]);
  });

  it("CD-I2 striking down someone who is not acting leaves the turn in progress alone", () => {
    const s = run(cd, trio(), { type: "setDefeated", id: "c", defeated: true });
    expect([s.current, s.cursor, s.notices]).toEqual(["a", 0, []]);
    expect(playOut(cd, s).acted).toEqual(["a", "b"]);
    // Struck down while acting: the turn ends as such and the next in order starts.
    const hit = run(cd, trio(), { type: "setDefeated", id: "a", defeated: true });
    expect(hit.notices).toEqual([
      { kind: "turnEnded", round: 1, phase: "turns", id: "a", cause: "defeated" },
      { kind: "turnStarted", round: 1, phase: "turns", id: "b", expired: [] },
    ]);
    expect([hit.current, hit.cursor]).toEqual(["b", 1]);
  });

  it("CD-I2 a combatant joining above the turn in progress acts from the next round", () => {
    // b is acting at place 2 of 3; x (12) joins between a and b.
    let s = run(cd, trio(), end, join("x", 12));
    expect([s.order, s.current, s.cursor]).toEqual([["a", "x", "b", "c"], "b", 2]);
    expect(one(s, "x")).toMatchObject({ passedRound: 1, actedRound: 0 });
    const { state, acted } = playOut(cd, s);
    expect(acted).toEqual(["b", "c"]);
    s = run(cd, state, { type: "advancePhase" }, { type: "endRound" });
    expect(playOut(cd, s).acted).toEqual(["a", "x", "b", "c"]);
    // Joining above the first place, while it is being played.
    const top = run(cd, trio(), join("y", 20));
    expect([top.order, top.current, top.cursor]).toEqual([["y", "a", "b", "c"], "a", 1]);
    expect(one(top, "y").passedRound).toBe(1);
    expect(playOut(cd, top).acted).toEqual(["a", "b", "c"]);
  });

  it("CD-I2 a combatant joining below the turn in progress acts this round, in its place", () => {
    const s = run(cd, trio(), join("x", 7));
    expect([s.order, s.current, s.cursor]).toEqual([["a", "b", "x", "c"], "a", 0]);
    expect(one(s, "x").passedRound).toBe(0);
    expect(playOut(cd, s).acted).toEqual(["a", "b", "x", "c"]);
    // Everyone has acted: a late joiner whose count is still to come starts at once.
    const done = playOut(cd, trio()).state;
    const late = run(cd, done, join("z", 1));
    expect([late.order, late.current, late.cursor]).toEqual([["a", "b", "c", "z"], "z", 3]);
    // Nobody could act at all (everyone down): the joiner acts at once, whatever its initiative.
    const down = trio({ a: { defeated: true }, b: { defeated: true }, c: { defeated: true } });
    expect([down.current, down.cursor]).toEqual([null, -1]);
    const first = run(cd, down, join("w", 1));
    expect([first.order, first.current, first.cursor]).toEqual([["a", "b", "c", "w"], "w", 3]);
  });

  it("CD-I2 before the combat starts nobody is placed; the order is set when it starts", () => {
    let s = combat(cd, [fighter("a", 15), fighter("b", 10)]);
    s = run(cd, s, join("c", 12), { type: "setInitiative", id: "a", roll: { total: 4, dexterity: 0 } });
    expect([s.order, s.cursor]).toEqual([[], -1]);
    s = run(cd, s, { type: "removeCombatant", id: "b" });
    expect([s.order, s.cursor, s.current]).toEqual([[], -1, null]);
    s = run(cd, s, { type: "startCombat" });
    expect([s.order, s.current, s.cursor]).toEqual([["c", "a"], "c", 0]);
  });

  it("CD-I3 a new initiative for the acting combatant moves its place; its turn goes on", () => {
    let s = run(cd, trio(), end);
    expect([s.current, s.cursor]).toEqual(["b", 1]);
    s = run(cd, s, { type: "setInitiative", id: "b", roll: { total: 20, dexterity: 0 } });
    expect([s.order, s.current]).toEqual([["b", "a", "c"], "b"]);
    // The cursor stays on the last place visited before b's new one: a's.
    expect(s.cursor).toBe(1);
    expect(one(s, "b")).toMatchObject({ actedRound: 0, passedRound: 0 });
    expect(playOut(cd, s).acted).toEqual(["b", "c"]);
    // The first place re-rolled lower: nobody was visited before it.
    const first = run(cd, trio(), { type: "setInitiative", id: "a", roll: { total: 7, dexterity: 0 } });
    expect([first.order, first.current, first.cursor]).toEqual([["b", "a", "c"], "a", -1]);
    expect(playOut(cd, first).acted).toEqual(["a", "b", "c"]);
  });

  it("FS-R4 CD-I3 a combatant that has acted keeps its turn taken when re-rolled; it is not 'passed'", () => {
    let s = run(cd, trio(), end);
    s = run(cd, s, { type: "setInitiative", id: "a", roll: { total: 12, dexterity: 0 } });
    expect(s.order).toEqual(["a", "b", "c"]);
    expect(one(s, "a")).toMatchObject({ actedRound: 1, passedRound: 0 });
    expect([s.current, s.cursor]).toEqual(["b", 1]);
  });

  it("CD-I3 a roll-off that lifts tied combatants above the turn in progress: the highest acts first", () => {
    const tied = () =>
      run(cd, combat(cd, [fighter("a", 10), fighter("b", 10), fighter("c", 10), fighter("d", 2)]), {
        type: "startCombat",
      });
    for (const faces of [
      { b: 6, c: 5, a: 1 },
      { c: 5, b: 6, a: 1 },
      { a: 1, c: 5, b: 6 },
    ]) {
      const { state, notices } = runWithNotices(cd, tied(), { type: "rollOff", faces });
      expect(state.order, JSON.stringify(faces)).toEqual(["b", "c", "a", "d"]);
      expect(notices, JSON.stringify(faces)).toEqual([
        { kind: "turnEnded", round: 1, phase: "turns", id: "a", cause: "interrupted" },
        { kind: "turnStarted", round: 1, phase: "turns", id: "b", expired: [] },
      ]);
      expect([state.current, state.cursor, state.interrupted]).toEqual(["b", 0, ["a"]]);
      // a's interrupted turn is not over: it resumes in its place, as the same turn.
      expect(one(state, "a").actedRound).toBe(0);
      const rest = runWithNotices(cd, state, end, end, end, end);
      expect(turnsStarted(rest.notices)).toEqual(["c", "a", "d"]);
      expect(rest.notices.filter((n) => n.kind === "turnStarted" && n.id === "a")).toEqual([
        { kind: "turnStarted", round: 1, phase: "turns", id: "a", expired: [], resumed: true },
      ]);
    }
  });

  it("OD-I3 the GM's hand order below or at the turn in progress does not interrupt it", () => {
    // b and c swap below the acting a.
    const s = run(cd, trio(), { type: "reorder", ids: ["c", "b"], gmOverride: true });
    expect([s.order, s.current, s.cursor, s.notices]).toEqual([["a", "c", "b"], "a", 0, []]);
    expect(playOut(cd, s).acted).toEqual(["a", "c", "b"]);
  });

  it("CD-I2 the GM makes c act now: a's turn is interrupted and resumes after c's, then b", () => {
    let s = run(cd, trio(), { type: "takeTurn", id: "c", gmOverride: true });
    expect([s.current, s.cursor, s.interrupted]).toEqual(["c", 0, ["a"]]);
    expect(one(s, "a").actedRound).toBe(0);
    // Re-ordering the interrupted a's place alone does not take the turn from c.
    s = run(cd, s, { type: "reorder", ids: ["a"], gmOverride: true });
    expect([s.current, s.notices]).toEqual(["c", []]);
    const { state, notices } = runWithNotices(cd, s, end, end, end);
    expect(turnsStarted(notices)).toEqual(["a", "b"]);
    expect(notices[1]).toEqual({
      kind: "turnStarted",
      round: 1,
      phase: "turns",
      id: "a",
      expired: [],
      resumed: true,
    });
    expect(state.current).toBeNull();
  });

  it("CD-I2 the GM makes a revived combatant act out of order: a re-order of its place does not restart its turn", () => {
    let s = trio({ a: { defeated: true } });
    s = run(
      cd,
      s,
      { type: "setDefeated", id: "a", defeated: false },
      { type: "takeTurn", id: "a", gmOverride: true },
    );
    expect([s.current, s.cursor, s.interrupted]).toEqual(["a", 1, ["b"]]);
    s = run(cd, s, { type: "reorder", ids: ["a"], gmOverride: true });
    expect([s.current, s.cursor, s.interrupted, s.notices]).toEqual(["a", 1, ["b"], []]);
  });

  it("CD-I2 a combatant who joined late and missed its count is not brought in by a re-order", () => {
    let s = run(cd, trio(), end, join("x", 12));
    expect(one(s, "x").passedRound).toBe(1);
    s = run(cd, s, { type: "reorder", ids: ["x"], gmOverride: true });
    expect([s.current, s.notices]).toEqual(["b", []]);
    s = run(cd, s, { type: "rollOff", faces: { x: 4 } });
    expect([s.current, s.notices]).toEqual(["b", []]);
  });

  it("FS-R4 the GM ending the round closes the turn in progress and any interrupted one, as forced", () => {
    const s = run(cd, trio(), { type: "takeTurn", id: "c", gmOverride: true });
    const out = run(cd, s, { type: "endRound", gmOverride: true });
    expect(out.notices.slice(0, 2)).toEqual([
      { kind: "turnEnded", round: 1, phase: "turns", id: "c", cause: "forced" },
      { kind: "turnEnded", round: 1, phase: "turns", id: "a", cause: "forced" },
    ]);
    expect(out.interrupted).toEqual([]);
    expect([out.round, out.current]).toEqual([2, "a"]);
    expect(playOut(cd, out).acted).toEqual(["a", "b", "c"]);
  });

  it("CD-I2 a combatant leaving keeps the cursor on the turn being played", () => {
    // a (acted, above) leaves while b acts.
    let s = run(cd, trio(), end, { type: "removeCombatant", id: "a" });
    expect([s.order, s.current, s.cursor]).toEqual([["b", "c"], "b", 0]);
    expect(playOut(cd, s).acted).toEqual(["b", "c"]);
    // The acting b leaves: c starts, in its place.
    s = run(cd, trio(), end, { type: "removeCombatant", id: "b" });
    expect([s.order, s.current, s.cursor]).toEqual([["a", "c"], "c", 1]);
    // c (below) leaves: nothing moves.
    s = run(cd, trio(), { type: "removeCombatant", id: "c" });
    expect([s.order, s.current, s.cursor]).toEqual([["a", "b"], "a", 0]);
    // The interrupted a leaves while the GM's c acts: the cursor goes back before the first place.
    s = run(
      cd,
      trio(),
      { type: "takeTurn", id: "c", gmOverride: true },
      { type: "removeCombatant", id: "a" },
    );
    expect([s.order, s.current, s.cursor, s.interrupted]).toEqual([["b", "c"], "c", -1, []]);
    expect(playOut(cd, s).acted).toEqual(["c", "b"]);
  });
});
