import { describe, expect, it } from "vitest";
import {
  budgetsAfterNotices,
  freshBudget,
  isStoredBudget,
  readBudget,
  type BudgetInput,
} from "../../../src/rules/budget/budget-lifecycle";
import {
  initialFastSlowBudget,
  startFastSlowRound,
  startFastSlowTurn,
  type FastSlowBudget,
} from "../../../src/rules/families/fast-slow/budget";
import {
  initialClassicD20Budget,
  startClassicD20Round,
  startClassicD20Turn,
  type ClassicD20Budget,
} from "../../../src/rules/families/classic-d20/budget";
import {
  initialOpposedD20Budget,
  startOpposedD20Round,
  startOpposedD20Turn,
  type OpposedD20Budget,
} from "../../../src/rules/families/opposed-d20/budget";
import {
  initialActiveDefenseBudget,
  startActiveDefenseTurn,
  type ActiveDefenseBudget,
} from "../../../src/rules/families/active-defense-3d6/budget";
import { adWeapon } from "../../../src/rules/families/active-defense-3d6/readiness";
import type { FamilyId } from "../../../src/rules/families/ids";
import type { RoundNotice } from "../../../src/rules/turns/round-state";

// A budget is stored on the combatant (JSON a reload, an older version or a hand edit may have changed). The GM side
// keeps a stored budget only when it has the marks of the fight's family; anything else starts fresh, so a bad
// flag never breaks a turn.

const sword = { unbalanced: false, missile: false, readyTurns: 0 };
const bow = { unbalanced: false, missile: true, readyTurns: 1 };

const fs = startFastSlowTurn(startFastSlowRound(initialFastSlowBudget(), { round: 2 }), {
  kind: "fast",
  speed: 9,
});
const cd = startClassicD20Turn(startClassicD20Round(initialClassicD20Budget(), { round: 2 }), { speed: 9 });
const od = startOpposedD20Turn(
  startOpposedD20Round(initialOpposedD20Budget(), { round: 2, limits: { active: 2, passive: 1 } }),
);
const ad = startActiveDefenseTurn(initialActiveDefenseBudget({ sword: adWeapon(sword, "ready") }));
const stored = { "fast-slow": fs, "classic-d20": cd, "opposed-d20": od, "active-defense-3d6": ad } as const;
type Stored = keyof typeof stored;
const families = Object.keys(stored) as Stored[];

/** The budget with `changes` applied (a key set to undefined is removed). */
function edited(budget: object, changes: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...budget };
  for (const [k, v] of Object.entries(changes)) {
    if (v === undefined) delete out[k];
    else out[k] = v;
  }
  return out;
}

describe("a stored budget is kept only when it is the family's", () => {
  it("each family's own budget, in or out of a turn, is recognised", () => {
    for (const family of families) expect(isStoredBudget(family, stored[family]), family).toBe(true);
    expect(isStoredBudget("fast-slow", initialFastSlowBudget())).toBe(true);
    expect(isStoredBudget("classic-d20", initialClassicD20Budget())).toBe(true);
    expect(isStoredBudget("opposed-d20", initialOpposedD20Budget())).toBe(true);
    expect(isStoredBudget("active-defense-3d6", initialActiveDefenseBudget())).toBe(true);
  });

  it("another family's budget is not this family's", () => {
    for (const family of families)
      for (const other of families)
        if (other !== family)
          expect(isStoredBudget(family, stored[other]), `${other} as ${family}`).toBe(false);
  });

  it("PR-B1 phased-round stores no budget, whatever is stored", () => {
    for (const family of families) expect(isStoredBudget("phased-round", stored[family])).toBe(false);
  });

  it("not an object, or no overrides list: not a budget", () => {
    for (const family of families) {
      for (const raw of [null, undefined, 3, "budget", [], [stored[family]]])
        expect(isStoredBudget(family, raw), `${family} ${JSON.stringify(raw)}`).toBe(false);
      expect(isStoredBudget(family, edited(stored[family], { overrides: undefined }))).toBe(false);
      expect(isStoredBudget(family, edited(stored[family], { overrides: {} }))).toBe(false);
    }
  });

  const broken: Record<Stored, Record<string, unknown>[]> = {
    "fast-slow": [
      { round: undefined },
      { round: "2" },
      { round: Number.NaN },
      { round: Number.POSITIVE_INFINITY },
      { reactionLeft: undefined },
      { reactionLeft: "1" },
      { turn: undefined },
      { prepared: undefined },
    ],
    "classic-d20": [
      { round: undefined },
      { round: null },
      { turn: undefined },
      { turn: "acting" },
      { turn: [] },
      { reactionLeft: 1 },
    ],
    "opposed-d20": [
      { round: undefined },
      { limits: undefined },
      { limits: [1, 1] },
      { counts: undefined },
      { counts: 0 },
      { turn: undefined },
      { turn: null },
    ],
    "active-defense-3d6": [
      { turnNumber: undefined },
      { turnNumber: "1" },
      { weapons: undefined },
      { weapons: [] },
      { inTurn: undefined },
      { inTurn: "true" },
    ],
  };
  it("a budget that lost one of its marks, or holds one of the wrong type, starts fresh", () => {
    for (const family of families)
      for (const change of broken[family]) {
        const raw = edited(stored[family], change);
        expect(isStoredBudget(family, raw), `${family} ${JSON.stringify(change)}`).toBe(false);
        expect(readBudget(family, raw, 2, { speed: 9 }), `${family} ${JSON.stringify(change)}`).toEqual(
          freshBudget(family, 2, { speed: 9 }),
        );
      }
  });

  it("a budget that is the family's is read as it is", () => {
    for (const family of families)
      expect(readBudget(family, stored[family], 5, { speed: 1 })).toBe(stored[family]);
  });
});

describe("a fresh budget", () => {
  it("FS-A16 before the fight starts: the reaction ready, no round yet; once started, in the fight's round", () => {
    expect(freshBudget("fast-slow", 0, { speed: 9 })).toEqual(initialFastSlowBudget());
    expect(freshBudget("fast-slow", 0, { speed: 9 })).toMatchObject({
      round: 0,
      turn: null,
      reactionLeft: 1,
    });
    expect(freshBudget("fast-slow", 1, { speed: 9 })).toMatchObject({
      round: 1,
      turn: null,
      reactionLeft: 1,
    });
    expect(freshBudget("fast-slow", 4, { speed: 9 })).toMatchObject({ round: 4 });
  });

  it("CD-A1 before the fight starts no round; once started, in the fight's round with no turn open", () => {
    expect(freshBudget("classic-d20", 0, { speed: 9 })).toEqual({ round: 0, turn: null, overrides: [] });
    expect(freshBudget("classic-d20", 1, { speed: 9 })).toEqual({ round: 1, turn: null, overrides: [] });
    expect(freshBudget("classic-d20", 3, { speed: 9 })).toEqual({ round: 3, turn: null, overrides: [] });
  });

  it("OD-R1 counts at 0 with the character's counters; none given means none", () => {
    expect(freshBudget("opposed-d20", 2, { speed: 0, limits: { active: 2, passive: 3 } })).toMatchObject({
      round: 2,
      limits: { active: 2, passive: 3 },
      counts: { active: 0, passive: 0 },
      turn: "before",
    });
    expect(freshBudget("opposed-d20", 2, { speed: 0 })).toMatchObject({ limits: { active: 0, passive: 0 } });
  });

  it("AD-M4 the weapons combat finds join with the readiness they have", () => {
    const fresh = freshBudget("active-defense-3d6", 1, {
      speed: 0,
      weapons: { sword: { spec: sword, status: "ready" }, bow: { spec: bow, status: "sheathed" } },
    }) as ActiveDefenseBudget;
    expect(fresh.weapons).toEqual({ sword: adWeapon(sword, "ready"), bow: adWeapon(bow, "sheathed") });
    expect(fresh.inTurn).toBe(false);
  });

  it("phased-round has none", () => {
    expect(freshBudget("phased-round", 1, { speed: 0 })).toBe(null);
  });
});

const roundStarted = (round: number): RoundNotice => ({ kind: "roundStarted", round, effects: [] });
const turnStarted = (id: string, resumed?: true): RoundNotice => ({
  kind: "turnStarted",
  round: 1,
  phase: "p",
  id,
  expired: [],
  ...(resumed === undefined ? {} : { resumed }),
});
const turnEnded = (id: string, cause: "ended" | "interrupted" = "ended"): RoundNotice => ({
  kind: "turnEnded",
  round: 1,
  phase: "p",
  id,
  cause,
});

function after(
  family: FamilyId,
  notices: RoundNotice[],
  budgets: Record<string, unknown>,
  input: BudgetInput,
) {
  return budgetsAfterNotices(family, notices, {
    ids: Object.keys(budgets),
    round: 1,
    stored: (id) => budgets[id] ?? null,
    input: () => input,
  });
}

describe("the round and turn clock, family by family", () => {
  it("FS-A16 a new round numbers the budget and gives the reaction back; FS-A10 the prepared activity lapses", () => {
    const used: FastSlowBudget = {
      ...fs,
      reactionLeft: 0,
      prepared: { activity: "attack", trigger: "the door opens" },
    };
    expect(after("fast-slow", [roundStarted(3)], { a: used }, { speed: 9 }).get("a")).toEqual(
      edited(initialFastSlowBudget(), { round: 3 }),
    );
  });

  it("FS-R1 a turn whose kind is undecided is slow; FS-A17 the GM's extra minor activities reach the turn", () => {
    const slow = after("fast-slow", [turnStarted("a")], { a: fs }, { speed: 9 }).get("a") as FastSlowBudget;
    expect(slow.turn).toMatchObject({ kind: "slow", speed: 9, minorBonus: 1 });
    const none = after(
      "fast-slow",
      [turnStarted("a")],
      { a: fs },
      { speed: 9, kind: null, minorBonus: 0 },
    ).get("a") as FastSlowBudget;
    expect(none.turn).toMatchObject({ kind: "slow", minorBonus: 0 });
    const two = after(
      "fast-slow",
      [turnStarted("a")],
      { a: fs },
      { speed: 9, kind: "fast", minorBonus: 2 },
    ).get("a") as FastSlowBudget;
    expect(two.turn).toMatchObject({ kind: "fast", minorBonus: 2 });
  });

  it("CD-A1 a new round numbers the budget and closes any turn; the turn opens with the move action", () => {
    expect(after("classic-d20", [roundStarted(4)], { a: cd }, { speed: 9 }).get("a")).toEqual({
      round: 4,
      turn: null,
      overrides: [],
    });
    const turn = after("classic-d20", [turnStarted("a")], { a: cd }, { speed: 6 }).get(
      "a",
    ) as ClassicD20Budget;
    expect(turn.turn).toMatchObject({ speed: 6, standardOnly: false, standardLeft: 1, moveLeft: 1 });
  });

  it("CD-A5 only a combatant limited to a standard action (exactly true) loses the move action", () => {
    const limited = after("classic-d20", [turnStarted("a")], { a: cd }, { speed: 6, standardOnly: true }).get(
      "a",
    ) as ClassicD20Budget;
    expect(limited.turn).toMatchObject({ standardOnly: true, moveLeft: 0 });
    const odd = { speed: 6, standardOnly: "yes" } as unknown as BudgetInput;
    const notLimited = after("classic-d20", [turnStarted("a")], { a: cd }, odd).get("a") as ClassicD20Budget;
    expect(notLimited.turn).toMatchObject({ standardOnly: false, moveLeft: 1 });
  });

  it("OD-R1 a new round takes the character's counters now, or keeps the stored ones when none are given", () => {
    const spent: OpposedD20Budget = { ...od, counts: { active: 2, passive: 1 } };
    expect(
      after(
        "opposed-d20",
        [roundStarted(3)],
        { a: spent },
        { speed: 0, limits: { active: 1, passive: 4 } },
      ).get("a"),
    ).toMatchObject({
      round: 3,
      limits: { active: 1, passive: 4 },
      counts: { active: 0, passive: 0 },
      turn: "before",
    });
    expect(after("opposed-d20", [roundStarted(3)], { a: spent }, { speed: 0 }).get("a")).toMatchObject({
      round: 3,
      limits: { active: 2, passive: 1 },
      counts: { active: 0, passive: 0 },
    });
  });

  it("each family's turn end closes the turn", () => {
    expect(
      (after("fast-slow", [turnEnded("a")], { a: fs }, { speed: 9 }).get("a") as FastSlowBudget).turn,
    ).toBe(null);
    expect(
      (after("classic-d20", [turnEnded("a")], { a: cd }, { speed: 9 }).get("a") as ClassicD20Budget).turn,
    ).toBe(null);
    expect(
      (after("opposed-d20", [turnEnded("a")], { a: od }, { speed: 0 }).get("a") as OpposedD20Budget).turn,
    ).toBe("done");
    expect(
      (after("active-defense-3d6", [turnEnded("a")], { a: ad }, { speed: 0 }).get("a") as ActiveDefenseBudget)
        .inTurn,
    ).toBe(false);
  });

  it("AD-M4 a weapon already known keeps its readiness; one newly found joins beside it", () => {
    const shot: ActiveDefenseBudget = { ...ad, weapons: { bow: adWeapon(bow, "unready") } };
    const input: BudgetInput = {
      speed: 0,
      weapons: { bow: { spec: bow, status: "ready" }, sword: { spec: sword, status: "ready" } },
    };
    const next = after("active-defense-3d6", [roundStarted(2)], { a: shot }, input).get(
      "a",
    ) as ActiveDefenseBudget;
    expect(next.weapons).toEqual({ bow: adWeapon(bow, "unready"), sword: adWeapon(sword, "ready") });
    const turn = after("active-defense-3d6", [turnStarted("a")], { a: shot }, input).get(
      "a",
    ) as ActiveDefenseBudget;
    expect(turn.weapons.bow?.status).toBe("unready");
    expect(turn.weapons.sword?.status).toBe("ready");
  });

  it("CD-A1 AD-T1 a turn interrupted is paused, not ended, and resumes as it was; notices for a stranger change nothing", () => {
    for (const family of families) {
      expect(after(family, [turnEnded("a", "interrupted")], { a: stored[family] }, { speed: 9 }).size).toBe(
        0,
      );
      expect(after(family, [turnStarted("a", true)], { a: stored[family] }, { speed: 9 }).size).toBe(0);
      expect(
        after(family, [turnStarted("zz"), turnEnded("zz")], { a: stored[family] }, { speed: 9 }).size,
      ).toBe(0);
    }
  });
});
