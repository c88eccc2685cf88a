import fc from "fast-check";
import { runs } from "../../property-runs";
import { describe, expect, it } from "vitest";
import {
  initialFastSlowBudget,
  spendEscapeAction,
  spendFastSlow,
  spendMountMove,
  startFastSlowTurn,
  type FastSlowBudget,
  type FastSlowEvent,
} from "../../../src/rules/families/fast-slow/budget";
import {
  independentAttackRoll,
  releaseIndependentAttackRoll,
} from "../../../src/rules/families/fast-slow/independent-attack-rolls";
import type { MountPair } from "../../../src/rules/families/fast-slow/mounts";

const turn = (kind: "fast" | "slow"): FastSlowBudget =>
  startFastSlowTurn(initialFastSlowBudget(), { kind, speed: 10 });

describe("what mounted combat spends (FS-MT2, FS-MT10)", () => {
  it("FS-MT2 mounting uses the whole move; in a slow turn the action stays", () => {
    const out = spendMountMove(turn("slow"));
    if (!out.ok) throw new Error(out.reason);
    expect(out.value.turn).toMatchObject({ moveLeft: 0, moveUsed: true, actionLeft: 1 });
    expect(spendMountMove(out.value)).toMatchObject({ ok: false, reason: "moveAlreadyUsed" });
  });

  it("FS-MT2 in a fast turn, mounting gives up the action (FS-R5), and an action taken first rules it out", () => {
    const out = spendMountMove(turn("fast"));
    if (!out.ok) throw new Error(out.reason);
    expect(out.value.turn).toMatchObject({ moveLeft: 0, actionLeft: 0 });
    const acted = spendFastSlow(turn("fast"), { type: "activity", activity: "attack" }, { prone: false });
    if (!acted.ok) throw new Error(acted.reason);
    expect(spendMountMove(acted.value)).toMatchObject({ ok: false, reason: "fastTurnActed" });
  });

  it("FS-MT2 outside its turn a creature cannot mount; the GM may force it, and it is recorded", () => {
    expect(spendMountMove(initialFastSlowBudget())).toMatchObject({ ok: false, reason: "notYourTurn" });
    const moved = spendMountMove(turn("slow"));
    if (!moved.ok) throw new Error(moved.reason);
    const forced = spendMountMove(moved.value, true);
    expect(forced.ok && forced.value.overrides).toEqual([{ event: "mountMove", reason: "moveAlreadyUsed" }]);
  });

  it("FS-MT10 the escape uses the action; a fast turn loses its move; no second action", () => {
    const slow = spendEscapeAction(turn("slow"));
    if (!slow.ok) throw new Error(slow.reason);
    expect(slow.value.turn).toMatchObject({ actionLeft: 0, moveLeft: 10 });
    expect(spendEscapeAction(slow.value)).toMatchObject({ ok: false, reason: "actionUsed" });
    const fast = spendEscapeAction(turn("fast"));
    expect(fast.ok && fast.value.turn).toMatchObject({ actionLeft: 0, moveLeft: 0 });
  });
});

describe("mounted spends follow the turn's own rules (FS-MT2, FS-MT10, FS-R5, FS-R6, FS-M3)", () => {
  const prone = { prone: true };
  const events: FastSlowEvent[] = [
    { type: "activity", activity: "attack" },
    { type: "move", metres: 3, action: "walk" },
    { type: "move", metres: 20, action: "walk" },
    { type: "traversal", result: "stop" },
    { type: "standUp", using: "move" },
    { type: "minor" },
    { type: "mountMove" },
    { type: "escape" },
  ];
  // A turn of either kind after any of those events, in any order (refused ones are skipped).
  const budgets = fc
    .tuple(
      fc.constantFrom("fast" as const, "slow" as const),
      fc.array(fc.constantFrom(...events), { maxLength: 5 }),
    )
    .map(([kind, seq]) =>
      seq.reduce((state, event) => {
        const out = spendFastSlow(state, event, prone);
        return out.ok ? out.value : state;
      }, turn(kind)),
    );

  it("FS-MT2 mounting is refused and spends exactly as standing up with the move (FS-M3, FS-R5)", () => {
    fc.assert(
      fc.property(budgets, fc.boolean(), (state, override) => {
        const standUp = spendFastSlow(state, { type: "standUp", using: "move", override }, prone);
        const mount = spendMountMove(state, override);
        expect(mount.ok).toBe(standUp.ok);
        if (!mount.ok || !standUp.ok) {
          expect(mount).toEqual(standUp);
          return;
        }
        expect(mount.value.turn).toEqual(standUp.value.turn);
        expect(mount.value.overrides.map((o) => o.reason)).toEqual(
          standUp.value.overrides.map((o) => o.reason),
        );
      }),
      runs(500),
    );
  });

  it("FS-MT10 the escape is refused and spends exactly as any action (FS-R5, FS-R6)", () => {
    fc.assert(
      fc.property(budgets, (state) => {
        const act = spendFastSlow(state, { type: "activity", activity: "cast" }, prone);
        const escape = spendEscapeAction(state);
        if (!escape.ok || !act.ok) {
          expect(escape).toEqual(act);
          return;
        }
        const { actionUsedFor: _used, ...spent } = act.value.turn!;
        expect(escape.value.turn).toMatchObject(spent);
      }),
      runs(500),
    );
  });
});

describe("independent attack rolls of a pair (FS-MT4)", () => {
  const pair: MountPair = { riderId: "knight", mountId: "horse" };

  it("FS-MT4 in the round's independent attack, rider and mount each roll once with 2 banes", () => {
    const first = independentAttackRoll([pair], null, "knight", 2);
    if (!first.ok) throw new Error(first.reason);
    expect(first.value).toEqual({ banes: 2, record: { round: 2, rolled: ["knight"] } });
    const second = independentAttackRoll([pair], first.value.record, "horse", 2);
    expect(second).toEqual({
      ok: true,
      value: { banes: 2, record: { round: 2, rolled: ["knight", "horse"] } },
    });
  });

  it("FS-MT4 a second independent attack in the same round is refused, for either member", () => {
    const first = independentAttackRoll([pair], null, "horse", 3);
    if (!first.ok) throw new Error(first.reason);
    expect(independentAttackRoll([pair], first.value.record, "horse", 3)).toEqual({
      ok: false,
      reason: "independentAttackUsed",
    });
    const both = { round: 3, rolled: ["horse", "knight"] };
    expect(independentAttackRoll([pair], both, "knight", 3)).toMatchObject({
      reason: "independentAttackUsed",
    });
    expect(independentAttackRoll([pair], both, "knight", 4).ok).toBe(true);
    expect(independentAttackRoll([], null, "knight", 3)).toEqual({ ok: false, reason: "notRiding" });
  });

  it("FS-MT4 whatever the requests, each member rolls at most one independent attack per round", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom("knight", "horse"), fc.integer({ min: 0, max: 2 })), {
          maxLength: 40,
        }),
        (requests) => {
          let record = null as Parameters<typeof independentAttackRoll>[1];
          let round = 1;
          const rolls = new Map<string, number>();
          for (const [who, advance] of requests) {
            round += advance;
            const out = independentAttackRoll([pair], record, who, round);
            if (!out.ok) continue;
            record = out.value.record;
            const key = `${round}|${who}`;
            rolls.set(key, (rolls.get(key) ?? 0) + 1);
          }
          for (const count of rolls.values()) expect(count).toBe(1);
        },
      ),
      runs(1000),
    );
  });

  it("FS-MT4 a claimed roll whose attack was not made is given back: the partner's stays, twice is once", () => {
    const both = { round: 3, rolled: ["horse", "knight"] };
    const back = releaseIndependentAttackRoll(both, "knight", 3);
    expect(back).toEqual({ round: 3, rolled: ["horse"] });
    expect(releaseIndependentAttackRoll(back, "knight", 3)).toBe(back);
    expect(independentAttackRoll([pair], back, "knight", 3)).toEqual({
      ok: true,
      value: { banes: 2, record: { round: 3, rolled: ["horse", "knight"] } },
    });
    expect(releaseIndependentAttackRoll({ round: 3, rolled: ["knight"] }, "knight", 3)).toBeNull();
    // Another round's record, or none, is left as it is.
    expect(releaseIndependentAttackRoll(both, "knight", 4)).toBe(both);
    expect(releaseIndependentAttackRoll(null, "knight", 3)).toBeNull();
  });

  it("FS-MT4 claims, attacks made and claims given back in any order: each member makes at most one independent attack per round, and a roll given back can be claimed again", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.constantFrom("knight", "horse"),
            fc.constantFrom("made", "refused"),
            fc.integer({ min: 0, max: 2 }),
          ),
          { maxLength: 40 },
        ),
        (requests) => {
          let record = null as Parameters<typeof independentAttackRoll>[1];
          let round = 1;
          const made = new Map<string, number>();
          for (const [who, budget, advance] of requests) {
            round += advance;
            const key = `${round}|${who}`;
            const claim = independentAttackRoll([pair], record, who, round);
            expect(claim.ok).toBe(!made.has(key));
            if (!claim.ok) continue;
            record = claim.value.record;
            if (budget === "made") made.set(key, (made.get(key) ?? 0) + 1);
            else record = releaseIndependentAttackRoll(record, who, round);
          }
          for (const count of made.values()) expect(count).toBe(1);
        },
      ),
      runs(1000),
    );
  });
});
