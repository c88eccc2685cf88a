/**
 * The item sheet's context, built by one function that FrayItemSheet and the gallery both call
 * (`itemSheetContext`): the item's data, which family's fields to show, the select options and weapon
 * property rows, and its ActiveEffects. The enriched description is the sheet's own (Foundry enriches it).
 */
import { SPELL_TARGETS } from "../../data/item/spell";
import { EQUIPPABLE_TYPES, type ItemType } from "../../data/item/types";
import { TALENT_ACTIVATIONS } from "../../data/item/talent";
import { AD_WEAPON_SKILLS } from "../../rules/families/active-defense-3d6/skills";
import { FS_ATTRIBUTES } from "../../rules/families/fast-slow/derived";
import type { FamilyId } from "../../rules/families/ids";
import { DURATION_UNITS } from "../../rules/items/durations";
import { WEAPON_KINDS, WEAPON_PROPERTIES } from "../../rules/items/weapon-kinds";
import { loc } from "../../utils/loc";
import { choiceOptions } from "./choices";
import { itemEffectRows } from "./effects-view";
import { familyFlags } from "./family-flags";

export interface ItemSheetOptions {
  readonly family: FamilyId;
  readonly editable: boolean;
  readonly idPrefix?: string;
}

interface ItemLike {
  readonly id: string | null;
  readonly uuid?: string | null;
  readonly type: string;
  readonly system: unknown;
  readonly effects?: unknown;
}

/** FS-A11, PR-P4, AD-M4: the weapon properties as checkbox rows. */
export function propertyRows(system: Record<string, unknown>) {
  const properties = (system.properties ?? {}) as Record<string, boolean>;
  return WEAPON_PROPERTIES.map((id) => ({
    id,
    label: loc(`FRAY.Item.Weapon.Property.${id}`),
    checked: Boolean(properties[id]),
  }));
}

/** The select options of every item field that has choices. */
export function itemOptions(system: Record<string, unknown>) {
  const str = (key: string) => String(system[key] ?? "");
  const duration = (system.duration ?? {}) as { unit?: string };
  return {
    kind: choiceOptions(WEAPON_KINDS, "FRAY.Item.Weapon.Kind", str("kind")),
    attribute: choiceOptions(FS_ATTRIBUTES, "FRAY.Family.fast-slow.Attribute", str("attribute")),
    skill: choiceOptions(AD_WEAPON_SKILLS, "FRAY.Family.active-defense-3d6.Skill", str("skill")),
    against: choiceOptions(SPELL_TARGETS, "FRAY.Item.Spell.Against", str("against")),
    activation: choiceOptions(TALENT_ACTIVATIONS, "FRAY.Item.Talent.Activation", str("activation")),
    durationUnit: choiceOptions(DURATION_UNITS, "FRAY.Duration", duration.unit ?? ""),
  };
}

export function itemSheetContext(item: ItemLike, options: ItemSheetOptions) {
  const system = (item.system ?? {}) as Record<string, unknown>;
  return {
    item,
    /** The rich-text editor's document (`<prose-mirror document-uuid>`). */
    documentUuid: item.uuid ?? "",
    system,
    family: options.family,
    families: familyFlags(options.family),
    typeLabel: `TYPES.Item.${item.type}`,
    /** Worn or wielded items have an "Equipped" box (gear's would change nothing). */
    equippable: EQUIPPABLE_TYPES.includes(item.type as ItemType),
    editable: options.editable,
    idPrefix: options.idPrefix ?? `fray-${item.id ?? "item"}`,
    options: itemOptions(system),
    propertyRows: propertyRows(system),
    effects: itemEffectRows(item),
  };
}

export type ItemSheetContextData = ReturnType<typeof itemSheetContext>;
