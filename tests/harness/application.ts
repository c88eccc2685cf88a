/**
 * An ApplicationV2 stand-in with Handlebars PARTS, and v13's CombatTracker sidebar tab on it, so that a
 * subclass's own prepare/render path runs in tests and renders into a real DOM (happy-dom, tests/harness/dom.ts):
 * `render()` → `_prepareContext` → for each part of `_configureRenderParts` `_preparePartContext(partId, context)`
 * → the part's template → `_onRender` → the `render<ClassName>` hooks; a click inside the element runs the
 * action its closest `[data-action]` names, with `this` the application and `(event, target)`.
 * The CombatTracker stand-in prepares core's turn contexts (`_prepareTrackerContext` → `_prepareTurnContext`) and
 * carries core's row controls (toggleHidden, toggleDefeated, pingCombatant, panToCombatant) through
 * `_onCombatantControl`. Core's own templates are not ours to copy: a part whose template is core's renders as an
 * empty placeholder. No Fray logic lives here.
 */
import { mount } from "./dom";
import { templateEnvironment } from "./templates";

type Data = Record<string, unknown>;
type Handler = (this: ApplicationV2, event: Event, target: HTMLElement) => unknown;
type Action = Handler | { handler: Handler; buttons?: number[] };
interface Part {
  template: string;
  templates?: string[];
  scrollable?: string[];
}
interface AppClass {
  name: string;
  DEFAULT_OPTIONS?: { actions?: Record<string, Action> } & Data;
  PARTS?: Record<string, Part>;
}

const g = globalThis as Record<string, unknown>;
const hooks = () => g.Hooks as { callAll(name: string, ...args: unknown[]): boolean };
const env = templateEnvironment("en");

/** What core's canvas controls were asked (pings and pans), for the tests. */
export const canvasRecord = { pings: [] as string[], pans: [] as string[] };

/** The classes from ApplicationV2 down to the application's own (the BASE_APPLICATION is ApplicationV2). */
function lineage(app: object): AppClass[] {
  const chain: AppClass[] = [];
  for (let c = app.constructor as AppClass | null; c; c = Object.getPrototypeOf(c) as AppClass | null) {
    chain.unshift(c);
    if (c === (ApplicationV2 as unknown as AppClass)) break;
  }
  return chain;
}

class ApplicationV2 {
  static DEFAULT_OPTIONS: AppClass["DEFAULT_OPTIONS"] = { actions: {} };
  static PARTS: Record<string, Part> = {};

  options: { actions: Record<string, Action> } & Data;
  element: HTMLElement | null = null;
  parts: Record<string, HTMLElement> = {};
  rendered = false;
  /** The promises of the actions clicked so far (core does not await them; `settle()` in a test does). */
  running = new Set<Promise<unknown>>();

  constructor(options: Data = {}) {
    // DEFAULT_OPTIONS are merged down the class chain: a subclass's actions add to its parents'.
    const actions: Record<string, Action> = {};
    const merged: Data = {};
    for (const cls of lineage(this)) {
      if (!Object.hasOwn(cls, "DEFAULT_OPTIONS")) continue;
      const { actions: own, ...rest } = cls.DEFAULT_OPTIONS ?? {};
      Object.assign(merged, rest);
      Object.assign(actions, own ?? {});
    }
    this.options = { ...merged, ...options, actions: { ...actions, ...((options.actions as object) ?? {}) } };
  }

  async _prepareContext(_options: Data): Promise<Data> {
    return {};
  }

  _configureRenderParts(_options: Data): Record<string, Part> {
    return structuredClone((this.constructor as AppClass).PARTS ?? {});
  }

  /** Documented: augment the shared context (or return another) for one part. */
  async _preparePartContext(partId: string, context: Data, _options: Data): Promise<Data> {
    context.partId = partId;
    return context;
  }

  async _onRender(_context: Data, _options: Data): Promise<void> {}

  _onClickAction(_event: Event, _target: HTMLElement): void {}

  /** Renders every part; the first render creates the element and its click listener. */
  async render(options: Data = {}): Promise<this> {
    const context = await this._prepareContext(options);
    const parts = this._configureRenderParts(options);
    const rendered: Record<string, HTMLElement> = {};
    for (const [partId, part] of Object.entries(parts)) {
      const partContext = await this._preparePartContext(partId, context, options);
      rendered[partId] = renderPart(partId, part, partContext);
    }
    if (!this.element) {
      this.element = mount("");
      this.element.addEventListener("click", (event) => this.#onClick(event));
    }
    this.element.replaceChildren(...Object.values(rendered));
    this.parts = rendered;
    this.rendered = true;
    await this._onRender(context, options);
    for (const cls of lineage(this).reverse())
      hooks().callAll(`render${cls.name}`, this, this.element, context, options);
    return this;
  }

  #onClick(event: Event): void {
    const target = (event.target as HTMLElement | null)?.closest<HTMLElement>("[data-action]");
    if (!target || !this.element?.contains(target)) return;
    const action = this.options.actions[target.dataset.action ?? ""];
    if (!action) return this._onClickAction(event, target);
    const handler = typeof action === "function" ? action : action.handler;
    const buttons = typeof action === "function" ? [0] : (action.buttons ?? [0]);
    if (!buttons.includes((event as MouseEvent).button)) return;
    const run = Promise.resolve(handler.call(this, event, target));
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
  }
}

/** One part's element: Fray's template rendered with the real handlebars; a core template as a placeholder. */
function renderPart(partId: string, part: Part, context: Data): HTMLElement {
  let html: string;
  if (part.template.startsWith("systems/fray/")) html = env.render(part.template, context).trim();
  else html = `<div data-core-template="${part.template}"></div>`;
  const holder = mount(html);
  const elements = [...holder.children];
  // A part renders one element (stricter than we know Foundry to be).
  if (elements.length !== 1)
    throw new Error(`part ${partId} (${part.template}) rendered ${elements.length} elements, not one`);
  const element = elements[0] as HTMLElement;
  element.dataset.applicationPart = partId;
  holder.remove();
  return element;
}

interface TrackedCombatant {
  id: string;
  name: string;
  img: string;
  hidden: boolean;
  isDefeated: boolean;
  initiative: number | null;
  isOwner: boolean;
  visible: boolean;
  resource?: unknown;
  tokenId?: string | null;
  actor: { temporaryEffects?: { name: string; img: string }[] } | null;
  update(changes: Data): Promise<unknown>;
}
interface TrackedCombat {
  turn: number | null;
  turns: TrackedCombatant[];
  combatants: { get(id: string): TrackedCombatant | undefined };
}

const escape = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** v13's CombatTracker sidebar tab (parts header, tracker, footer; core's row controls). */
class CombatTracker extends ApplicationV2 {
  static override DEFAULT_OPTIONS: AppClass["DEFAULT_OPTIONS"] = {
    id: "combat",
    actions: {
      toggleHidden: CombatTracker.#onCombatantControl,
      toggleDefeated: CombatTracker.#onCombatantControl,
      pingCombatant: CombatTracker.#onCombatantControl,
      panToCombatant: CombatTracker.#onCombatantControl,
    },
  };

  static override PARTS: Record<string, Part> = {
    header: { template: "templates/sidebar/tabs/combat/header.hbs" },
    tracker: { template: "templates/sidebar/tabs/combat/tracker.hbs" },
    footer: { template: "templates/sidebar/tabs/combat/footer.hbs" },
  };

  /** The combat shown (writable, as in the v13 types). */
  viewed: TrackedCombat | null = null;

  static #onCombatantControl(this: ApplicationV2, event: Event, target: HTMLElement) {
    return (this as CombatTracker)._onCombatantControl(event, target);
  }

  override async _preparePartContext(partId: string, context: Data, options: Data): Promise<Data> {
    const out = await super._preparePartContext(partId, context, options);
    if (partId === "header" || partId === "footer") await this._prepareCombatContext(out, options);
    if (partId === "tracker") await this._prepareTrackerContext(out, options);
    return out;
  }

  async _prepareCombatContext(context: Data, _options: Data): Promise<void> {
    context.combat = this.viewed;
    context.user = (g.game as { user: unknown }).user;
  }

  /** The turns the user may see (a hidden combatant only for its owners and the GM). */
  async _prepareTrackerContext(context: Data, _options: Data): Promise<void> {
    const combat = this.viewed;
    if (!combat) return;
    const turns: Data[] = [];
    for (const [index, combatant] of combat.turns.entries()) {
      if (!combatant.visible) continue;
      turns.push(await this._prepareTurnContext(combat, combatant, index));
    }
    context.turns = turns;
  }

  /** The fields of v13's TurnContext. */
  async _prepareTurnContext(
    combat: TrackedCombat,
    combatant: TrackedCombatant,
    index: number,
  ): Promise<Data> {
    const active = index === combat.turn;
    const icons = combatant.actor?.temporaryEffects ?? [];
    const canvas = g.canvas as { ready?: boolean } | undefined;
    return {
      id: combatant.id,
      name: combatant.name,
      img: combatant.img,
      active,
      css: [active ? "active" : "", combatant.hidden ? "hide" : "", combatant.isDefeated ? "defeated" : ""]
        .filter(Boolean)
        .join(" "),
      hidden: combatant.hidden,
      isDefeated: combatant.isDefeated,
      initiative: combatant.initiative,
      hasDecimals: false,
      isOwner: combatant.isOwner,
      resource: combatant.resource ?? null,
      // A ping needs the combatant's token on a ready canvas (none in most tests: stricter).
      canPing: canvas?.ready === true && !!combatant.tokenId,
      effects: {
        icons: icons.map(({ name, img }) => ({ name, img })),
        tooltip: icons.length
          ? `<ul class="effects-tooltip">${icons.map((e) => `<li>${escape(e.name)}</li>`).join("")}</ul>`
          : "",
      },
    };
  }

  /** Core's row controls, by the control's data-action. */
  async _onCombatantControl(_event: Event, target: HTMLElement): Promise<void> {
    const id = target.closest<HTMLElement>("[data-combatant-id]")?.dataset.combatantId ?? "";
    const combatant = this.viewed?.combatants.get(id);
    if (!combatant) return;
    switch (target.dataset.action) {
      case "toggleHidden":
        await combatant.update({ hidden: !combatant.hidden });
        break;
      case "toggleDefeated":
        await combatant.update({ defeated: !combatant.isDefeated });
        break;
      case "pingCombatant":
        canvasRecord.pings.push(combatant.id);
        break;
      case "panToCombatant":
        canvasRecord.pans.push(combatant.id);
        break;
    }
  }

  /** Core's row context menu, by entry name (v13 names entries `name`). */
  _getEntryContextOptions(): { name: string; icon: string }[] {
    return [
      { name: "COMBAT.CombatantUpdate", icon: "" },
      { name: "COMBAT.CombatantClear", icon: "" },
      { name: "COMBAT.CombatantReroll", icon: "" },
      { name: "COMBAT.CombatantRemove", icon: "" },
    ];
  }
}

export { ApplicationV2 as HarnessApplicationV2, CombatTracker as HarnessCombatTracker };
