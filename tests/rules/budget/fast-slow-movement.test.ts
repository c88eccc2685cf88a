import { describe, expect, it } from "vitest";
import {
  fastSlowBudget,
  spendFastSlow,
  spendMovement,
  startFastSlowRound,
  startFastSlowTurn,
  type FastSlowBudget,
  type FastSlowMoveEvent,
  type TurnKind,
} from "../../../src/rules/families/fast-slow/budget";
import {
  highJumpHeight,
  jumpResult,
  longJumpDistance,
  planJump,
  safeDrop,
} from "../../../src/rules/families/fast-slow/jump";
import {
  crawlSpeed,
  flyerFalls,
  movementCost,
  traversalResult,
} from "../../../src/rules/families/fast-slow/movement";

function turnOf(kind: TurnKind, speed = 10): FastSlowBudget {
  return startFastSlowTurn(startFastSlowRound(fastSlowBudget.initial(), { round: 1 }), { kind, speed });
}

function moveLeft(state: FastSlowBudget): number | undefined {
  return fastSlowBudget.remaining(state).turn.find((l) => l.key === "move")?.left;
}

function step(state: FastSlowBudget, event: Omit<FastSlowMoveEvent, "type">, prone = false) {
  const outcome = spendMovement(state, { type: "move", ...event }, { prone });
  if (!outcome.ok) throw new Error(`refused: ${outcome.reason}`);
  return outcome.value;
}

describe("fast-slow movement", () => {
  it("FS-M1 balance is difficult terrain that asks an Agility roll", () => {
    const s = step(turnOf("slow"), { metres: 2, action: "walk", terrain: "balance" });
    expect(s.cost).toBe(4);
    expect(s.check).toEqual({ attribute: "agility", required: true });
  });

  it("FS-M5 FS-M6 a jump the GM asked an Agility roll for: a success lands it, a failure is a fall (convention)", () => {
    expect(jumpResult(true)).toBe("continue");
    expect(jumpResult(false)).toBe("fall");
  });

  it("FS-M1 FS-M2 a failed roll stops the move for this turn; 0 or less falls", () => {
    expect(traversalResult(12, 10)).toBe("continue");
    expect(traversalResult(10, 10)).toBe("continue");
    expect(traversalResult(9, 10)).toBe("stop");
    expect(traversalResult(1, 10)).toBe("stop");
    expect(traversalResult(0, 10)).toBe("fall");
    expect(traversalResult(-3, 10)).toBe("fall");
    // The challenge target is a parameter (FS-D2 convention).
    expect(traversalResult(11, 12)).toBe("stop");

    const moved = step(turnOf("slow"), { metres: 1, action: "climb" }).state;
    const stopped = spendFastSlow(moved, { type: "traversal", result: "stop" }, { prone: false });
    expect(stopped.ok).toBe(true);
    if (!stopped.ok) return;
    expect(moveLeft(stopped.value)).toBe(0);
    expect(
      spendMovement(stopped.value, { type: "move", metres: 1, action: "walk" }, { prone: false }),
    ).toMatchObject({ ok: false, reason: "movementStopped" });
    // The action of a slow turn is still there.
    expect(spendFastSlow(stopped.value, { type: "activity", activity: "attack" }, { prone: false }).ok).toBe(
      true,
    );
  });

  it("FS-M2 climbing is difficult terrain; the Strength roll is the GM's call", () => {
    const s = step(turnOf("slow"), { metres: 3, action: "climb" });
    expect(s.cost).toBe(6);
    expect(s.check).toEqual({ attribute: "strength", required: false });
  });

  it("FS-M3 a prone creature only crawls, at half Speed, further halved by terrain, never under 1 m", () => {
    expect(crawlSpeed(10)).toBe(5);
    expect(crawlSpeed(10, "difficult")).toBe(2.5);
    expect(crawlSpeed(1)).toBe(1);
    expect(crawlSpeed(3, "difficult")).toBe(1);
    expect(movementCost({ distance: 1, action: "walk", speed: 10, prone: true })).toMatchObject({
      ok: false,
      reason: "proneMustCrawl",
    });
    const crawled = step(turnOf("slow", 10), { metres: 5, action: "crawl" }, true);
    expect(crawled.metresLeft).toBe(0);
    // With Speed 1 a creature still crawls 1 m.
    expect(step(turnOf("slow", 1), { metres: 1, action: "crawl" }, true).metresLeft).toBe(0);
  });

  it("FS-M3 a narrow passage «passage étroit» reduces the crawl as difficult ground does (to 1 m at least); a walk is not slowed", () => {
    expect(crawlSpeed(10, "narrow")).toBe(2.5);
    expect(crawlSpeed(3, "narrow")).toBe(1);
    expect(
      movementCost({ distance: 2.5, action: "crawl", speed: 10, prone: true, terrain: "narrow" }),
    ).toEqual({
      ok: true,
      value: { cost: 10, check: null },
    });
    expect(movementCost({ distance: 3, action: "walk", speed: 10, prone: false, terrain: "narrow" })).toEqual(
      {
        ok: true,
        value: { cost: 3, check: null },
      },
    );
    const narrow = step(turnOf("slow"), { metres: 1, action: "crawl", terrain: "narrow" }, true);
    expect(narrow.metresLeft).toBe(6);
  });

  it("FS-M3 dropping prone is free; standing up uses the action or the move", () => {
    const t = turnOf("slow");
    const dropped = spendFastSlow(t, { type: "dropProne" }, { prone: false });
    expect(dropped).toEqual({ ok: true, value: t });

    const byMove = spendFastSlow(t, { type: "standUp", using: "move" }, { prone: true });
    expect(byMove.ok && moveLeft(byMove.value)).toBe(0);
    const byAction = spendFastSlow(t, { type: "standUp", using: "action" }, { prone: true });
    expect(byAction.ok && byAction.value.turn?.actionLeft).toBe(0);
    expect(byAction.ok && moveLeft(byAction.value)).toBe(10);
    // A fast turn that stood up has nothing else left.
    const fast = spendFastSlow(turnOf("fast"), { type: "standUp", using: "move" }, { prone: true });
    expect(fast.ok && fast.value.turn?.actionLeft).toBe(0);
    // Standing after crawling part of the move: the move is no longer whole.
    const crawled = step(turnOf("slow"), { metres: 1, action: "crawl" }, true).state;
    expect(spendFastSlow(crawled, { type: "standUp", using: "move" }, { prone: true })).toMatchObject({
      ok: false,
      reason: "moveAlreadyUsed",
    });
    expect(spendFastSlow(t, { type: "standUp", using: "move" }, { prone: false })).toMatchObject({
      ok: false,
      reason: "notProne",
    });
  });

  it("FS-M4 a flyer moves its Speed in any direction and falls if prone, at Speed 0, unable to act or in turbulence", () => {
    expect(step(turnOf("slow"), { metres: 10, action: "fly" }).metresLeft).toBe(0);
    const flying = { prone: false, speed: 10, canUseActions: true };
    expect(flyerFalls(flying)).toBe(false);
    expect(flyerFalls({ ...flying, prone: true })).toBe(true);
    expect(flyerFalls({ ...flying, speed: 0 })).toBe(true);
    expect(flyerFalls({ ...flying, canUseActions: false })).toBe(true);
    expect(flyerFalls({ ...flying, turbulenceRollFailed: true })).toBe(true);
    expect(movementCost({ distance: 1, action: "fly", speed: 10, prone: true })).toMatchObject({
      ok: false,
      reason: "proneCannotFly",
    });
  });

  it("FS-M5 a drop under 5 m is safe; 5 m or more is a fall", () => {
    expect(safeDrop(4.9)).toBe(true);
    expect(safeDrop(5)).toBe(false);
    expect(
      planJump({ kind: "down", distance: 6, agilityModifier: 2, runUpMetres: 0, metresLeft: 10 }).landing,
    ).toBe("fall");
  });

  it("FS-M5 high jump: 30 cm per half Agility modifier (min 30 cm), per full modifier after a 2 m run-up", () => {
    expect(highJumpHeight(4, 0)).toBe(0.6);
    expect(highJumpHeight(3, 0)).toBe(0.3);
    expect(highJumpHeight(0, 0)).toBe(0.3);
    expect(highJumpHeight(-2, 5)).toBe(0.3);
    expect(highJumpHeight(4, 2)).toBe(1.2);
    expect(highJumpHeight(4, 1.9)).toBe(0.6);
    const higher = planJump({
      kind: "high",
      distance: 1,
      agilityModifier: 4,
      runUpMetres: 0,
      metresLeft: 10,
    });
    expect(higher.agilityRollAsked).toBe(true);
  });

  it("FS-M5 vertical metres count against the move", () => {
    const s = step(turnOf("slow"), {
      metres: 0.6,
      action: "jump",
      jump: { kind: "high", agilityModifier: 4, runUpMetres: 0 },
    });
    expect(s.cost).toBe(0.6);
    expect(s.metresLeft).toBe(9.4);
    expect(s.jump?.landing).toBe("safe");
  });

  it("FS-M5 reaching the move's end before finishing a high jump is a fall; the move is over", () => {
    const ran = step(turnOf("slow"), { metres: 9.7, action: "walk" }).state;
    const cut = step(ran, {
      metres: 0.6,
      action: "jump",
      jump: { kind: "high", agilityModifier: 4, runUpMetres: 9.7 },
    });
    expect(cut.cost).toBe(0.3);
    expect(cut.jump?.landing).toBe("fall");
    expect(cut.state.turn).toMatchObject({ moveLeft: 0, stopped: true });
    expect(
      spendMovement(cut.state, { type: "move", metres: 0.1, action: "crawl" }, { prone: true }),
    ).toMatchObject({
      ok: false,
      reason: "movementStopped",
    });
  });

  it("FS-M6 long jump: 2 + Agility modifier metres (min 1 m), +2 m after a 2 m run-up", () => {
    expect(longJumpDistance(2, 0)).toBe(4);
    expect(longJumpDistance(-3, 0)).toBe(1);
    expect(longJumpDistance(2, 2)).toBe(6);
    expect(longJumpDistance(-3, 3)).toBe(3);
  });

  it("FS-M6 a jump counts against the move; running out mid-jump lands prone (or falls over a gap)", () => {
    const ran = step(turnOf("slow"), { metres: 6, action: "walk" }).state;
    const s = step(ran, {
      metres: 4,
      action: "jump",
      jump: { kind: "long", agilityModifier: 2, runUpMetres: 6 },
    });
    expect(s.metresLeft).toBe(0);
    expect(s.jump?.landing).toBe("safe");

    const short = step(turnOf("slow"), { metres: 8, action: "walk" }).state;
    const cut = step(short, {
      metres: 4,
      action: "jump",
      jump: { kind: "long", agilityModifier: 2, runUpMetres: 8 },
    });
    expect(cut.cost).toBe(2);
    expect(cut.jump?.landing).toBe("prone");
    expect(spendMovement(cut.state, { type: "move", metres: 0.1, action: "crawl" }, { prone: true }).ok).toBe(
      false,
    );

    const gap = planJump({
      kind: "long",
      distance: 4,
      agilityModifier: 2,
      runUpMetres: 0,
      metresLeft: 2,
      overGap: true,
    });
    expect(gap.landing).toBe("fall");
  });
});
