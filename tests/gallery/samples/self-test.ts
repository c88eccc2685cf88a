/**
 * "Check Fray in this world": the window before the GM starts (five families ticked, a connected player to play
 * the player's part), the window part-way through a check with a failed step, and the summary it whispers to the
 * GMs — built by `selfTestContext` and `summaryContext`, from a report as the check fills it.
 */
import { selfTestContext, SELF_TEST_TEMPLATE } from "../../../src/applications/self-test/self-test-context";
import { FAMILY_IDS } from "../../../src/rules/families/ids";
import {
  reportText,
  SUMMARY_TEMPLATE,
  summaryContext,
  type CheckReport,
} from "../../../src/self-test/report";
import { loc } from "../../../src/utils/loc";
import type { GallerySample } from "../sample";

const players = [
  { id: "u-mira", name: "Mira of Vesk" },
  { id: "u-aldo", name: "Aldo Brennisk" },
];

const step = (key: string, data: Record<string, string>, error: string | null = null) => ({
  label: loc(`FRAY.SelfTest.Step.${key}`, { who: "Mira of Vesk", ...data }),
  ok: error === null,
  error,
  ms: 180,
});

/** A check part-way: classic-d20 passed, opposed-d20 failed at its second attack, fast-slow waiting. */
function report(state: CheckReport["state"]): CheckReport {
  return {
    state,
    fray: "0.1.0",
    foundry: "14.370",
    gm: "Sabine the Game Master",
    player: "Mira of Vesk",
    quietFor: 30,
    seconds: 41.5,
    problems: [],
    warnings:
      state === "running"
        ? []
        : ["Deprecated since Version 14: a module called an API v14 deprecates (an example)."],
    families: [
      {
        family: "classic-d20",
        state: "passed",
        steps: [
          step("setFamily", { family: loc("FRAY.Settings.ruleset.choices.classic-d20") }),
          step("rollInitiative", { actor: "Maren Holt" }),
          step("attack", { actor: "Maren Holt", target: "Road Bandit" }),
          step("endRound", {}),
        ],
      },
      {
        family: "opposed-d20",
        state: state === "running" ? "running" : "failed",
        steps: [
          step("rollInitiative", { actor: "Maren Holt" }),
          step(
            "block",
            { actor: "Maren Holt" },
            'on Mira of Vesk\'s client: nothing to press: [data-action="defend"][data-defense="block"] on a chat card; dice: planned but never drawn from CONFIG.Dice.randomUniform: d20 2',
          ),
        ],
      },
      { family: "fast-slow", state: "waiting", steps: [] },
    ],
  };
}

export function selfTestSamples(): GallerySample[] {
  const frame = { kind: "sheet", classes: ["fray", "fray-self-test"], width: 560, height: 680 } as const;
  return [
    {
      id: "self-test-window",
      title: "Check Fray in this world: the window before the GM starts (GM only)",
      frame: { ...frame, title: loc("FRAY.SelfTest.title") },
      parts: () => [
        {
          template: SELF_TEST_TEMPLATE,
          context: selfTestContext(
            "self-test",
            { families: [...FAMILY_IDS], playerId: "u-mira" },
            players,
            false,
            null,
            "",
          ),
        },
      ],
    },
    {
      id: "self-test-window-failed",
      title: "Check Fray in this world: a check done, one family failed, the report to copy",
      frame: { ...frame, title: loc("FRAY.SelfTest.title") },
      parts: () => {
        const done = report("failed");
        return [
          {
            template: SELF_TEST_TEMPLATE,
            context: selfTestContext(
              "self-test",
              { families: ["classic-d20", "opposed-d20", "fast-slow"], playerId: "u-mira" },
              players,
              false,
              done,
              reportText(done),
            ),
          },
        ];
      },
    },
    {
      id: "self-test-summary",
      title: "The summary the check whispers to the GMs",
      frame: { kind: "chat", speaker: { key: "FRAY.SelfTest.Summary.speaker" } },
      parts: () => [{ template: SUMMARY_TEMPLATE, context: summaryContext(report("failed")) }],
    },
  ];
}
