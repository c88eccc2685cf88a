/**
 * Fray's combat tracker (v13 ApplicationV2 sidebar tab): core's header part, then our own tracker and footer
 * parts rendered from the round engine's view (tracker-view.ts). Every control is a `<button type="button"
 * data-action>` handled by a static action below, so the tracker is usable from the keyboard. Players' clicks
 * become requests to the active GM (combat-requests.ts); the GM's own clicks too, with `gmOverride` only where
 * the GM asked to force (or confirmed an override of a refusal, PR-B2).
 */
import { asFray, combatOptionsOf, familyOf, roundStateOf, structureOf } from "../../documents/combat-api";
import {
  chooseSpeedRequest,
  declareRequest,
  endTurnRequest,
  passRequest,
  takeTurnRequest,
  type Declaration,
} from "../../documents/combat-requests";
import {
  advancePhaseOf,
  endRoundOf,
  endTurnOf,
  sendGmEvents,
  startCombatOf,
} from "../../documents/fray-combat";
import { rollOffFaces, rollOrientation } from "../../documents/initiative-rolls";
import { refuse, refusalKey, type Outcome } from "../../rules/outcome";
import type { RoundEvent } from "../../rules/turns/round-event";
import { describeRound } from "../../rules/turns/turn-view";
import { loc } from "../../utils/loc";
import { templatePath } from "../../utils/paths";
import { notifyRefusal } from "../notify";
import {
  declarationFromButton,
  manoeuvreChoices,
  meleeFromForm,
  movementFromForm,
  withdrawalFor,
} from "./declarations";
import { currentMessageMode } from "../../compat/message-modes";
import { contextMenuEntryLabel } from "../../compat";
import { SYSTEM_ID } from "../../constants";
import { askOrientationRuling } from "./orientation-ruling";
import { buildTrackerContext, type CoreTurn, type RowSource, type TrackerContext } from "./tracker-view";
import { withBudgetRows } from "../budget/budget-context";
import {
  CHANGE_WEAPON_ACTIVITY,
  DRAW_ACTIVITY,
  PHASED_REFUSALS,
} from "../../rules/families/phased-round/budget";

const { CombatTracker } = foundry.applications.sidebar.tabs;
const { DialogV2 } = foundry.applications.api;

type Handler = (this: FrayCombatTracker, event: PointerEvent, target: HTMLElement) => Promise<void>;

/** Refusals a GM may push through by asking again with `gmOverride` (the engine re-checks what it allows). */
const OVERRIDABLE = new Set([
  "playersFirst",
  "playersPartOver",
  "rollOffOrder",
  "turnForgone",
  "notYourTurn",
  "fastPartOver",
  "phaseNotFinished",
  "roundNotFinished",
  "initiativeMissing",
  // PR-B2: a declaration the rules forbid; the GM may let it through.
  ...PHASED_REFUSALS,
]);

/** Core's row-menu entry that Fray takes away (its label key). */
const CLEAR_INITIATIVE = "COMBAT.CombatantClear";
/** Whether the missing entry was reported already (once a session). */
let clearEntryMissingWarned = false;

/** The fields of core's v13 turn context (`_prepareTurnContext`) the rows keep. */
type CoreTurnContext = Awaited<ReturnType<InstanceType<typeof CombatTracker>["_prepareTurnContext"]>>;

function coreTurnOf(turn: CoreTurnContext): CoreTurn {
  const resource: unknown = turn.resource;
  return {
    isDefeated: turn.isDefeated === true,
    canPing: turn.canPing === true,
    resource: typeof resource === "number" || typeof resource === "string" ? resource : null,
    effects: (turn.effects?.icons ?? []).map((e) => ({ name: e.name ?? "", img: e.img ?? "" })),
    effectsTooltip: turn.effects?.tooltip ?? "",
  };
}

function combatantIdOf(target: HTMLElement): string {
  return target.closest<HTMLElement>("[data-combatant-id]")?.dataset.combatantId ?? "";
}

export class FrayCombatTracker extends CombatTracker {
  static override DEFAULT_OPTIONS = {
    actions: {
      frayChooseSpeed: FrayCombatTracker.#chooseSpeed as Handler,
      frayTakeTurn: FrayCombatTracker.#takeTurn as Handler,
      frayForceTurn: FrayCombatTracker.#forceTurn as Handler,
      frayEndTurn: FrayCombatTracker.#endTurn as Handler,
      frayPass: FrayCombatTracker.#pass as Handler,
      frayDeclare: FrayCombatTracker.#declare as Handler,
      frayWithdraw: FrayCombatTracker.#withdraw as Handler,
      frayDeclareMovement: FrayCombatTracker.#declareMovement as Handler,
      frayDeclareMelee: FrayCombatTracker.#declareMelee as Handler,
      frayRollOrientation: FrayCombatTracker.#rollOrientation as Handler,
      frayRuleOrientation: FrayCombatTracker.#ruleOrientation as Handler,
      fraySetUnable: FrayCombatTracker.#setUnable as Handler,
      frayOrientationRuling: FrayCombatTracker.#orientationRuling as Handler,
      frayRollInitiative: FrayCombatTracker.#rollInitiative as Handler,
      frayRollOff: FrayCombatTracker.#rollOff as Handler,
      frayMoveUp: FrayCombatTracker.#moveUp as Handler,
      frayAdvancePhase: FrayCombatTracker.#advancePhase as Handler,
      frayEndRound: FrayCombatTracker.#endRound as Handler,
      frayStartCombat: FrayCombatTracker.#startCombat as Handler,
      frayEndCombat: FrayCombatTracker.#endCombat as Handler,
    },
  };

  /** The viewed combat, as Fray's class (see `asFray`). */
  get fight(): Combat.Implementation | undefined {
    return asFray(this.viewed);
  }

  static override PARTS = {
    header: { template: "templates/sidebar/tabs/combat/header.hbs" },
    tracker: { template: templatePath("combat/tracker"), scrollable: [""] },
    footer: { template: templatePath("combat/footer") },
  };

  protected override async _preparePartContext(
    ...args: Parameters<InstanceType<typeof CombatTracker>["_preparePartContext"]>
  ): ReturnType<InstanceType<typeof CombatTracker>["_preparePartContext"]> {
    const context = await super._preparePartContext(...args);
    const [partId] = args;
    if (partId === "tracker" || partId === "footer") {
      (context as { fray?: TrackerContext | null }).fray = this.frayContext(context as { turns?: unknown });
    }
    return context;
  }

  /**
   * Core's row menu, without "clear initiative": the engine keeps an initiative once rolled (CD-I3: the
   * order is fixed); a re-roll replaces it. Core's entries are left in the running version's shape, and read
   * through compat (v13 names an entry `name`, v14 `label`; v14 deprecates `name`). If core offers no entry of
   * that key (a later version renamed it), a console warning says so, once: the entry would stay.
   */
  protected override _getEntryContextOptions(): ReturnType<
    InstanceType<typeof CombatTracker>["_getEntryContextOptions"]
  > {
    const entries = super._getEntryContextOptions();
    const kept = entries.filter((entry) => contextMenuEntryLabel(entry) !== CLEAR_INITIATIVE);
    if (kept.length === entries.length && !clearEntryMissingWarned) {
      clearEntryMissingWarned = true;
      console.warn(`${SYSTEM_ID} | core's combatant menu has no "${CLEAR_INITIATIVE}" entry to take away`);
    }
    return kept;
  }

  /** The engine's view for the viewed combat, as this user may see it. */
  frayContext(context: { turns?: unknown }): TrackerContext | null {
    const combat = this.fight;
    if (!combat) return null;
    const structure = structureOf(combat);
    const state = roundStateOf(combat);
    // Core's turn contexts: the image it resolved, and what core's own row shows and offers (kept, defect 7).
    const coreTurns = new Map(
      (Array.isArray(context.turns) ? (context.turns as CoreTurnContext[]) : []).map((t) => [t.id, t]),
    );
    const rows = new Map<string, RowSource>();
    for (const c of combat.combatants.values()) {
      if (!c.id || !c.visible) continue;
      const turn = coreTurns.get(c.id);
      rows.set(c.id, {
        name: c.name ?? "",
        img: turn?.img ?? c.img ?? c.actor?.img ?? "icons/svg/mystery-man.svg",
        hidden: c.hidden,
        owner: c.isOwner,
        ...(turn ? { core: coreTurnOf(turn) } : {}),
      });
    }
    return withBudgetRows(
      combat,
      buildTrackerContext({
        view: describeRound(structure, state),
        structure,
        state,
        rows,
        isGM: game.user?.isGM === true,
      }),
    );
  }

  /** Sends a request; a GM may confirm an override of a refusal the engine lets a GM force (PR-B2). */
  async send(ask: (force: boolean) => Promise<Outcome<true>>): Promise<boolean> {
    const out = await ask(false);
    if (out.ok) return true;
    if (game.user?.isGM && OVERRIDABLE.has(out.reason)) {
      const force = await DialogV2.confirm({
        window: { title: "FRAY.Combat.Override.title" },
        content: `<p>${foundry.utils.escapeHTML(loc(refusalKey(out.reason), out.data ?? {}))}</p><p>${foundry.utils.escapeHTML(loc("FRAY.Combat.Override.question"))}</p>`,
      });
      return force ? notifyRefusal(await ask(true)) : false;
    }
    return notifyRefusal(out);
  }

  #ids(target: HTMLElement): { combatId: string; combatantId: string } {
    return { combatId: this.fight?.id ?? "", combatantId: combatantIdOf(target) };
  }

  #gm(events: RoundEvent[]): Promise<Outcome<true>> {
    const combat = this.fight;
    // The viewed fight was deleted meanwhile: say so ("Combat no longer exists.").
    return combat
      ? sendGmEvents(combat, events)
      : Promise.resolve(refuse("documentGone", { name: loc("TYPES.Combat.base") }));
  }

  static async #chooseSpeed(this: FrayCombatTracker, _e: PointerEvent, target: HTMLElement) {
    const speed = target.dataset.speed === "fast" ? "fast" : "slow";
    await this.send((force) => chooseSpeedRequest.send({ ...this.#ids(target), speed, force }));
  }

  static async #takeTurn(this: FrayCombatTracker, _e: PointerEvent, target: HTMLElement) {
    await this.send((force) => takeTurnRequest.send({ ...this.#ids(target), force }));
  }

  static async #forceTurn(this: FrayCombatTracker, _e: PointerEvent, target: HTMLElement) {
    notifyRefusal(await takeTurnRequest.send({ ...this.#ids(target), force: true }));
  }

  /** Core's "end turn" (as `nextTurn`): `combatTurn` fires here first. */
  static async #endTurn(this: FrayCombatTracker, _e: PointerEvent, target: HTMLElement) {
    const combat = this.fight;
    notifyRefusal(
      combat ? await endTurnOf(combat, combatantIdOf(target)) : await endTurnRequest.send(this.#ids(target)),
    );
  }

  static async #pass(this: FrayCombatTracker, _e: PointerEvent, target: HTMLElement) {
    notifyRefusal(await passRequest.send(this.#ids(target)));
  }

  async declare(target: HTMLElement, declaration: Declaration | null): Promise<boolean> {
    if (!declaration) return false;
    return this.send((force) =>
      declareRequest.send({ ...this.#ids(target), declaration, force, mode: currentMessageMode() }),
    );
  }

  static async #declare(this: FrayCombatTracker, _e: PointerEvent, target: HTMLElement) {
    await this.declare(target, declarationFromButton(target.dataset.kind, target.dataset.value));
  }

  static async #withdraw(this: FrayCombatTracker, _e: PointerEvent, target: HTMLElement) {
    const combat = this.fight;
    if (!combat) return;
    const phase = structureOf(combat).phases[roundStateOf(combat).phase];
    await this.declare(target, withdrawalFor(phase?.id ?? ""));
  }

  /** A small form in a dialog; resolves with its fields, or null when dismissed. */
  async askForm(title: string, template: string, context: Record<string, unknown>) {
    const content = await foundry.applications.handlebars.renderTemplate(templatePath(template), context);
    const result: unknown = await DialogV2.prompt({
      window: { title },
      content,
      ok: {
        label: "FRAY.Combat.Declare.confirm",
        callback: (_event: unknown, button: HTMLButtonElement) =>
          new foundry.applications.ux.FormDataExtended(button.form as HTMLFormElement).object,
      },
      rejectClose: false,
    });
    return result && typeof result === "object" ? (result as Record<string, unknown>) : null;
  }

  static async #declareMovement(this: FrayCombatTracker, _e: PointerEvent, target: HTMLElement) {
    const combat = this.fight;
    // PR-P6: the fight's own costs of drawing and changing weapons (world settings recorded at creation).
    const options = combat ? combatOptionsOf(combat) : undefined;
    const fields = await this.askForm("FRAY.Declaration.move", "combat/movement-dialog", {
      id: combatantIdOf(target),
      drawCost: String(options?.prDrawCost ?? DRAW_ACTIVITY),
      changeCost: String(options?.prChangeCost ?? CHANGE_WEAPON_ACTIVITY),
      manoeuvres: manoeuvreChoices(game.user?.isGM === true),
    });
    if (fields) await this.declare(target, movementFromForm(fields));
  }

  static async #declareMelee(this: FrayCombatTracker, _e: PointerEvent, target: HTMLElement) {
    const fields = await this.askForm("FRAY.Declaration.melee", "combat/melee-dialog", {
      id: combatantIdOf(target),
      group: "1",
    });
    if (fields) await this.declare(target, meleeFromForm(fields));
  }

  /** PR-P3/PR-P11: a real d100 orientation roll, posted to chat, then recorded. */
  static async #rollOrientation(this: FrayCombatTracker, _e: PointerEvent, target: HTMLElement) {
    const combatant = this.fight?.combatants.get(combatantIdOf(target));
    if (!combatant) return;
    notifyRefusal(await rollOrientation(combatant));
  }

  static async #ruleOrientation(this: FrayCombatTracker, _e: PointerEvent, target: HTMLElement) {
    const id = combatantIdOf(target);
    const roll = Number(target.dataset.roll);
    const failed = target.dataset.failed === "true";
    notifyRefusal(await this.#gm([{ type: "recordOrientation", id, roll, failed, gmOverride: true }]));
  }

  /** PR-P3 ("gm" reading): the GM rules on a low orientation roll (unable to act, next round's penalty). */
  static async #orientationRuling(this: FrayCombatTracker, _e: PointerEvent, target: HTMLElement) {
    const combat = this.fight;
    if (!combat) return;
    const out = await askOrientationRuling(combat, combatantIdOf(target));
    if (out) notifyRefusal(out);
  }

  static async #setUnable(this: FrayCombatTracker, _e: PointerEvent, target: HTMLElement) {
    const unable = target.dataset.unable === "true";
    notifyRefusal(await this.#gm([{ type: "setUnableToAct", id: combatantIdOf(target), unable }]));
  }

  static async #rollInitiative(this: FrayCombatTracker, _e: PointerEvent, target: HTMLElement) {
    await this.fight?.rollInitiative([combatantIdOf(target)]);
  }

  /** FS-R2 (players who cannot agree), CD-I3, OD-I3, AD-T2, PR-P10 ties: real rolls, highest first. */
  static async #rollOff(this: FrayCombatTracker, _e: PointerEvent, target: HTMLElement) {
    const combat = this.fight;
    const ids = (target.dataset.ids ?? "").split(",").filter(Boolean);
    if (!combat || ids.length < 2) return;
    const faces = await rollOffFaces(combat, ids);
    notifyRefusal(await this.#gm([{ type: "rollOff", faces }]));
  }

  /** OD-I3 "manual": the GM orders a tie by hand, one place up at a time. */
  static async #moveUp(this: FrayCombatTracker, _e: PointerEvent, target: HTMLElement) {
    const ids = (target.dataset.ids ?? "").split(",").filter(Boolean);
    const i = Number(target.dataset.index);
    if (!(i >= 1 && i < ids.length)) return;
    const order = [...ids];
    [order[i - 1], order[i]] = [order[i] as string, order[i - 1] as string];
    notifyRefusal(await this.#gm([{ type: "reorder", ids: order, gmOverride: true }]));
  }

  /** Core's turn and round controls go through the same calls as `nextTurn`/`nextRound`, core's hooks first. */
  static async #advancePhase(this: FrayCombatTracker, _e: PointerEvent, target: HTMLElement) {
    const combat = this.fight;
    const force = target.dataset.force === "true";
    notifyRefusal(combat ? await advancePhaseOf(combat, force) : await this.#gm([]));
  }

  static async #endRound(this: FrayCombatTracker, _e: PointerEvent, target: HTMLElement) {
    const combat = this.fight;
    const force = target.dataset.force === "true";
    notifyRefusal(combat ? await endRoundOf(combat, force) : await this.#gm([]));
  }

  static async #startCombat(this: FrayCombatTracker) {
    const combat = this.fight;
    if (!combat) return;
    await this.send((force) => startCombatOf(combat, force));
  }

  static async #endCombat(this: FrayCombatTracker) {
    await this.fight?.endCombat();
  }

  /** The family of the viewed combat (for styles and tests). */
  get family() {
    return this.fight ? familyOf(this.fight) : null;
  }
}
