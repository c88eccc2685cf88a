/**
 * Starting (or renewing) concentration from a spell or talent that needs it (FS-A3, AD-M6), asked by the
 * creature's owner from the sheet and carried out by the active GM as a round-engine timed state of the
 * creature's combatant:
 * - fast-slow (FS-A3): key "concentration", to the end of the following round (FS-R8 counting), capped by the
 *   item's duration (`durationInRounds`); concentrating again on a later turn renews it;
 * - active-defense-3d6 (AD-M6, AD-T1): key "concentration" until the holder's next turn, when the spell is cast.
 * The effect a concentration sustains is named by the item's uuid. Concentration is a combat matter: outside a
 * fight it is refused.
 */
import { combatLinkOf } from "../../chat/combat-link";
import { ownsActor, resolveParty } from "../../chat/parties";
import { defineGmRequest } from "../../net/gm-requests";
import { concentrateOnSpell } from "../../rules/families/active-defense-3d6/concentration";
import { concentrate, concentrationsOf } from "../../rules/families/fast-slow/concentration";
import { durationInRounds, type DurationUnit } from "../../rules/items/durations";
import { accept, refuse, type Outcome } from "../../rules/outcome";
import type { RoundEvent } from "../../rules/turns/round-event";
import type { FamilyId } from "../../rules/families/ids";
import { withOverride, type SpendEvent } from "../../rules/budget/spend-events";
import { combatKeyOf } from "../budget-requests";
import { spendFor } from "../budget-spend";
import { applyRoundEvents, familyOf, roundStateOf } from "../combat-api";

export interface ConcentrationPayload {
  readonly actorUuid: string;
  readonly tokenUuid: string | null;
  readonly itemId: string;
}

interface ConcentrationItemData {
  readonly concentration?: boolean;
  readonly duration?: { readonly value: number; readonly unit: DurationUnit };
}

/** Whether an item is sustained by concentration (FS-A3, AD-M6): a spell or talent with the box ticked. */
export function needsConcentration(item: Item.Implementation | null | undefined): boolean {
  if (!item || (item.type !== "spell" && item.type !== "talent")) return false;
  return (item.system as ConcentrationItemData).concentration === true;
}

/**
 * Whether the creature can concentrate on `item` under `family`: FS-A3 a spell or talent that needs it; AD-M6 a
 * spell only (concentrating prepares a spell); no other family concentrates.
 */
export function concentratesUnder(family: FamilyId, item: Item.Implementation | null | undefined): boolean {
  if (!needsConcentration(item)) return false;
  if (family === "fast-slow") return true;
  return family === "active-defense-3d6" && item?.type === "spell";
}

/** FS-A3: the item's maximum duration in rounds (FS-R1 ten-second rounds). */
export function itemDurationRounds(item: Item.Implementation): number {
  const duration = (item.system as ConcentrationItemData).duration;
  return duration ? durationInRounds(duration.value, duration.unit) : 0;
}

async function startOnGm(payload: ConcentrationPayload, user: User.Implementation): Promise<Outcome<null>> {
  const party = resolveParty({
    actorUuid: payload.actorUuid,
    tokenUuid: payload.tokenUuid,
    name: "",
    img: "",
  });
  if (!party) return refuse("creatureGone");
  if (!ownsActor(user, party.actor)) return refuse("notOwner", { name: party.actor.name ?? "" });
  const item =
    typeof payload.itemId === "string"
      ? (party.actor.items.get(payload.itemId) as Item.Implementation | undefined)
      : undefined;
  if (!item || !needsConcentration(item)) return refuse("notConcentrationItem");
  const link = combatLinkOf(party);
  if (!link) return refuse("concentrationNeedsCombat");
  const state = roundStateOf(link.combat);
  if (state.round === 0) return refuse("notStarted");
  // FS-A3 and AD-M6 are done on the creature's own turn; a GM may place one at any time.
  if (state.current !== link.id && !user.isGM) return refuse("notYourTurn");
  const effectId = item.uuid;
  let events: RoundEvent[];
  switch (familyOf(link.combat)) {
    case "fast-slow": {
      const held = concentrationsOf(state.timed, link.id).find((s) => s.data.effectId === effectId);
      const out = concentrate(state.timed, {
        holder: link.id,
        effectId,
        round: state.round,
        // FS-A3: the maximum counts from when concentration began; a renewal keeps the recorded one.
        ...(held ? {} : { maxDuration: { startRound: state.round, rounds: itemDurationRounds(item) } }),
      });
      if (!out.ok) return out;
      const s = out.value.state;
      events = held
        ? [{ type: "setTimedStates", states: out.value.states }]
        : [
            {
              type: "addTimedState",
              state: { key: s.key, holder: s.holder, expiry: s.expiry, data: s.data },
            },
          ];
      break;
    }
    case "active-defense-3d6": {
      if (item.type !== "spell") return refuse("notSpell");
      const out = concentrateOnSpell(state.timed, { holder: link.id, spellId: effectId, round: state.round });
      if (!out.ok) return out;
      const s = out.value.state;
      events = [
        { type: "addTimedState", state: { key: s.key, holder: s.holder, expiry: s.expiry, data: s.data } },
      ];
      break;
    }
    default:
      return refuse("notInThisFamily");
  }
  // FS-A3 concentrating is the turn's action; AD-M6 it is the turn's manoeuvre. A renewal spends it again.
  const spend: SpendEvent =
    familyOf(link.combat) === "fast-slow"
      ? { family: "fast-slow", event: { type: "activity", activity: "concentrate" } }
      : { family: "active-defense-3d6", event: { type: "maneuver", maneuver: "concentrate" } };
  const spent = await spendFor(link.combat, link.combatant, withOverride(spend, user.isGM));
  if (!spent.ok) return spent;
  const applied = await applyRoundEvents(link.combat, events);
  return applied.ok ? accept(null) : applied;
}

/**
 * The lock a concentration request takes: its creature's fight's, the one every budget request about that fight
 * takes (concentrating spends the turn's action or manoeuvre: two spends at once must see each other); per
 * creature outside a fight.
 */
function concentrationKey(payload: ConcentrationPayload): string {
  const party = resolveParty({
    actorUuid: payload.actorUuid,
    tokenUuid: payload.tokenUuid,
    name: "",
    img: "",
  });
  const link = party ? combatLinkOf(party) : null;
  return link
    ? combatKeyOf({ combatId: link.combat.id ?? "" })
    : `concentration.${payload.tokenUuid ?? payload.actorUuid}`;
}

/** FS-A3, AD-M6: begin or renew concentration; serialised with the fight's budget requests. */
export const startConcentrationRequest = defineGmRequest<ConcentrationPayload, null>(
  "concentration.start",
  (payload, { user }) => startOnGm(payload, user),
  concentrationKey,
);

/** Asks the active GM to start concentrating on `item` (the sheet's button). */
export function startConcentration(
  actor: Actor.Implementation,
  item: Item.Implementation,
  token?: TokenDocument.Implementation | null,
): Promise<Outcome<null>> {
  const tokenDoc = token ?? (actor.token as TokenDocument.Implementation | null) ?? null;
  return startConcentrationRequest.send({
    actorUuid: actor.uuid,
    tokenUuid: tokenDoc?.uuid ?? null,
    itemId: item.id ?? "",
  });
}
