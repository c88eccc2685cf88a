/**
 * The chat card of a spell cast without an attack roll (FS-A2, PR-P2, CD-A6, OD-R3): its name and image, who
 * cast it, its description enriched as the item sheet enriches it (secrets left out: the table reads it), its
 * duration, and a note when it needs concentration (FS-A3, AD-M6). Posted by the caster's client in the user's
 * roll mode, once what casting spends was spent (chat/cast-spell.ts).
 */
import { applyMessageMode, currentMessageMode } from "../compat/message-modes";
import { askerAudience, type Audience } from "../compat/asker-audience";
import { defineGmRequest } from "../net/gm-requests";
import { accept, refuse } from "../rules/outcome";
import { combatLinkOf } from "./combat-link";
import { ownsActor, resolveParty } from "./parties";
import type { FamilyId } from "../rules/families/ids";
import { DURATION_UNITS, type DurationUnit } from "../rules/items/durations";
import { templatePath } from "../utils/paths";
import { postCheck, type PostCheckInput } from "./check-card";

export const SPELL_CARD_TEMPLATE = templatePath("chat/spell-card");

/** The parts of a spell's `item.system` the card shows (data/item/spell.ts). */
interface SpellSystem {
  readonly description?: string;
  readonly concentration?: boolean;
  readonly duration?: { readonly value?: number; readonly unit?: string };
}

interface SpellLike {
  readonly name: string | null;
  readonly img: string | null;
  readonly system: unknown;
}

/**
 * The template's context: names stay plain strings (the template escapes them); `description` is the item's
 * enriched HTML, shown as the item sheet shows it. An instant spell, or one of no duration, has none.
 */
export function spellCardContext(spell: SpellLike, caster: string, family: FamilyId, description: string) {
  const system = (spell.system ?? {}) as SpellSystem;
  const value = Math.max(0, Math.trunc(Number(system.duration?.value ?? 0)) || 0);
  const unit = (DURATION_UNITS as readonly string[]).includes(system.duration?.unit ?? "")
    ? (system.duration?.unit as DurationUnit)
    : "instant";
  return {
    family,
    familyKey: `FRAY.Family.${family}.name`,
    name: spell.name ?? "",
    img: spell.img ?? "",
    caster,
    description,
    duration: unit === "instant" || value === 0 ? null : { value, unitKey: `FRAY.Duration.${unit}` },
    concentration: system.concentration === true,
  };
}

export interface PostSpellCardInput {
  readonly actor: Actor.Implementation;
  readonly token: TokenDocument.Implementation | null;
  readonly item: Item.Implementation;
  readonly family: FamilyId;
}

/** Posts the spell's card as its caster. */
export async function postSpellCard(input: PostSpellCardInput): Promise<ChatMessage.Implementation | null> {
  const { actor, token, item, family } = input;
  const source = String((item.system as SpellSystem).description ?? "");
  const description = source
    ? await foundry.applications.ux.TextEditor.implementation.enrichHTML(source, {
        secrets: false,
        relativeTo: item,
      })
    : "";
  const content = await foundry.applications.handlebars.renderTemplate(
    SPELL_CARD_TEMPLATE,
    spellCardContext(item, token?.name || actor.name || "", family, description),
  );
  const data = applyMessageMode(
    {
      content,
      speaker: ChatMessage.getSpeaker({ actor, ...(token ? { token } : {}) }),
      flags: { fray: { spellCard: { itemId: item.id ?? "", family } } },
    },
    currentMessageMode(),
  );
  const cls = CONFIG.ChatMessage.documentClass;
  return (await cls.create(data)) ?? null;
}

/** What a casting roll names: the spell (its name and casting target value). */
interface CastSpell {
  readonly name?: string | null;
  readonly system?: unknown;
}

/**
 * The casting roll «詠唱判定» (active-defense-3d6, AD-M6): a 3d6 check card against the spell's casting target
 * value — cast at once from the sheet, or at the start of the turn after concentrating.
 */
export function postCastingRoll(input: {
  readonly actor: Actor.Implementation;
  readonly token: TokenDocument.Implementation | null;
  readonly spell: CastSpell;
  readonly combatId: string | null;
  /** The card's line naming the spell (`{spell}`). */
  readonly lineKey: string;
  readonly roll: NonNullable<PostCheckInput["roll"]>;
  readonly messageMode?: string;
  readonly audience?: Audience;
}): Promise<ChatMessage.Implementation | null> {
  const target = (input.spell.system as { castingTarget?: number } | undefined)?.castingTarget;
  return postCheck({
    actor: input.actor,
    token: input.token,
    kind: "casting",
    dice: "3d6",
    attributeKey: "FRAY.Item.Spell.castingTarget",
    target: Number(target ?? 10),
    lines: [{ key: input.lineKey, data: { spell: input.spell.name ?? "" } }],
    combatId: input.combatId,
    roll: input.roll,
    ...(input.messageMode ? { messageMode: input.messageMode } : {}),
    ...(input.audience ? { audience: input.audience } : {}),
  });
}

export interface CastingRollPayload {
  readonly actorUuid: string;
  readonly tokenUuid: string | null;
  /** The caster's spell (an item of its actor). */
  readonly spellId: string;
  readonly mode?: string;
}

/**
 * AD-M6 cast at once from the sheet: the casting roll posted by the active GM (issue 12) for the asker's own
 * creature, its target value from the caster's own spell. The card has no consequence.
 */
export const castingRollRequest = defineGmRequest<CastingRollPayload, { messageId: string }>(
  "check.casting",
  async (p, { user }) => {
    const caster = resolveParty({
      actorUuid: String(p.actorUuid ?? ""),
      tokenUuid: typeof p.tokenUuid === "string" ? p.tokenUuid : null,
      name: "",
      img: "",
    });
    if (!caster) return refuse("creatureGone");
    if (!ownsActor(user, caster.actor)) return refuse("notOwner", { name: caster.actor.name ?? "" });
    const items = caster.actor.items as Iterable<Item.Implementation>;
    const spell = [...items].find((i) => i.id === p.spellId && i.type === "spell");
    if (!spell) return refuse("unknownSpell");
    const message = await postCastingRoll({
      actor: caster.actor,
      token: caster.token,
      spell,
      combatId: combatLinkOf(caster)?.combat.id ?? null,
      lineKey: "FRAY.Spell.casting",
      roll: "now",
      audience: askerAudience(user, p.mode),
    });
    return message?.id ? accept({ messageId: message.id }) : refuse("requestError");
  },
  (p) => `check.casting.${String(p.actorUuid)}`,
);
