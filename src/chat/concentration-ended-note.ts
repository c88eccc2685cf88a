/**
 * The chat notice of the concentrations that ended with their fight (FS-A3, AD-M6): the GM deleted the combat,
 * so the round engine that would have ended them is gone and the GM's client ends them all at once
 * (documents/concentration/concentration-lifecycle.ts), then tells the table in one message. Lines about a
 * hidden combatant go to the GMs only, in a whispered message of their own, as the round note does.
 */
import { loc } from "../utils/loc";
import { templatePath } from "../utils/paths";

export interface EndedConcentration {
  /** The holder's name as the table sees it (the combatant's). */
  readonly name: string;
  /** The sustained effect's (FS-A3) or the readied spell's (AD-M6) name; null when its item is gone. */
  readonly effect: string | null;
  /** AD-M6: a spell readied by concentration, now never cast; otherwise an FS-A3 effect, ending. */
  readonly spell: boolean;
  /** The combatant was hidden in the tracker. */
  readonly hidden: boolean;
}

/** One line of the notice, in the posting client's language (names go in as they are; the template escapes). */
export function concentrationEndedLine(ended: EndedConcentration): string {
  const name = ended.name;
  if (ended.effect === null) return loc("FRAY.Concentration.CombatEnded.unnamed", { name });
  return ended.spell
    ? loc("FRAY.Concentration.CombatEnded.spell", { name, spell: ended.effect })
    : loc("FRAY.Concentration.CombatEnded.effect", { name, effect: ended.effect });
}

/** The template's context. */
export function concentrationEndedContext(ended: readonly EndedConcentration[]): { lines: string[] } {
  return { lines: ended.map(concentrationEndedLine) };
}

export const CONCENTRATION_ENDED_TEMPLATE = "chat/concentration-ended";

/** Posts the notice (the active GM's client); nothing when no concentration ended. */
export async function postConcentrationsEnded(ended: readonly EndedConcentration[]): Promise<void> {
  const gms = game.users?.contents.filter((u) => u.isGM).map((u) => u.id) ?? [];
  const cls = CONFIG.ChatMessage.documentClass;
  for (const hidden of [false, true]) {
    const part = ended.filter((e) => e.hidden === hidden);
    if (!part.length) continue;
    const content = await foundry.applications.handlebars.renderTemplate(
      templatePath(CONCENTRATION_ENDED_TEMPLATE),
      concentrationEndedContext(part),
    );
    await cls.create({
      content,
      speaker: { alias: loc("FRAY.Combat.tracker") },
      ...(hidden ? { whisper: gms } : {}),
    });
  }
}
