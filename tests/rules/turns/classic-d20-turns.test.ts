import { describe, expect, it } from "vitest";
import { classicD20Structure } from "../../../src/rules/families/classic-d20/structure";
import type { RoundState } from "../../../src/rules/turns/round-state";
import { describeRound } from "../../../src/rules/turns/turn-view";
import { combat, expectRefused, playOut, run, turnsStarted } from "./helpers";

const cd = classicD20Structure();

/** Initiative totals (d20 + Dexterity modifier, rolled by the Foundry layer) and the modifiers. */
function fighters(): RoundState {
  return combat(cd, [
    { id: "ann", side: "players", initiative: { total: 12, dexterity: 1 } },
    { id: "bob", side: "players", initiative: { total: 18, dexterity: 2 } },
    { id: "orc", side: "gm", initiative: { total: 7, dexterity: 0 } },
    { id: "elf", side: "gm", initiative: { total: 15, dexterity: 4 } },
  ]);
}

function roundOrder(state: RoundState): { state: RoundState; acted: string[] } {
  const played = playOut(cd, state);
  return {
    state: run(cd, played.state, { type: "advancePhase" }, { type: "endRound" }),
    acted: played.acted,
  };
}

describe("classic-d20 turn order (CD-I1…CD-I3)", () => {
  it("CD-I1 every combatant has an initiative check (d20 + Dexterity) before the combat starts", () => {
    const s = combat(cd, [
      { id: "ann", side: "players", initiative: { total: 12, dexterity: 1 } },
      { id: "orc", side: "gm" },
    ]);
    expectRefused(cd, s, { type: "startCombat" }, "initiativeMissing");
    expectRefused(cd, s, { type: "setInitiative", id: "orc", roll: { total: 9 } }, "dexterityMissing");
    const rolled = run(cd, s, { type: "setInitiative", id: "orc", roll: { total: 9, dexterity: 0 } });
    expect(run(cd, rolled, { type: "startCombat" }).round).toBe(1);
  });

  it("CD-I2 turns run from the highest initiative to the lowest", () => {
    const s = run(cd, fighters(), { type: "startCombat" });
    expect(s.current).toBe("bob");
    expect(playOut(cd, s).acted).toEqual(["bob", "elf", "ann", "orc"]);
  });

  it("CD-I2 every round, in the same order", () => {
    let s = run(cd, fighters(), { type: "startCombat" });
    const first = roundOrder(s);
    s = first.state;
    expect(s.round).toBe(2);
    expect(roundOrder(s).acted).toEqual(first.acted);
  });

  it("CD-I3 ties go to the higher Dexterity modifier", () => {
    const s = combat(cd, [
      { id: "slow", side: "players", initiative: { total: 14, dexterity: 1 } },
      { id: "quick", side: "gm", initiative: { total: 14, dexterity: 3 } },
    ]);
    expect(playOut(cd, run(cd, s, { type: "startCombat" })).acted).toEqual(["quick", "slow"]);
  });

  it("CD-I3 then to a roll-off", () => {
    let s = combat(cd, [
      { id: "ann", side: "players", initiative: { total: 14, dexterity: 2 } },
      { id: "orc", side: "gm", initiative: { total: 14, dexterity: 2 } },
    ]);
    expect(describeRound(cd, s).ties).toEqual([{ ids: ["ann", "orc"], method: "rollOff" }]);
    s = run(cd, s, { type: "rollOff", faces: { ann: 3, orc: 17 } });
    expect(describeRound(cd, s).ties).toEqual([]);
    expect(playOut(cd, run(cd, s, { type: "startCombat" })).acted).toEqual(["orc", "ann"]);
  });

  it("CD-I3 a roll-off after the start puts the winner first, before anyone has acted", () => {
    let s = combat(cd, [
      { id: "ann", side: "players", initiative: { total: 14, dexterity: 2 } },
      { id: "orc", side: "gm", initiative: { total: 14, dexterity: 2 } },
      { id: "cat", side: "gm", initiative: { total: 3, dexterity: 2 } },
    ]);
    s = run(cd, s, { type: "startCombat" });
    expect(s.current).toBe("ann");
    s = run(cd, s, { type: "rollOff", faces: { ann: 2, orc: 11 } });
    expect(s.current).toBe("orc");
    expect(s.order).toEqual(["orc", "ann", "cat"]);
    expect(playOut(cd, s).acted).toEqual(["orc", "ann", "cat"]);
  });

  it("CD-I3 the order stays fixed for the whole combat", () => {
    let s = run(cd, fighters(), { type: "startCombat" });
    const order = [...s.order];
    for (let round = 0; round < 3; round++) s = roundOrder(s).state;
    expect(s.order).toEqual(order);
    expect(s.round).toBe(4);
  });

  it("CD-I3 the world setting may settle ties by roll-off alone", () => {
    const rolloff = classicD20Structure({ ties: "rolloff" });
    const s = combat(rolloff, [
      { id: "slow", side: "players", initiative: { total: 14, dexterity: 1 } },
      { id: "quick", side: "gm", initiative: { total: 14, dexterity: 3 } },
      { id: "nodex", side: "gm", initiative: { total: 2 } },
    ]);
    expect(describeRound(rolloff, s).ties).toEqual([{ ids: ["slow", "quick"], method: "rollOff" }]);
  });

  it("CD-I2 a combatant joining after its count has passed acts from the next round", () => {
    let s = run(cd, fighters(), { type: "startCombat" }, { type: "endTurn" }); // bob done, elf acting
    s = run(cd, s, {
      type: "addCombatant",
      combatant: { id: "fast", side: "gm", initiative: { total: 20, dexterity: 1 } },
    });
    s = run(cd, s, {
      type: "addCombatant",
      combatant: { id: "late", side: "gm", initiative: { total: 10, dexterity: 1 } },
    });
    expect(s.current).toBe("elf");
    const first = playOut(cd, s);
    expect(first.acted).toEqual(["elf", "ann", "late", "orc"]);
    const next = run(cd, first.state, { type: "advancePhase" }, { type: "endRound" });
    expect(playOut(cd, next).acted).toEqual(["fast", "bob", "elf", "ann", "late", "orc"]);
  });

  it("CD-I2 removing or defeating the acting combatant passes the turn down the order", () => {
    let s = run(cd, fighters(), { type: "startCombat" });
    s = run(cd, s, { type: "removeCombatant", id: "bob" });
    expect(s.current).toBe("elf");
    expect(s.notices.map((n) => n.kind)).toEqual(["turnEnded", "turnStarted"]);
    s = run(cd, s, { type: "setDefeated", id: "elf", defeated: true });
    expect(s.current).toBe("ann");
    expect(playOut(cd, s).acted).toEqual(["ann", "orc"]);
  });

  it("CD-I2 the GM may make someone act out of order; the interrupted turn resumes after", () => {
    let s = run(cd, fighters(), { type: "startCombat" });
    expectRefused(cd, s, { type: "takeTurn", id: "orc" }, "notYourTurn");
    s = run(cd, s, { type: "takeTurn", id: "orc", gmOverride: true });
    expect(s.current).toBe("orc");
    const { acted } = playOut(cd, s);
    expect(acted).toEqual(["orc", "bob", "elf", "ann"]);
    expect(turnsStarted(s.notices)).toEqual(["orc"]);
  });

  it("CD-I2 the tracker lists the order, who acts, who is done and who waits", () => {
    const s = run(cd, fighters(), { type: "startCombat" }, { type: "endTurn" });
    expect(describeRound(cd, s).entries.map((e) => [e.id, e.status])).toEqual([
      ["bob", "done"],
      ["elf", "acting"],
      ["ann", "waiting"],
      ["orc", "waiting"],
    ]);
  });
});

describe("classic-d20 round parts and tracker notes (CD-I1, CD-I3)", () => {
  it("CD-I2 a round is the turns in initiative order, then the end of the round", () => {
    const view = describeRound(cd, fighters());
    expect(view.phases.map((p) => [p.id, p.policy])).toEqual([
      ["turns", "initiative"],
      ["endOfRound", "endOfRound"],
    ]);
  });

  it("CD-I1 the initiative check is a plain Dexterity check: no total is a critical", () => {
    for (const structure of [cd, classicD20Structure({ ties: "rolloff" })]) {
      const s = combat(structure, [
        { id: "ann", side: "players", initiative: { total: 20, dexterity: 0 } },
        { id: "orc", side: "gm", initiative: { total: 1, dexterity: 0 } },
      ]);
      expect(Object.values(s.combatants).map((c) => c.critical)).toEqual([false, false]);
    }
  });

  it("CD-I3 the tracker shows the Dexterity modifier that breaks ties, and none when ties go to a roll-off", () => {
    const s = fighters();
    const notes = Object.fromEntries(describeRound(cd, s).entries.map((e) => [e.id, e.notes]));
    expect(notes).toEqual({
      bob: { dexterity: 2 },
      elf: { dexterity: 4 },
      ann: { dexterity: 1 },
      orc: { dexterity: 0 },
    });
    const rolloff = classicD20Structure({ ties: "rolloff" });
    const r = combat(rolloff, [
      { id: "ann", side: "players", initiative: { total: 12, dexterity: 1 } },
      { id: "orc", side: "gm", initiative: { total: 7 } },
    ]);
    const rolloffNotes = describeRound(rolloff, r).entries.map((e) => e.notes);
    expect(rolloffNotes).toStrictEqual([{}, {}]);
  });
});
