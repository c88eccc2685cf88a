/**
 * What the "Check Fray in this world" window shows (templates/self-test/window.hbs): the families and who plays the
 * player's part as the GM left them, and the report so far. Built here so the gallery renders what the window does.
 */
import { FAMILY_IDS, type FamilyId } from "../../rules/families/ids";
import type { CheckReport } from "../../self-test/report";
import { loc } from "../../utils/loc";
import { templatePath } from "../../utils/paths";

export const SELF_TEST_TEMPLATE = templatePath("self-test/window");

export interface SelfTestChoices {
  readonly families: readonly FamilyId[];
  readonly playerId: string | null;
}

export interface SelfTestContext {
  readonly rootId: string;
  readonly running: boolean;
  readonly families: readonly { id: FamilyId; name: string; checked: boolean }[];
  readonly players: readonly { id: string; name: string; selected: boolean }[];
  readonly gmPlays: boolean;
  readonly report: {
    readonly state: string;
    readonly stateLabel: string;
    readonly counts: string;
    readonly problems: readonly string[];
    readonly families: readonly {
      family: FamilyId;
      state: string;
      heading: string;
      steps: readonly { label: string; ok: boolean; error: string | null }[];
    }[];
    readonly text: string;
  } | null;
}

/** The window's context: the choices as the GM left them, the players connected now, the report so far. */
export function selfTestContext(
  rootId: string,
  choices: SelfTestChoices,
  players: readonly { id: string; name: string }[],
  running: boolean,
  report: CheckReport | null,
  text: string,
): SelfTestContext {
  const familyName = (id: FamilyId) => loc(`FRAY.Settings.ruleset.choices.${id}`);
  const stateLabel = (state: string) => loc(`FRAY.SelfTest.Report.state.${state}`);
  const steps = report?.families.flatMap((f) => f.steps) ?? [];
  return {
    rootId,
    running,
    families: FAMILY_IDS.map((id) => ({ id, name: familyName(id), checked: choices.families.includes(id) })),
    players: players.map((p) => ({ ...p, selected: p.id === choices.playerId })),
    gmPlays: choices.playerId === null,
    report: report
      ? {
          state: report.state,
          stateLabel: stateLabel(report.state),
          counts: loc("FRAY.SelfTest.Report.counts", {
            passed: steps.filter((s) => s.ok).length,
            failed: steps.filter((s) => !s.ok).length,
          }),
          problems: report.problems,
          families: report.families.map((f) => ({
            family: f.family,
            state: f.state,
            heading: loc("FRAY.SelfTest.Report.family", {
              family: familyName(f.family),
              id: f.family,
              state: stateLabel(f.state),
            }),
            steps: f.steps,
          })),
          text,
        }
      : null,
  };
}
