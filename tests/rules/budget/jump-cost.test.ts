/**
 * FS-M5 "vertical metres count against your move", FS-M6 long jump "metres count against your move": a jump pays
 * every metre it covers. A "jump" waypoint that rises 0.1 m while crossing 30 m is not a 0.1 m move (it was: the
 * stretch counted only the rise — a teleport for any family). What FS-M5/FS-M6's limits read stays the jump's own
 * measure: the height of a high jump, the drop of a jump down, the length of a long jump. A jump that both rises
 * and travels is held to both limits (convention: see planJump).
 */
import { describe, expect, it } from "vitest";
import { movementStretches, ownMetres } from "../../../src/rules/budget/movement-stretches";
import {
  activeDefenseMove,
  classicD20Move,
  fastSlowMove,
  phasedMoveDeclaration,
} from "../../../src/rules/budget/movement-spend";
import {
  fastSlowRemaining,
  initialFastSlowBudget,
  startFastSlowRound,
  startFastSlowTurn,
  type FastSlowBudget,
} from "../../../src/rules/families/fast-slow/budget";
import { planJump } from "../../../src/rules/families/fast-slow/jump";
import {
  initialClassicD20Budget,
  spendClassicD20,
  startClassicD20Round,
  startClassicD20Turn,
  type ClassicD20Budget,
} from "../../../src/rules/families/classic-d20/budget";
import {
  initialActiveDefenseBudget,
  spendActiveDefense,
  startActiveDefenseTurn,
} from "../../../src/rules/families/active-defense-3d6/budget";

function slowTurn(speed: number): FastSlowBudget {
  return startFastSlowTurn(startFastSlowRound(initialFastSlowBudget(), { round: 1 }), {
    kind: "slow",
    speed,
  });
}
function cdTurn(speed = 9): ClassicD20Budget {
  return startClassicD20Turn(startClassicD20Round(initialClassicD20Budget(), { round: 1 }), { speed });
}
const moveLeft = (s: FastSlowBudget) => fastSlowRemaining(s).turn.find((l) => l.key === "move")?.left;

/** A "jump" waypoint that rises 0.1 m while crossing `across` metres (its measured cost). */
const skim = (across: number) => movementStretches([{ action: "jump", cost: across, elevation: 0.1 }], 0);

describe("FS-M5 FS-M6 a jump pays every metre it covers", () => {
  it("FS-M5 a high jump rising 0.1 m across 30 m costs 30 m of move, not 0.1 m", () => {
    const [jump] = skim(30);
    expect(jump?.jump?.kind).toBe("high");
    expect(jump?.metres).toBeGreaterThanOrEqual(30);
    expect(ownMetres(skim(30))).toBeGreaterThanOrEqual(30);
    const out = fastSlowMove(slowTurn(40), skim(30), { prone: false, agilityModifier: 2 });
    if (!out.ok) throw new Error(out.reason);
    expect(moveLeft(out.value.state)).toBe(10);
    expect(out.value.landing).toBe("safe");
    // Its height (0.1 m) is within FS-M5's 0.3 m; its 30 m across is beyond FS-M6's 4 m: the GM may ask the roll.
    expect(out.value.jumps[0]).toMatchObject({ cost: 30, withoutRoll: 0.3, agilityRollAsked: true });
  });

  it("FS-M5 the same jump with 6 m of move left is cut short: the creature falls and its move is over", () => {
    const out = fastSlowMove(slowTurn(6), skim(30), { prone: false, agilityModifier: 2 });
    if (!out.ok) throw new Error(out.reason);
    expect(out.value.landing).toBe("fall");
    expect(out.value.jumps[0]?.cost).toBe(6);
    expect(out.value.state.turn).toMatchObject({ moveLeft: 0, stopped: true });
    // planJump alone: the 30 m covered, not the 0.1 m height, is what the 6 m left must hold.
    expect(
      planJump({
        kind: "high",
        distance: 0.1,
        metres: 30,
        across: 30,
        agilityModifier: 2,
        runUpMetres: 0,
        metresLeft: 6,
      }),
    ).toMatchObject({ cost: 6, landing: "fall", agilityRollAsked: true });
  });

  it("FS-M5 a straight-up high jump still costs its height, and its height alone is judged", () => {
    for (const cost of [0.6, 0]) {
      const stretches = movementStretches([{ action: "jump", cost, elevation: 0.6 }], 0);
      expect(stretches[0]).toMatchObject({ metres: 0.6, jump: { kind: "high", measure: 0.6, across: 0 } });
      const out = fastSlowMove(slowTurn(10), stretches, { prone: false, agilityModifier: 4 });
      if (!out.ok) throw new Error(out.reason);
      expect(moveLeft(out.value.state)).toBe(9.4);
      // 30 cm × half of +4: 0.6 m without a roll.
      expect(out.value.jumps[0]).toMatchObject({ cost: 0.6, withoutRoll: 0.6, agilityRollAsked: false });
    }
  });

  it("FS-M5 a jump down 3 m straight costs 3 m and lands safely", () => {
    const stretches = movementStretches([{ action: "jump", cost: 3, elevation: 0 }], 3);
    expect(stretches[0]).toMatchObject({ metres: 3, jump: { kind: "down", measure: 3, across: 0 } });
    const out = fastSlowMove(slowTurn(10), stretches, { prone: false, agilityModifier: 0 });
    if (!out.ok) throw new Error(out.reason);
    expect(moveLeft(out.value.state)).toBe(7);
    expect(out.value.jumps[0]).toMatchObject({ cost: 3, landing: "safe", agilityRollAsked: false });
  });

  it("FS-M5 a jump down that also crosses further than a long jump costs the whole way and may ask the roll", () => {
    // 3 m down while crossing 4 m: 5 m covered.
    const stretches = movementStretches([{ action: "jump", cost: 5, elevation: 0 }], 3);
    expect(stretches[0]).toMatchObject({ metres: 5, jump: { kind: "down", measure: 3, across: 4 } });
    const out = fastSlowMove(slowTurn(10), stretches, { prone: false, agilityModifier: 0 });
    if (!out.ok) throw new Error(out.reason);
    expect(moveLeft(out.value.state)).toBe(5);
    // FS-M6 without a run-up at +0: 2 m; 4 m across is beyond it.
    expect(out.value.jumps[0]).toMatchObject({ cost: 5, landing: "safe", agilityRollAsked: true });
  });

  it("FS-M6 a long jump costs its length", () => {
    const stretches = movementStretches([{ action: "jump", cost: 3, elevation: 0 }], 0);
    expect(stretches[0]).toMatchObject({ metres: 3, jump: { kind: "long", measure: 3 } });
    const out = fastSlowMove(slowTurn(10), stretches, { prone: false, agilityModifier: 2 });
    if (!out.ok) throw new Error(out.reason);
    expect(moveLeft(out.value.state)).toBe(7);
    expect(out.value.jumps[0]).toMatchObject({ cost: 3, withoutRoll: 4, agilityRollAsked: false });
  });
});

describe("a skimming jump is not free in the other families' movement spends", () => {
  it("CD-A1 a jump rising 0.1 m across 6 m spends 6 m of the move action; across 30 m it is refused", () => {
    const moved = classicD20Move(cdTurn(9), skim(6), {});
    if (!moved.ok) throw new Error(moved.reason);
    expect(moved.value.state.turn).toMatchObject({ moveLeft: 0, metresLeft: 3 });
    expect(classicD20Move(cdTurn(9), skim(30), {}).ok).toBe(false);
  });

  it("CD-A3 after a full-round action a 30 m skimming jump is not the 1.5 m step", () => {
    const full = spendClassicD20(cdTurn(), { type: "fullRound" });
    if (!full.ok) throw new Error(full.reason);
    expect(classicD20Move(full.value, skim(30), {}).ok).toBe(false);
  });

  it("PR-P6 a skimming jump across 30 m uses its whole share of a 30 m potential, not 1%", () => {
    expect(phasedMoveDeclaration(null, skim(30), 30)).toEqual({
      percent: 100,
      manoeuvre: "none",
      draw: false,
      change: false,
    });
    expect(phasedMoveDeclaration(null, skim(6), 12)?.percent).toBe(50);
  });

  it("AD-M7 a skimming jump is a move: it takes the Move manoeuvre, refused after another one", () => {
    const moved = activeDefenseMove(startActiveDefenseTurn(initialActiveDefenseBudget()), skim(30), {});
    expect(moved.ok && moved.value.state.maneuver).toBe("move");
    const defended = spendActiveDefense(startActiveDefenseTurn(initialActiveDefenseBudget()), {
      type: "maneuver",
      maneuver: "allOutDefense",
    });
    if (!defended.ok) throw new Error(defended.reason);
    expect(activeDefenseMove(defended.value, skim(30), {})).toMatchObject({
      ok: false,
      reason: "maneuverTaken",
    });
  });
});
