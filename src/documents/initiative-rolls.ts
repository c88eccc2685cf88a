/**
 * Initiative as each family rolls it, with real Rolls so Dice So Nice and message modes work: CD-I1
 * d20 + Dexterity modifier, OD-I2 d20 + Initiative (the natural face goes with it for OD-I4's Critical, which
 * the chat card flags), PR-B3 the recorded d10/2d10 + quickness; AD-T2 orders by the speed score, no roll.
 * The active GM rolls, for the asker's own combatants (issue 12: a player's client sends no total), records the
 * totals and reads the tie keys itself.
 * Roll-offs (FS-R2 1d6; CD-I3, OD-I3, AD-T2, PR-P10 ties) are rolled by the GM's client the same way.
 */
import { applyMessageMode, currentMessageMode } from "../compat/message-modes";
import { createOneWithReaders, createWithReaders } from "../compat/post-with-readers";
import { privateMessageMode } from "../compat/private-message-mode";
import { initiativeFormula, rollOffFormula } from "../data/combat/initiative-formula";
import { accept, refuse, type Outcome } from "../rules/outcome";
import { templatePath } from "../utils/paths";
import { applyRoundEvents, asFray, combatOptionsOf, familyOf } from "./combat-api";
import { initiativeRoll } from "./combat-requests";
import { askerAudience } from "../compat/asker-audience";
import { combatKeyOf, defineGmRequest, userOwns } from "../net/gm-requests";
import { withinDiceCaps } from "../rules/dice/formula-shape";
import type { RoundEvent } from "../rules/turns/round-event";
import { initiativeStats, speedScore } from "./initiative-stats";

function rollData(combatant: Combatant.Implementation): Record<string, number> {
  const stats = initiativeStats(combatant.actor);
  return { dex: stats.dex, initiative: stats.initiative, quickness: stats.quickness };
}

/** The first die's first face (OD-I4: the natural d20). */
function naturalFace(roll: Roll.Any): number | undefined {
  const face = roll.dice[0]?.results[0]?.result;
  return typeof face === "number" ? face : undefined;
}

/** Chat data for a roll about `combatant`, kept to the GM when the combatant is hidden. */
export async function rollMessage(
  combatant: Combatant.Implementation,
  roll: Roll.Any,
  flavorTemplate: string,
  context: Record<string, unknown>,
): Promise<ChatMessage.CreateData> {
  const flavor = await foundry.applications.handlebars.renderTemplate(templatePath(flavorTemplate), {
    name: combatant.name,
    ...context,
  });
  const data: ChatMessage.CreateData = {
    speaker: ChatMessage.getSpeaker({
      actor: combatant.actor,
      token: combatant.token,
      alias: combatant.name,
    }),
    flavor,
    rolls: [roll],
    flags: { fray: { combatant: combatant.id } },
  };
  return applyMessageMode(data, combatant.hidden ? privateMessageMode() : currentMessageMode());
}

/**
 * PR-P3/PR-P11: a real d100 orientation roll, made by the active GM for the asker's own combatant (issue 12: a
 * player's client sends no face). The roll is posted once the round engine recorded it.
 */
export function rollOrientation(combatant: Combatant.Implementation): Promise<Outcome<true>> {
  return rollOrientationRequest.send({
    combatId: combatant.combat?.id ?? "",
    combatantId: combatant.id ?? "",
    mode: currentMessageMode(),
  });
}

export interface RollOrientationPayload {
  readonly combatId: string;
  readonly combatantId: string;
  readonly mode?: string;
}

async function rollOrientationOnGm(
  p: RollOrientationPayload,
  user: User.Implementation,
): Promise<Outcome<true>> {
  const combat = typeof p.combatId === "string" ? asFray(game.combats?.get(p.combatId)) : undefined;
  if (!combat) return refuse("combatGone");
  const combatant = typeof p.combatantId === "string" ? combat.combatants.get(p.combatantId) : undefined;
  if (!combatant) return refuse("unknownCombatant", { id: String(p.combatantId) });
  if (!user.isGM && !userOwns(user, combatant.actor))
    return refuse("notOwner", { name: combatant.name ?? "" });
  const roll = new Roll("1d100");
  await roll.evaluate();
  const out = await applyRoundEvents(combat, [
    { type: "recordOrientation", id: combatant.id ?? "", roll: Number(roll.total) },
  ]);
  if (!out.ok) return out;
  const data = await rollMessage(combatant, roll, "combat/orientation-flavor", {});
  const audience = user.isGM || combatant.hidden ? null : askerAudience(user, p.mode);
  await createOneWithReaders(audience ? { ...data, whisper: audience.whisper, blind: audience.blind } : data);
  return accept(true);
}

/** PR-P3/PR-P11 orientation roll, in the fight's lock. */
export const rollOrientationRequest = defineGmRequest<RollOrientationPayload, true>(
  "combat.rollOrientation",
  (p, { user }) => rollOrientationOnGm(p, user),
  combatKeyOf,
);

/**
 * Asks the active GM to roll initiative for `ids` (issue 12: the GM rolls; a player's client sends no total).
 * A GM may name the formula (Foundry's `Combat#rollInitiative` option); a player's is the family's.
 */
export async function rollInitiatives(
  combat: Combat.Implementation,
  ids: readonly string[],
  options: { formula?: string | null | undefined } = {},
): Promise<Outcome<true>> {
  return rollInitiativeRequest.send({
    combatId: combat.id ?? "",
    combatantIds: [...ids],
    ...(options.formula && game.user?.isGM ? { formula: options.formula } : {}),
    mode: currentMessageMode(),
  });
}

export interface RollInitiativePayload {
  readonly combatId: string;
  readonly combatantIds: readonly string[];
  /** GM only. */
  readonly formula?: string;
  readonly mode?: string;
}

/** On the active GM, in the fight's lock: rolls for the combatants `user` owns, posts the rolls, records them. */
async function rollInitiativesOnGm(
  p: RollInitiativePayload,
  user: User.Implementation,
): Promise<Outcome<true>> {
  const combat = typeof p.combatId === "string" ? asFray(game.combats?.get(p.combatId)) : undefined;
  if (!combat) return refuse("combatGone");
  if (!Array.isArray(p.combatantIds) || p.combatantIds.length > 100) return refuse("invalidValue");
  const family = familyOf(combat);
  const recorded = combatOptionsOf(combat);
  const asked = user.isGM && typeof p.formula === "string" && withinDiceCaps(p.formula) ? p.formula : null;
  const formula = asked ?? initiativeFormula(family, recorded.prInitiativeFormula);
  if (family === "fast-slow") return refuse("notInThisFamily");
  const events: RoundEvent[] = [];
  const messages: ChatMessage.CreateData[] = [];
  const audience = user.isGM ? null : askerAudience(user, p.mode);
  const combatants: Combatant.Implementation[] = [];
  for (const id of p.combatantIds) {
    const combatant = typeof id === "string" ? combat.combatants.get(id) : undefined;
    if (!combatant) return refuse("unknownCombatant", { id: String(id) });
    // A GM rolls for every combatant, one with no actor included (userOwns needs a document to own).
    if (!user.isGM && !userOwns(user, combatant.actor))
      return refuse("notOwner", { name: combatant.name ?? "" });
    combatants.push(combatant);
  }
  for (const combatant of combatants) {
    let total: number;
    let natural: number | undefined;
    if (family === "active-defense-3d6" || !formula) {
      // AD-T2: the speed score is the order; ties are settled by a roll-off.
      total = speedScore(initiativeStats(combatant.actor), recorded.adSpeedScore);
    } else {
      const roll = new Roll(formula, rollData(combatant));
      await roll.evaluate();
      total = Number(roll.total);
      natural = family === "opposed-d20" ? naturalFace(roll) : undefined;
      const critical = natural !== undefined && natural >= recorded.odCriticalOn;
      const data = await rollMessage(combatant, roll, "combat/initiative-flavor", { critical });
      messages.push(
        audience && !combatant.hidden ? { ...data, whisper: audience.whisper, blind: audience.blind } : data,
      );
    }
    events.push({
      type: "setInitiative",
      id: combatant.id ?? "",
      roll: initiativeRoll(family, combatant, total, natural),
    });
  }
  if (!events.length) return accept(true);
  const out = await applyRoundEvents(combat, events);
  if (!out.ok) return out;
  await createWithReaders(messages);
  return accept(true);
}

/** CD-I1, OD-I2, PR-B3, AD-T2 initiative, rolled by the active GM for the asker's own combatants. */
export const rollInitiativeRequest = defineGmRequest<RollInitiativePayload, true>(
  "combat.rollInitiative",
  (p, { user }) => rollInitiativesOnGm(p, user),
  combatKeyOf,
);

/** Rolls off among `ids` (real Rolls, one chat message) and returns the faces for the `rollOff` event. */
export async function rollOffFaces(
  combat: Combat.Implementation,
  ids: readonly string[],
): Promise<Record<string, number>> {
  const formula = rollOffFormula(familyOf(combat));
  const faces: Record<string, number> = {};
  const messages: ChatMessage.CreateData[] = [];
  for (const id of ids) {
    const combatant = combat.combatants.get(id);
    if (!combatant) continue;
    const roll = new Roll(formula);
    await roll.evaluate();
    faces[id] = Number(roll.total);
    messages.push(await rollMessage(combatant, roll, "combat/roll-off-flavor", {}));
  }
  await createWithReaders(messages);
  return faces;
}
