/**
 * FS-A8 Help, on the helped creature's side: the boon a successful Help gave it is used by its next roll made
 * before the end of the round (the engine ends the state at that round's end, FS-R7). The roller's client
 * asks the active GM, who takes every Help the creature holds off the round engine (`consumeHelp`) and
 * answers how many boons they give and who gave them; the roll adds them. Outside a fast-slow fight there is
 * no Help to take and nothing is asked.
 */
import { combatLinkOf } from "../../chat/combat-link";
import { partyOf } from "../../chat/parties";
import { defineGmRequest } from "../../net/gm-requests";
import { consumeHelp, HELP_STATE_KEY, type HelpData } from "../../rules/families/fast-slow/help";
import { accept, type Outcome } from "../../rules/outcome";
import { applyRoundEvents, familyOf, roundStateOf, timedStatesOf } from "../combat-api";
import { creaturePayload, ownedCreature, type CreaturePayload } from "./activity-party";

export interface HelpTaken {
  /** FS-A8: 1 per Help held. */
  readonly boons: number;
  /** The helpers' names, for the card. */
  readonly helpers: readonly string[];
}

const NO_HELP: HelpTaken = { boons: 0, helpers: [] };

async function takeOnGm(payload: CreaturePayload, user: User.Implementation): Promise<Outcome<HelpTaken>> {
  const found = ownedCreature(payload, user);
  if (!found.ok) return found;
  const { link } = found.value;
  if (!link || familyOf(link.combat) !== "fast-slow") return accept(NO_HELP);
  const state = roundStateOf(link.combat);
  const held = state.timed.filter((s) => s.key === HELP_STATE_KEY && s.holder === link.id);
  if (!held.length) return accept(NO_HELP);
  const { boons, states } = consumeHelp(state.timed, link.id);
  const applied = await applyRoundEvents(link.combat, [{ type: "setTimedStates", states }]);
  if (!applied.ok) return applied;
  const helpers = held.map((s) => {
    const helper = (s.data as Partial<HelpData> | undefined)?.helper ?? "";
    return link.combat.combatants.get(helper)?.name ?? "";
  });
  return accept({ boons, helpers: helpers.filter(Boolean) });
}

/** FS-A8: take the Help boons the creature holds (its owner or a GM). */
export const takeHelpRequest = defineGmRequest<CreaturePayload, HelpTaken>(
  "activity.takeHelp",
  (payload, { user }) => takeOnGm(payload, user),
  (payload) => `help.${payload?.tokenUuid ?? payload?.actorUuid}`,
);

/**
 * The Help boons `actor`'s roll gets now (FS-A8), taken off the fight; none (and no request) when it holds
 * no Help. A refused request gives none.
 */
export async function takeHelpBoons(
  actor: Actor.Implementation,
  token: TokenDocument.Implementation | null | undefined,
): Promise<HelpTaken> {
  const link = combatLinkOf(partyOf(actor, token ?? null));
  if (!link || familyOf(link.combat) !== "fast-slow") return NO_HELP;
  if (!timedStatesOf(link.combat, link.id).some((s) => s.key === HELP_STATE_KEY)) return NO_HELP;
  const out = await takeHelpRequest.send(creaturePayload(actor, token));
  return out.ok ? out.value : NO_HELP;
}
