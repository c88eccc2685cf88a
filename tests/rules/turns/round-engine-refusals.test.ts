/**
 * The round engine's refusals, each with its exact result: the reason code and its data are the contract the
 * Foundry layer turns into a localized message (`FRAY.Refusal.<code>`, PR-B2), so every path is pinned whole.
 */
import { describe, expect, it } from "vitest";
import { classicD20Structure } from "../../../src/rules/families/classic-d20/structure";
import { fastSlowStructure } from "../../../src/rules/families/fast-slow/structure";
import { phasedRoundStructure } from "../../../src/rules/families/phased-round/structure";
import { reduce, reduceAll } from "../../../src/rules/turns/round-engine";
import type { RoundEvent } from "../../../src/rules/turns/round-event";
import { emptyRoundState, type RoundState, type TurnCombatant } from "../../../src/rules/turns/round-state";
import type { RoundStructure } from "../../../src/rules/turns/round-structure";
import { combat, run } from "./helpers";

const fs = fastSlowStructure();
const cd = classicD20Structure();
const pr = phasedRoundStructure();

const refusal = (reason: string, data?: Record<string, string>) =>
  data ? { ok: false, reason, data } : { ok: false, reason };

function outcome(structure: RoundStructure, state: RoundState, event: RoundEvent) {
  return reduce(structure, state, event);
}

/** ann and bob (players), orc (the GM's), not started. */
const fsTrio = () =>
  combat(fs, [
    { id: "ann", side: "players" },
    { id: "bob", side: "players" },
    { id: "orc", side: "gm" },
  ]);
const fsStarted = () => run(fs, fsTrio(), { type: "startCombat" });

/** CD-I2: a (15), b (10), c (5), not started. */
const cdTrio = () =>
  combat(cd, [
    { id: "a", side: "players", initiative: { total: 15, dexterity: 1 } },
    { id: "b", side: "gm", initiative: { total: 10, dexterity: 0 } },
    { id: "c", side: "gm", initiative: { total: 5, dexterity: 0 } },
  ]);
const cdStarted = () => run(cd, cdTrio(), { type: "startCombat" });

const combatant = (s: RoundState, id: string): TurnCombatant | undefined =>
  s.combatants.find((c) => c.id === id);

describe("round engine refusals: exact reason codes and data", () => {
  it("FS-R1 a batch for another family's combat is refused whole, with the bare reason", () => {
    expect(reduceAll(cd, fsTrio(), [{ type: "startCombat" }])).toEqual(refusal("wrongFamily"));
    expect(reduce(cd, fsTrio(), { type: "startCombat" })).toEqual(refusal("wrongFamily"));
  });

  it("FS-R1 before the combat starts, turn events are refused as notStarted", () => {
    const s = fsTrio();
    const events: RoundEvent[] = [
      { type: "takeTurn", id: "ann" },
      { type: "endTurn" },
      { type: "pass", id: "ann" },
      { type: "advancePhase" },
      { type: "advancePhase", gmOverride: true },
      { type: "endRound" },
      { type: "endRound", gmOverride: true },
      { type: "shareTurn", id: "ann", with: "bob" },
    ];
    for (const event of events) expect(outcome(fs, s, event), event.type).toEqual(refusal("notStarted"));
    expect(outcome(cd, cdTrio(), { type: "reorder", ids: ["a"], gmOverride: true })).toEqual(
      refusal("notStarted"),
    );
    expect(outcome(fs, fsStarted(), { type: "startCombat" })).toEqual(refusal("alreadyStarted"));
  });

  it("FS-R4 an event about a combatant who is not in the combat names it", () => {
    const s = fsStarted();
    const ghost = refusal("unknownCombatant", { id: "ghost" });
    const events: RoundEvent[] = [
      { type: "takeTurn", id: "ghost" },
      { type: "pass", id: "ghost" },
      { type: "removeCombatant", id: "ghost" },
      { type: "setDefeated", id: "ghost", defeated: true },
      { type: "setInitiative", id: "ghost", roll: { total: 3 } },
      { type: "shareTurn", id: "ghost", with: "ann" },
      { type: "shareTurn", id: "ann", with: "ghost" },
      { type: "rollOff", faces: { ghost: 3 } },
      { type: "addTimedState", state: { key: "x", holder: "ghost", expiry: { kind: "manual" } } },
      {
        type: "setTimedStates",
        states: [{ key: "x", holder: "ghost", createdRound: 1, expiry: { kind: "manual" } }],
      },
    ];
    for (const event of events) expect(outcome(fs, s, event), event.type).toEqual(ghost);
    expect(outcome(cd, cdStarted(), { type: "setInitiative", id: "ghost", roll: { total: 3 } })).toEqual(
      ghost,
    );
    // FS-MT4: a creature cannot share its own turn.
    expect(outcome(fs, s, { type: "shareTurn", id: "ann", with: "ann" })).toEqual(
      refusal("unknownCombatant", { id: "ann" }),
    );
  });

  it("CD-I1 a combatant joins once, with an id and a side; initiative only where the family rolls it", () => {
    const s = fsTrio();
    const add = (combatant: unknown): RoundEvent => ({ type: "addCombatant", combatant }) as RoundEvent;
    expect(outcome(fs, s, add({ id: "", side: "players" }))).toEqual(refusal("invalidCombatant"));
    expect(outcome(fs, s, add({ id: 7, side: "players" }))).toEqual(refusal("invalidCombatant"));
    expect(outcome(fs, s, add({ id: "eve", side: "neutral" }))).toEqual(refusal("invalidCombatant"));
    expect(outcome(fs, s, add({ id: "ann", side: "gm" }))).toEqual(
      refusal("duplicateCombatant", { id: "ann" }),
    );
    expect(outcome(fs, s, add({ id: "eve", side: "players", initiative: { total: 12 } }))).toEqual(
      refusal("notInThisFamily"),
    );
    const c = emptyRoundState("classic-d20");
    expect(
      outcome(cd, c, add({ id: "x", side: "gm", initiative: { total: Number.NaN, dexterity: 1 } })),
    ).toEqual(refusal("invalidRoll"));
    // CD-I3: the Dexterity modifier is the first tie-break, so a check without it is refused.
    expect(outcome(cd, c, add({ id: "x", side: "gm", initiative: { total: 12 } }))).toEqual(
      refusal("dexterityMissing"),
    );
  });

  it("CD-I1 a new combatant's record: its initiative check, standing, no turn taken yet", () => {
    const c = run(cd, emptyRoundState("classic-d20"), {
      type: "addCombatant",
      combatant: { id: "x", side: "gm", initiative: { total: 12, dexterity: 2 } },
    });
    expect(c.combatants).toEqual([
      {
        id: "x",
        side: "gm",
        seq: 0,
        defeated: false,
        initiative: 12,
        tieKeys: [2],
        rollOff: [],
        placedByGm: false,
        critical: false,
        actedRound: 0,
        passedRound: 0,
        speed: null,
        actions: null,
        sheet: null,
      },
    ]);
    // FS-R9: a creature may join already out of the fight (surrendered, fled or dead).
    const f = run(
      fs,
      emptyRoundState("fast-slow"),
      { type: "addCombatant", combatant: { id: "ann", side: "players" } },
      { type: "addCombatant", combatant: { id: "orc", side: "gm", defeated: true, speed: "slow" } },
    );
    expect(f.combatants).toEqual([
      {
        id: "ann",
        side: "players",
        seq: 0,
        defeated: false,
        initiative: null,
        tieKeys: [],
        rollOff: [],
        placedByGm: false,
        critical: false,
        actedRound: 0,
        passedRound: 0,
        speed: null,
        actions: null,
        sheet: null,
      },
      {
        id: "orc",
        side: "gm",
        seq: 1,
        defeated: true,
        initiative: null,
        tieKeys: [],
        rollOff: [],
        placedByGm: false,
        critical: false,
        actedRound: 0,
        passedRound: 0,
        speed: "slow",
        actions: null,
        sheet: null,
      },
    ]);
  });

  it("CD-I1 a new initiative check: refused where the family has none, for a non-number, without Dexterity", () => {
    expect(outcome(fs, fsStarted(), { type: "setInitiative", id: "ann", roll: { total: 12 } })).toEqual(
      refusal("notInThisFamily"),
    );
    const s = cdStarted();
    expect(
      outcome(cd, s, {
        type: "setInitiative",
        id: "b",
        roll: { total: Number.POSITIVE_INFINITY, dexterity: 1 },
      }),
    ).toEqual(refusal("invalidRoll"));
    expect(outcome(cd, s, { type: "setInitiative", id: "b", roll: { total: 11 } })).toEqual(
      refusal("dexterityMissing"),
    );
  });

  it("CD-I3 a new initiative check replaces the GM's hand placement and the old roll-offs", () => {
    let s = run(cd, cdStarted(), { type: "reorder", ids: ["b", "c"], gmOverride: true });
    expect(combatant(s, "b")?.placedByGm).toBe(true);
    s = run(cd, s, { type: "setInitiative", id: "b", roll: { total: 7, dexterity: 3 } });
    expect(combatant(s, "b")).toMatchObject({
      initiative: 7,
      tieKeys: [3],
      rollOff: [],
      placedByGm: false,
      critical: false,
    });
  });

  it("CD-I1 the combat starts only once everyone standing has rolled, unless the GM forces it", () => {
    const s = combat(cd, [
      { id: "a", side: "players", initiative: { total: 15, dexterity: 1 } },
      { id: "b", side: "gm" },
      { id: "c", side: "gm" },
      { id: "d", side: "gm", defeated: true },
    ]);
    expect(outcome(cd, s, { type: "startCombat" })).toEqual(refusal("initiativeMissing", { count: "2" }));
    const forced = run(cd, s, { type: "startCombat", gmOverride: true });
    expect([forced.round, forced.current, forced.order]).toEqual([1, "a", ["a", "b", "c", "d"]]);
  });

  it("FS-R4 taking a turn: refused while acting, defeated, after acting, during another's turn", () => {
    let s = run(fs, fsStarted(), { type: "takeTurn", id: "ann" });
    expect(outcome(fs, s, { type: "takeTurn", id: "ann" })).toEqual(refusal("alreadyActing"));
    expect(outcome(fs, s, { type: "takeTurn", id: "bob" })).toEqual(refusal("turnInProgress"));
    s = run(fs, s, { type: "endTurn" });
    expect(outcome(fs, s, { type: "takeTurn", id: "ann" })).toEqual(refusal("alreadyActed"));
    s = run(fs, s, { type: "setDefeated", id: "bob", defeated: true });
    expect(outcome(fs, s, { type: "takeTurn", id: "bob" })).toEqual(refusal("defeated"));
    // CD-I2: in an initiative phase only the GM moves someone out of order; the acting one is already acting.
    const c = cdStarted();
    expect(outcome(cd, c, { type: "takeTurn", id: "b" })).toEqual(refusal("notYourTurn"));
    expect(outcome(cd, c, { type: "takeTurn", id: "a", gmOverride: true })).toEqual(refusal("alreadyActing"));
  });

  it("PR-P1 PR-P10 declaration phases have no turns; strikes come in order only", () => {
    const s = run(pr, combat(pr, [{ id: "mage", side: "players" }]), { type: "startCombat" });
    expect(outcome(pr, s, { type: "takeTurn", id: "mage" })).toEqual(refusal("noTurnsInPhase"));
    expect(outcome(pr, s, { type: "takeTurn", id: "mage", gmOverride: true })).toEqual(
      refusal("noTurnsInPhase"),
    );
    let m = run(
      pr,
      combat(pr, [
        { id: "orc", side: "gm" },
        { id: "knight", side: "players" },
      ]),
      { type: "startCombat" },
    );
    for (let i = 0; i < 8; i++) m = run(pr, m, { type: "advancePhase" });
    m = run(
      pr,
      m,
      { type: "declareMelee", id: "orc", melee: { group: "g", initiative: 17 } },
      { type: "declareMelee", id: "knight", melee: { group: "g", initiative: 14 } },
      { type: "advancePhase" },
    );
    expect(m.current).toBe("orc");
    expect(outcome(pr, m, { type: "takeTurn", id: "knight", gmOverride: true })).toEqual(
      refusal("notYourTurn"),
    );
    // FS-R7: the end-of-round step has no turns either.
    const e = run(
      fs,
      fsStarted(),
      { type: "endRound", gmOverride: true },
      { type: "endRound", gmOverride: true },
    );
    const atEnd = run(
      fs,
      e,
      { type: "advancePhase", gmOverride: true },
      { type: "advancePhase", gmOverride: true },
    );
    expect(atEnd.phase).toBe(2);
    expect(outcome(fs, atEnd, { type: "takeTurn", id: "ann" })).toEqual(refusal("noTurnsInPhase"));
  });

  it("FS-R4 ending a turn: there must be one, and only its holder's", () => {
    let s = fsStarted();
    expect(outcome(fs, s, { type: "endTurn" })).toEqual(refusal("noTurnInProgress"));
    expect(outcome(fs, s, { type: "endTurn", id: "ann" })).toEqual(refusal("noTurnInProgress"));
    s = run(fs, s, { type: "takeTurn", id: "ann" });
    expect(outcome(fs, s, { type: "endTurn", id: "bob" })).toEqual(refusal("notCurrent", { id: "bob" }));
    const ended = run(fs, s, { type: "endTurn", id: "ann" });
    expect(ended.notices).toEqual([
      { kind: "turnEnded", round: 1, phase: "fast", id: "ann", cause: "ended" },
    ]);
  });

  it("FS-R4 passing: only in a claim part, not while acting, not after acting", () => {
    expect(outcome(cd, cdStarted(), { type: "pass", id: "b" })).toEqual(refusal("cannotPass"));
    let s = run(fs, fsStarted(), { type: "takeTurn", id: "ann" });
    expect(outcome(fs, s, { type: "pass", id: "ann" })).toEqual(refusal("alreadyActing"));
    s = run(fs, s, { type: "endTurn" }, { type: "pass", id: "bob" }, { type: "pass", id: "orc" });
    s = run(fs, s, { type: "advancePhase" });
    expect(s.phase).toBe(1);
    expect(outcome(fs, s, { type: "pass", id: "ann" })).toEqual(refusal("alreadyActed"));
  });

  it("FS-MT4 sharing a turn: not the sharer's own turn in progress, not after it acted, only a turn under way or done", () => {
    let s = run(fs, fsStarted(), { type: "takeTurn", id: "ann" });
    expect(outcome(fs, s, { type: "shareTurn", id: "ann", with: "bob" })).toEqual(refusal("alreadyActing"));
    expect(outcome(fs, s, { type: "shareTurn", id: "orc", with: "bob" })).toEqual(
      refusal("notCurrent", { id: "bob" }),
    );
    s = run(fs, s, { type: "endTurn" }, { type: "takeTurn", id: "bob" });
    expect(outcome(fs, s, { type: "shareTurn", id: "ann", with: "bob" })).toEqual(refusal("alreadyActed"));
    // After the partner's turn ended, the turn it took can still be shared.
    s = run(fs, s, { type: "endTurn" }, { type: "shareTurn", id: "orc", with: "ann" });
    expect(combatant(s, "orc")).toMatchObject({ actedRound: 1, speed: "fast" });
  });

  it("FS-R2 a roll-off: one face each, whole numbers from 1, a d6 in fast-slow", () => {
    const s = fsStarted();
    expect(outcome(fs, s, { type: "rollOff", faces: {} })).toEqual(refusal("invalidRoll"));
    for (const face of [0, -2, 2.5, 7, Number.NaN]) {
      expect(outcome(fs, s, { type: "rollOff", faces: { ann: 3, bob: face } }), String(face)).toEqual(
        refusal("invalidRoll"),
      );
    }
    expect(reduce(fs, s, { type: "rollOff", faces: { ann: 1, bob: 6 } }).ok).toBe(true);
    // CD-I3: a tie's roll-off is not a d6.
    const c = run(cd, cdStarted(), { type: "rollOff", faces: { b: 20 } });
    expect(combatant(c, "b")?.rollOff).toEqual([20]);
  });

  it("FS-R2 a roll-off is the disputing players', in a part of the round, among those still to act", () => {
    expect(outcome(fs, fsTrio(), { type: "rollOff", faces: { ann: 3, bob: 4 } })).toEqual(
      refusal("wrongPhase"),
    );
    let s = fsStarted();
    expect(outcome(fs, s, { type: "rollOff", faces: { ann: 3, orc: 4 } })).toEqual(
      refusal("rollOffPlayersOnly"),
    );
    s = run(fs, s, { type: "takeTurn", id: "ann" }, { type: "endTurn" });
    expect(outcome(fs, s, { type: "rollOff", faces: { bob: 3, ann: 4 } })).toEqual(refusal("notEligible"));
    s = run(fs, s, { type: "endRound", gmOverride: true });
    s = run(fs, s, { type: "advancePhase", gmOverride: true }, { type: "advancePhase", gmOverride: true });
    expect(s.phase).toBe(2);
    expect(outcome(fs, s, { type: "rollOff", faces: { ann: 3, bob: 4 } })).toEqual(refusal("wrongPhase"));
  });

  it("OD-I3 the GM's hand ordering: the GM's only, initiative families only, ids of the order, each once", () => {
    const s = cdStarted();
    expect(outcome(cd, s, { type: "reorder", ids: ["b", "c"] })).toEqual(refusal("gmOnly"));
    expect(outcome(fs, fsStarted(), { type: "reorder", ids: ["ann"], gmOverride: true })).toEqual(
      refusal("notInitiativeOrder"),
    );
    for (const ids of [["b", "ghost"], ["b", "b"], []]) {
      expect(outcome(cd, s, { type: "reorder", ids, gmOverride: true }), ids.join()).toEqual(
        refusal("invalidOrder"),
      );
    }
    // A single place, the first one included, is a valid (if idle) order.
    const one = run(cd, s, { type: "reorder", ids: ["a"], gmOverride: true });
    expect([one.order, combatant(one, "a")?.placedByGm]).toEqual([["a", "b", "c"], true]);
    const swapped = run(cd, s, { type: "reorder", ids: ["c", "b"], gmOverride: true });
    expect(swapped.order).toEqual(["a", "c", "b"]);
  });

  it("FS-A5 timed states: a key is needed, and a removal must find something", () => {
    const s = fsStarted();
    expect(
      outcome(fs, s, {
        type: "addTimedState",
        state: { key: "", holder: "ann", expiry: { kind: "manual" } },
      }),
    ).toEqual(refusal("invalidState"));
    expect(outcome(fs, s, { type: "removeTimedState", holder: "ann", key: "defend" })).toEqual(
      refusal("unknownState"),
    );
    // FS-A6: a removal that names data fields matches only states that carry them.
    const plain = run(fs, s, {
      type: "addTimedState",
      state: { key: "focus", holder: "ann", expiry: { kind: "manual" } },
    });
    expect(
      outcome(fs, plain, { type: "removeTimedState", holder: "ann", key: "focus", match: { spell: "x" } }),
    ).toEqual(refusal("unknownState"));
    expect(run(fs, plain, { type: "removeTimedState", holder: "ann", key: "focus" }).timed).toEqual([]);
    const held = run(fs, s, {
      type: "addTimedState",
      state: { key: "defend", holder: "ann", expiry: { kind: "endOfRound", round: 1 } },
    });
    // Only the fields given: no `data` or `triggers` key when none was given.
    expect(held.timed).toStrictEqual([
      {
        key: "defend",
        holder: "ann",
        createdRound: 1,
        expiry: { kind: "endOfRound", round: 1 },
        side: "players",
      },
    ]);
  });
});
