import { describe, expect, it } from "vitest";
import {
  PHASED_ROUND_PHASES,
  phasedRoundStructure,
} from "../../../src/rules/families/phased-round/structure";
import { roundStructureFor } from "../../../src/rules/families/round-structures";
import { reduce } from "../../../src/rules/turns/round-engine";
import type { RoundEvent } from "../../../src/rules/turns/round-event";
import type { RoundState } from "../../../src/rules/turns/round-state";
import { describeRound } from "../../../src/rules/turns/turn-view";
import { combat, expectRefused, phaseId, phasesStarted, playOut, run, runWithNotices } from "./helpers";

const pr = phasedRoundStructure();

function band(): RoundState {
  return run(
    pr,
    combat(pr, [
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
function to(state: RoundState, phase: string): RoundState {
  let s = state;
  for (let i = 0; i < 12 && phaseId(pr, s) !== phase; i++) s = run(pr, s, { type: "advancePhase" });
  expect(phaseId(pr, s)).toBe(phase);
  return s;
}

function entry(state: RoundState, id: string) {
  const found = describeRound(pr, state).entries.find((e) => e.id === id);
  if (!found) throw new Error(`no entry ${id}`);
  return found;
}

const melee = (id: string, group: string, initiative?: number, extraWeapons = 0): RoundEvent => ({
  type: "declareMelee",
  id,
  melee: initiative === undefined ? { group, extraWeapons } : { group, extraWeapons, initiative },
});

describe("phased-round battle round (PR-P1…PR-P11, PR-B3)", () => {
  it("PR-P1 PR-P11 the tracker advances through the eleven phases in order, then the end of round", () => {
    const { state, notices } = runWithNotices(
      pr,
      band(),
      ...Array.from({ length: 11 }, (): RoundEvent => ({ type: "advancePhase" })),
    );
    expect(phasesStarted(notices)).toEqual([...PHASED_ROUND_PHASES.slice(1).map((p) => p.id), "endOfRound"]);
    expect(PHASED_ROUND_PHASES.map((p) => p.id)).toEqual([
      "spellDeclaration",
      "spellResolution",
      "spellOrientation",
      "missileDeclarationA",
      "missileResolutionA",
      "movement",
      "missileFireB",
      "missileResolutionB",
      "melee",
      "meleeResolution",
      "finalOrientation",
    ]);
    const next = run(pr, state, { type: "endRound" });
    expect([next.round, phaseId(pr, next)]).toEqual([2, "spellDeclaration"]);
    const view = describeRound(pr, run(pr, band(), { type: "advancePhase" }));
    expect(view.phases.map((p) => p.status).slice(0, 3)).toEqual(["done", "current", "upcoming"]);
  });

  it("PR-P1 everyone who casts or prepares a spell declares it in the spell phase", () => {
    let s = band();
    expect(describeRound(pr, s).entries.every((e) => e.status === "ready")).toBe(true);
    s = run(pr, s, { type: "declareSpell", id: "mage", spell: "cast" });
    expect(entry(s, "mage").status).toBe("done");
    expect(entry(s, "mage").notes.spell).toBe("cast");
    expectRefused(
      pr,
      to(s, "spellResolution"),
      { type: "declareSpell", id: "orc", spell: "cast" },
      "notThisPhase",
    );
  });

  it("PR-P2 declared spells resolve together; casting caps movement at 25 %, preparing at 10 %", () => {
    let s = run(
      pr,
      band(),
      { type: "declareSpell", id: "mage", spell: "cast" },
      { type: "declareSpell", id: "orc", spell: "prepare" },
    );
    s = to(s, "spellResolution");
    expect(describeRound(pr, s).entries.map((e) => [e.id, e.status])).toEqual([
      ["mage", "ready"],
      ["archer", "out"],
      ["knight", "out"],
      ["orc", "ready"],
      ["goblin", "out"],
    ]);
    s = to(s, "movement");
    const move = (id: string, percent: number): RoundEvent => ({
      type: "declareMovement",
      id,
      movement: { percent },
    });
    expectRefused(pr, s, move("mage", 30), "movementCapped");
    expectRefused(pr, s, move("orc", 11), "movementCapped");
    s = run(pr, s, move("mage", 25), move("orc", 10));
    expect(entry(s, "mage").notes.movement).toBe(25);
  });

  it("PR-P3 orientation rolls: 05 or less disables for the rest of the round, 96 or more is the best outcome", () => {
    let s = to(band(), "spellOrientation");
    s = run(
      pr,
      s,
      { type: "recordOrientation", id: "mage", roll: 5 },
      { type: "recordOrientation", id: "archer", roll: 96 },
      { type: "recordOrientation", id: "knight", roll: 40, failed: true },
      { type: "recordOrientation", id: "orc", roll: 6 },
    );
    expect(s.combatants.map((c) => c.sheet?.spellOrientation)).toEqual([
      { roll: 5, band: "incapacitated", failed: true },
      { roll: 96, band: "best", failed: false },
      { roll: 40, band: "judgement", failed: true },
      { roll: 6, band: "judgement", failed: false },
      null,
    ]);
    expect(entry(s, "mage").notes).toMatchObject({ spellOrientation: "incapacitated", unableToAct: true });
    expectRefused(pr, s, { type: "recordOrientation", id: "goblin", roll: 101 }, "invalidRoll");
    s = to(s, "missileDeclarationA");
    expectRefused(pr, s, { type: "declareMissile", id: "mage", weapon: "single" }, "unableToAct");
    expect(entry(s, "mage")).toMatchObject({ status: "out", reason: "unableToAct" });
    s = to(s, "movement");
    expectRefused(pr, s, { type: "declareMovement", id: "mage", movement: { percent: 5 } }, "unableToAct");
    s = to(s, "missileFireB");
    expect(entry(s, "knight")).toMatchObject({ status: "out", reason: "failedOrientation" });
    s = to(s, "melee");
    expect(entry(s, "knight").reason).toBe("failedOrientation");
    expect(entry(s, "mage").reason).toBe("unableToAct");
    expect(entry(s, "orc").status).toBe("ready");
    // Recorded for the rest of the round only.
    s = run(pr, s, { type: "endRound", gmOverride: true });
    expect(s.combatants.every((c) => c.sheet?.spellOrientation === null)).toBe(true);
    expect(entry(s, "mage").status).toBe("ready");
  });

  it("PR-P3 a table may read 05 or less as always unable (the default): nothing for the GM to rule, no next round", () => {
    const always = roundStructureFor("phased-round", { prOrientationLow: "unable" });
    let s = to(band(), "spellOrientation");
    s = run(always, s, { type: "recordOrientation", id: "archer", roll: 3 });
    expect(s.combatants[1]?.sheet?.spellOrientation).toEqual({
      roll: 3,
      band: "incapacitated",
      failed: true,
    });
    expect(
      reduce(pr, s, { type: "ruleOrientation", id: "archer", unable: false, penalty: 10 }),
    ).toMatchObject({
      ok: false,
      reason: "nothingToRule",
    });
    expectRefused(
      always,
      s,
      { type: "ruleOrientation", id: "archer", unable: false, penalty: 10 },
      "nothingToRule",
    );
    s = run(always, s, { type: "endRound", gmOverride: true });
    expect(s.timed).toEqual([]);
    expect(entry(s, "archer").notes).not.toHaveProperty("compromised");
  });

  it('PR-P3 05 or less *could* leave a character unable to act: under the "gm" reading the GM decides', () => {
    const table = roundStructureFor("phased-round", { prOrientationLow: "gm" });
    let s = to(band(), "spellOrientation");
    s = run(
      table,
      s,
      { type: "recordOrientation", id: "archer", roll: 5 },
      { type: "recordOrientation", id: "knight", roll: 2 },
    );
    // Waiting for the ruling, the low roll counts as leaving them unable.
    expect(s.combatants[1]?.sheet?.spellOrientation).toMatchObject({
      roll: 5,
      band: "incapacitated",
      ruling: "pending",
    });
    expect(describeRound(table, s).entries.find((e) => e.id === "archer")?.notes).toMatchObject({
      orientationPending: true,
      unableToAct: true,
    });
    // A player cannot roll again to escape it.
    expectRefused(table, s, { type: "recordOrientation", id: "archer", roll: 50 }, "alreadyDeclared");
    // The GM rules: the archer may act after all; the knight is unable for the rest of the round.
    s = run(
      table,
      s,
      { type: "ruleOrientation", id: "archer", unable: false, penalty: 0 },
      { type: "ruleOrientation", id: "knight", unable: true, penalty: 0 },
    );
    expect(s.combatants[1]?.sheet?.spellOrientation).toMatchObject({
      band: "incapacitated",
      failed: false,
      ruling: "able",
    });
    expect(s.combatants[2]?.sheet?.spellOrientation).toMatchObject({ failed: true, ruling: "unable" });
    s = to(s, "missileDeclarationA");
    s = run(table, s, { type: "declareMissile", id: "archer", weapon: "single" });
    expectRefused(table, s, { type: "declareMissile", id: "knight", weapon: "single" }, "unableToAct");
    // Ruling on a roll that was not low is refused.
    expectRefused(
      table,
      s,
      { type: "ruleOrientation", id: "orc", unable: true, penalty: 5 },
      "nothingToRule",
    );
  });

  it("PR-P3 a low roll may jeopardise the next round: the GM's penalty is tracked and taken off that round's rolls", () => {
    const table = roundStructureFor("phased-round", { prOrientationLow: "gm" });
    let s = to(band(), "spellOrientation");
    s = run(
      table,
      s,
      { type: "recordOrientation", id: "mage", roll: 4 },
      { type: "ruleOrientation", id: "mage", unable: true, penalty: 20 },
    );
    const notesOf = (st: RoundState, id: string) =>
      describeRound(table, st).entries.find((e) => e.id === id)?.notes ?? {};
    // This round: shown as ahead; not yet applied.
    expect(notesOf(s, "mage")).toMatchObject({ compromisedNext: 20, unableToAct: true });
    expect(notesOf(s, "mage")).not.toHaveProperty("compromised");
    expect(s.timed.map((t) => [t.key, t.holder])).toEqual([["compromised", "mage"]]);
    // Into the next round: the penalty applies now, and the unable-to-act does not carry over.
    s = run(table, s, { type: "endRound", gmOverride: true });
    expect(s.round).toBe(2);
    expect(notesOf(s, "mage")).toMatchObject({ compromised: 20 });
    expect(notesOf(s, "mage")).not.toHaveProperty("unableToAct");
    s = to(s, "spellOrientation");
    // A 24 is a judgement roll for anyone else, a low one for the compromised mage (24 − 20 = 4).
    s = run(
      table,
      s,
      { type: "recordOrientation", id: "mage", roll: 24 },
      { type: "recordOrientation", id: "knight", roll: 24 },
    );
    expect(s.combatants[0]?.sheet?.spellOrientation).toMatchObject({
      roll: 24,
      penalty: 20,
      band: "incapacitated",
      ruling: "pending",
    });
    expect(s.combatants[2]?.sheet?.spellOrientation).toMatchObject({ roll: 24, band: "judgement" });
    // The GM rules again, with no new penalty: the compromise ends with this round.
    s = run(table, s, { type: "ruleOrientation", id: "mage", unable: false, penalty: 0 });
    s = run(table, s, { type: "endRound", gmOverride: true });
    expect(s.timed).toEqual([]);
    expect(notesOf(s, "mage")).not.toHaveProperty("compromised");
    // Penalties are whole numbers 0–100.
    expectRefused(
      table,
      s,
      { type: "ruleOrientation", id: "mage", unable: true, penalty: -1 },
      "invalidValue",
    );
  });

  it("PR-P4 casters cannot make missile attacks; the GM may override", () => {
    let s = run(pr, band(), { type: "declareSpell", id: "mage", spell: "prepare" });
    s = to(s, "missileDeclarationA");
    expectRefused(pr, s, { type: "declareMissile", id: "mage", weapon: "single" }, "casterCannotShoot");
    expect(entry(s, "mage").reason).toBe("casterCannotShoot");
    s = run(pr, s, { type: "declareMissile", id: "mage", weapon: "single", gmOverride: true });
    expect(s.combatants[0]?.sheet?.missileA).toBe("single");
  });

  it("PR-P5 (A) shooters resolve together and keep 50 % of their activity, melee at half OB", () => {
    let s = to(band(), "missileDeclarationA");
    s = run(
      pr,
      s,
      { type: "declareMissile", id: "archer", weapon: "single" },
      { type: "declareMissile", id: "orc", weapon: "selfReloading" },
    );
    s = to(s, "missileResolutionA");
    expect(
      describeRound(pr, s)
        .entries.filter((e) => e.status === "ready")
        .map((e) => e.id),
    ).toEqual(["archer", "orc"]);
    s = to(s, "movement");
    expectRefused(
      pr,
      s,
      { type: "declareMovement", id: "archer", movement: { percent: 60 } },
      "notEnoughActivity",
    );
    s = to(s, "melee");
    s = run(pr, s, melee("orc", "g1", 12));
    expect(entry(s, "orc").notes.halfOb).toBe(true);
  });

  it("PR-P6 everyone may move; drawing a weapon costs 20 %, changing weapons 50 %", () => {
    let s = to(band(), "missileDeclarationA");
    s = run(pr, s, { type: "declareMissile", id: "archer", weapon: "single" });
    s = to(s, "movement");
    expect(describeRound(pr, s).entries.every((e) => e.status === "ready")).toBe(true);
    const move = (id: string, percent: number, extra: { draw?: boolean; change?: boolean }): RoundEvent => ({
      type: "declareMovement",
      id,
      movement: { percent, ...extra },
    });
    expectRefused(pr, s, move("archer", 40, { draw: true }), "notEnoughActivity");
    s = run(pr, s, move("archer", 30, { draw: true }));
    expectRefused(pr, s, move("knight", 60, { change: true }), "notEnoughActivity");
    s = run(pr, s, move("knight", 50, { change: true }));
    // Declaring again in the same phase replaces the declaration.
    s = run(pr, s, move("knight", 10, {}));
    expect(s.combatants.find((c) => c.id === "knight")?.sheet?.movement).toEqual({
      percent: 10,
      manoeuvre: "none",
      draw: false,
      change: false,
    });
  });

  it('PR-P6 the weapon costs are "normally" 20 % and 50 %: the table\'s own, recorded with the fight', () => {
    const table = roundStructureFor("phased-round", { prDrawCost: 10, prChangeCost: 80 });
    let s = to(band(), "movement");
    const move = (id: string, percent: number, extra: { draw?: boolean; change?: boolean }): RoundEvent => ({
      type: "declareMovement",
      id,
      movement: { percent, ...extra },
    });
    // Drawing costs 10 % here: 90 % of movement still fits (the seed's 20 % would refuse it).
    expectRefused(pr, s, move("archer", 90, { draw: true }), "notEnoughActivity");
    s = run(table, s, move("archer", 90, { draw: true }));
    // Changing weapons costs 80 %: 30 % of movement no longer fits (the seed's 50 % would allow it).
    expect(reduce(pr, s, move("knight", 30, { change: true })).ok).toBe(true);
    expectRefused(table, s, move("knight", 30, { change: true }), "notEnoughActivity");
    s = run(table, s, move("knight", 20, { change: true }));
    expect(roundStructureFor("phased-round").phases).toEqual(table.phases);
  });

  it("PR-P7 (B) fire is barred after a spell, (A) fire then movement, moving over 50 %, a failed orientation", () => {
    let s = run(pr, band(), { type: "declareSpell", id: "mage", spell: "cast" });
    s = to(s, "spellOrientation");
    s = run(pr, s, { type: "recordOrientation", id: "goblin", roll: 30, failed: true });
    s = to(s, "missileDeclarationA");
    s = run(
      pr,
      s,
      { type: "declareMissile", id: "archer", weapon: "single" },
      { type: "declareMissile", id: "orc", weapon: "selfReloading" },
    );
    s = to(s, "movement");
    s = run(
      pr,
      s,
      { type: "declareMovement", id: "archer", movement: { percent: 10 } },
      { type: "declareMovement", id: "knight", movement: { percent: 60 } },
    );
    s = to(s, "missileFireB");
    expect(describeRound(pr, s).entries.map((e) => [e.id, e.status, e.reason])).toEqual([
      ["mage", "out", "casterCannotShoot"],
      ["archer", "out", "shotThenMoved"],
      ["knight", "out", "movedTooFar"],
      ["orc", "ready", null],
      ["goblin", "out", "failedOrientation"],
    ]);
    expectRefused(pr, s, { type: "declareMissile", id: "knight", weapon: "single" }, "movedTooFar");
  });

  it("PR-P4 PR-P7 only a self-reloading weapon, or a thrown weapon in each hand, fires in both (A) and (B)", () => {
    let s = to(band(), "missileDeclarationA");
    s = run(
      pr,
      s,
      { type: "declareMissile", id: "archer", weapon: "single" },
      { type: "declareMissile", id: "orc", weapon: "selfReloading" },
      { type: "declareMissile", id: "goblin", weapon: "thrownPair" },
    );
    s = to(s, "missileFireB");
    expectRefused(pr, s, { type: "declareMissile", id: "archer", weapon: "single" }, "alreadyFired");
    expectRefused(pr, s, { type: "declareMissile", id: "orc", weapon: "single" }, "alreadyFired");
    s = run(
      pr,
      s,
      { type: "declareMissile", id: "orc", weapon: "selfReloading" },
      { type: "declareMissile", id: "goblin", weapon: "thrownPair" },
    );
    s = to(s, "missileResolutionB");
    expect(
      describeRound(pr, s)
        .entries.filter((e) => e.status === "ready")
        .map((e) => e.id),
    ).toEqual(["orc", "goblin"]);
  });

  it("PR-P9 melee is barred for casters, (A) then move, move then (B), both (A) and (B), moving over 50 %, failures", () => {
    let s = run(pr, band(), { type: "declareSpell", id: "mage", spell: "prepare" });
    s = run(pr, s, { type: "addCombatant", combatant: { id: "scout", side: "players" } });
    s = run(pr, s, { type: "addCombatant", combatant: { id: "troll", side: "gm" } });
    s = run(pr, s, { type: "addCombatant", combatant: { id: "wolf", side: "gm" } });
    s = to(s, "missileDeclarationA");
    s = run(
      pr,
      s,
      { type: "declareMissile", id: "archer", weapon: "single" },
      { type: "declareMissile", id: "orc", weapon: "selfReloading" },
    );
    s = to(s, "movement");
    s = run(
      pr,
      s,
      { type: "declareMovement", id: "archer", movement: { percent: 5 } },
      { type: "declareMovement", id: "knight", movement: { percent: 55 } },
      { type: "declareMovement", id: "goblin", movement: { percent: 20 } },
      { type: "declareMovement", id: "scout", movement: { percent: 20, manoeuvre: "failed" } },
      { type: "declareMovement", id: "wolf", movement: { percent: 40, manoeuvre: "succeeded" } },
    );
    s = to(s, "missileFireB");
    s = run(
      pr,
      s,
      { type: "declareMissile", id: "orc", weapon: "selfReloading" },
      { type: "declareMissile", id: "goblin", weapon: "single" },
    );
    s = to(s, "melee");
    expect(describeRound(pr, s).entries.map((e) => [e.id, e.reason])).toEqual([
      ["mage", "casterCannotMelee"],
      ["archer", "shotThenMoved"],
      ["knight", "movedTooFar"],
      ["orc", "firedTwice"],
      ["goblin", "movedThenShot"],
      ["scout", "failedManoeuvre"],
      ["troll", null],
      ["wolf", null],
    ]);
    expectRefused(pr, s, melee("knight", "g1", 10), "movedTooFar");
    s = run(pr, s, melee("troll", "g1", 10), { ...melee("knight", "g1", 4), gmOverride: true } as RoundEvent);
    expect([entry(s, "troll").status, entry(s, "knight").status]).toEqual(["done", "done"]);
  });

  it("PR-P10 within each melee group strikers go by initiative, then again with extra weapons", () => {
    let s = to(band(), "melee");
    s = run(
      pr,
      s,
      melee("knight", "gate", 14, 1),
      melee("orc", "gate", 17),
      melee("archer", "gate", 9, 1),
      melee("goblin", "bridge", 20),
      melee("mage", "bridge", 3),
    );
    s = to(s, "meleeResolution");
    expect(s.queue.map((q) => `${q.group}:${q.id}:${q.pass}`)).toEqual([
      "bridge:goblin:1",
      "bridge:mage:1",
      "gate:orc:1",
      "gate:knight:1",
      "gate:archer:1",
      "gate:knight:2",
      "gate:archer:2",
    ]);
    const { state, acted } = playOut(pr, s);
    expect(acted).toEqual(["goblin", "mage", "orc", "knight", "archer", "knight", "archer"]);
    expect(describeRound(pr, state).complete).toBe(true);
  });

  it("PR-P10 a striker struck down before its strike is skipped; the next strikes at once", () => {
    let s = to(band(), "melee");
    s = run(pr, s, melee("orc", "g", 17), melee("knight", "g", 14, 1), melee("archer", "g", 9));
    s = to(s, "meleeResolution");
    expect(s.current).toBe("orc");
    s = run(pr, s, { type: "setDefeated", id: "knight", defeated: true }, { type: "endTurn" });
    expect(s.current).toBe("archer");
    expect(playOut(pr, s).acted).toEqual(["archer"]);
  });

  it("PR-P10 a striker who leaves the fight leaves the queue; the strikes go on in order", () => {
    let s = to(band(), "melee");
    s = run(pr, s, melee("orc", "g", 17, 1), melee("knight", "g", 14, 1), melee("archer", "g", 9));
    s = to(s, "meleeResolution");
    s = run(pr, s, { type: "endTurn" }, { type: "removeCombatant", id: "knight" });
    expect(s.queue.map((q) => `${q.id}:${q.pass}`)).toEqual(["orc:1", "archer:1", "orc:2"]);
    expect(s.current).toBe("archer");
    expect(playOut(pr, s).acted).toEqual(["archer", "orc"]);
    // The archer leaves while striking: the next strike starts.
    s = run(pr, s, { type: "removeCombatant", id: "archer" });
    expect([s.current, s.queue.length]).toEqual(["orc", 2]);
  });

  it("PR-P10 every striker needs its initiative before melee resolution; ties are rolled off", () => {
    let s = to(band(), "melee");
    s = run(pr, s, melee("orc", "g", 12), melee("knight", "g"), melee("archer", "g", 12));
    expectRefused(pr, s, { type: "advancePhase" }, "initiativeMissing");
    s = run(pr, s, { type: "setInitiative", id: "knight", roll: { total: 5 } });
    expect(describeRound(pr, s).ties).toEqual([{ ids: ["archer", "orc"], method: "rollOff" }]);
    s = run(pr, s, { type: "rollOff", faces: { orc: 2, archer: 9 } }, { type: "advancePhase" });
    expect(playOut(pr, s).acted).toEqual(["archer", "orc", "knight"]);
  });

  it("PR-P10 a new initiative mid-phase re-orders the strikes still to come", () => {
    let s = to(band(), "melee");
    s = run(pr, s, melee("orc", "g", 17), melee("knight", "g", 14), melee("archer", "g", 9));
    s = to(s, "meleeResolution");
    s = run(pr, s, { type: "setInitiative", id: "archer", roll: { total: 15 } });
    expect(playOut(pr, s).acted).toEqual(["orc", "archer", "knight"]);
  });

  it("PR-P10 strikes come in order: nobody may strike out of turn", () => {
    let s = to(band(), "melee");
    s = run(pr, s, melee("orc", "g", 17), melee("knight", "g", 14));
    s = to(s, "meleeResolution");
    expectRefused(pr, s, { type: "takeTurn", id: "knight" }, "notYourTurn");
    expectRefused(pr, s, { type: "advancePhase" }, "phaseNotFinished");
    expect(
      describeRound(pr, s)
        .entries.slice(0, 2)
        .map((e) => [e.id, e.status]),
    ).toEqual([
      ["orc", "acting"],
      ["knight", "waiting"],
    ]);
  });

  it("PR-P11 final orientation rolls are recorded for the rest of the round", () => {
    let s = to(band(), "finalOrientation");
    s = run(
      pr,
      s,
      { type: "recordOrientation", id: "knight", roll: 99 },
      { type: "recordOrientation", id: "orc", roll: 3 },
    );
    expect(entry(s, "knight").notes.finalOrientation).toBe("best");
    expect(entry(s, "orc").notes).toMatchObject({
      finalOrientation: "incapacitated",
      orientationFailed: true,
    });
    expect(entry(s, "knight").status).toBe("done");
    expectRefused(
      pr,
      to(s, "endOfRound"),
      { type: "recordOrientation", id: "mage", roll: 50 },
      "notThisPhase",
    );
  });

  it("PR-B3 the melee initiative arrives as a total and lasts one round", () => {
    let s = to(band(), "melee");
    s = run(pr, s, melee("orc", "g", 13));
    expect(s.combatants.find((c) => c.id === "orc")?.initiative).toBe(13);
    s = run(pr, s, { type: "endRound", gmOverride: true });
    expect(s.combatants.find((c) => c.id === "orc")?.initiative).toBeNull();
    expect(s.combatants.find((c) => c.id === "orc")?.sheet?.melee).toBeNull();
  });

  it("PR-P7 the GM's 'unable to act' bars fire and melee until the GM lifts it", () => {
    let s = run(pr, band(), { type: "setUnableToAct", id: "orc", unable: true });
    s = to(s, "missileFireB");
    expect(entry(s, "orc").reason).toBe("unableToAct");
    s = run(pr, s, { type: "endRound", gmOverride: true });
    expect(entry(s, "orc").reason).toBe("unableToAct");
    s = run(pr, s, { type: "setUnableToAct", id: "orc", unable: false });
    expect(entry(s, "orc").status).toBe("ready");
    expect(reduce(pr, s, { type: "chooseSpeed", id: "orc", speed: "fast" })).toMatchObject({
      ok: false,
      reason: "notInThisFamily",
    });
  });
});
