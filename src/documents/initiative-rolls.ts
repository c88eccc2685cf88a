/**
 * Initiative as each family rolls it, with real Rolls so Dice So Nice and message modes work: CD-I1
 * d20 + Dexterity modifier, OD-I2 d20 + Initiative (the natural face goes with it for OD-I4's Critical, which
 * the chat card flags), PR-B3 the recorded d10/2d10 + quickness; AD-T2 orders by the speed score, no roll.
 * The asking client rolls (as core does); the active GM records the totals and reads the tie keys itself.
 * Roll-offs (FS-R2 1d6; CD-I3, OD-I3, AD-T2, PR-P10 ties) are rolled by the GM's client the same way.
 */
import { applyMessageMode, currentMessageMode } from "../compat";
import { privateMessageMode } from "../compat/private-message-mode";
import { initiativeFormula, rollOffFormula } from "../data/combat/initiative-formula";
import { accept, refuse, type Outcome } from "../rules/outcome";
import { templatePath } from "../utils/paths";
import { combatOptionsOf, familyOf } from "./combat-api";
import { setInitiativeRequest, type RolledInitiative } from "./combat-requests";
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
 * PR-P3/PR-P11: a real d100 orientation roll. `record` gives the face to the round engine (through the GM);
 * the roll is posted to chat only once it is recorded.
 */
export async function rollOrientation(
  combatant: Combatant.Implementation,
  record: (face: number) => Promise<boolean>,
): Promise<boolean> {
  const roll = new Roll("1d100");
  await roll.evaluate();
  if (!(await record(Number(roll.total)))) return false;
  await ChatMessage.implementation.create(
    await rollMessage(combatant, roll, "combat/orientation-flavor", {}),
  );
  return true;
}

export async function rollInitiatives(
  combat: Combat.Implementation,
  ids: readonly string[],
  options: { formula?: string | null | undefined } = {},
): Promise<Outcome<true>> {
  const family = familyOf(combat);
  const recorded = combatOptionsOf(combat);
  const formula = options.formula ?? initiativeFormula(family, recorded.prInitiativeFormula);
  if (family === "fast-slow") return refuse("notInThisFamily");
  const rolls: RolledInitiative[] = [];
  const messages: ChatMessage.CreateData[] = [];
  for (const id of ids) {
    const combatant = combat.combatants.get(id);
    if (!combatant?.isOwner) continue;
    if (family === "active-defense-3d6" || !formula) {
      // AD-T2: the speed score is the order; ties are settled by a roll-off.
      rolls.push({
        combatantId: id,
        total: speedScore(initiativeStats(combatant.actor), recorded.adSpeedScore),
      });
      continue;
    }
    const roll = new Roll(formula, rollData(combatant));
    await roll.evaluate();
    const natural = family === "opposed-d20" ? naturalFace(roll) : undefined;
    const critical = natural !== undefined && natural >= recorded.odCriticalOn;
    rolls.push({ combatantId: id, total: Number(roll.total), ...(natural === undefined ? {} : { natural }) });
    messages.push(await rollMessage(combatant, roll, "combat/initiative-flavor", { critical }));
  }
  if (!rolls.length) return accept(true);
  const out = await setInitiativeRequest.send({ combatId: combat.id ?? "", rolls });
  if (out.ok && messages.length) await ChatMessage.implementation.create(messages);
  return out;
}

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
  if (messages.length) await ChatMessage.implementation.create(messages);
  return faces;
}
