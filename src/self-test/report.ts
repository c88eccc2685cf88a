/**
 * What a check found, step by step and family by family, as the window shows it, the summary message sums it up
 * and the GM copies it into a report (plain text, in the GM's language, with the versions a maintainer needs).
 */
import type { FamilyId } from "../rules/families/ids";
import { loc } from "../utils/loc";
import { templatePath } from "../utils/paths";

/** The GM-whispered summary's template. */
export const SUMMARY_TEMPLATE = templatePath("self-test/summary");

export interface StepResult {
  readonly label: string;
  readonly ok: boolean;
  readonly error: string | null;
  /** How long the step took, from its gesture to the table quiet again (ms; none for an error outside a step). */
  readonly ms?: number;
}

export interface FamilyReport {
  readonly family: FamilyId;
  state: "waiting" | "running" | "passed" | "failed";
  readonly steps: StepResult[];
}

export interface CheckReport {
  state: "running" | "passed" | "failed";
  readonly fray: string;
  readonly foundry: string;
  readonly gm: string;
  /** The player whose client played the player's part (null: the GM's client played both). */
  readonly player: string | null;
  readonly families: FamilyReport[];
  /** What went wrong outside every family's steps (the check could not start, or could not tidy up). */
  readonly problems: string[];
  /** The warnings logged to the GM's console while the check ran (not failures). */
  readonly warnings: string[];
  /** How long the table had to stay still for a step to be over (ms), and the whole check took (s). */
  quietFor: number;
  seconds: number;
}

export function familyName(family: FamilyId): string {
  return loc(`FRAY.Settings.ruleset.choices.${family}`);
}

export function counts(report: CheckReport): { passed: number; failed: number } {
  const steps = report.families.flatMap((f) => f.steps);
  return { passed: steps.filter((s) => s.ok).length, failed: steps.filter((s) => !s.ok).length };
}

/** The report as plain text, for the GM to copy into a bug report. */
export function reportText(report: CheckReport): string {
  const { passed, failed } = counts(report);
  const lines = [
    loc("FRAY.SelfTest.Report.title"),
    loc("FRAY.SelfTest.Report.versions", { fray: report.fray, foundry: report.foundry }),
    report.player
      ? loc("FRAY.SelfTest.Report.seats", { gm: report.gm, player: report.player })
      : loc("FRAY.SelfTest.Report.gmOnly", { gm: report.gm }),
    loc(`FRAY.SelfTest.Report.state.${report.state}`),
    loc("FRAY.SelfTest.Report.counts", { passed, failed }),
    loc("FRAY.SelfTest.Report.timing", { quiet: report.quietFor, seconds: report.seconds }),
  ];
  for (const problem of report.problems) lines.push(`! ${problem}`);
  for (const family of report.families) {
    lines.push(
      "",
      loc("FRAY.SelfTest.Report.family", {
        family: familyName(family.family),
        id: family.family,
        state: loc(`FRAY.SelfTest.Report.state.${family.state}`),
      }),
    );
    for (const step of family.steps)
      lines.push(
        `  ${step.ok ? "✓" : "✗"} ${step.label}${step.ms === undefined ? "" : ` (${step.ms} ms)`}${step.error ? `\n      ${step.error}` : ""}`,
      );
  }
  if (report.warnings.length) {
    lines.push("", loc("FRAY.SelfTest.Report.warnings"));
    for (const warning of report.warnings) lines.push(`  ${warning}`);
  }
  return lines.join("\n");
}

/** The summary message's context (templates/self-test/summary.hbs). */
export function summaryContext(report: CheckReport): Record<string, unknown> {
  const { passed, failed } = counts(report);
  return {
    state: report.state,
    title: loc("FRAY.SelfTest.Summary.title"),
    verdict: loc(`FRAY.SelfTest.Summary.${report.state === "passed" ? "passed" : "failed"}`, {
      passed,
      failed,
      count: passed + failed,
    }),
    versions: loc("FRAY.SelfTest.Report.versions", { fray: report.fray, foundry: report.foundry }),
    families: report.families.map((f) => {
      const first = f.steps.find((s) => !s.ok);
      return {
        line: loc("FRAY.SelfTest.Report.family", {
          family: familyName(f.family),
          id: f.family,
          state: loc(`FRAY.SelfTest.Report.state.${f.state}`),
        }),
        ok: f.state === "passed",
        failure: first
          ? loc("FRAY.SelfTest.Summary.failure", { step: first.label, error: first.error ?? "" })
          : null,
      };
    }),
    problems: report.problems,
  };
}
