/**
 * PR-B2 (and every family's refusals): a refused event gets a localized reason. Every reason code the budgets
 * can return, every line they show and every activity or manoeuvre they name has its string in all five
 * languages.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AUTHORIZE_REFUSALS } from "../../../src/rules/budget/authorize";
import { FS_ACTIVITIES } from "../../../src/rules/families/fast-slow/activities";
import { FAST_SLOW_REFUSALS } from "../../../src/rules/families/fast-slow/budget";
import { CLASSIC_D20_REFUSALS } from "../../../src/rules/families/classic-d20/budget";
import { OPPOSED_D20_REFUSALS } from "../../../src/rules/families/opposed-d20/budget";
import { DECLARATION_PHASE, PHASED_REFUSALS } from "../../../src/rules/families/phased-round/budget";
import { ACTIVE_DEFENSE_REFUSALS } from "../../../src/rules/families/active-defense-3d6/budget";
import {
  AD_MANEUVERS,
  ALL_OUT_ATTACK_OPTIONS,
} from "../../../src/rules/families/active-defense-3d6/maneuvers";
import { refusalKey } from "../../../src/rules/outcome";

const LANGUAGES = ["en", "fr", "pl", "es", "ja"] as const;
const lang = Object.fromEntries(
  LANGUAGES.map((l) => [
    l,
    JSON.parse(readFileSync(join(process.cwd(), "lang", `${l}.json`), "utf8")) as unknown,
  ]),
);

function lookup(data: unknown, key: string): unknown {
  return key
    .split(".")
    .reduce<unknown>(
      (node, part) =>
        node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined,
      data,
    );
}

function missing(keys: readonly string[]): string[] {
  return LANGUAGES.flatMap((l) =>
    keys
      .filter((k) => typeof lookup(lang[l], k) !== "string" || lookup(lang[l], k) === "")
      .map((k) => `${l}:${k}`),
  );
}

describe("budget strings", () => {
  it("PR-B2 every refusal of every budget has a message in five languages", () => {
    const reasons = [
      ...AUTHORIZE_REFUSALS,
      ...FAST_SLOW_REFUSALS,
      ...CLASSIC_D20_REFUSALS,
      ...OPPOSED_D20_REFUSALS,
      ...PHASED_REFUSALS,
      ...ACTIVE_DEFENSE_REFUSALS,
    ];
    expect(missing(reasons.map(refusalKey))).toEqual([]);
  });

  it("FS-A1…FS-A17 AD-M1…AD-M8 PR-P1…PR-P9 the labels of activities, manoeuvres and declarations", () => {
    const keys = [
      ...FS_ACTIVITIES.map((a) => `FRAY.Activity.${a}`),
      ...AD_MANEUVERS.map((m) => `FRAY.Maneuver.${m}`),
      ...ALL_OUT_ATTACK_OPTIONS.map((o) => `FRAY.Attack.AllOut.${o}`),
      ...Object.keys(DECLARATION_PHASE).map((k) => `FRAY.Declaration.${k}`),
      ...[
        "action",
        "move",
        "rush",
        "retreat",
        "minor",
        "reaction",
        "standard",
        "moveAction",
        "metres",
        "step",
      ].map((k) => `FRAY.Budget.${k}`),
      ...["fullRound", "active", "passive", "activity", "movement", "maneuver", "shot"].map(
        (k) => `FRAY.Budget.${k}`,
      ),
    ];
    expect(missing(keys)).toEqual([]);
  });
});
