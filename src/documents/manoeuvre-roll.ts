/**
 * PR-P6: the manoeuvre roll of an extraordinary manoeuvre, made by the active GM when a movement declaration
 * asks for one (issue 12: a player's client sends no result). The open-ended d100 is rolled as real Rolls, the
 * manoeuvre bonus read from the actor and a compromised character's penalty (PR-P3) from the fight; the result
 * (rules/families/phased-round/manoeuvre.ts) is what the declaration records, and the roll is posted once it is
 * recorded (Dice So Nice shows it then).
 */
import { attackConventions } from "../chat/conventions";
import { askerAudience } from "../compat/asker-audience";
import { applyMessageMode } from "../compat/message-modes";
import { createOneWithReaders } from "../compat/post-with-readers";
import { privateMessageMode } from "../compat/private-message-mode";
import { actorSystemOf } from "../data/system-of";
import { OPEN_ROLL_FLAVOR, openRollFlavorContext, rollOpenEndedD100 } from "../dice/open-ended-roll";
import { manoeuvreResult, type ManoeuvreResult } from "../rules/families/phased-round/manoeuvre";
import { compromisePenalty } from "../rules/families/phased-round/orientation";
import { roundStateOf, timedStatesOf } from "./combat-api";

export interface RolledManoeuvre {
  readonly result: ManoeuvreResult;
  /** Posts the roll (after the declaration is recorded). */
  post(): Promise<void>;
}

/** Rolls `combatant`'s manoeuvre roll in `combat` for `asker`, whose roll mode (`mode`) the message goes out in. */
export async function rollManoeuvre(
  combat: Combat.Implementation,
  combatant: Combatant.Implementation,
  asker: User.Implementation,
  mode: unknown,
): Promise<RolledManoeuvre> {
  const id = combatant.id ?? "";
  const actor = (combatant.token?.actor ?? combatant.actor ?? null) as Actor.Implementation | null;
  const bonus = Number(actor ? actorSystemOf(actor).phasedRound?.maneuver : 0) || 0;
  const penalty = compromisePenalty(timedStatesOf(combat, id), id, roundStateOf(combat).round);
  const convention = attackConventions().phased.openEnded;
  const { rolls, faces, d100 } = await rollOpenEndedD100(convention);
  const result = manoeuvreResult({ d100, bonus, penalty });
  return {
    result,
    async post() {
      const flavor = await foundry.applications.handlebars.renderTemplate(
        OPEN_ROLL_FLAVOR,
        openRollFlavorContext(
          combatant.name ?? "",
          "FRAY.Sheet.Roll.maneuverRoll",
          faces,
          convention,
          result.bonus,
          {
            penalty: result.penalty,
            resultKey: `FRAY.Combat.Manoeuvre.${result.succeeded ? "succeeded" : "failed"}`,
          },
        ),
      );
      const base: ChatMessage.CreateData = {
        speaker: ChatMessage.getSpeaker({
          actor: combatant.actor,
          token: combatant.token,
          alias: combatant.name,
        }),
        flavor,
        rolls,
        flags: { fray: { combatant: id } },
      };
      if (combatant.hidden) {
        await createOneWithReaders(applyMessageMode(base, privateMessageMode()));
        return;
      }
      const audience = asker.isGM ? null : askerAudience(asker, mode);
      // A GM asker's own mode (normalised: an unusable one keeps the roll to the GMs).
      await createOneWithReaders(
        audience
          ? { ...base, whisper: audience.whisper, blind: audience.blind }
          : applyMessageMode(base, mode),
      );
    },
  };
}
