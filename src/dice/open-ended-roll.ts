/**
 * The phased-round open-ended d100 as real Rolls (settings `prOpenEnded`/`prOpenHigh`/`prOpenLow`): a "1d100"
 * rolled again while `openEndedD100` asks for more, every reroll a Roll of its own so Dice So Nice shows it; and
 * the flavor that reads them (`templates/chat/open-roll-flavor.hbs`). Used by the sheet's manoeuvre roll and the
 * GM's PR-P6 manoeuvre roll of a movement declaration.
 */
import { openEndedD100, type OpenEndedConvention } from "../rules/dice/open-ended-d100";
import { templatePath } from "../utils/paths";
import { CheckRoll } from "./check-roll";
import { rollOptions } from "./fray-roll";

/** PR: a guard against a runaway chain of rerolls (each continues with 5 % chance). */
const MAX_D100 = 50;

export const OPEN_ROLL_FLAVOR = templatePath("chat/open-roll-flavor");

/** The d100 total of `faces` as rolled; a chain cut at MAX_D100 (never in practice) counts the dice so far. */
function d100Of(faces: readonly number[], convention: OpenEndedConvention): number {
  const result = openEndedD100(faces, convention);
  if (result.status === "done") return result.total;
  const sign = result.direction === "down" ? -1 : 1;
  return faces.reduce((sum, f, i) => sum + (i ? sign * f : f), 0);
}

/** Rolls the open-ended d100: the Rolls, their faces, and the d100 total they make. */
export async function rollOpenEndedD100(
  convention: OpenEndedConvention,
): Promise<{ rolls: Roll[]; faces: number[]; d100: number }> {
  const rolls: Roll[] = [];
  const faces: number[] = [];
  let result: ReturnType<typeof openEndedD100>;
  do {
    const roll = new CheckRoll("1d100", {}, rollOptions({ purpose: rolls.length ? "openEnded" : "check" }));
    await roll.evaluate();
    rolls.push(roll);
    faces.push(Number(roll.dice[0]?.results[0]?.result ?? roll.total));
    result = openEndedD100(faces, convention);
  } while (result.status === "needsMore" && faces.length < MAX_D100);
  return { rolls, faces, d100: d100Of(faces, convention) };
}

/**
 * The flavor of an open-ended d100 roll: the faces as rolled, read; `penalty` (PR-P3, a compromised character's)
 * is taken off after the bonus; `resultKey` names the outcome when the roll decides one (PR-P6).
 */
export function openRollFlavorContext(
  name: string,
  labelKey: string,
  faces: readonly number[],
  convention: OpenEndedConvention,
  bonus: number,
  extra: { readonly penalty?: number; readonly resultKey?: string } = {},
) {
  const direction = openEndedD100(faces, convention).direction;
  const d100 = d100Of(faces, convention);
  const penalty = Math.max(0, extra.penalty ?? 0);
  return {
    name,
    labelKey,
    faces: faces.join(", "),
    openKey: direction === "none" ? null : `FRAY.Sheet.Roll.open.${direction}`,
    d100,
    bonus,
    penalty,
    resultKey: extra.resultKey ?? null,
    total: d100 + bonus - penalty,
  };
}
