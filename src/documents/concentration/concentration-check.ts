/**
 * FS-A4: a creature that takes damage or gains Insanity «Folie» while concentrating makes a Will «Volonté» roll;
 * on a failure it stops concentrating at once and the effect ends.
 *
 * Detection: the client that updates an actor notes its Health and Insanity before the update in the update's
 * options (`preUpdateActor`); the active GM compares them with the values after (`updateActor`, which every
 * client sees with the same options). One update, one comparison: the damage an attack card applies (one
 * `actor.update`) posts exactly one check card, and an undo (Health going up) posts none.
 * The card is a check card (chat/check-card.ts) whose consequence, run once on the GM when it is rolled, reads
 * the roll with `resolveConcentrationCheck` and removes every concentration of the holder on a failure; the
 * round lifecycle then ends the effects and clears the status (concentration-lifecycle.ts).
 */
import { actorSystemOf } from "../../data/system-of";
import { nameAt } from "../lookup";
import { defineCheckConsequence, postCheck, type CheckLine } from "../../chat/check-card";
import { combatLinkOf } from "../../chat/combat-link";
import { partyOf } from "../../chat/parties";
import { publicMessageMode } from "../../compat/public-message-mode";
import {
  CONCENTRATION_STATE,
  concentrationCheckDue,
  resolveConcentrationCheck,
} from "../../rules/families/fast-slow/concentration";
import { applyRoundEvents, familyOf, roundStateOf, timedStatesOf } from "../combat-api";

/** Where the values before an update travel, in the update's options. */
export const BEFORE_OPTION = "frayConcentration";

interface HurtValues {
  readonly health: number;
  readonly insanity: number;
}

function hurtValues(actor: Actor.Implementation): HurtValues {
  const system = actorSystemOf(actor);
  return {
    health: Number(system.health?.value ?? 0),
    insanity: Number(system.fastSlow?.insanity?.value ?? 0),
  };
}

/** `preUpdateActor` (the updating client): remember Health and Insanity as they were. */
export function noteBeforeUpdate(actor: Actor.Implementation, options: Record<string, unknown>): void {
  options[BEFORE_OPTION] = hurtValues(actor);
}

/** The damage taken and Insanity gained by an update (zero for none). */
export function hurtBy(before: HurtValues, after: HurtValues): { damage: number; insanity: number } {
  return {
    damage: Math.max(0, before.health - after.health),
    insanity: Math.max(0, after.insanity - before.insanity),
  };
}

export const CONCENTRATION_CHECK = "concentration.check";

interface CheckData {
  readonly combatId: string;
  readonly holder: string;
}

function effectName(effectId: string): string {
  return nameAt(effectId) ?? effectId;
}

defineCheckConsequence<CheckData>(CONCENTRATION_CHECK, async ({ data, result, challenge }) => {
  const combat = game.combats?.get(String(data?.combatId)) as Combat.Implementation | undefined;
  if (!combat || !challenge) return { lines: [{ key: "FRAY.Concentration.Check.none" }] };
  const holder = String(data.holder);
  const read = resolveConcentrationCheck(
    roundStateOf(combat).timed,
    holder,
    challenge.roll,
    challenge.faces,
    challenge.target,
  );
  if (result.success) return { lines: [{ key: "FRAY.Concentration.Check.success" }] };
  if (!read.ended.length) return { lines: [{ key: "FRAY.Concentration.Check.none" }] };
  // FS-A4: at once — the lifecycle ends the effects as the states go.
  await applyRoundEvents(combat, [{ type: "removeTimedState", holder, key: CONCENTRATION_STATE }]);
  const effect = read.endedEffects.map(effectName).join(", ");
  return { lines: [{ key: "FRAY.Concentration.Check.failure", data: { effect } }] };
});

/**
 * `updateActor` on the active GM: posts the Will check when a concentrating creature was hurt. Returns the card
 * (null when none is due).
 */
export async function checkConcentrationAfterUpdate(
  actor: Actor.Implementation,
  options: Record<string, unknown>,
): Promise<ChatMessage.Implementation | null> {
  if (!game.user?.isActiveGM) return null;
  const before = options?.[BEFORE_OPTION] as HurtValues | undefined;
  if (!before || typeof before !== "object") return null;
  const trigger = hurtBy(before, hurtValues(actor));
  if (!trigger.damage && !trigger.insanity) return null;
  const token = (actor.token as TokenDocument.Implementation | null) ?? null;
  const party = partyOf(actor, token);
  const link = combatLinkOf(party);
  if (!link || familyOf(link.combat) !== "fast-slow") return null;
  if (!concentrationCheckDue(timedStatesOf(link.combat, link.id), link.id, trigger)) return null;
  const name = party.ref.name;
  const lines: CheckLine[] = [];
  if (trigger.damage)
    lines.push({ key: "FRAY.Concentration.Check.damage", data: { name, amount: String(trigger.damage) } });
  if (trigger.insanity)
    lines.push({
      key: "FRAY.Concentration.Check.insanity",
      data: { name, amount: String(trigger.insanity) },
    });
  return postCheck({
    actor,
    token,
    kind: "concentration",
    attribute: "will",
    lines,
    combatId: link.combat.id ?? null,
    consequence: { name: CONCENTRATION_CHECK, data: { combatId: link.combat.id ?? "", holder: link.id } },
    roll: "unowned",
    messageMode: publicMessageMode(),
  });
}
