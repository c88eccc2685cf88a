/**
 * The round engine with small hand-made structures: what the engine itself guarantees whatever a family's
 * pieces answer (no initiative in a family without one, roll-offs in claim parts, a phase's own cursor).
 */
import { describe, expect, it } from "vitest";
import { accept } from "../../../src/rules/outcome";
import { sortByInitiative } from "../../../src/rules/turns/initiative-order";
import { reduce } from "../../../src/rules/turns/round-engine";
import { emptyRoundState, type RoundState } from "../../../src/rules/turns/round-state";
import type { RoundStructure } from "../../../src/rules/turns/round-structure";
import { combat, playOut, run } from "./helpers";

/** One claim part and the end of round; its initiative reader accepts anything. */
const claimPart: RoundStructure = {
  family: "fast-slow",
  phases: [
    { id: "turns", policy: "claim", label: "turns" },
    { id: "endOfRound", policy: "endOfRound", label: "endOfRound" },
  ],
  initiative: "none",
  ties: "rollOff",
  readInitiative: () => accept({ tieKeys: [], critical: false }),
  newCombatant: () => ({ speed: null, actions: null, sheet: null }),
};

describe("round engine: hand-made structures", () => {
  it("FS-R2 a family without initiative refuses initiative, whatever its reader would say", () => {
    const s = run(claimPart, combat(claimPart, [{ id: "ann", side: "players" }]), { type: "startCombat" });
    expect(
      reduce(claimPart, s, {
        type: "addCombatant",
        combatant: { id: "bob", side: "players", initiative: { total: 12 } },
      }),
    ).toEqual({ ok: false, reason: "notInThisFamily" });
    expect(reduce(claimPart, s, { type: "setInitiative", id: "ann", roll: { total: 12 } })).toEqual({
      ok: false,
      reason: "notInThisFamily",
    });
  });

  it("FS-R2 in a claim part the roll-off is the players', even in a family that rolls initiative", () => {
    const rolled: RoundStructure = { ...claimPart, initiative: "round" };
    const s = run(
      rolled,
      combat(rolled, [
        { id: "ann", side: "players" },
        { id: "orc", side: "gm" },
      ]),
      { type: "startCombat" },
    );
    expect(reduce(rolled, s, { type: "rollOff", faces: { ann: 3, orc: 5 } })).toEqual({
      ok: false,
      reason: "rollOffPlayersOnly",
    });
  });

  it("PR-P10 someone leaving who is in the initiative order but strikes nowhere leaves the strikes' cursor alone", () => {
    /** Turns by initiative, then strikes by everyone but "held" (barred, as PR-P9 bars some). */
    const hybrid: RoundStructure = {
      family: "classic-d20",
      phases: [
        { id: "turns", policy: "initiative", label: "turns" },
        { id: "strikes", policy: "sequence", label: "strikes" },
        { id: "endOfRound", policy: "endOfRound", label: "endOfRound" },
      ],
      initiative: "combat",
      ties: "rollOff",
      readInitiative: () => accept({ tieKeys: [], critical: false }),
      newCombatant: () => ({ speed: null, actions: null, sheet: null }),
      barred: (_d, c) => (c.id === "held" ? "unableToAct" : null),
      sequence: (d) =>
        sortByInitiative(d.combatants.filter((c) => !c.defeated && c.id !== "held")).map((c) => ({
          id: c.id,
          group: "all",
          pass: 1,
        })),
    };
    let s: RoundState = emptyRoundState("classic-d20");
    for (const [id, total] of [
      ["a", 15],
      ["held", 12],
      ["b", 10],
      ["c", 5],
    ] as const) {
      s = run(hybrid, s, { type: "addCombatant", combatant: { id, side: "gm", initiative: { total } } });
    }
    s = run(hybrid, s, { type: "startCombat" });
    s = run(hybrid, playOut(hybrid, s).state, { type: "advancePhase" }, { type: "endTurn" });
    expect([s.current, s.cursor, s.order]).toEqual(["b", 1, ["a", "held", "b", "c"]]);
    s = run(hybrid, s, { type: "removeCombatant", id: "held" });
    expect([s.current, s.cursor, s.queue.map((q) => q.id)]).toEqual(["b", 1, ["a", "b", "c"]]);
    expect(playOut(hybrid, s).acted).toEqual(["b", "c"]);
  });
});
