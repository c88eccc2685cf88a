import type { DeepPartial } from "fvtt-types/utils";
import { ITEM_TYPES } from "../../data/item/types";
import { templatePath } from "../../utils/paths";
import { activeFamily } from "../active-family";
import { createEffect, deleteEffect, editEffect, effectFrom, toggleEffect } from "./effect-actions";
import { itemSheetContext } from "./item-context";
import { activateOnKeys } from "./sheet-keyboard";

import ItemSheetV2 = foundry.applications.sheets.ItemSheetV2;

const { HandlebarsApplicationMixin } = foundry.applications.api;

type FormConfig = foundry.applications.api.ApplicationV2.FormConfiguration;

interface ItemSheetContext extends ItemSheetV2.RenderContext {
  family?: string;
}

/**
 * The sheet of every item type: the fields every family uses, then those of the active family, then the
 * item's ActiveEffects. One details part per item type (`templates/item/<type>.hbs`); the context comes from
 * `itemSheetContext` (item-context.ts), which the gallery calls too.
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
    actions: {
      createEffect: FrayItemSheet.#onCreateEffect,
      toggleEffect: FrayItemSheet.#onToggleEffect,
      editEffect: FrayItemSheet.#onEditEffect,
      deleteEffect: FrayItemSheet.#onDeleteEffect,
    },
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
    const enrichedDescription = await foundry.applications.ux.TextEditor.implementation.enrichHTML(
      String((item.system as { description?: string }).description ?? ""),
      { secrets: item.isOwner, relativeTo: item },
    );
    return Object.assign(
      context,
      itemSheetContext(item, { family: activeFamily(), editable: this.isEditable, idPrefix: this.id }),
      { enrichedDescription },
    );
  }

  /** Enter and Space press the image (it opens the image picker). */
  protected override async _onRender(
    context: DeepPartial<RenderContext>,
    options: DeepPartial<RenderOptions>,
  ): Promise<void> {
    await super._onRender(context, options);
    activateOnKeys(this.element);
  }

  static async #onCreateEffect(this: FrayItemSheet) {
    await createEffect(this.item);
  }

  static async #onToggleEffect(this: FrayItemSheet, _event: PointerEvent, target: HTMLElement) {
    await toggleEffect(effectFrom(this.item, target, false));
  }

  static async #onEditEffect(this: FrayItemSheet, _event: PointerEvent, target: HTMLElement) {
    await editEffect(effectFrom(this.item, target, false));
  }

  static async #onDeleteEffect(this: FrayItemSheet, _event: PointerEvent, target: HTMLElement) {
    await deleteEffect(effectFrom(this.item, target, false));
  }
}
