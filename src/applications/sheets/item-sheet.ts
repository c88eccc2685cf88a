import type { DeepPartial } from "fvtt-types/utils";
import { FS_ATTRIBUTES } from "../../rules/families/fast-slow/derived";
import { AD_WEAPON_SKILLS } from "../../rules/families/active-defense-3d6/skills";
import { DURATION_UNITS } from "../../rules/items/durations";
import { WEAPON_KINDS, WEAPON_PROPERTIES } from "../../rules/items/weapon-kinds";
import { loc } from "../../utils/loc";
import { SPELL_TARGETS } from "../../data/item/spell";
import { TALENT_ACTIVATIONS } from "../../data/item/talent";
import { ITEM_TYPES } from "../../data/item/types";
import { templatePath } from "../../utils/paths";
import { activeFamily } from "../active-family";
import { choiceOptions } from "./choices";
import { familyFlags } from "./family-flags";

import ItemSheetV2 = foundry.applications.sheets.ItemSheetV2;

const { HandlebarsApplicationMixin } = foundry.applications.api;

type FormConfig = foundry.applications.api.ApplicationV2.FormConfiguration;

interface ItemSheetContext extends ItemSheetV2.RenderContext {
  family?: string;
}

/**
 * The sheet of every item type: the fields every family uses, then those of the active family.
 * One details part per item type (`templates/item/<type>.hbs`).
 */
export class FrayItemSheet<
  RenderContext extends ItemSheetContext = ItemSheetContext,
  Configuration extends ItemSheetV2.Configuration = ItemSheetV2.Configuration,
  RenderOptions extends ItemSheetV2.RenderOptions = ItemSheetV2.RenderOptions,
> extends HandlebarsApplicationMixin(ItemSheetV2)<RenderContext, Configuration, RenderOptions> {
  static override DEFAULT_OPTIONS = {
    classes: ["fray", "sheet", "item"],
    position: { width: 520, height: 600 },
    window: { resizable: true },
    form: { submitOnChange: true } as FormConfig,
  };

  static override PARTS = {
    header: { template: templatePath("item/header") },
    ...Object.fromEntries(
      ITEM_TYPES.map((type) => [type, { template: templatePath(`item/${type}`), scrollable: [""] }]),
    ),
  };

  /** Render the header and the details of this item's type only. */
  protected override _configureRenderParts(options: RenderOptions) {
    const parts = super._configureRenderParts(options);
    for (const type of ITEM_TYPES) if (type !== this.item.type) delete parts[type];
    return parts;
  }

  protected override async _prepareContext(options: DeepPartial<RenderOptions> & { isFirstRender: boolean }) {
    const context = await super._prepareContext(options);
    const item = this.item;
    const system = item.system as Record<string, unknown>;
    const family = activeFamily();
    const enrichedDescription = await foundry.applications.ux.TextEditor.implementation.enrichHTML(
      String(system.description ?? ""),
      { secrets: item.isOwner, relativeTo: item },
    );
    return Object.assign(context, {
      item,
      system,
      family,
      families: familyFlags(family),
      typeLabel: `TYPES.Item.${item.type}`,
      editable: this.isEditable,
      enrichedDescription,
      options: this.#options(system),
      propertyRows: this.#propertyRows(system),
    });
  }

  #propertyRows(system: Record<string, unknown>) {
    const properties = (system.properties ?? {}) as Record<string, boolean>;
    return WEAPON_PROPERTIES.map((id) => ({
      id,
      label: loc(`FRAY.Item.Weapon.Property.${id}`),
      checked: Boolean(properties[id]),
    }));
  }

  #options(system: Record<string, unknown>) {
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
}
