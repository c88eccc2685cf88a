import type { DeepPartial } from "fvtt-types/utils";
import { FAMILY_IDS, type FamilyId } from "../../rules/families/ids";
import { templatePath } from "../../utils/paths";
import { loc } from "../../utils/loc";
import { activeFamily } from "../active-family";
import { EQUIPPABLE_TYPES, ITEM_TYPES, type ItemType } from "../../data/item/types";
import type { ActorDerived } from "../../data/actor/derive";
import { actorSheetView, type ActorSource } from "./actor-view";
import { startAttack } from "../../chat/start-attack";
import {
  mountedCombatView,
  onSheetConcentrate,
  onSheetMountControl,
  sheetToken,
} from "./mounted-combat-view";
import { sheetBudgetContext } from "../budget/budget-context";

import ActorSheetV2 = foundry.applications.sheets.ActorSheetV2;

const { HandlebarsApplicationMixin } = foundry.applications.api;

type FormConfig = foundry.applications.api.ApplicationV2.FormConfiguration;

interface ActorSheetContext extends ActorSheetV2.RenderContext {
  family?: string;
}

/** The part that shows a family's statistics, e.g. "family-fast-slow". */
const familyPart = (id: FamilyId) => `family-${id}`;

/**
 * The sheet of characters and creatures: the common core, the active family's block, items and notes.
 * Context is prepared per part; clicks are static actions (DESIGN.md, dnd5e style).
 */
export class FrayActorSheet<
  RenderContext extends ActorSheetContext = ActorSheetContext,
  Configuration extends ActorSheetV2.Configuration = ActorSheetV2.Configuration,
  RenderOptions extends ActorSheetV2.RenderOptions = ActorSheetV2.RenderOptions,
> extends HandlebarsApplicationMixin(ActorSheetV2)<RenderContext, Configuration, RenderOptions> {
  static override DEFAULT_OPTIONS = {
    classes: ["fray", "sheet", "actor"],
    position: { width: 640, height: 720 },
    window: { resizable: true },
    form: { submitOnChange: true } as FormConfig,
    actions: {
      createItem: FrayActorSheet.#onCreateItem,
      editItem: FrayActorSheet.#onEditItem,
      deleteItem: FrayActorSheet.#onDeleteItem,
      toggleEquipped: FrayActorSheet.#onToggleEquipped,
      rollAttack: FrayActorSheet.#onRollAttack,
      concentrate: onSheetConcentrate,
      mountControl: onSheetMountControl,
    },
  };

  static override PARTS = {
    header: { template: templatePath("actor/header") },
    tabs: { template: "templates/generic/tab-navigation.hbs" },
    ...Object.fromEntries(
      FAMILY_IDS.map((id) => [
        familyPart(id),
        { template: templatePath(`actor/family/${id}`), scrollable: [""] },
      ]),
    ),
    items: { template: templatePath("actor/items"), scrollable: [""] },
    notes: { template: templatePath("actor/notes") },
  };

  static override TABS = {
    primary: {
      tabs: [{ id: "stats" }, { id: "items" }, { id: "notes" }],
      initial: "stats",
      labelPrefix: "FRAY.Sheet.Tab",
    },
  };

  /** Render only the active family's block. */
  protected override _configureRenderParts(options: RenderOptions) {
    const parts = super._configureRenderParts(options);
    const keep = familyPart(activeFamily());
    for (const id of FAMILY_IDS) if (familyPart(id) !== keep) delete parts[familyPart(id)];
    return parts;
  }

  protected override async _prepareContext(options: DeepPartial<RenderOptions> & { isFirstRender: boolean }) {
    const context = await super._prepareContext(options);
    const actor = this.actor;
    const family = activeFamily();
    const source = actor._source.system as unknown as ActorSource;
    const derived = (actor.system as unknown as { derived: ActorDerived }).derived;
    return Object.assign(context, {
      actor,
      system: actor.system,
      source,
      derived,
      ...actorSheetView(source, derived),
      family,
      familyLabel: loc(`FRAY.Family.${family}.name`),
      isCreature: actor.type === "creature",
      editable: this.isEditable,
      frayBudget: sheetBudgetContext(actor, this.token),
      mountedCombat: mountedCombatView(actor, sheetToken(this), game.user as User.Implementation | null),
    });
  }

  protected override async _preparePartContext(
    partId: string,
    context: RenderContext,
    options: DeepPartial<RenderOptions>,
  ) {
    const partContext = await super._preparePartContext(partId, context, options);
    const tabs = (partContext as { tabs?: Record<string, unknown> }).tabs ?? {};
    if (partId.startsWith("family-")) Object.assign(partContext, { tab: tabs.stats });
    if (partId === "items") Object.assign(partContext, { tab: tabs.items, itemGroups: this.#itemGroups() });
    if (partId === "notes") {
      const enrichedNotes = await foundry.applications.ux.TextEditor.implementation.enrichHTML(
        (this.actor.system as { notes: string }).notes,
        { secrets: this.actor.isOwner, relativeTo: this.actor },
      );
      Object.assign(partContext, { tab: tabs.notes, enrichedNotes });
    }
    return partContext;
  }

  #itemGroups() {
    return ITEM_TYPES.map((type) => ({
      type,
      label: `TYPES.Item.${type}Pl`,
      items: this.actor.items
        .filter((item) => item.type === type)
        .sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0))
        .map((item) => ({
          id: item.id,
          name: item.name,
          img: item.img,
          system: item.system,
          equippable: EQUIPPABLE_TYPES.includes(type),
          attack: type === "weapon",
        })),
    }));
  }

  #itemFrom(target: HTMLElement) {
    const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
    return id ? this.actor.items.get(id) : undefined;
  }

  static async #onCreateItem(this: FrayActorSheet, _event: PointerEvent, target: HTMLElement) {
    const type = target.dataset.type as ItemType | undefined;
    if (!type || !ITEM_TYPES.includes(type)) return;
    await this.actor.createEmbeddedDocuments("Item", [{ name: loc(`TYPES.Item.${type}`), type }]);
  }

  static async #onEditItem(this: FrayActorSheet, _event: PointerEvent, target: HTMLElement) {
    await this.#itemFrom(target)?.sheet?.render(true);
  }

  static async #onDeleteItem(this: FrayActorSheet, _event: PointerEvent, target: HTMLElement) {
    const item = this.#itemFrom(target);
    if (!item) return;
    await item.deleteDialog();
  }

  /** A weapon's attack: the dialog, the user's targets, the card (chat/start-attack.ts). */
  static async #onRollAttack(this: FrayActorSheet, _event: PointerEvent, target: HTMLElement) {
    const item = this.#itemFrom(target);
    if (item) await startAttack(this.actor, item);
  }

  static async #onToggleEquipped(this: FrayActorSheet, _event: PointerEvent, target: HTMLElement) {
    const item = this.#itemFrom(target);
    const system = item?.system as { equipped?: boolean } | undefined;
    if (!item || system?.equipped === undefined) return;
    await item.update({ "system.equipped": !system.equipped } as Item.UpdateData);
  }
}
