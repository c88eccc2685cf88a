/**
 * The action budget panels (what is left this turn and round, and what may be spent now) for each family,
 * as a creature's owner sees them on the sheet and as the compact line in a tracker row, built by
 * `buildBudgetView` from budgets the rules made; and the spend dialogs (FS-A10 prepare, FS-M5/FS-M6 jump).
 */
import { buildBudgetView, type BudgetViewInput } from "../../../src/applications/budget/budget-view";
import { readBudget } from "../../../src/rules/budget/budget-lifecycle";
import { FS_ACTIVITIES, isPreparable } from "../../../src/rules/families/fast-slow/activities";
import {
  initialFastSlowBudget,
  spendFastSlow,
  startFastSlowRound,
  startFastSlowTurn,
} from "../../../src/rules/families/fast-slow/budget";
import { jumpDialog } from "../../../src/applications/budget/budget-actions";
import {
  spendClassicD20,
  startClassicD20Turn,
  type ClassicD20Budget,
} from "../../../src/rules/families/classic-d20/budget";
import {
  startOpposedD20Turn,
  withEngineCounts,
  type OpposedD20Budget,
} from "../../../src/rules/families/opposed-d20/budget";
import { initialPhasedBudget, spendPhased } from "../../../src/rules/families/phased-round/budget";
import {
  initialActiveDefenseBudget,
  spendActiveDefense,
  startActiveDefenseTurn,
} from "../../../src/rules/families/active-defense-3d6/budget";
import { adWeapon } from "../../../src/rules/families/active-defense-3d6/readiness";
import type { FamilyId } from "../../../src/rules/families/ids";
import type { Outcome } from "../../../src/rules/outcome";
import { templatePath } from "../../../src/utils/paths";
import type { GallerySample } from "../sample";

const ok = <T>(o: Outcome<T>): T => {
  if (!o.ok) throw new Error(o.reason);
  return o.value;
};

/** Budgets part-way through a turn: something spent, something left. */
function states(): Record<FamilyId, BudgetViewInput["state"]> {
  const fsTurn = startFastSlowTurn(startFastSlowRound(initialFastSlowBudget(), { round: 2 }), {
    kind: "slow",
    speed: 10,
  });
  const fs = ok(
    spendFastSlow(
      ok(spendFastSlow(fsTurn, { type: "move", metres: 4, action: "walk" }, { prone: false })),
      {
        type: "activity",
        activity: "prepare",
        prepared: { activity: "attack", trigger: "the orc steps through the gate" },
      },
      { prone: false },
    ),
  );
  const cd = ok(
    spendClassicD20(
      startClassicD20Turn(readBudget("classic-d20", null, 1, { speed: 9 }) as ClassicD20Budget, { speed: 9 }),
      {
        type: "move",
        metres: 6,
      },
    ),
  );
  const od = withEngineCounts(
    startOpposedD20Turn(
      readBudget("opposed-d20", null, 1, { speed: 0, limits: { active: 2, passive: 2 } }) as OpposedD20Budget,
    ),
    { active: 1, passive: 1 },
  );
  const pr = ok(
    spendPhased(ok(spendPhased(initialPhasedBudget(), { type: "missile", phase: "A", weapon: "single" })), {
      type: "draw",
    }),
  );
  const ad = ok(
    spendActiveDefense(
      startActiveDefenseTurn(
        initialActiveDefenseBudget({
          katana: adWeapon({ unbalanced: false, missile: false, readyTurns: 0 }, "ready"),
          yumi: adWeapon({ unbalanced: false, missile: true, readyTurns: 1 }, "unready"),
        }),
      ),
      { type: "maneuver", maneuver: "allOutAttack", option: "twoAttacks", weaponId: "katana" },
    ),
  );
  return {
    "fast-slow": fs,
    "classic-d20": cd,
    "opposed-d20": od,
    "phased-round": pr,
    "active-defense-3d6": ad,
  };
}

const NAMES: Record<FamilyId, string> = {
  "fast-slow": "Aldo Brennisk",
  "classic-d20": "Wojciech Zawisza",
  "opposed-d20": "Ana de Villaverde",
  "phased-round": "Chevalier Aubert",
  "active-defense-3d6": "Kenji Takahashi",
};

function view(family: FamilyId, compact: boolean) {
  return buildBudgetView({
    family,
    state: states()[family],
    combatId: "combat1",
    combatantId: "c1",
    name: NAMES[family],
    fingerprint: "0a1b2c3d",
    owner: true,
    isGM: !compact && family === "fast-slow",
    compact,
    weaponNames: { katana: "Katana", yumi: "Yumi" },
  });
}

export function budgetSamples(): GallerySample[] {
  const families = ["fast-slow", "classic-d20", "opposed-d20", "phased-round", "active-defense-3d6"] as const;
  const panels: GallerySample[] = families.map((family) => ({
    id: `budget-panel-${family}`,
    title: `Budget panel on the actor sheet (${family}), as the owner (and, fast-slow, the GM) sees it`,
    frame: {
      kind: "sheet",
      classes: ["fray", "sheet", "actor"],
      width: 640,
      height: 360,
      title: NAMES[family],
    },
    parts: () => [{ template: templatePath("budget/budget"), context: view(family, false) }],
  }));
  return [
    ...panels,
    {
      id: "budget-tracker-rows",
      title: "What is left, compact, as in the tracker rows (every family)",
      frame: { kind: "sidebar", tab: "combat" },
      parts: () =>
        families.map((family) => ({ template: templatePath("budget/budget"), context: view(family, true) })),
    },
    {
      id: "budget-dialog-prepare",
      title: "FS-A10 prepare an activity with its trigger",
      frame: { kind: "dialog", titleKey: "FRAY.Activity.prepare", buttons: ["FRAY.Budget.Ui.confirm"] },
      parts: () => [
        {
          template: templatePath("budget/budget-dialog"),
          context: {
            id: "g1",
            info: [],
            fields: [
              {
                name: "activity",
                label: "FRAY.Budget.Ui.preparedActivity",
                options: FS_ACTIVITIES.filter(isPreparable).map((a, i) => ({
                  value: a,
                  key: `FRAY.Activity.${a}`,
                  selected: i === 0,
                })),
              },
              { name: "trigger", label: "FRAY.Budget.Ui.trigger", value: "", required: true },
            ],
          },
        },
      ],
    },
    {
      id: "budget-dialog-jump",
      title: "FS-M5/FS-M6 the jump dialog, with the distances the Agility modifier (+2) allows",
      frame: { kind: "dialog", titleKey: "FRAY.Budget.Ui.jump", buttons: ["FRAY.Budget.Ui.confirm"] },
      parts: () => [
        {
          template: templatePath("budget/budget-dialog"),
          context: { id: "g2", ...jumpDialog(2) },
        },
      ],
    },
  ];
}
