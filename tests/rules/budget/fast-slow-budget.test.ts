import { describe, expect, it } from "vitest";
import { PREPARED_BOONS, stabilizeBanes } from "../../../src/rules/families/fast-slow/activities";
import {
  DEFAULT_MINOR_BONUS,
  fastSlowBudget,
  spendFastSlow,
  spendMovement,
  startFastSlowRound,
  startFastSlowTurn,
  type FastSlowBudget,
  type FastSlowEvent,
  type TurnKind,
} from "../../../src/rules/families/fast-slow/budget";
import { consumeHelp, helpState } from "../../../src/rules/families/fast-slow/help";
import { provokesOpportunityAttack } from "../../../src/rules/families/fast-slow/movement";
import { searchForHidden } from "../../../src/rules/families/fast-slow/search";
import { splitAtRoundEnd, type TimedState } from "../../../src/rules/turns/timed-states";
import type { Outcome } from "../../../src/rules/outcome";

const standing = { prone: false };

function turnOf(kind: TurnKind, speed = 10, minorBonus?: number): FastSlowBudget {
  return startFastSlowTurn(startFastSlowRound(fastSlowBudget.initial(), { round: 1 }), {
    kind,
    speed,
    ...(minorBonus === undefined ? {} : { minorBonus }),
  });
}

function ok(outcome: Outcome<FastSlowBudget>): FastSlowBudget {
  if (!outcome.ok) throw new Error(`refused: ${outcome.reason}`);
  return outcome.value;
}

function run(state: FastSlowBudget, ...events: FastSlowEvent[]): FastSlowBudget {
  return events.reduce((s, e) => ok(spendFastSlow(s, e, standing)), state);
}

function line(state: FastSlowBudget, key: string) {
  const summary = fastSlowBudget.remaining(state);
  return [...summary.turn, ...summary.round].find((l) => l.key === key);
}

const walk = (metres: number): FastSlowEvent => ({ type: "move", metres, action: "walk" });

describe("fast-slow turns", () => {
  it("FS-R5 a fast turn takes an action or a move, not both", () => {
    const acted = run(turnOf("fast"), { type: "activity", activity: "attack" });
    expect(spendFastSlow(acted, walk(1), standing)).toMatchObject({ ok: false, reason: "fastTurnActed" });

    const moved = run(turnOf("fast"), walk(4));
    expect(spendFastSlow(moved, { type: "activity", activity: "cast" }, standing)).toMatchObject({
      ok: false,
      reason: "fastTurnMoved",
    });
    // It may keep moving up to its Speed.
    const further = run(moved, walk(6));
    expect(line(further, "move")?.left).toBe(0);
    expect(spendFastSlow(further, walk(1), standing)).toMatchObject({
      ok: false,
      reason: "notEnoughMovement",
    });
  });

  it("FS-R6 a slow turn takes an action and a move, the action at any moment of the move", () => {
    const state = run(turnOf("slow"), walk(4), { type: "activity", activity: "attack" }, walk(6));
    expect(line(state, "action")?.left).toBe(0);
    expect(line(state, "move")?.left).toBe(0);
    expect(spendFastSlow(state, walk(1), standing).ok).toBe(false);
    expect(spendFastSlow(state, { type: "activity", activity: "useItem" }, standing)).toMatchObject({
      ok: false,
      reason: "actionUsed",
    });
  });

  it("FS-R5 nothing is spent outside the creature's own turn", () => {
    const before = startFastSlowRound(fastSlowBudget.initial(), { round: 2 });
    expect(spendFastSlow(before, walk(1), standing)).toMatchObject({ ok: false, reason: "notYourTurn" });
    const after = fastSlowBudget.endTurn(run(turnOf("slow"), walk(1)));
    expect(spendFastSlow(after, { type: "activity", activity: "attack" }, standing)).toMatchObject({
      ok: false,
      reason: "notYourTurn",
    });
  });
});

describe("fast-slow activities", () => {
  it.each([
    ["FS-A2", "cast"],
    ["FS-A6", "dismiss"],
    ["FS-A7", "search"],
    ["FS-A8", "help"],
    ["FS-A14", "stabilize"],
    ["FS-A15", "useItem"],
  ] as const)("%s %s uses the action", (_id, activity) => {
    const state = run(turnOf("slow"), { type: "activity", activity });
    expect(line(state, "action")?.left).toBe(0);
    expect(state.turn?.actionUsedFor).toBe(activity);
    expect(spendFastSlow(state, { type: "activity", activity }, standing)).toMatchObject({
      ok: false,
      reason: "actionUsed",
    });
  });

  it("FS-A7 a hidden creature is found when Perception reaches its Agility", () => {
    expect(searchForHidden(14, 13)).toBe("searcher");
    expect(searchForHidden(13, 13)).toBe("searcher");
    expect(searchForHidden(12, 13)).toBe("hider");
  });

  it("FS-A8 help gives 1 boon on the target's next roll before the end of the round", () => {
    const states: TimedState[] = [helpState({ target: "bob", helper: "ann", round: 3, side: "players" })];
    const first = consumeHelp(states, "bob");
    expect(first.boons).toBe(1);
    expect(consumeHelp(first.states, "bob").boons).toBe(0); // only the next roll
    expect(consumeHelp(states, "cid").boons).toBe(0); // only the target
    // Unused, it ends with the round.
    expect(splitAtRoundEnd(states, 3).kept).toHaveLength(0);
  });

  it("FS-A10 prepare keeps an activity and its trigger; the trigger is a reaction rolled with 1 boon", () => {
    const prepared = run(turnOf("fast"), {
      type: "activity",
      activity: "prepare",
      prepared: { activity: "attack", trigger: "the first enemy that comes in reach" },
    });
    expect(prepared.prepared).toEqual({ activity: "attack", trigger: "the first enemy that comes in reach" });
    expect(PREPARED_BOONS).toBe(1);
    const ended = fastSlowBudget.endTurn(prepared);
    const used = ok(spendFastSlow(ended, { type: "reaction", kind: "prepared" }, standing));
    expect(used.prepared).toBeNull();
    expect(line(used, "reaction")?.left).toBe(0);
    // A trigger that never came: nothing happens, and the preparation lapses at the round's end.
    expect(startFastSlowRound(prepared, { round: 2 }).prepared).toBeNull();
  });

  it("FS-A10 a preparation needs an action-based activity and a trigger", () => {
    const t = turnOf("slow");
    expect(
      spendFastSlow(
        t,
        { type: "activity", activity: "prepare", prepared: { activity: "attack", trigger: " " } },
        standing,
      ),
    ).toMatchObject({ ok: false, reason: "triggerRequired" });
    expect(
      spendFastSlow(
        t,
        { type: "activity", activity: "prepare", prepared: { activity: "prepare", trigger: "x" } },
        standing,
      ),
    ).toMatchObject({ ok: false, reason: "notPreparable" });
    expect(spendFastSlow(t, { type: "reaction", kind: "prepared" }, standing)).toMatchObject({
      ok: false,
      reason: "nothingPrepared",
    });
  });

  it("FS-A11 reload needs a weapon with the reload property and ammunition", () => {
    const t = turnOf("fast");
    const reload = (weaponHasReload: boolean, hasAmmunition: boolean): FastSlowEvent => ({
      type: "activity",
      activity: "reload",
      weaponHasReload,
      hasAmmunition,
    });
    expect(spendFastSlow(t, reload(false, true), standing)).toMatchObject({
      ok: false,
      reason: "notReloadable",
    });
    expect(spendFastSlow(t, reload(true, false), standing)).toMatchObject({
      ok: false,
      reason: "noAmmunition",
    });
    expect(line(run(t, reload(true, true)), "action")?.left).toBe(0);
  });

  it("FS-A12 retreat moves half Speed without provoking opportunity attacks", () => {
    const state = run(turnOf("fast", 10), { type: "activity", activity: "retreat" });
    expect(line(state, "retreat")).toMatchObject({ left: 5, max: 5 });
    const step = spendMovement(state, { type: "move", metres: 5, action: "walk" }, standing);
    expect(step.ok && step.value.noOpportunity).toBe(true);
    if (!step.ok) return;
    expect(step.value.metresLeft).toBe(0);
    expect(spendFastSlow(step.value.state, walk(0.5), standing).ok).toBe(false);
    // Ordinary movement does provoke.
    const plain = spendMovement(turnOf("slow"), { type: "move", metres: 2, action: "walk" }, standing);
    expect(plain.ok && plain.value.noOpportunity).toBe(false);
  });

  it("FS-A13 rush moves double Speed", () => {
    const fast = run(turnOf("fast", 10), { type: "activity", activity: "rush" }, walk(20));
    expect(line(fast, "rush")?.left).toBe(0);
    expect(spendFastSlow(fast, walk(1), standing).ok).toBe(false);
    // In a slow turn the rush comes on top of the move.
    const slow = run(turnOf("slow", 10), { type: "activity", activity: "rush" }, walk(30));
    expect(line(slow, "move")?.left).toBe(0);
    expect(line(slow, "rush")?.left).toBe(0);
  });

  it("FS-A13 the rush's metres are spent first and leave a slow turn's own move whole", () => {
    // A slow turn: the action (here Rush, double Speed) AND a move up to Speed (FS-R6, FS-A13).
    const rushed = run(turnOf("slow", 10), { type: "activity", activity: "rush" }, walk(5));
    expect(line(rushed, "rush")).toMatchObject({ left: 15, max: 20 });
    expect(line(rushed, "move")?.left).toBe(10);
    // 15 rush metres and then 10 of the move: 25 more, not one metre further.
    const spent = run(rushed, walk(25));
    expect(line(spent, "rush")?.left).toBe(0);
    expect(line(spent, "move")?.left).toBe(0);
    expect(spendFastSlow(spent, walk(0.5), standing).ok).toBe(false);
  });

  it("FS-A12 FS-A13 only retreat movement is free of opportunity attacks: a rush provokes them", () => {
    const rushed = run(turnOf("fast", 10), { type: "activity", activity: "rush" });
    const dash = spendMovement(rushed, { type: "move", metres: 6, action: "walk" }, standing);
    expect(dash.ok).toBe(true);
    expect(dash.ok && dash.value.noOpportunity).toBe(false);
    if (!dash.ok) return;
    const leaving = { action: "walk", leavesReach: true, noOpportunity: dash.value.noOpportunity } as const;
    expect(provokesOpportunityAttack(leaving)).toBe(true);
  });

  it("FS-A14 stabilizing a dying creature takes 1 bane", () => {
    expect(stabilizeBanes(true)).toBe(1);
    expect(stabilizeBanes(false)).toBe(0);
  });

  it("FS-A16 one reaction per round, even outside the creature's turn", () => {
    const round = startFastSlowRound(fastSlowBudget.initial(), { round: 1 });
    const used = ok(spendFastSlow(round, { type: "reaction", kind: "opportunityAttack" }, standing));
    expect(spendFastSlow(used, { type: "reaction", kind: "opportunityAttack" }, standing)).toMatchObject({
      ok: false,
      reason: "reactionUsed",
    });
    // Its own turn does not give it back; the next round does.
    const turn = startFastSlowTurn(used, { kind: "slow", speed: 10 });
    expect(spendFastSlow(turn, { type: "reaction", kind: "other" }, standing).ok).toBe(false);
    expect(line(startFastSlowRound(used, { round: 2 }), "reaction")?.left).toBe(1);
  });

  it("FS-A16 talents and spells may also use the reaction: the same one reaction a round", () => {
    const round = startFastSlowRound(fastSlowBudget.initial(), { round: 1 });
    const used = ok(spendFastSlow(round, { type: "reaction", kind: "other" }, standing));
    expect(line(used, "reaction")?.left).toBe(0);
    expect(spendFastSlow(used, { type: "reaction", kind: "opportunityAttack" }, standing)).toMatchObject({
      ok: false,
      reason: "reactionUsed",
    });
  });

  it("FS-A16 leaving reach of one's own will provokes an opportunity attack, not Retreat nor being pushed", () => {
    const leaving = { action: "walk", leavesReach: true, noOpportunity: false } as const;
    expect(provokesOpportunityAttack(leaving)).toBe(true);
    expect(provokesOpportunityAttack({ ...leaving, leavesReach: false })).toBe(false);
    expect(provokesOpportunityAttack({ ...leaving, noOpportunity: true })).toBe(false);
    expect(provokesOpportunityAttack({ ...leaving, action: "displace" })).toBe(false);
    expect(provokesOpportunityAttack({ ...leaving, action: "crawl" })).toBe(true);
  });

  it("FS-A17 one minor activity in a fast turn, two in a slow one; with no extra allowed, more only with the GM", () => {
    const minor: FastSlowEvent = { type: "minor" };
    const fast = run(turnOf("fast", 10, 0), minor);
    expect(spendFastSlow(fast, minor, standing)).toMatchObject({ ok: false, reason: "minorActivitiesUsed" });
    const slow = run(turnOf("slow", 10, 0), minor, minor);
    expect(spendFastSlow(slow, minor, standing).ok).toBe(false);
    const forced = ok(spendFastSlow(slow, { type: "minor", override: true }, standing));
    expect(line(forced, "minor")?.left).toBe(0);
    expect(forced.overrides).toEqual([{ event: "minor", reason: "minorActivitiesUsed" }]);
    // Minor activities use neither the action nor the move.
    expect(line(slow, "action")?.left).toBe(1);
    expect(line(slow, "move")?.left).toBe(10);
  });

  it("FS-A17 a slow turn that does not move, or does not use its action, may do more: one more by default", () => {
    const minor: FastSlowEvent = { type: "minor" };
    const attack: FastSlowEvent = { type: "activity", activity: "attack" };
    expect(DEFAULT_MINOR_BONUS).toBe(1);
    // Not moving: two minor activities, the attack, and a third minor activity.
    const stayed = run(turnOf("slow"), minor, minor, attack);
    expect(line(stayed, "minor")).toMatchObject({ left: 1, max: 3 });
    const third = run(stayed, minor);
    expect(line(third, "minor")?.left).toBe(0);
    expect(spendFastSlow(third, minor, standing)).toMatchObject({ ok: false, reason: "minorActivitiesUsed" });
    // Having earned it by staying put, the creature cannot move any more this turn (the GM may allow it).
    expect(spendFastSlow(third, walk(1), standing)).toMatchObject({ ok: false, reason: "minorBonusTaken" });
    const forced = ok(spendFastSlow(third, { ...walk(1), override: true } as FastSlowEvent, standing));
    expect(forced.overrides).toEqual([{ event: "move", reason: "minorBonusTaken" }]);
    // Not acting: it moves, does three minor activities, and may not then use its action.
    const moved = run(turnOf("slow"), walk(4), minor, minor, minor);
    expect(spendFastSlow(moved, attack, standing)).toMatchObject({ ok: false, reason: "minorBonusTaken" });
    expect(spendFastSlow(moved, { type: "standUp", using: "action" }, { prone: true })).toMatchObject({
      ok: false,
      reason: "minorBonusTaken",
    });
  });

  it("FS-A17 a slow turn that moved and used its action has no more than two", () => {
    const minor: FastSlowEvent = { type: "minor" };
    const both = run(turnOf("slow"), walk(2), { type: "activity", activity: "attack" }, minor, minor);
    expect(line(both, "minor")?.left).toBe(0);
    expect(spendFastSlow(both, minor, standing)).toMatchObject({ ok: false, reason: "minorBonusNeedsForgo" });
    // The GM's agreement still allows it (FS-A17 "ou avec l'accord du MJ").
    const agreed = ok(spendFastSlow(both, { type: "minor", override: true }, standing));
    expect(agreed.overrides).toEqual([{ event: "minor", reason: "minorBonusNeedsForgo" }]);
  });

  it("FS-A17 a fast turn (an action or a move) earns the extra minor activity by using neither", () => {
    const minor: FastSlowEvent = { type: "minor" };
    const idle = run(turnOf("fast"), minor, minor);
    expect(line(idle, "minor")).toMatchObject({ left: 0, max: 2 });
    expect(spendFastSlow(idle, { type: "activity", activity: "attack" }, standing)).toMatchObject({
      ok: false,
      reason: "minorBonusTaken",
    });
    expect(spendFastSlow(idle, walk(1), standing)).toMatchObject({ ok: false, reason: "minorBonusTaken" });
    const moved = run(turnOf("fast"), walk(1), minor);
    expect(spendFastSlow(moved, minor, standing)).toMatchObject({
      ok: false,
      reason: "minorBonusNeedsForgo",
    });
    const acted = run(turnOf("fast"), { type: "activity", activity: "defend" }, minor);
    expect(spendFastSlow(acted, minor, standing)).toMatchObject({
      ok: false,
      reason: "minorBonusNeedsForgo",
    });
  });

  it("FS-A17 how many more is the world's convention (fsMinorBonus)", () => {
    const minor: FastSlowEvent = { type: "minor" };
    const two = run(
      turnOf("slow", 10, 2),
      { type: "activity", activity: "attack" },
      minor,
      minor,
      minor,
      minor,
    );
    expect(spendFastSlow(two, minor, standing)).toMatchObject({ ok: false, reason: "minorActivitiesUsed" });
    expect(line(turnOf("slow", 10, 2), "minor")).toMatchObject({ left: 4, max: 4 });
    // A turn stored before the rule existed has no extra.
    const old = turnOf("slow");
    const { minorBonus: _b, minorBonusUsed: _u, ...legacy } = old.turn as NonNullable<FastSlowBudget["turn"]>;
    const stored: FastSlowBudget = { ...old, turn: legacy };
    expect(line(stored, "minor")).toMatchObject({ left: 2, max: 2 });
    expect(spendFastSlow(run(stored, minor, minor), minor, standing)).toMatchObject({
      ok: false,
      reason: "minorActivitiesUsed",
    });
  });
});

describe("fast-slow GM override", () => {
  it("FS-R5 the GM may let a fast turn act after moving; the override is recorded", () => {
    const moved = run(turnOf("fast"), walk(3));
    const forced = ok(
      spendFastSlow(moved, { type: "activity", activity: "attack", override: true }, standing),
    );
    expect(line(forced, "action")?.left).toBe(0);
    expect(forced.overrides).toEqual([{ event: "activity", reason: "fastTurnMoved" }]);
  });

  it("FS-R6 overspent movement clamps at zero and records the metres", () => {
    const forced = ok(spendFastSlow(turnOf("slow", 10), { ...walk(13), override: true }, standing));
    expect(line(forced, "move")?.left).toBe(0);
    expect(forced.overrides).toEqual([{ event: "move", reason: "notEnoughMovement", amount: 3 }]);
  });
});
