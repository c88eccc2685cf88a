/**
 * Invariants every budget keeps, whatever is thrown at it (issue: "budgets never go negative and a refused event
 * changes nothing"): every line of what is left stays ≥ 0, every counter in the state stays ≥ 0, and a refused
 * event leaves the input state deep-equal to what it was (the input is frozen, so a mutation would throw).
 */
import fc from "fast-check";
import { runs } from "../../property-runs";
import { describe, expect, it } from "vitest";
import type { BudgetSummary } from "../../../src/rules/budget/budget-rules";
import type { Outcome } from "../../../src/rules/outcome";
import { FS_ACTIVITIES } from "../../../src/rules/families/fast-slow/activities";
import {
  FAST_SLOW_REFUSALS,
  fastSlowBudget,
  spendFastSlow,
  type FastSlowBudget,
  type FastSlowEvent,
} from "../../../src/rules/families/fast-slow/budget";
import { MOVEMENT_ACTIONS } from "../../../src/rules/families/fast-slow/movement";
import {
  CLASSIC_D20_REFUSALS,
  classicD20Budget,
  type ClassicD20Budget,
  type ClassicD20Event,
} from "../../../src/rules/families/classic-d20/budget";
import {
  OPPOSED_D20_REFUSALS,
  opposedD20Budget,
  type OpposedD20Budget,
  type OpposedD20Event,
} from "../../../src/rules/families/opposed-d20/budget";
import {
  PHASED_REFUSALS,
  phasedRoundBudget,
  type PhasedBudget,
  type PhasedEvent,
} from "../../../src/rules/families/phased-round/budget";
import {
  ACTIVE_DEFENSE_REFUSALS,
  activeDefenseBudget,
  initialActiveDefenseBudget,
  type ActiveDefenseBudget,
  type ActiveDefenseEvent,
} from "../../../src/rules/families/active-defense-3d6/budget";
import { ALL_OUT_ATTACK_OPTIONS } from "../../../src/rules/families/active-defense-3d6/maneuvers";
import { adWeapon } from "../../../src/rules/families/active-defense-3d6/readiness";

const RUNS = runs(1000);

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** Every number anywhere in the state (except what the test says to skip) is ≥ 0. */
function negativeNumbers(value: unknown, path = "state"): string[] {
  if (typeof value === "number") return value < 0 || Number.isNaN(value) ? [`${path}=${value}`] : [];
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([k, v]) => negativeNumbers(v, `${path}.${k}`));
  return [];
}

function linesNonNegative(summary: BudgetSummary): boolean {
  return [...summary.turn, ...summary.round].every((l) => l.left >= 0 && l.max >= 0 && !Number.isNaN(l.left));
}

type Step<S, E> = { kind: "life"; apply: (s: S) => S } | { kind: "spend"; event: E };

/** Run the steps, checking the invariants after each; refused events must leave the state as it was. */
function check<S, E>(
  initial: S,
  steps: readonly Step<S, E>[],
  spend: (s: S, e: E) => Outcome<S>,
  remaining: (s: S) => BudgetSummary,
  reasons: readonly string[],
  skipNegative: (path: string) => boolean = () => false,
): void {
  let state = deepFreeze(structuredClone(initial));
  for (const step of steps) {
    if (step.kind === "life") {
      state = deepFreeze(step.apply(state));
    } else {
      const before = structuredClone(state);
      const out = spend(state, step.event);
      expect(state).toEqual(before);
      if (out.ok) state = deepFreeze(out.value);
      else expect(reasons).toContain(out.reason);
    }
    expect(negativeNumbers(state).filter((p) => !skipNegative(p))).toEqual([]);
    expect(linesNonNegative(remaining(state))).toBe(true);
  }
}

const metres = fc.double({ min: 0, max: 30, noNaN: true, noDefaultInfinity: true });
const flag = fc.boolean();
const maybeOverride = fc.option(fc.constant(true), { nil: undefined, freq: 4 });
const withOverride = <E extends object>(e: fc.Arbitrary<E>) =>
  fc.tuple(e, maybeOverride).map(([ev, o]) => (o ? { ...ev, override: true } : ev));

describe("fast-slow budget invariants", () => {
  const activity: fc.Arbitrary<FastSlowEvent> = fc.oneof(
    fc
      .constantFrom(...FS_ACTIVITIES.filter((a) => a !== "prepare" && a !== "reload"))
      .map((activity) => ({ type: "activity", activity }) as FastSlowEvent),
    fc
      .tuple(fc.constantFrom(...FS_ACTIVITIES), fc.string({ maxLength: 5 }))
      .map(
        ([a, trigger]) =>
          ({ type: "activity", activity: "prepare", prepared: { activity: a, trigger } }) as FastSlowEvent,
      ),
    fc
      .tuple(flag, flag)
      .map(
        ([weaponHasReload, hasAmmunition]) =>
          ({ type: "activity", activity: "reload", weaponHasReload, hasAmmunition }) as FastSlowEvent,
      ),
  );
  const move: fc.Arbitrary<FastSlowEvent> = fc
    .record({
      metres,
      action: fc.constantFrom(...MOVEMENT_ACTIONS),
      terrain: fc.constantFrom("normal", "difficult", "balance"),
      jump: fc.record({
        kind: fc.constantFrom("high", "long", "down"),
        agilityModifier: fc.integer({ min: -5, max: 6 }),
        runUpMetres: fc.integer({ min: 0, max: 5 }),
        overGap: flag,
      }),
    })
    .map((m) => ({ type: "move", ...m }) as FastSlowEvent);
  const other: fc.Arbitrary<FastSlowEvent> = fc.oneof(
    fc
      .constantFrom("continue", "stop", "fall")
      .map((result) => ({ type: "traversal", result }) as FastSlowEvent),
    fc.constantFrom("action", "move").map((using) => ({ type: "standUp", using }) as FastSlowEvent),
    fc.constant({ type: "dropProne" } as FastSlowEvent),
    fc.constant({ type: "minor" } as FastSlowEvent),
    fc
      .constantFrom("opportunityAttack", "prepared", "other")
      .map((kind) => ({ type: "reaction", kind }) as FastSlowEvent),
  );
  const step: fc.Arbitrary<Step<FastSlowBudget, { event: FastSlowEvent; prone: boolean }>> = fc.oneof(
    {
      weight: 1,
      arbitrary: fc.integer({ min: 1, max: 9 }).map(
        (round) =>
          ({
            kind: "life",
            apply: (s: FastSlowBudget) => fastSlowBudget.startRound(s, { round }),
          }) as const,
      ),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(fc.constantFrom("fast", "slow"), fc.integer({ min: 0, max: 12 })).map(
        ([kind, speed]) =>
          ({
            kind: "life",
            apply: (s: FastSlowBudget) => fastSlowBudget.startTurn(s, { kind, speed }),
          }) as const,
      ),
    },
    { weight: 1, arbitrary: fc.constant({ kind: "life", apply: fastSlowBudget.endTurn } as const) },
    {
      weight: 10,
      arbitrary: fc
        .tuple(withOverride(fc.oneof(activity, move, other)), flag)
        .map(([event, prone]) => ({ kind: "spend", event: { event, prone } }) as const),
    },
  );

  it("FS-R5 FS-R6 FS-A16 FS-A17 FS-M1…FS-M6 never negative; a refused event changes nothing", () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) =>
        check(
          fastSlowBudget.initial(),
          steps,
          (s, { event, prone }) => spendFastSlow(s, event, { prone }),
          fastSlowBudget.remaining,
          FAST_SLOW_REFUSALS,
        ),
      ),
      RUNS,
    );
  });
});

describe("classic-d20 budget invariants", () => {
  const event: fc.Arbitrary<ClassicD20Event> = withOverride(
    fc.oneof(
      fc
        .constantFrom("attack", "cast", "other")
        .map((kind) => ({ type: "standard", kind }) as ClassicD20Event),
      flag.map((useStandard) => ({ type: "moveAction", useStandard }) as ClassicD20Event),
      fc
        .tuple(metres, flag)
        .map(([m, useStandard]) => ({ type: "move", metres: m, useStandard }) as ClassicD20Event),
      fc
        .option(fc.double({ min: 0, max: 3, noNaN: true }), { nil: undefined })
        .map((m) => (m === undefined ? { type: "step" } : { type: "step", metres: m }) as ClassicD20Event),
      fc
        .tuple(flag, flag)
        .map(
          ([allowsStep, canBeStandard]) =>
            ({ type: "fullRound", allowsStep, canBeStandard }) as ClassicD20Event,
        ),
      fc.constant({ type: "free" } as ClassicD20Event),
    ),
  );
  const step: fc.Arbitrary<Step<ClassicD20Budget, ClassicD20Event>> = fc.oneof(
    {
      weight: 1,
      arbitrary: fc.integer({ min: 1, max: 9 }).map(
        (round) =>
          ({
            kind: "life",
            apply: (s: ClassicD20Budget) => classicD20Budget.startRound(s, { round }),
          }) as const,
      ),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(fc.integer({ min: 0, max: 12 }), flag).map(
        ([speed, standardOnly]) =>
          ({
            kind: "life",
            apply: (s: ClassicD20Budget) => classicD20Budget.startTurn(s, { speed, standardOnly }),
          }) as const,
      ),
    },
    { weight: 1, arbitrary: fc.constant({ kind: "life", apply: classicD20Budget.endTurn } as const) },
    { weight: 10, arbitrary: event.map((e) => ({ kind: "spend", event: e }) as const) },
  );

  it("CD-A1…CD-A6 never negative; a refused event changes nothing", () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) =>
        check(
          classicD20Budget.initial(),
          steps,
          (s, e) => classicD20Budget.spend(s, e, undefined),
          classicD20Budget.remaining,
          CLASSIC_D20_REFUSALS,
        ),
      ),
      RUNS,
    );
  });
});

describe("opposed-d20 budget invariants", () => {
  const counter = fc.constantFrom("active", "passive", null);
  const event: fc.Arbitrary<OpposedD20Event> = withOverride(
    fc.oneof(
      fc.constantFrom("active", "passive").map((c) => ({ type: "action", counter: c }) as OpposedD20Event),
      fc
        .tuple(fc.string({ maxLength: 4 }), counter)
        .map(([trigger, c]) => ({ type: "reaction", trigger, counter: c }) as OpposedD20Event),
      fc
        .tuple(fc.constantFrom("a", "b"), counter)
        .map(([before, c]) => ({ type: "intrusive", before, counter: c }) as OpposedD20Event),
    ),
  );
  const step: fc.Arbitrary<Step<OpposedD20Budget, OpposedD20Event>> = fc.oneof(
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.integer({ min: 1, max: 9 }),
          fc.integer({ min: -1, max: 4 }),
          fc.integer({ min: -1, max: 4 }),
        )
        .map(
          ([round, active, passive]) =>
            ({
              kind: "life",
              apply: (s: OpposedD20Budget) =>
                opposedD20Budget.startRound(s, { round, limits: { active, passive } }),
            }) as const,
        ),
    },
    {
      weight: 1,
      arbitrary: fc.constant({
        kind: "life",
        apply: (s: OpposedD20Budget) => opposedD20Budget.startTurn(s),
      } as const),
    },
    { weight: 1, arbitrary: fc.constant({ kind: "life", apply: opposedD20Budget.endTurn } as const) },
    { weight: 8, arbitrary: event.map((e) => ({ kind: "spend", event: e }) as const) },
  );

  it("OD-R3 OD-R4 never negative; a refused event changes nothing", () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) =>
        check(
          opposedD20Budget.initial(),
          steps,
          (s, e) => opposedD20Budget.spend(s, e, undefined),
          opposedD20Budget.remaining,
          OPPOSED_D20_REFUSALS,
        ),
      ),
      RUNS,
    );
  });
});

describe("phased-round budget invariants", () => {
  const weapon = fc.constantFrom("selfReloading", "single", "thrownPair");
  const event: fc.Arbitrary<PhasedEvent> = withOverride(
    fc.oneof(
      fc.constantFrom("cast", "prepare").map((spell) => ({ type: "spell", spell }) as PhasedEvent),
      fc
        .tuple(fc.constantFrom("A", "B"), weapon)
        .map(([phase, w]) => ({ type: "missile", phase, weapon: w }) as PhasedEvent),
      fc
        .tuple(fc.integer({ min: 0, max: 120 }), fc.constantFrom(undefined, "succeeded", "failed"))
        .map(
          ([percent, manoeuvre]) =>
            (manoeuvre ? { type: "move", percent, manoeuvre } : { type: "move", percent }) as PhasedEvent,
        ),
      fc.constantFrom("draw", "change", "melee").map((type) => ({ type }) as PhasedEvent),
      flag.map((failed) => ({ type: "orientation", failed }) as PhasedEvent),
      flag.map((unable) => ({ type: "unableToAct", unable }) as PhasedEvent),
    ),
  );
  const step: fc.Arbitrary<Step<PhasedBudget, { event: PhasedEvent; phase: number | undefined }>> = fc.oneof(
    {
      weight: 1,
      arbitrary: fc.integer({ min: 1, max: 9 }).map(
        (round) =>
          ({
            kind: "life",
            apply: (s: PhasedBudget) => phasedRoundBudget.startRound(s, { round }),
          }) as const,
      ),
    },
    {
      weight: 10,
      arbitrary: fc
        .tuple(event, fc.option(fc.integer({ min: 1, max: 11 }), { nil: undefined }))
        .map(([e, phase]) => ({ kind: "spend", event: { event: e, phase } }) as const),
    },
  );

  it("PR-B1 PR-B2 never negative; a refused declaration changes nothing", () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) =>
        check(
          phasedRoundBudget.initial(),
          steps,
          (s, { event, phase }) => phasedRoundBudget.spend(s, event, phase === undefined ? {} : { phase }),
          phasedRoundBudget.remaining,
          PHASED_REFUSALS,
        ),
      ),
      RUNS,
    );
  });
});

describe("active-defense-3d6 budget invariants", () => {
  const weaponId = fc.constantFrom("sword", "axe", "bow", "crossbow", "nothing");
  const event: fc.Arbitrary<ActiveDefenseEvent> = withOverride(
    fc.oneof(
      weaponId.map((w) => ({ type: "shoot", weaponId: w }) as ActiveDefenseEvent),
      weaponId.map((w) => ({ type: "dropWeapon", weaponId: w }) as ActiveDefenseEvent),
      fc
        .tuple(fc.constantFrom("attack", "ready", "pickUp"), weaponId)
        .map(([maneuver, w]) => ({ type: "maneuver", maneuver, weaponId: w }) as ActiveDefenseEvent),
      fc
        .tuple(fc.constantFrom(...ALL_OUT_ATTACK_OPTIONS), weaponId)
        .map(
          ([option, w]) =>
            ({ type: "maneuver", maneuver: "allOutAttack", option, weaponId: w }) as ActiveDefenseEvent,
        ),
      fc
        .tuple(weaponId, fc.integer({ min: -5, max: 8 }))
        .map(
          ([w, margin]) => ({ type: "maneuver", maneuver: "aim", weaponId: w, margin }) as ActiveDefenseEvent,
        ),
      fc
        .integer({ min: -3, max: 8 })
        .map(
          (effect) => ({ type: "maneuver", maneuver: "feint", target: "orc", effect }) as ActiveDefenseEvent,
        ),
      fc
        .constantFrom("allOutDefense", "concentrate", "move", "other")
        .map((maneuver) => ({ type: "maneuver", maneuver }) as ActiveDefenseEvent),
      fc
        .tuple(
          fc.subarray(["loseAim", "voidReadying", "unreadyWeapon", "concentrationCheck"] as const),
          weaponId,
        )
        .map(
          ([kinds, w]) =>
            ({
              type: "defended",
              consequences: kinds.map((kind) => ({ kind })),
              weaponId: w,
            }) as ActiveDefenseEvent,
        ),
    ),
  );
  const step: fc.Arbitrary<Step<ActiveDefenseBudget, ActiveDefenseEvent>> = fc.oneof(
    {
      weight: 1,
      arbitrary: fc.constant({
        kind: "life",
        apply: (s: ActiveDefenseBudget) => activeDefenseBudget.startRound(s),
      } as const),
    },
    {
      weight: 2,
      arbitrary: fc.constant({
        kind: "life",
        apply: (s: ActiveDefenseBudget) => activeDefenseBudget.startTurn(s),
      } as const),
    },
    { weight: 2, arbitrary: fc.constant({ kind: "life", apply: activeDefenseBudget.endTurn } as const) },
    { weight: 10, arbitrary: event.map((e) => ({ kind: "spend", event: e }) as const) },
  );
  const initial = initialActiveDefenseBudget({
    sword: adWeapon({ unbalanced: false, missile: false, readyTurns: 0 }, "ready"),
    axe: adWeapon({ unbalanced: true, missile: false, readyTurns: 0 }, "sheathed"),
    bow: adWeapon({ unbalanced: false, missile: true, readyTurns: 1 }, "ready"),
    crossbow: adWeapon({ unbalanced: false, missile: true, readyTurns: 3 }, "unready"),
  });

  it("AD-M1…AD-M8 never negative; a refused event changes nothing", () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) =>
        check(
          initial,
          steps,
          (s, e) => activeDefenseBudget.spend(s, e, undefined),
          activeDefenseBudget.remaining,
          ACTIVE_DEFENSE_REFUSALS,
          // Aim margins and feint effects are roll results, not budgets.
          (path) => path.startsWith("state.aim.margin") || path.startsWith("state.feint.effect"),
        ),
      ),
      RUNS,
    );
  });
});
