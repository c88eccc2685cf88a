import { describe, expect, it } from "vitest";
import {
  counterRefusal,
  opposedD20Budget,
  spendOpposedD20,
  type OpposedD20Budget,
  type OpposedD20Event,
} from "../../../src/rules/families/opposed-d20/budget";

function round(active = 2, passive = 2): OpposedD20Budget {
  return opposedD20Budget.startRound(opposedD20Budget.initial(), { round: 1, limits: { active, passive } });
}

function run(state: OpposedD20Budget, ...events: OpposedD20Event[]): OpposedD20Budget {
  return events.reduce((s, e) => {
    const out = spendOpposedD20(s, e);
    if (!out.ok) throw new Error(`refused ${e.type}: ${out.reason}`);
    return out.value;
  }, state);
}

function reason(state: OpposedD20Budget, event: OpposedD20Event): string | null {
  const out = spendOpposedD20(state, event);
  return out.ok ? null : out.reason;
}

const left = (state: OpposedD20Budget, key: string) =>
  opposedD20Budget.remaining(state).round.find((l) => l.key === key)?.left;

const active: OpposedD20Event = { type: "action", counter: "active" };
const passive: OpposedD20Event = { type: "action", counter: "passive" };

describe("opposed-d20 action counters", () => {
  it("OD-R3 the counters limit active and passive actions over the whole round", () => {
    const s = run(opposedD20Budget.startTurn(round(2, 1)), active, active, passive);
    expect(left(s, "active")).toBe(0);
    expect(left(s, "passive")).toBe(0);
    expect(reason(s, active)).toBe("activeLimitReached");
    expect(reason(s, passive)).toBe("passiveLimitReached");
    // The limits come from the actor, round by round; a new round starts the counts again (OD-R1).
    const next = opposedD20Budget.startRound(s, { round: 2, limits: { active: 3, passive: 1 } });
    expect(left(next, "active")).toBe(3);
    expect(counterRefusal({ active: 3, passive: 0 }, "active", 3)).toMatchObject({
      reason: "activeLimitReached",
    });
    expect(counterRefusal({ active: 2, passive: 0 }, "active", 3)).toBeNull();
  });

  it("OD-R3 passive actions taken before the turn count toward the limit", () => {
    const before = run(round(2, 2), passive, passive); // defended twice before acting
    const acting = opposedD20Budget.startTurn(before);
    expect(acting.passiveBeforeTurn).toBe(2);
    expect(left(acting, "passive")).toBe(0);
    expect(reason(acting, passive)).toBe("passiveLimitReached");
    expect(left(acting, "active")).toBe(2);
  });

  it("OD-R3 active actions are declared on the character's own turn", () => {
    expect(reason(round(), active)).toBe("activeOutsideTurn");
    const done = opposedD20Budget.endTurn(run(opposedD20Budget.startTurn(round()), active));
    expect(reason(done, active)).toBe("activeOutsideTurn");
  });

  it("OD-R4 reactions resolve on their trigger, at any time, and are recorded", () => {
    const s = run(round(1, 1), { type: "reaction", trigger: "an enemy enters reach", counter: "passive" });
    expect(s.reactions).toEqual([{ trigger: "an enemy enters reach", counter: "passive" }]);
    expect(left(s, "passive")).toBe(0);
    expect(reason(s, { type: "reaction", trigger: "again", counter: "passive" })).toBe("passiveLimitReached");
    expect(reason(s, { type: "reaction", trigger: "free one", counter: null })).toBeNull();
    expect(reason(s, { type: "reaction", trigger: "", counter: null })).toBe("triggerRequired");
  });

  it("OD-R4 intrusive actions step in before another character's next declaration", () => {
    const s = run(round(1, 1), { type: "intrusive", before: "bandit", counter: "active" });
    expect(s.intrusions).toEqual([{ before: "bandit", counter: "active" }]);
    expect(left(s, "active")).toBe(0);
    const acting = opposedD20Budget.startTurn(round());
    expect(reason(acting, { type: "intrusive", before: "bandit", counter: "active" })).toBe(
      "intrusiveOnOwnTurn",
    );
  });

  it("OD-R3 the GM may override a spent counter: recorded, and the counter shows 0, not less", () => {
    const s = run(opposedD20Budget.startTurn(round(1, 0)), active);
    const forced = spendOpposedD20(s, { ...active, override: true });
    expect(forced.ok).toBe(true);
    if (!forced.ok) return;
    expect(forced.value.counts.active).toBe(2);
    expect(left(forced.value, "active")).toBe(0);
    expect(forced.value.overrides).toEqual([{ event: "action", reason: "activeLimitReached", amount: 1 }]);
  });

  it("OD-R2 a character is before its turn, then acting, then done", () => {
    const s = round();
    expect(s.turn).toBe("before");
    const acting = opposedD20Budget.startTurn(s);
    expect(acting.turn).toBe("acting");
    expect(opposedD20Budget.endTurn(acting).turn).toBe("done");
    expect(opposedD20Budget.family).toBe("opposed-d20");
  });

  it("OD-R3 the round's counters, as the sheet shows them", () => {
    const s = run(opposedD20Budget.startTurn(round(2, 3)), active);
    expect(opposedD20Budget.remaining(s)).toStrictEqual({
      turn: [],
      round: [
        { key: "active", left: 1, max: 2, unit: "count" },
        { key: "passive", left: 3, max: 3, unit: "count" },
      ],
    });
    const out = spendOpposedD20(run(s, active), active);
    expect(!out.ok && [out.reason, out.data]).toEqual(["activeLimitReached", { limit: "2" }]);
  });

  it("OD-R4 a reaction needs a trigger, blank is none; an ordinary action is no intrusion", () => {
    expect(reason(round(), { type: "reaction", trigger: "   ", counter: "passive" })).toBe("triggerRequired");
    const s = run(opposedD20Budget.startTurn(round()), active, passive);
    expect([s.intrusions, s.reactions]).toEqual([[], []]);
  });
});
