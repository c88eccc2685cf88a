/**
 * FS-A8 Help, on the helped creature's side: the boon a successful Help gave it is used by its next roll made
 * before the end of the round (the engine ends the state at that round's end, FS-R7). The active GM takes
 * every Help the creature holds off the round engine and answers how many boons they give and who gave them;
 * the roll adds them. Outside a fast-slow fight there is no Help to take and nothing is asked.
 *
 * The taking is one `removeTimedState` event in the fight's write lock (`applyRoundEvents`): the boons
 * counted are the states that event removed, so two rolls taking at once, or any other write to the fight
 * meanwhile, never use one Help twice nor bring one back. Check cards take it as they are rolled
 * (chat/checks/check-requests.ts); attacks ask through `takeHelpBoons` as they start.
 */
import { combatLinkOf, type CombatLink } from "../../chat/combat-link";
import { partyOf, type Party } from "../../chat/parties";
import type { CheckLine } from "../../chat/checks/check-data";
import { defineGmRequest } from "../../net/gm-requests";
import { consumeHelp, HELP_STATE_KEY, type HelpData } from "../../rules/families/fast-slow/help";
import { accept, type Outcome } from "../../rules/outcome";
import { applyRoundEvents, familyOf, timedStatesOf } from "../combat-api";
import { creaturePayload, ownedCreature, type CreaturePayload } from "./activity-party";

export interface HelpTaken {
  /** FS-A8: 1 per Help held. */
  readonly boons: number;
  /** The helpers' names, for the card. */
  readonly helpers: readonly string[];
}

const NO_HELP: HelpTaken = { boons: 0, helpers: [] };

/** Does the creature hold any Help now (a read, without taking it)? */
function holdsHelp(link: CombatLink | null): link is CombatLink {
  return Boolean(
    link &&
    familyOf(link.combat) === "fast-slow" &&
    timedStatesOf(link.combat, link.id).some((s) => s.key === HELP_STATE_KEY),
  );
}

/**
 * Active GM: takes every Help `link`'s creature holds (FS-A8), once. None when it holds none, or when another
 * roll took them first (the engine then refuses the removal: nothing held any more).
 */
export async function takeHeldHelp(link: CombatLink | null): Promise<Outcome<HelpTaken>> {
  if (!holdsHelp(link)) return accept(NO_HELP);
  const out = await applyRoundEvents(link.combat, [
    { type: "removeTimedState", holder: link.id, key: HELP_STATE_KEY },
  ]);
  if (!out.ok) return out.reason === "unknownState" ? accept(NO_HELP) : out;
  const removed = out.value.notices.flatMap((n) =>
    n.kind === "statesRemoved" && n.cause === "removed"
      ? n.states.filter((s) => s.key === HELP_STATE_KEY && s.holder === link.id)
      : [],
  );
  const { boons } = consumeHelp(removed, link.id);
  const helpers = removed.map((s) => {
    const helper = (s.data as Partial<HelpData> | undefined)?.helper ?? "";
    return link.combat.combatants.get(helper)?.name ?? "";
  });
  return accept({ boons, helpers: helpers.filter(Boolean) });
}

/** Active GM: the Help `party` holds in the fight it is in, taken (none outside a fast-slow fight). */
export async function takePartyHelp(party: Party): Promise<HelpTaken> {
  const out = await takeHeldHelp(combatLinkOf(party));
  return out.ok ? out.value : NO_HELP;
}

/** The card line naming the helpers and the boons their Help gives; none without Help. */
export function helpLines(help: HelpTaken): CheckLine[] {
  return help.boons
    ? [
        {
          key: "FRAY.Activity.Roll.helped",
          data: { name: help.helpers.join(", "), amount: String(help.boons) },
        },
      ]
    : [];
}

async function takeOnGm(payload: CreaturePayload, user: User.Implementation): Promise<Outcome<HelpTaken>> {
  const found = ownedCreature(payload, user);
  if (!found.ok) return found;
  return takeHeldHelp(found.value.link);
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
  if (!holdsHelp(combatLinkOf(partyOf(actor, token ?? null)))) return NO_HELP;
  const out = await takeHelpRequest.send(creaturePayload(actor, token));
  return out.ok ? out.value : NO_HELP;
}
