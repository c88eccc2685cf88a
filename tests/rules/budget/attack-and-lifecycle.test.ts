/**
 * What an attack roll spends per family (FS-A1, FS-A10, FS-A16, CD-A6, OD-A1, OD-R3, PR-P4, PR-P7, PR-P9, AD-M2,
 * AD-M5, AD-M8), the budgets' round and turn clock driven by the engine's notices (FS-R5, FS-R6, FS-A16, CD-A5,
 * OD-R1, OD-R3, AD-T1, AD-M4), the checked spend events (authorize: the override is the GM side's), and the
 * fingerprint that makes a double click spend once.
 */
import fc from "fast-check";
import { runs } from "../../property-runs";
import { describe, expect, it } from "vitest";
import { attackSpend } from "../../../src/rules/budget/attack-spend";
import { applySpend, countedAction } from "../../../src/rules/budget/apply-spend";
import {
  budgetsAfterNotices,
  isStoredBudget,
  readBudget,
  type BudgetInput,
  type StoredBudget,
} from "../../../src/rules/budget/budget-lifecycle";
import { budgetFingerprint } from "../../../src/rules/budget/fingerprint";
import { spendEventFrom, withOverride } from "../../../src/rules/budget/spend-events";
import {
  fastSlowRemaining,
  initialFastSlowBudget,
  spendFastSlow,
  startFastSlowRound,
  startFastSlowTurn,
  type FastSlowBudget,
} from "../../../src/rules/families/fast-slow/budget";
import { classicD20Remaining, type ClassicD20Budget } from "../../../src/rules/families/classic-d20/budget";
import {
  counterRefusal,
  opposedD20Remaining,
  withEngineCounts,
  type OpposedD20Budget,
} from "../../../src/rules/families/opposed-d20/budget";
import {
  activeDefenseRemaining,
  initialActiveDefenseBudget,
  spendActiveDefense,
  startActiveDefenseTurn,
  type ActiveDefenseBudget,
} from "../../../src/rules/families/active-defense-3d6/budget";
import { adWeapon } from "../../../src/rules/families/active-defense-3d6/readiness";
import { FAMILY_IDS, type FamilyId } from "../../../src/rules/families/ids";
import type { RoundNotice } from "../../../src/rules/turns/round-state";
import { freshSheet } from "../../../src/rules/families/phased-round/structure";
import { reduceAll } from "../../../src/rules/turns/round-engine";
import type { RoundEvent } from "../../../src/rules/turns/round-event";
import { roundStructureFor } from "../../../src/rules/families/round-structures";
import { opposedD20Structure } from "../../../src/rules/families/opposed-d20/structure";
import { emptyRoundState } from "../../../src/rules/turns/round-state";

const sword = { unbalanced: false, missile: false, readyTurns: 0 };
const axe = { unbalanced: true, missile: false, readyTurns: 0 };
const bow = { unbalanced: false, missile: true, readyTurns: 1 };

function adTurn(weapons: Record<string, ReturnType<typeof adWeapon>>): ActiveDefenseBudget {
  return startActiveDefenseTurn(initialActiveDefenseBudget(weapons));
}

const base = { weaponId: "w", melee: true, bowOrCrossbow: false } as const;

describe("rolling an attack spends", () => {
  it("FS-A1 the action on the creature's turn; FS-A16 the reaction out of it; FS-A10 a prepared attack", () => {
    const turn = startFastSlowTurn(startFastSlowRound(initialFastSlowBudget(), { round: 1 }), {
      kind: "slow",
      speed: 10,
    });
    expect(attackSpend({ ...base, family: "fast-slow", fastSlow: turn })).toEqual({
      ok: true,
      value: { family: "fast-slow", event: { type: "activity", activity: "attack" } },
    });
    const waiting = startFastSlowRound(initialFastSlowBudget(), { round: 1 });
    const out = attackSpend({ ...base, family: "fast-slow", fastSlow: waiting });
    expect(out.ok && out.value.event).toEqual({ type: "reaction", kind: "opportunityAttack" });
    const prepared: FastSlowBudget = {
      ...waiting,
      prepared: { activity: "attack", trigger: "it opens the door" },
    };
    const p = attackSpend({ ...base, family: "fast-slow", fastSlow: prepared });
    expect(p.ok && p.value.event).toEqual({ type: "reaction", kind: "prepared" });
    // The reaction is once a round: a second attack out of turn is refused.
    const first = spendFastSlow(waiting, { type: "reaction", kind: "opportunityAttack" }, { prone: false });
    if (!first.ok) throw new Error(first.reason);
    expect(
      spendFastSlow(first.value, { type: "reaction", kind: "opportunityAttack" }, { prone: false }),
    ).toMatchObject({
      ok: false,
      reason: "reactionUsed",
    });
    expect(fastSlowRemaining(first.value).round[0]?.left).toBe(0);
    // The shared entry point spends a fast-slow event under the fast-slow rules, and counts no engine action.
    const reaction = { family: "fast-slow", event: { type: "reaction", kind: "opportunityAttack" } } as const;
    expect(countedAction(reaction)).toBeNull();
    expect(applySpend(reaction, waiting, { prone: false })).toEqual(first);
    expect(applySpend(reaction, first.value, { prone: false })).toMatchObject({
      ok: false,
      reason: "reactionUsed",
    });
  });

  it("CD-A6 the standard action; OD-A1 an active action, counted by the engine", () => {
    const cd = attackSpend({ ...base, family: "classic-d20" });
    expect(cd.ok && cd.value.event).toEqual({ type: "standard", kind: "attack" });
    const od = attackSpend({ ...base, family: "opposed-d20" });
    expect(od.ok && od.value.family === "opposed-d20" && countedAction(od.value)).toBe("active");
    // OD-R3 counts actions in opposed-d20 only.
    expect(cd.ok && cd.value.family === "classic-d20" && countedAction(cd.value)).toBeNull();
  });

  it("PR-P9 a melee attack needs the melee declaration; PR-P4 PR-P7 a shot needs a missile one; the GM may force", () => {
    const sheet = freshSheet();
    expect(attackSpend({ ...base, family: "phased-round", sheet })).toMatchObject({
      ok: false,
      reason: "attackNotDeclared",
    });
    expect(
      attackSpend({
        ...base,
        family: "phased-round",
        sheet: { ...sheet, melee: { group: "1", extraWeapons: 0 } },
      }),
    ).toEqual({ ok: true, value: { family: "phased-round", event: null } });
    expect(
      attackSpend({ ...base, melee: false, family: "phased-round", sheet: { ...sheet, missileB: "single" } })
        .ok,
    ).toBe(true);
    expect(attackSpend({ ...base, family: "phased-round", sheet, override: true }).ok).toBe(true);
  });

  it("PR-P10 a melee attack is rolled in the melee resolution phase; PR-P5 PR-P8 a shot in the missile resolution of its part; the GM may force", () => {
    const sheet = freshSheet();
    const melee = {
      ...base,
      family: "phased-round" as const,
      sheet: { ...sheet, melee: { group: "1", extraWeapons: 0 } },
    };
    expect(attackSpend({ ...melee, phase: "meleeResolution" }).ok).toBe(true);
    for (const phase of ["melee", "movement", "missileResolutionA", "finalOrientation"])
      expect(attackSpend({ ...melee, phase })).toMatchObject({ ok: false, reason: "meleeNotResolving" });
    expect(attackSpend({ ...melee, phase: "melee", override: true }).ok).toBe(true);

    const shotA = {
      ...base,
      melee: false,
      family: "phased-round" as const,
      sheet: { ...sheet, missileA: "single" as const },
    };
    expect(attackSpend({ ...shotA, phase: "missileResolutionA" }).ok).toBe(true);
    expect(attackSpend({ ...shotA, phase: "missileResolutionB" })).toMatchObject({
      ok: false,
      reason: "missileNotResolving",
    });
    expect(attackSpend({ ...shotA, phase: "missileDeclarationA" })).toMatchObject({
      ok: false,
      reason: "missileNotResolving",
    });
    // PR-P4: a self-reloading weapon declared in both parts fires in both resolutions.
    const both = {
      ...shotA,
      sheet: { ...sheet, missileA: "selfReloading" as const, missileB: "selfReloading" as const },
    };
    expect(attackSpend({ ...both, phase: "missileResolutionA" }).ok).toBe(true);
    expect(attackSpend({ ...both, phase: "missileResolutionB" }).ok).toBe(true);
  });

  it("AD-M5 a bow shoots at the start of the turn; AD-M2 an all-out attack makes its attacks, two with option (d)", () => {
    const shot = attackSpend({ ...base, family: "active-defense-3d6", bowOrCrossbow: true });
    expect(shot.ok && shot.value.event).toEqual({ type: "shoot", weaponId: "w" });

    let s = adTurn({ sword: adWeapon(sword, "ready") });
    const allOut = spendActiveDefense(s, {
      type: "maneuver",
      maneuver: "allOutAttack",
      option: "twoAttacks",
      weaponId: "sword",
    });
    if (!allOut.ok) throw new Error(allOut.reason);
    s = allOut.value;
    for (let i = 0; i < 2; i++) {
      const hit = spendActiveDefense(s, { type: "strike", weaponId: "sword" });
      if (!hit.ok) throw new Error(hit.reason);
      s = hit.value;
    }
    expect(activeDefenseRemaining(s).turn.find((l) => l.key === "attacks")).toMatchObject({
      left: 0,
      max: 2,
    });
    expect(spendActiveDefense(s, { type: "strike", weaponId: "sword" })).toMatchObject({
      ok: false,
      reason: "attacksUsed",
    });
  });

  it("AD-M1…AD-M8 one manoeuvre a turn: an attack roll with none chosen is the Attack; after a feint it is refused", () => {
    const turn = adTurn({ axe: adWeapon(axe, "ready") });
    const attacked = spendActiveDefense(turn, { type: "strike", weaponId: "axe" });
    if (!attacked.ok) throw new Error(attacked.reason);
    expect(attacked.value.maneuver).toBe("attack");
    // AD-M4: the unbalanced axe is unready after the attack.
    expect(attacked.value.weapons.axe?.status).toBe("unready");
    expect(spendActiveDefense(attacked.value, { type: "strike", weaponId: "axe" })).toMatchObject({
      ok: false,
      reason: "maneuverTaken",
    });
    const feinted = spendActiveDefense(turn, {
      type: "maneuver",
      maneuver: "feint",
      target: "orc",
      effect: 2,
    });
    if (!feinted.ok) throw new Error(feinted.reason);
    expect(spendActiveDefense(feinted.value, { type: "strike", weaponId: "axe" })).toMatchObject({
      ok: false,
      reason: "maneuverTaken",
    });
    expect(
      spendActiveDefense(initialActiveDefenseBudget(), { type: "strike", weaponId: "axe" }),
    ).toMatchObject({
      ok: false,
      reason: "notYourTurn",
    });
  });
});

const fsInput: BudgetInput = { speed: 10, kind: "fast" };
const noProne = { prone: false };

function lifecycle(
  family: FamilyId,
  notices: RoundNotice[],
  stored: Record<string, unknown>,
  input: BudgetInput,
) {
  return budgetsAfterNotices(family, notices, {
    ids: Object.keys(stored),
    round: 1,
    stored: (id) => stored[id] ?? null,
    input: () => input,
  });
}

const roundStarted = (round: number): RoundNotice => ({ kind: "roundStarted", round, effects: [] });
const turnStarted = (id: string): RoundNotice => ({
  kind: "turnStarted",
  round: 1,
  phase: "p",
  id,
  expired: [],
});
const turnEnded = (id: string): RoundNotice => ({
  kind: "turnEnded",
  round: 1,
  phase: "p",
  id,
  cause: "ended",
});

describe("the budgets' round and turn clock", () => {
  it("FS-A16 a new round gives the reaction back; FS-R5 the fast turn opens with the creature's Speed", () => {
    const used = { ...initialFastSlowBudget(), round: 1, reactionLeft: 0 };
    const after = lifecycle("fast-slow", [roundStarted(2), turnStarted("a")], { a: used }, fsInput);
    const a = after.get("a") as FastSlowBudget;
    expect(a.reactionLeft).toBe(1);
    expect(a.turn).toMatchObject({ kind: "fast", speed: 10, minorLeft: 1 });
    const ended = lifecycle("fast-slow", [turnEnded("a")], { a }, fsInput).get("a") as FastSlowBudget;
    expect(ended.turn).toBe(null);
  });

  it("CD-A5 a combatant limited to a standard action gets no move action", () => {
    const after = lifecycle(
      "classic-d20",
      [roundStarted(1), turnStarted("a")],
      { a: null },
      { speed: 9, standardOnly: true },
    );
    const lines = classicD20Remaining(after.get("a") as ClassicD20Budget).turn;
    expect(lines.find((l) => l.key === "moveAction")).toMatchObject({ left: 0, max: 0 });
    expect(lines.find((l) => l.key === "standard")?.left).toBe(1);
  });

  it("OD-R1 a new round: counts back to 0 with the character's counters; OD-R3 passive actions before the turn count", () => {
    const input: BudgetInput = { speed: 0, limits: { active: 2, passive: 3 } };
    let od = lifecycle("opposed-d20", [roundStarted(1)], { a: null }, input).get("a") as OpposedD20Budget;
    expect(opposedD20Remaining(od).round.map((l) => [l.key, l.left, l.max])).toEqual([
      ["active", 2, 2],
      ["passive", 3, 3],
    ]);
    od = withEngineCounts(od, { active: 0, passive: 2 });
    od = lifecycle("opposed-d20", [turnStarted("a")], { a: od }, input).get("a") as OpposedD20Budget;
    expect(od.turn).toBe("acting");
    expect(od.passiveBeforeTurn).toBe(2);
  });

  it("AD-T1 readiness, aim and feint carry from turn to turn; AD-M4 a bow readied counts when the next turn starts", () => {
    const input: BudgetInput = { speed: 0, weapons: { bow: { spec: bow, status: "ready" } } };
    let ad = lifecycle("active-defense-3d6", [roundStarted(1), turnStarted("a")], { a: null }, input).get(
      "a",
    ) as ActiveDefenseBudget;
    const shot = spendActiveDefense(ad, { type: "shoot", weaponId: "bow" });
    if (!shot.ok) throw new Error(shot.reason);
    expect(shot.value.weapons.bow?.status).toBe("unready");
    const readied = spendActiveDefense(shot.value, { type: "maneuver", maneuver: "ready", weaponId: "bow" });
    if (!readied.ok) throw new Error(readied.reason);
    ad = lifecycle(
      "active-defense-3d6",
      [turnEnded("a"), roundStarted(2), turnStarted("a")],
      { a: readied.value },
      input,
    ).get("a") as ActiveDefenseBudget;
    // The round start did not reset the bow; the turn start made the readying count.
    expect(ad.weapons.bow?.status).toBe("ready");
    expect(ad.turnNumber).toBe(2);
  });

  it("CD-A1 AD-T1 a turn the GM interrupts resumes with its budget as it was, not a second one", () => {
    // The round engine's own notices: a acts first; the GM makes b act out of order; a's turn resumes.
    const drive = (family: "classic-d20" | "active-defense-3d6") => {
      const structure = roundStructureFor(family);
      let state = emptyRoundState(family);
      const store: Record<string, unknown> = { a: null, b: null };
      const input: BudgetInput =
        family === "classic-d20"
          ? { speed: 9 }
          : { speed: 0, weapons: { sword: { spec: sword, status: "ready" } } };
      const step = (events: RoundEvent[], spend?: (a: StoredBudget) => StoredBudget) => {
        const out = reduceAll(structure, state, events);
        if (!out.ok) throw new Error(out.reason);
        state = out.value;
        const changed = budgetsAfterNotices(family, state.notices, {
          ids: ["a", "b"],
          round: state.round,
          stored: (id) => store[id] ?? null,
          input: () => input,
        });
        for (const [id, budget] of changed) store[id] = budget;
        if (spend) store.a = spend(store.a as StoredBudget);
      };
      return { step, store: () => store, state: () => state };
    };
    const must = <T>(out: { ok: true; value: T } | { ok: false; reason: string }): T => {
      if (!out.ok) throw new Error(out.reason);
      return out.value;
    };

    const cd = drive("classic-d20");
    cd.step(
      [
        {
          type: "addCombatant",
          combatant: { id: "a", side: "players", initiative: { total: 15, dexterity: 1 } },
        },
        { type: "addCombatant", combatant: { id: "b", side: "gm", initiative: { total: 8, dexterity: 0 } } },
        { type: "startCombat" },
      ],
      (a) =>
        must(applySpend({ family: "classic-d20", event: { type: "standard", kind: "attack" } }, a, noProne)),
    );
    cd.step([{ type: "takeTurn", id: "b", gmOverride: true }, { type: "endTurn" }]);
    expect(cd.state().current).toBe("a");
    // CD-A1: one standard action a round, the resumed turn included.
    expect(
      applySpend(
        { family: "classic-d20", event: { type: "standard" } },
        cd.store().a as StoredBudget,
        noProne,
      ),
    ).toMatchObject({ ok: false, reason: "standardActionUsed" });

    const ad = drive("active-defense-3d6");
    ad.step(
      [
        { type: "addCombatant", combatant: { id: "a", side: "players", initiative: { total: 15 } } },
        { type: "addCombatant", combatant: { id: "b", side: "gm", initiative: { total: 8 } } },
        { type: "startCombat" },
      ],
      (a) =>
        must(
          applySpend(
            { family: "active-defense-3d6", event: { type: "maneuver", maneuver: "allOutDefense" } },
            a,
            noProne,
          ),
        ),
    );
    ad.step([{ type: "takeTurn", id: "b", gmOverride: true }, { type: "endTurn" }]);
    const resumed = ad.store().a as ActiveDefenseBudget;
    // AD-T1: still the first turn, its manoeuvre taken, all-out defense on until the next turn.
    expect(resumed).toMatchObject({ turnNumber: 1, inTurn: true, maneuver: "allOutDefense" });
    expect(
      applySpend(
        { family: "active-defense-3d6", event: { type: "strike", weaponId: "sword" } },
        resumed,
        noProne,
      ),
    ).toMatchObject({ ok: false, reason: "maneuverTaken" });
  });

  it("PR-B1 phased-round stores no budget: its declarations are the round engine's", () => {
    expect(lifecycle("phased-round", [roundStarted(1)], { a: null }, { speed: 0 }).size).toBe(0);
  });

  it("a stored budget of another shape is read as a fresh one", () => {
    for (const family of FAMILY_IDS.filter((f) => f !== "phased-round")) {
      const read = readBudget(family, { nonsense: true }, 2, { speed: 5, limits: { active: 1, passive: 1 } });
      expect(isStoredBudget(family, read), family).toBe(true);
    }
    expect(isStoredBudget("classic-d20", initialFastSlowBudget())).toBe(false);
  });

  it("budgets never go negative, whatever the notices and spends (property)", () => {
    const notice = fc.oneof(
      fc.integer({ min: 1, max: 5 }).map(roundStarted),
      fc.constantFrom("a", "b").map(turnStarted),
      fc.constantFrom("a", "b").map(turnEnded),
    );
    const family = fc.constantFrom<FamilyId>("fast-slow", "classic-d20", "opposed-d20", "active-defense-3d6");
    const payload = fc.oneof(
      fc.constantFrom(
        { type: "activity", activity: "cast" },
        { type: "minor" },
        { type: "reaction", kind: "other" },
        { type: "standUp", using: "move" },
        { type: "standard" },
        { type: "openMove", useStandard: true },
        { type: "fullRound" },
        { type: "free" },
        { type: "action", counter: "active" },
        { type: "action", counter: "passive" },
        { type: "reaction", trigger: "x", counter: "passive" },
        { type: "maneuver", maneuver: "allOutDefense" },
        { type: "maneuver", maneuver: "move" },
      ),
    );
    const negatives = (v: unknown): boolean =>
      typeof v === "number"
        ? v < 0 || Number.isNaN(v)
        : !!v && typeof v === "object" && Object.values(v).some(negatives);
    fc.assert(
      fc.property(
        family,
        fc.array(
          fc.oneof(
            notice.map((n) => ({ n })),
            fc.tuple(payload, fc.boolean()).map(([p, o]) => ({ p, o })),
          ),
          {
            maxLength: 40,
          },
        ),
        (fam, steps) => {
          const input: BudgetInput = { speed: 6, kind: "slow", limits: { active: 1, passive: 2 } };
          let state: StoredBudget | null = readBudget(fam, null, 1, input);
          for (const step of steps) {
            if ("n" in step) {
              state = lifecycle(fam, [step.n], { a: state }, input).get("a") ?? state;
            } else if (state) {
              const spend = spendEventFrom(fam, step.p);
              if (!spend.ok) continue;
              const before = budgetFingerprint(state);
              const out = applySpend(withOverride(spend.value, step.o), state, { prone: false });
              if (out.ok) state = out.value;
              else expect(budgetFingerprint(state)).toBe(before);
            }
            expect(negatives(state)).toBe(false);
          }
        },
      ),
      runs(1000),
    );
  });
});

describe("spend requests' events", () => {
  it("a client's override is never passed through: only the GM side adds it", () => {
    const out = spendEventFrom("fast-slow", { type: "activity", activity: "cast", override: true });
    expect(out).toEqual({
      ok: true,
      value: { family: "fast-slow", event: { type: "activity", activity: "cast" } },
    });
    if (out.ok) expect(withOverride(out.value, true).event).toMatchObject({ override: true });
  });

  it("FS-A10 a prepared activity keeps its trigger text; unknown or malformed events are refused", () => {
    const out = spendEventFrom("fast-slow", {
      type: "activity",
      activity: "prepare",
      prepared: { activity: "attack", trigger: "when the door opens" },
    });
    expect(out.ok && out.value.event).toEqual({
      type: "activity",
      activity: "prepare",
      prepared: { activity: "attack", trigger: "when the door opens" },
    });
    expect(spendEventFrom("fast-slow", { type: "activity", activity: "fly" })).toMatchObject({
      reason: "invalidValue",
    });
    expect(spendEventFrom("classic-d20", null)).toMatchObject({ reason: "invalidValue" });
    expect(
      spendEventFrom("active-defense-3d6", { type: "maneuver", maneuver: "feint", target: "x", effect: -1 }),
    ).toMatchObject({
      reason: "invalidValue",
    });
    expect(spendEventFrom("phased-round", { type: "melee" })).toMatchObject({ reason: "declareInTracker" });
  });

  it("OD-R4 a reaction names its trigger and the counter its technique spends", () => {
    const out = spendEventFrom("opposed-d20", { type: "reaction", trigger: "an ally falls", counter: null });
    expect(out.ok && out.value.event).toEqual({ type: "reaction", trigger: "an ally falls", counter: null });
  });
});

describe("one store for the opposed-d20 counters", () => {
  it("OD-R3 the engine's countAction and the budget's counterRefusal agree on every count and limit (property)", () => {
    const od = opposedD20Structure();
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom<"active" | "passive">("active", "passive"), { maxLength: 12 }),
        fc.integer({ min: 0, max: 4 }),
        (kinds, limit) => {
          let state = reduceAll(od, emptyRoundState("opposed-d20"), [
            { type: "addCombatant", combatant: { id: "a", side: "players", initiative: { total: 10 } } },
            { type: "startCombat" },
          ]);
          if (!state.ok) throw new Error(state.reason);
          for (const kind of kinds) {
            const counts = state.value.combatants[0]?.actions ?? { active: 0, passive: 0 };
            const budgetSays = counterRefusal(counts, kind, limit);
            const next = reduceAll(od, state.value, [{ type: "countAction", id: "a", kind, limit }]);
            expect(next.ok).toBe(budgetSays === null);
            if (!next.ok) expect(next.reason).toBe(budgetSays?.reason);
            else state = next;
          }
        },
      ),
      runs(1000),
    );
  });

  it("OD-R3 the budget reads the engine's counts", () => {
    const od = readBudget("opposed-d20", null, 1, {
      speed: 0,
      limits: { active: 1, passive: 1 },
    }) as OpposedD20Budget;
    const view = withEngineCounts(od, { active: 1, passive: 0 });
    expect(opposedD20Remaining(view).round[0]?.left).toBe(0);
    expect(withEngineCounts(od, null)).toBe(od);
  });
});

describe("double clicks", () => {
  it("a budget's fingerprint ignores key order and changes with any value", () => {
    expect(budgetFingerprint({ a: 1, b: [1, { c: 2 }] })).toBe(budgetFingerprint({ b: [1, { c: 2 }], a: 1 }));
    expect(budgetFingerprint({ a: 1 })).not.toBe(budgetFingerprint({ a: 2 }));
    const turn = startFastSlowTurn(initialFastSlowBudget(), { kind: "slow", speed: 10 });
    const spent = spendFastSlow(turn, { type: "minor" }, { prone: false });
    expect(spent.ok && budgetFingerprint(spent.value)).not.toBe(budgetFingerprint(turn));
  });
});
