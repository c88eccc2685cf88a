/**
 * The short chat note of what ended or applied as the round moved (GM client, from the engine's notices):
 * AD-T1 "until your next turn" states ending as their holder's turn starts; FS-R7 end-of-round effects,
 * the players' first, and FS-R8 durations ending there; OD-R1 start-of-round effects. Lines about a hidden
 * combatant go to the GMs only. And FS-R9: when one side is all defeated, the GM is offered to end the fight.
 */
import { offerEndCombat } from "../../rules/turns/offer-end-combat";
import type { RoundNotice } from "../../rules/turns/round-state";
import type { RoundTransition } from "../../documents/round-lifecycle";
import { loc } from "../../utils/loc";
import { templatePath } from "../../utils/paths";
import { stateLabel } from "./tracker-view";

export interface NoteLine {
  readonly holderId: string;
  /** i18n key of the state's name. */
  readonly label: string;
  /** `FRAY.Combat.Outcome.<what happened>`. */
  readonly outcome: string;
}

/** The lines, in the order the engine resolved them. Pure. */
export function roundNoteLines(notices: readonly RoundNotice[]): NoteLine[] {
  const lines: NoteLine[] = [];
  const push = (holderId: string, key: string, outcome: string) =>
    lines.push({ holderId, label: stateLabel(key), outcome: `FRAY.Combat.Outcome.${outcome}` });
  for (const n of notices) {
    // AD-T1: "until your next turn" ends as the holder's turn starts.
    if (n.kind === "turnStarted") for (const s of n.expired) push(s.holder, s.key, "endsAtTurnStart");
    // FS-R7/FS-R8, OD-R5: at the end-of-round step, the players' first.
    else if (n.kind === "roundEnded")
      for (const e of n.effects)
        push(e.state.holder, e.state.key, e.ends ? "endsAtRoundEnd" : "appliesAtRoundEnd");
    // OD-R1: start-of-round effects.
    else if (n.kind === "roundStarted")
      for (const s of n.effects) push(s.holder, s.key, "appliesAtRoundStart");
  }
  return lines;
}

/** Posts the note (GM client only: the hook runs where `applyRoundEvents` ran). */
export async function postRoundNote(
  combat: Combat.Implementation,
  notices: readonly RoundNotice[],
  transition: RoundTransition,
): Promise<void> {
  maybeOfferEnd(combat, transition);
  const lines = roundNoteLines(notices);
  if (!lines.length) return;
  const named = lines.map((l) => {
    const combatant = combat.combatants.get(l.holderId);
    return { ...l, holder: combatant?.name ?? "", hidden: combatant?.hidden === true };
  });
  const gms = game.users?.filter((u) => u.isGM).map((u) => u.id) ?? [];
  const round = transition.after.round;
  const messages: Record<string, unknown>[] = [];
  for (const hidden of [false, true]) {
    const part = named.filter((l) => l.hidden === hidden);
    if (!part.length) continue;
    const content = await foundry.applications.handlebars.renderTemplate(templatePath("combat/round-note"), {
      title: "FRAY.Combat.roundNote",
      round,
      lines: part,
    });
    messages.push({
      content,
      speaker: { alias: loc("FRAY.Combat.tracker") },
      ...(hidden ? { whisper: gms } : {}),
    });
  }
  await ChatMessage.implementation.create(messages);
}

/** FS-R9: the moment one side becomes all defeated, the GM is asked whether to end the combat. */
function maybeOfferEnd(combat: Combat.Implementation, { before, after }: RoundTransition): void {
  if (!offerEndCombat(after) || offerEndCombat(before)) return;
  void foundry.applications.api.DialogV2.confirm({
    window: { title: "FRAY.Combat.EndOffer.title" },
    content: `<p>${foundry.utils.escapeHTML(loc("FRAY.Combat.EndOffer.question"))}</p>`,
  }).then((yes: unknown) => (yes === true ? combat.delete() : undefined));
}
