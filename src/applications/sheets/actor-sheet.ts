import type { DeepPartial } from "fvtt-types/utils";
import { FAMILY_IDS, type FamilyId } from "../../rules/families/ids";
import { templatePath } from "../../utils/paths";
import { activeFamily } from "../active-family";
import { ITEM_TYPES, type ItemType } from "../../data/item/types";
import { loc } from "../../utils/loc";
import { startAttack } from "../../chat/start-attack";
import { castSpell } from "../../chat/cast-spell";
import { onSheetConcentrate, onSheetMountControl, sheetToken } from "./mounted-combat-view";
import { actorSheetContext } from "./actor-context";
import { rollSheetCheck, rollSheetInitiative, rollSheetOrientation, sheetDefend } from "./sheet-rolls";
import {
  createEffect,
  deleteEffect,
  editEffect,
  effectFrom,
  endTimedState,
  removeStatus,
  toggleEffect,
} from "./effect-actions";
import { notifyRefusal } from "../notify";
import { activateOnKeys, markTabs } from "./sheet-keyboard";
import { openSheet } from "./open-sheet";
import { takePanelManeuver } from "../budget/budget-actions";

import ActorSheetV2 = foundry.applications.sheets.ActorSheetV2;

const { HandlebarsApplicationMixin } = foundry.applications.api;

type FormConfig = foundry.applications.api.ApplicationV2.FormConfiguration;

interface ActorSheetContext extends ActorSheetV2.RenderContext {
  family?: string;
}

/** What a LIMITED viewer sees: the header (portrait, name, identity), not its statistics. */
const LIMITED_PARTS: readonly string[] = ["header"];

/** The part that shows a family's statistics, e.g. "family-fast-slow". */
const familyPart = (id: FamilyId) => `family-${id}`;

/**
 * The sheet of characters and creatures: the common core, the active family's block with its rolls, items,
 * effects and notes. The context comes from `actorSheetContext` (actor-context.ts), which the gallery calls
 * too; clicks are static actions (DESIGN.md, dnd5e style); every control is a button (keyboard: Tab to it,
 * Enter or Space to press it).
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
      castSpell: FrayActorSheet.#onCastSpell,
      rollCheck: FrayActorSheet.#onRollCheck,
      rollInitiative: FrayActorSheet.#onRollInitiative,
      defend: FrayActorSheet.#onDefend,
      rollOrientation: FrayActorSheet.#onRollOrientation,
      takeManeuver: FrayActorSheet.#onTakeManeuver,
      createEffect: FrayActorSheet.#onCreateEffect,
      toggleEffect: FrayActorSheet.#onToggleEffect,
      editEffect: FrayActorSheet.#onEditEffect,
      deleteEffect: FrayActorSheet.#onDeleteEffect,
      removeStatus: FrayActorSheet.#onRemoveStatus,
      endTimedState: FrayActorSheet.#onEndTimedState,
      concentrate: onSheetConcentrate,
      mountControl: onSheetMountControl,
    },
  };

  static override PARTS = {
    header: { template: templatePath("actor/header") },
    tabs: { template: templatePath("actor/tabs") },
    ...Object.fromEntries(
      FAMILY_IDS.map((id) => [
        familyPart(id),
        { template: templatePath(`actor/family/${id}`), scrollable: [""] },
      ]),
    ),
    items: { template: templatePath("actor/items"), scrollable: [""] },
    effects: { template: templatePath("actor/effects"), scrollable: [""] },
    notes: { template: templatePath("actor/notes") },
  };

  static override TABS = {
    primary: {
      tabs: [{ id: "stats" }, { id: "items" }, { id: "effects" }, { id: "notes" }],
      initial: "stats",
      labelPrefix: "FRAY.Sheet.Tab",
    },
  };

  /**
   * Render only the active family's block. A LIMITED viewer (core leaves what LIMITED shows to the system) sees
   * the header only, without its statistics: no family makes any of its statistics, items, effects or notes public.
   */
  protected override _configureRenderParts(options: RenderOptions) {
    const parts = super._configureRenderParts(options);
    if (this.actor.limited) {
      for (const id of Object.keys(parts)) if (!LIMITED_PARTS.includes(id)) delete parts[id];
    } else {
      const keep = familyPart(activeFamily());
      for (const id of FAMILY_IDS) if (familyPart(id) !== keep) delete parts[familyPart(id)];
    }
    this.#configuredParts = new Set(Object.keys(parts));
    return parts;
  }

  /** The parts the latest render configured: the family setting or the viewer's permission may drop some. */
  #configuredParts = new Set<string>();

  protected override async _prepareContext(options: DeepPartial<RenderOptions> & { isFirstRender: boolean }) {
    const context = await super._prepareContext(options);
    return Object.assign(
      context,
      actorSheetContext(this.actor, {
        family: activeFamily(),
        editable: this.isEditable,
        token: sheetToken(this),
        user: (game.user as User.Implementation | null) ?? null,
        idPrefix: this.id,
      }),
      { limited: this.actor.limited },
    );
  }

  protected override async _preparePartContext(
    partId: string,
    context: RenderContext,
    options: DeepPartial<RenderOptions>,
  ) {
    const partContext = await super._preparePartContext(partId, context, options);
    const tabs = (partContext as { tabs?: Record<string, unknown> }).tabs ?? {};
    if (partId.startsWith("family-")) Object.assign(partContext, { tab: tabs.stats });
    if (partId === "items") Object.assign(partContext, { tab: tabs.items });
    if (partId === "effects") Object.assign(partContext, { tab: tabs.effects });
    if (partId === "notes") {
      const enrichedNotes = await foundry.applications.ux.TextEditor.implementation.enrichHTML(
        (this.actor.system as { notes: string }).notes,
        { secrets: this.actor.isOwner, relativeTo: this.actor },
      );
      Object.assign(partContext, { tab: tabs.notes, enrichedNotes });
    }
    return partContext;
  }

  /** Enter and Space press the portrait (it opens the image picker); the tabs say which one is shown. */
  protected override async _onRender(
    context: DeepPartial<RenderContext>,
    options: DeepPartial<RenderOptions>,
  ): Promise<void> {
    await super._onRender(context, options);
    // A re-render replaces the parts it draws and leaves the others: take away a part no longer configured (the
    // previous family's block, or everything but the header when the viewer became LIMITED).
    for (const part of this.element.querySelectorAll<HTMLElement>("[data-application-part]"))
      if (!this.#configuredParts.has(part.dataset.applicationPart ?? "")) part.remove();
    activateOnKeys(this.element);
    markTabs(this.element);
  }

  override changeTab(tab: string, group: string, options?: Parameters<ActorSheetV2["changeTab"]>[2]): void {
    super.changeTab(tab, group, options);
    markTabs(this.element);
  }

  #itemFrom(target: HTMLElement) {
    const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
    return id ? this.actor.items.get(id) : undefined;
  }

  get #token() {
    return sheetToken(this);
  }

  static async #onCreateItem(this: FrayActorSheet, _event: PointerEvent, target: HTMLElement) {
    const type = target.dataset.type as ItemType | undefined;
    if (!type || !ITEM_TYPES.includes(type)) return;
    await this.actor.createEmbeddedDocuments("Item", [{ name: loc(`TYPES.Item.${type}`), type }]);
  }

  static async #onEditItem(this: FrayActorSheet, _event: PointerEvent, target: HTMLElement) {
    await openSheet(this.#itemFrom(target)?.sheet);
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

  /** A spell cast as the family in play says (chat/cast-spell.ts): its attack, casting roll or card. */
  static async #onCastSpell(this: FrayActorSheet, _event: PointerEvent, target: HTMLElement) {
    const item = this.#itemFrom(target);
    if (item) await castSpell(this.actor, item, { token: this.#token });
  }

  static async #onToggleEquipped(this: FrayActorSheet, _event: PointerEvent, target: HTMLElement) {
    const item = this.#itemFrom(target);
    const system = item?.system as { equipped?: boolean } | undefined;
    if (!item || system?.equipped === undefined) return;
    await item.update({ "system.equipped": !system.equipped } as Item.UpdateData);
  }

  /** A statistic's check (sheet-checks.ts): the situation form, then the card. */
  static async #onRollCheck(this: FrayActorSheet, _event: PointerEvent, target: HTMLElement) {
    const id = target.dataset.check;
    if (id) notifyRefusal(await rollSheetCheck(this.actor, this.#token, id));
  }

  static async #onRollInitiative(this: FrayActorSheet) {
    notifyRefusal(await rollSheetInitiative(this.actor, this.#token));
  }

  static async #onDefend(this: FrayActorSheet) {
    await sheetDefend(this.actor, this.#token);
  }

  static async #onRollOrientation(this: FrayActorSheet) {
    notifyRefusal(await rollSheetOrientation(this.actor, this.#token));
  }

  /** AD-M3: takes the manoeuvre through the budget panel's own button (one request, its guard), or says why not. */
  static async #onTakeManeuver(this: FrayActorSheet, _event: PointerEvent, target: HTMLElement) {
    const taken = takePanelManeuver(this.element, target.dataset.maneuver ?? "");
    if (taken) await taken;
    else ui.notifications?.warn(loc("FRAY.Sheet.Roll.maneuverNotNow"));
  }

  static async #onCreateEffect(this: FrayActorSheet) {
    await createEffect(this.actor);
  }

  static async #onToggleEffect(this: FrayActorSheet, _event: PointerEvent, target: HTMLElement) {
    await toggleEffect(effectFrom(this.actor, target, true));
  }

  static async #onEditEffect(this: FrayActorSheet, _event: PointerEvent, target: HTMLElement) {
    await editEffect(effectFrom(this.actor, target, true));
  }

  static async #onDeleteEffect(this: FrayActorSheet, _event: PointerEvent, target: HTMLElement) {
    await deleteEffect(effectFrom(this.actor, target, true));
  }

  static async #onRemoveStatus(this: FrayActorSheet, _event: PointerEvent, target: HTMLElement) {
    await removeStatus(this.actor, target);
  }

  static async #onEndTimedState(this: FrayActorSheet, _event: PointerEvent, target: HTMLElement) {
    await endTimedState(target);
  }
}
