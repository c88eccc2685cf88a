import { describe, expect, it } from "vitest";
import { phasedRoundStructure } from "../../../src/rules/families/phased-round/structure";
import { RoundDraft } from "../../../src/rules/turns/round-draft";
import { reduce } from "../../../src/rules/turns/round-engine";
import type { RoundEvent } from "../../../src/rules/turns/round-event";
import type { RoundState, TurnCombatant } from "../../../src/rules/turns/round-state";
import type { RoundStructure } from "../../../src/rules/turns/round-structure";
import { describeRound } from "../../../src/rules/turns/turn-view";
import { combat, phaseId, run } from "./helpers";

const pr = phasedRoundStructure();

function band(structure: RoundStructure = pr): RoundState {
  return run(
    structure,
    combat(structure, [
      { id: "mage", side: "players" },
      { id: "archer", side: "players" },
      { id: "knight", side: "players" },
      { id: "orc", side: "gm" },
      { id: "goblin", side: "gm" },
    ]),
    { type: "startCombat" },
  );
}

/** Advances (without override) until `phase` is the current one. */
function to(state: RoundState, phase: string, structure: RoundStructure = pr): RoundState {
  let s = state;
  for (let i = 0; i < 12 && phaseId(structure, s) !== phase; i++)
    s = run(structure, s, { type: "advancePhase" });
  expect(phaseId(structure, s)).toBe(phase);
  return s;
}

function statuses(state: RoundState, structure: RoundStructure = pr) {
  return describeRound(structure, state).entries.map((e) => [e.id, e.status, e.reason]);
}

function notesOf(state: RoundState, structure: RoundStructure = pr) {
  return Object.fromEntries(describeRound(structure, state).entries.map((e) => [e.id, e.notes]));
}

function combatant(state: RoundState, id: string): TurnCombatant {
  const found = state.combatants.find((c) => c.id === id);
  if (!found) throw new Error(`no ${id}`);
  return found;
}

const melee = (id: string, group: string, initiative?: number, extraWeapons = 0): RoundEvent => ({
  type: "declareMelee",
  id,
  melee: initiative === undefined ? { group, extraWeapons } : { group, extraWeapons, initiative },
});

const nextRound: RoundEvent = { type: "endRound", gmOverride: true };

const FRESH_SHEET = {
  spell: null,
  missileA: null,
  missileB: null,
  movement: null,
  melee: null,
  spellOrientation: null,
  finalOrientation: null,
  unableToAct: false,
};

describe("phased-round tracker: who may still act in each phase (PR-P1…PR-P11)", () => {
  it("PR-P3 PR-P11 everyone rolls orientation, even one unable to act; who has rolled is done", () => {
    let s = run(pr, band(), { type: "setUnableToAct", id: "orc", unable: true });
    s = to(s, "spellOrientation");
    expect(statuses(s)).toEqual([
      ["mage", "ready", null],
      ["archer", "ready", null],
      ["knight", "ready", null],
      ["orc", "ready", null],
      ["goblin", "ready", null],
    ]);
    s = run(
      pr,
      s,
      { type: "recordOrientation", id: "orc", roll: 50 },
      { type: "recordOrientation", id: "knight", roll: 3 },
    );
    expect(statuses(s)).toEqual([
      ["mage", "ready", null],
      ["archer", "ready", null],
      ["knight", "done", null],
      ["orc", "done", null],
      ["goblin", "ready", null],
    ]);
    s = to(s, "finalOrientation");
    // The knight's 03 left it unable to act for the rest of the round; it still rolls its final orientation.
    expect(statuses(s)).toEqual([
      ["mage", "ready", null],
      ["archer", "ready", null],
      ["knight", "ready", null],
      ["orc", "ready", null],
      ["goblin", "ready", null],
    ]);
    s = run(pr, s, { type: "recordOrientation", id: "orc", roll: 70 });
    expect(statuses(s).map(([id, status]) => [id, status])).toEqual([
      ["mage", "ready"],
      ["archer", "ready"],
      ["knight", "ready"],
      ["orc", "done"],
      ["goblin", "ready"],
    ]);
  });

  it("PR-P4 PR-P6 PR-P7 who has declared in a declaration phase is done; the others may still declare", () => {
    let s = to(band(), "missileDeclarationA");
    s = run(pr, s, { type: "declareMissile", id: "archer", weapon: "single" });
    expect(statuses(s)).toEqual([
      ["mage", "ready", null],
      ["archer", "done", null],
      ["knight", "ready", null],
      ["orc", "ready", null],
      ["goblin", "ready", null],
    ]);
    s = to(s, "movement");
    s = run(pr, s, { type: "declareMovement", id: "knight", movement: { percent: 20 } });
    expect(statuses(s)).toEqual([
      ["mage", "ready", null],
      ["archer", "ready", null],
      ["knight", "done", null],
      ["orc", "ready", null],
      ["goblin", "ready", null],
    ]);
    s = to(s, "missileFireB");
    s = run(pr, s, { type: "declareMissile", id: "orc", weapon: "single" });
    expect(statuses(s)).toEqual([
      ["mage", "ready", null],
      ["archer", "out", "alreadyFired"],
      ["knight", "ready", null],
      ["orc", "done", null],
      ["goblin", "ready", null],
    ]);
  });

  it("PR-P4 PR-P7 a self-reloading weapon or the second of a thrown pair is still ready to fire in (B)", () => {
    let s = to(band(), "missileDeclarationA");
    s = run(
      pr,
      s,
      { type: "declareMissile", id: "archer", weapon: "single" },
      { type: "declareMissile", id: "orc", weapon: "selfReloading" },
      { type: "declareMissile", id: "goblin", weapon: "thrownPair" },
    );
    s = to(s, "missileFireB");
    expect(statuses(s)).toEqual([
      ["mage", "ready", null],
      ["archer", "out", "alreadyFired"],
      ["knight", "ready", null],
      ["orc", "ready", null],
      ["goblin", "ready", null],
    ]);
  });

  it("PR-P1 nobody declares at the end of the round", () => {
    let s = run(pr, band(), { type: "declareSpell", id: "mage", spell: "cast" });
    s = to(s, "endOfRound");
    const end = pr.phases[pr.phases.length - 1];
    expect(end?.id).toBe("endOfRound");
    const d = new RoundDraft(pr, s);
    expect(pr.declared?.(d, combatant(s, "mage"), end as NonNullable<typeof end>)).toBe(false);
  });
});

describe("phased-round tracker notes (PR-P1…PR-P11)", () => {
  it("PR-P1 PR-P4 PR-P5 PR-P6 PR-P7 PR-P9 each combatant's notes list what it declared, nothing else", () => {
    let s = run(pr, band(), { type: "declareSpell", id: "mage", spell: "prepare" });
    s = to(s, "spellOrientation");
    s = run(
      pr,
      s,
      { type: "recordOrientation", id: "knight", roll: 50 },
      { type: "recordOrientation", id: "goblin", roll: 40, failed: true },
    );
    s = to(s, "missileDeclarationA");
    s = run(pr, s, { type: "declareMissile", id: "archer", weapon: "single" });
    s = to(s, "movement");
    s = run(
      pr,
      s,
      {
        type: "declareMovement",
        id: "knight",
        movement: { percent: 40, manoeuvre: "succeeded", draw: true },
      },
      { type: "declareMovement", id: "goblin", movement: { percent: 0 } },
    );
    s = to(s, "missileFireB");
    s = run(pr, s, { type: "declareMissile", id: "orc", weapon: "single" });
    s = to(s, "melee");
    s = run(pr, s, melee("archer", "g", 9, 1), melee("knight", "g", 12));
    expect(notesOf(s)).toEqual({
      mage: { spell: "prepare" },
      archer: { missileA: "single", meleeGroup: "g", strikes: 2, halfOb: true },
      knight: {
        spellOrientation: "judgement",
        movement: 40,
        manoeuvre: "succeeded",
        meleeGroup: "g",
        strikes: 1,
      },
      orc: { missileB: "single" },
      goblin: { spellOrientation: "judgement", orientationFailed: true, movement: 0 },
    });
  });

  it("PR-P6 a failed manoeuvre is noted", () => {
    let s = to(band(), "movement");
    s = run(pr, s, {
      type: "declareMovement",
      id: "orc",
      movement: { percent: 10, manoeuvre: "failed" },
    });
    expect(notesOf(s).orc).toEqual({ movement: 10, manoeuvre: "failed" });
  });

  it("PR-P11 under the GM's reading a low final orientation roll is noted as awaiting the ruling", () => {
    const table = phasedRoundStructure({ orientationLow: "gm" });
    let s = to(band(table), "finalOrientation", table);
    s = run(
      table,
      s,
      { type: "recordOrientation", id: "orc", roll: 4 },
      { type: "recordOrientation", id: "goblin", roll: 60 },
    );
    expect(notesOf(s, table)).toEqual({
      mage: {},
      archer: {},
      knight: {},
      orc: {
        finalOrientation: "incapacitated",
        orientationFailed: true,
        unableToAct: true,
        orientationPending: true,
      },
      goblin: { finalOrientation: "judgement" },
    });
    s = run(table, s, { type: "ruleOrientation", id: "orc", unable: false, penalty: 15 });
    expect(notesOf(s, table).orc).toEqual({ finalOrientation: "incapacitated", compromisedNext: 15 });
  });

  it("PR-P10 only the striker now striking is noted with its pass (1, then 2 with an extra weapon)", () => {
    let s = to(band(), "melee");
    s = run(pr, s, melee("knight", "g", 12), melee("archer", "g", 9, 1));
    s = to(s, "meleeResolution");
    const passes = (st: RoundState) =>
      Object.fromEntries(
        Object.entries(notesOf(st)).flatMap(([id, n]) => ("pass" in n ? [[id, n.pass]] : [])),
      );
    expect([s.current, passes(s)]).toEqual(["knight", { knight: 1 }]);
    s = run(pr, s, { type: "endTurn" });
    expect([s.current, passes(s)]).toEqual(["archer", { archer: 1 }]);
    s = run(pr, s, { type: "endTurn" });
    expect([s.current, passes(s)]).toEqual(["archer", { archer: 2 }]);
    s = run(pr, s, { type: "endTurn" });
    expect([s.current, passes(s)]).toEqual([null, {}]);
  });
});

describe("phased-round: one round only (PR-B3, PR-P3)", () => {
  it("PR-B3 PR-P7 PR-P9 PR-P11 whatever was declared or rolled, even only a (B) shot, a melee or a final orientation, ends with the round", () => {
    let s = to(band(), "missileFireB");
    s = run(pr, s, { type: "declareMissile", id: "orc", weapon: "single" });
    s = to(s, "melee");
    s = run(pr, s, melee("goblin", "g"), melee("knight", "g", 5));
    s = run(pr, s, { type: "advancePhase", gmOverride: true });
    while (s.current !== null) s = run(pr, s, { type: "endTurn" });
    s = to(s, "finalOrientation");
    s = run(pr, s, { type: "recordOrientation", id: "archer", roll: 50 });
    expect([
      combatant(s, "orc").sheet?.missileB,
      combatant(s, "goblin").sheet?.melee,
      combatant(s, "archer").sheet?.finalOrientation,
    ]).toEqual(["single", { group: "g", extraWeapons: 0 }, { roll: 50, band: "judgement", failed: false }]);
    s = run(pr, s, nextRound);
    expect(s.round).toBe(2);
    expect(s.combatants.map((c) => c.sheet)).toEqual(Array.from({ length: 5 }, () => FRESH_SHEET));
    expect(s.combatants.map((c) => c.initiative)).toEqual([null, null, null, null, null]);
  });

  it("PR-B3 a melee initiative set without a declaration, and its roll-off, last one round too", () => {
    let s = run(
      pr,
      band(),
      { type: "setInitiative", id: "orc", roll: { total: 8 } },
      { type: "rollOff", faces: { goblin: 4 } },
    );
    // PR-B3: the melee initiative is a total; this family has no critical initiative.
    expect(combatant(s, "orc")).toMatchObject({ initiative: 8, tieKeys: [], critical: false, rollOff: [] });
    expect(combatant(s, "goblin")).toMatchObject({ initiative: null, rollOff: [4] });
    s = run(pr, s, nextRound);
    expect(combatant(s, "orc")).toMatchObject({
      initiative: null,
      tieKeys: [],
      rollOff: [],
      placedByGm: false,
    });
    expect(combatant(s, "goblin")).toMatchObject({
      initiative: null,
      tieKeys: [],
      rollOff: [],
      placedByGm: false,
    });
  });

  it("PR-P7 PR-P9 the GM's 'unable to act' outlasts the round; the declarations made over it do not", () => {
    let s = run(
      pr,
      band(),
      { type: "setUnableToAct", id: "orc", unable: true },
      { type: "declareSpell", id: "orc", spell: "cast", gmOverride: true },
    );
    expect(combatant(s, "orc").sheet).toEqual({ ...FRESH_SHEET, spell: "cast", unableToAct: true });
    s = run(pr, s, nextRound);
    expect(combatant(s, "orc").sheet).toEqual({ ...FRESH_SHEET, unableToAct: true });
    expect(reduce(pr, s, { type: "declareSpell", id: "orc", spell: "cast" })).toEqual({
      ok: false,
      reason: "unableToAct",
    });
  });
});

describe("phased-round melee resolution needs every striker's initiative (PR-P10, PR-B3)", () => {
  it("PR-P10 the refusal counts the standing strikers without one; the GM may go on, and later phases do not ask again", () => {
    let s = to(band(), "melee");
    s = run(pr, s, melee("orc", "g"), melee("goblin", "g"), melee("knight", "g"), melee("archer", "g", 6), {
      type: "setDefeated",
      id: "knight",
      defeated: true,
    });
    expect(reduce(pr, s, { type: "advancePhase" })).toEqual({
      ok: false,
      reason: "initiativeMissing",
      data: { count: "2" },
    });
    s = run(pr, s, { type: "advancePhase", gmOverride: true });
    expect(phaseId(pr, s)).toBe("meleeResolution");
    while (s.current !== null) s = run(pr, s, { type: "endTurn" });
    s = run(pr, s, { type: "advancePhase" });
    expect(phaseId(pr, s)).toBe("finalOrientation");
  });
});
