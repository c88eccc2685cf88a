/**
 * The one ApplicationV2 stand-in every window of the harness is made of (v13, `foundry.applications.api`): the
 * sheets (`DocumentSheetV2`, `ActorSheetV2`, `ItemSheetV2`), the combat tracker (`CombatTracker` on
 * `AbstractSidebarTab`), the Token HUD (`TokenHUD` on `BasePlaceableHUD`), dialogs a test builds on it, all through
 * `HandlebarsApplicationMixin`. What each behaviour rests on is in tests/harness/README.md; in short:
 * - options: `DEFAULT_OPTIONS` of every class from ApplicationV2 (the BASE_APPLICATION) down to the application's
 *   own, then the constructor's, merged deeply (objects key by key at every depth, arrays concatenated, anything
 *   else replaced: foundryvtt#11675); the result is frozen;
 * - `render(options)` (`{ force: true }`; the boolean `render(true)` throws, stricter than core): an application
 *   not rendered yet is drawn only when forced; then `_configureRenderOptions` (the mixin: `_configureRenderParts`), `_prepareContext`, `_renderHTML`
 *   (each part: `_preparePartContext`, its template), `_replaceHTML`, `_onFirstRender`, `_onRender`, then the
 *   `render<Class>` hook of every class in the chain (`renderActorSheetV2`, `renderCombatTracker`,
 *   `renderTokenHUD`, … down to `renderApplicationV2`) with `(app, element, context, options)`; renders queue;
 * - a click inside the element runs the action its closest `[data-action]` names (`this` the application,
 *   `(event, target)`), the `tab` action changes tab (`changeTab`: the nav items and `.tab` sections of the
 *   group switch their `active` class), anything else goes to `_onClickAction`;
 * - v14 only: `detach()`/`reattach()` run `_onRender` and the render hooks again without drawing any part
 *   (a detached window, foundryvtt#14417); v13 throws;
 * - `foundry.applications.instances` holds the rendered applications; `close()` takes the element away, fires
 *   `close<Class>` down the chain and forgets the application.
 * Core's own templates are not ours to copy: a part whose template is core's renders as an empty placeholder.
 * No Fray logic lives here.
 */
import {
  applicationOptions,
  copyOptions,
  coreCombatantEntries,
  detachOptions,
  HarnessContextMenu,
  refuseDetachOnV13,
  renderOptionsOf,
  type MenuEntryData,
} from "./application-common";
import { currentClient, Hooks } from "./core";
import { domWindow } from "./dom";

type Data = Record<string, unknown>;
type Handler = (this: ApplicationV2, event: Event, target: HTMLElement) => unknown;
type Action = Handler | { handler: Handler; buttons?: number[] };
export interface Part {
  template: string;
  templates?: string[];
  scrollable?: string[];
  id?: string;
}
interface TabsConfig {
  tabs: { id: string; icon?: string; label?: string; cssClass?: string }[];
  initial?: string;
  labelPrefix?: string;
}
interface AppClass {
  name: string;
  DEFAULT_OPTIONS?: Data;
  PARTS?: Record<string, Part>;
  TABS?: Record<string, TabsConfig>;
}
type RenderOptions = Data & { force?: boolean; isFirstRender?: boolean; parts?: string[] };

const g = globalThis as Record<string, unknown>;
const foundryNs = () =>
  g.foundry as {
    applications: Data & {
      handlebars?: { renderTemplate(path: string, context: unknown): Promise<string> };
    };
  };

/** v13 `foundry.applications.instances`: every rendered ApplicationV2, by id. */
export const instances = new Map<string, ApplicationV2>();

/** What core's canvas controls were asked by the tracker's rows (pings and pans), for the tests. */
export const canvasRecord = { pings: [] as string[], pans: [] as string[] };

/**
 * The classes from the application's own down to ApplicationV2, its BASE_APPLICATION ("any DEFAULT_OPTIONS of
 * super-classes further upstream of the BASE_APPLICATION are ignored; hook events for super-classes further
 * upstream are not dispatched").
 */
function inheritanceChain(app: object): AppClass[] {
  const chain: AppClass[] = [];
  for (let c = app.constructor as AppClass | null; c; c = Object.getPrototypeOf(c) as AppClass | null) {
    chain.push(c);
    if (c === (ApplicationV2 as unknown as AppClass)) break;
  }
  return chain;
}

const RENDER_STATES = { CLOSED: -1, NONE: 0, RENDERING: 1, RENDERED: 2 } as const;

/** v13 ApplicationV2 (see the file's comment). */
export class ApplicationV2 {
  static BASE_APPLICATION = ApplicationV2;
  static RENDER_STATES = RENDER_STATES;
  static DEFAULT_OPTIONS: Data = {
    id: "app-{id}",
    classes: [],
    tag: "div",
    window: {},
    actions: {},
    position: {},
  };
  static TABS: Record<string, TabsConfig> = {};
  static #appId = 1;

  readonly options: Readonly<Data & { actions: Record<string, Action>; id: string; tag: string }>;
  tabGroups: Record<string, string | null> = {};
  /** The promises of the actions clicked so far (core does not await them; a test may). */
  running = new Set<Promise<unknown>>();
  #element: HTMLElement | null = null;
  #state: number = RENDER_STATES.NONE;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(options: Data = {}) {
    const merged = this._initializeApplicationOptions(options);
    merged.id = String(merged.id).replace("{id}", String(ApplicationV2.#appId++));
    this.options = Object.freeze(merged) as ApplicationV2["options"];
    for (const [group, config] of Object.entries((this.constructor as AppClass).TABS ?? {}))
      this.tabGroups[group] = config.initial ?? config.tabs[0]?.id ?? null;
  }

  /** `DEFAULT_OPTIONS` from ApplicationV2 down to this class (each class's own), then the given options. */
  _initializeApplicationOptions(
    options: Data,
  ): Data & { id: string; tag: string; actions: Record<string, Action> } {
    return applicationOptions(inheritanceChain(this).reverse(), options) as Data & {
      id: string;
      tag: string;
      actions: Record<string, Action>;
    };
  }

  get id(): string {
    return this.options.id;
  }
  get element(): HTMLElement | null {
    return this.#element;
  }
  get state(): number {
    return this.#state;
  }
  get rendered(): boolean {
    return this.#state === RENDER_STATES.RENDERED;
  }

  /** The tabs of one group, keyed by tab id, as `context.tabs` carries them (ApplicationRenderContext). */
  protected _prepareTabs(group: string): Record<string, Data> {
    const config = (this.constructor as AppClass).TABS?.[group];
    if (!config) return {};
    return Object.fromEntries(
      config.tabs.map((tab) => {
        const active = this.tabGroups[group] === tab.id;
        return [
          tab.id,
          {
            ...tab,
            group,
            active,
            cssClass: [tab.cssClass, active ? "active" : ""].filter(Boolean).join(" "),
            label: tab.label ?? (config.labelPrefix ? `${config.labelPrefix}.${tab.id}` : ""),
          },
        ];
      }),
    );
  }

  protected _configureRenderOptions(options: RenderOptions): void {
    options.isFirstRender = !this.rendered;
  }
  protected async _prepareContext(_options: RenderOptions): Promise<Data> {
    return { tabs: this._prepareTabs("primary") };
  }
  /** Core's ApplicationV2 cannot render by itself: a subclass (the Handlebars mixin) draws the HTML. */
  protected async _renderHTML(_context: Data, _options: RenderOptions): Promise<unknown> {
    throw new Error(`${this.constructor.name} is not renderable: it defines no _renderHTML and _replaceHTML`);
  }
  protected _replaceHTML(_result: unknown, _content: HTMLElement, _options: RenderOptions): void {
    throw new Error(`${this.constructor.name} is not renderable: it defines no _renderHTML and _replaceHTML`);
  }
  protected async _onFirstRender(_context: Data, _options: RenderOptions): Promise<void> {}
  protected async _onRender(_context: Data, _options: RenderOptions): Promise<void> {}
  protected _onClickAction(_event: Event, _target: HTMLElement): void {}
  protected async _preClose(_options: Data): Promise<void> {}
  protected _onClose(_options: Data): void {}

  /** `render(options)` (a boolean throws): one render at a time, each after the one before. */
  render(options: RenderOptions = {}): Promise<this> {
    const opts: RenderOptions = renderOptionsOf(options, this.constructor.name);
    return this.#enqueue(() => this.#render(opts));
  }

  #enqueue(work: () => Promise<this>): Promise<this> {
    const run = this.#queue.then(work);
    this.#queue = run.catch(() => undefined);
    return run;
  }

  #detached = false;

  /**
   * v14: the application moves into a window of its own (`window.detached`), or back (`reattach`). The render
   * workflow runs again but draws no part (foundryvtt#14417): `_configureRenderOptions`, `_prepareContext`,
   * `_onRender` and the `render<Class>` hooks, on the element as it is. v13: throws (no detached windows).
   */
  detach(): Promise<this> {
    refuseDetachOnV13(this.constructor.name, "detach");
    return this.#enqueue(() => this.#moveWindow(true));
  }
  reattach(): Promise<this> {
    refuseDetachOnV13(this.constructor.name, "reattach");
    return this.#enqueue(() => this.#moveWindow(false));
  }

  async #moveWindow(detached: boolean): Promise<this> {
    const options: RenderOptions = detachOptions(
      this.constructor.name,
      this.rendered,
      this.#detached,
      detached,
    );
    this.#detached = detached;
    this._configureRenderOptions(options);
    const context = await this._prepareContext(options);
    await this._onRender(context, options);
    for (const cls of inheritanceChain(this))
      Hooks.callAll(`render${cls.name}`, this, this.#element, context, options);
    return this;
  }

  async #render(options: RenderOptions): Promise<this> {
    // ApplicationRenderOptions.force: "If false, only applications which already exist are rendered."
    if (!this.rendered && !options.force) return this;
    this._configureRenderOptions(options);
    const context = await this._prepareContext(options);
    const result = await this._renderHTML(context, options);
    const first = !this.#element;
    if (first) this.#element = this.#createElement();
    this._replaceHTML(result, this.#element as HTMLElement, options);
    this.#state = RENDER_STATES.RENDERED;
    instances.set(this.id, this);
    if (options.isFirstRender) await this._onFirstRender(context, options);
    await this._onRender(context, options);
    for (const cls of inheritanceChain(this))
      Hooks.callAll(`render${cls.name}`, this, this.#element, context, options);
    return this;
  }

  /** The outer element (`options.tag`, its id and classes) on the page, with the click listener. */
  #createElement(): HTMLElement {
    const element = domWindow.document.createElement(this.options.tag) as unknown as HTMLElement;
    element.id = this.id;
    const classes = (this.options.classes as string[] | undefined) ?? [];
    if (classes.length) element.classList.add(...classes);
    domWindow.document.body.appendChild(element as never);
    element.addEventListener("click", (event) => this.#onClick(event));
    return element;
  }

  #onClick(event: Event): void {
    const target = (event.target as HTMLElement | null)?.closest<HTMLElement>("[data-action]");
    if (!target || !this.#element?.contains(target)) return;
    const name = target.dataset.action ?? "";
    const action = this.options.actions[name];
    if (!action) {
      if (name === "tab") return this.#onClickTab(target);
      return this._onClickAction(event, target);
    }
    const handler = typeof action === "function" ? action : action.handler;
    const buttons = typeof action === "function" ? [0] : (action.buttons ?? [0]);
    if (!buttons.includes((event as MouseEvent).button)) return;
    const run = Promise.resolve(handler.call(this, event, target));
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
  }

  #onClickTab(target: HTMLElement): void {
    const { tab, group } = target.dataset;
    if (tab && group) this.changeTab(tab, group);
  }

  /**
   * Shows `tab` in `group`: `tabGroups` records it, and the group's nav items and `.tab` sections switch their
   * `active` class. Stricter than we know core to be: a tab the navigation does not offer throws.
   */
  changeTab(tab: string, group: string, _options: Data = {}): void {
    if (!tab || !group) throw new Error("changeTab needs both the tab and the tab group");
    const root = this.#element;
    if (root) {
      const items = [...root.querySelectorAll<HTMLElement>(`.tabs > [data-group="${group}"][data-tab]`)];
      if (!items.some((i) => i.dataset.tab === tab))
        throw new Error(`no tab "${tab}" in the navigation of group "${group}"`);
      for (const item of items) item.classList.toggle("active", item.dataset.tab === tab);
      for (const section of root.querySelectorAll<HTMLElement>(`.tab[data-group="${group}"]`))
        section.classList.toggle("active", section.dataset.tab === tab);
    }
    this.tabGroups[group] = tab;
  }

  /** Closes the application: its element leaves the page, `close<Class>` fires down the chain. */
  async close(options: Data = {}): Promise<this> {
    await this.#queue;
    if (!this.#element) return this;
    await this._preClose(options);
    this.#element.remove();
    this.#element = null;
    this.#detached = false;
    this.#state = RENDER_STATES.CLOSED;
    instances.delete(this.id);
    this._onClose(options);
    for (const cls of inheritanceChain(this)) Hooks.callAll(`close${cls.name}`, this);
    return this;
  }
}

/** One part's element from its HTML: exactly one root element (stricter than we know core to be). */
function partElement(partId: string, part: Part, html: string): HTMLElement {
  const holder = domWindow.document.createElement("template");
  holder.innerHTML = html.trim();
  // Cloned out of the template: happy-dom 21 leaves a select parsed in place on its second option, whatever
  // option is `selected`; a clone takes the `selected` attribute, as a browser's parser does.
  const roots = [...holder.content.cloneNode(true).children];
  if (roots.length !== 1)
    throw new Error(`part "${partId}" (${part.template}) renders ${roots.length} elements, not one`);
  const element = roots[0] as unknown as HTMLElement;
  element.dataset.applicationPart = partId;
  return element;
}

/** A part's HTML: Fray's template through `renderTemplate`; core's own as an empty placeholder. */
async function partHtml(part: Part, context: Data): Promise<string> {
  if (!part.template.startsWith("systems/fray/")) return `<div data-core-template="${part.template}"></div>`;
  const handlebars = foundryNs().applications.handlebars;
  if (!handlebars) throw new Error("foundry.applications.handlebars.renderTemplate is not installed");
  return handlebars.renderTemplate(part.template, context);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- TypeScript requires a mixin base of (...args: any[])
type AppConstructor = new (...args: any[]) => ApplicationV2;

/**
 * v13 HandlebarsApplicationMixin: `PARTS`; `_configureRenderParts` (a copy of `PARTS`) while the render options
 * are configured; the first render draws every configured part, a later one the parts asked for
 * (`options.parts`, else all), each through `_preparePartContext` (which hands back the shared context with its
 * `partId`, as core's does) and its template. `_replaceHTML` puts a part's element where its earlier one was (a
 * new part at the end; a part not drawn this time stays). Stricter than Foundry: a part asked for that is not
 * configured throws, and so does a part whose template is not exactly one element.
 */
export function HandlebarsApplicationMixin<T extends AppConstructor>(Base: T) {
  return class HandlebarsApplication extends Base {
    static PARTS: Record<string, Part> = {};
    /** The rendered parts' elements, by part id. */
    parts: Record<string, HTMLElement> = {};
    #configured: Record<string, Part> = {};

    protected override _configureRenderOptions(options: RenderOptions): void {
      super._configureRenderOptions(options);
      this.#configured = this._configureRenderParts(options);
      const all = Object.keys(this.#configured);
      const asked = options.isFirstRender ? [] : (options.parts ?? []);
      options.parts = asked.length ? asked : all;
    }
    protected _configureRenderParts(_options: RenderOptions): Record<string, Part> {
      return copyOptions((this.constructor as AppClass).PARTS ?? {});
    }
    protected async _preparePartContext(
      partId: string,
      context: Data,
      _options: RenderOptions,
    ): Promise<Data> {
      context.partId = `${this.id}-${partId}`;
      return context;
    }
    protected override async _renderHTML(
      context: Data,
      options: RenderOptions,
    ): Promise<Record<string, HTMLElement>> {
      const rendered: Record<string, HTMLElement> = {};
      for (const partId of options.parts ?? []) {
        const part = this.#configured[partId];
        if (!part) throw new Error(`part "${partId}" is not a configured part of ${this.constructor.name}`);
        const partContext = await this._preparePartContext(partId, context, options);
        rendered[partId] = partElement(partId, part, await partHtml(part, partContext));
      }
      return rendered;
    }
    protected override _replaceHTML(result: unknown, content: HTMLElement, _options: RenderOptions): void {
      for (const [partId, element] of Object.entries(result as Record<string, HTMLElement>)) {
        const previous = content.querySelector(`[data-application-part="${partId}"]`);
        if (previous) previous.replaceWith(element as never);
        else content.append(element as never);
        this.parts[partId] = element;
      }
    }
  };
}

interface PermissionDocument {
  uuid?: string;
  _source?: Data;
  testUserPermission(user: unknown, level: string, options?: { exact?: boolean }): boolean;
}

/** v13 DocumentSheetV2: a `<form>`, the document, `isEditable` (OWNER), and the context of a document sheet. */
export class DocumentSheetV2 extends ApplicationV2 {
  static override DEFAULT_OPTIONS: Data = { tag: "form" };
  #document: PermissionDocument;
  constructor(options: Data & { document: PermissionDocument }) {
    super(options);
    this.#document = options.document;
  }
  get document(): PermissionDocument {
    return this.#document;
  }
  /** Editable by its owners (DocumentSheetConfiguration editPermission: OWNER). */
  get isEditable(): boolean {
    return this.#document.testUserPermission(currentClient(), "OWNER");
  }
  protected override async _prepareContext(options: RenderOptions): Promise<Data> {
    return {
      ...(await super._prepareContext(options)),
      document: this.#document,
      source: this.#document._source,
      editable: this.isEditable,
      user: currentClient(),
      rootId: this.id,
    };
  }
}

export class ActorSheetV2 extends DocumentSheetV2 {
  get actor(): PermissionDocument {
    return this.document;
  }
  protected override async _prepareContext(options: RenderOptions): Promise<Data> {
    return { ...(await super._prepareContext(options)), actor: this.document };
  }
}

export class ItemSheetV2 extends DocumentSheetV2 {
  get item(): PermissionDocument {
    return this.document;
  }
  protected override async _prepareContext(options: RenderOptions): Promise<Data> {
    return { ...(await super._prepareContext(options)), item: this.document };
  }
}

/**
 * BasePlaceableHUD and TokenHUD (`canvas.hud.token`), v13 and v14 alike: bound to a placeable (`bind`, `object`,
 * `document`, `actor`); core's template is not ours to copy, so its part is a placeholder holding only the HUD's
 * three empty columns (`.col.left`, `.col.middle`, `.col.right`) that `renderTokenHUD` listeners add to; counts
 * renders.
 */
export class BasePlaceableHUD extends HandlebarsApplicationMixin(ApplicationV2) {
  static override DEFAULT_OPTIONS: Data = { id: "hud", classes: ["placeable-hud"] };
  object: { document?: unknown } | null = null;
  bind(object: { document?: unknown }): this {
    this.object = object;
    return this;
  }
  get document(): unknown {
    return this.object?.document ?? null;
  }
}
export class TokenHUD extends BasePlaceableHUD {
  static override DEFAULT_OPTIONS: Data = { id: "token-hud" };
  static override PARTS: Record<string, Part> = { hud: { template: "templates/hud/token-hud.hbs" } };
  renders = 0;
  get actor(): unknown {
    return (this.document as { actor?: unknown } | null)?.actor ?? null;
  }
  protected override async _renderHTML(
    context: Data,
    options: RenderOptions,
  ): Promise<Record<string, HTMLElement>> {
    const rendered = await super._renderHTML(context, options);
    for (const side of ["left", "middle", "right"]) {
      const column = domWindow.document.createElement("div") as unknown as HTMLElement;
      column.classList.add("col", side);
      rendered.hud?.append(column as never);
    }
    return rendered;
  }
  protected override async _onRender(context: Data, options: RenderOptions): Promise<void> {
    await super._onRender(context, options);
    this.renders++;
  }
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

/** v13 AbstractSidebarTab: a `<section>` of the sidebar, no window frame. */
export class AbstractSidebarTab extends ApplicationV2 {
  static override DEFAULT_OPTIONS: Data = {
    tag: "section",
    classes: ["tab", "sidebar-tab"],
    window: { frame: false },
  };
}

/**
 * v13's CombatTracker sidebar tab (a HandlebarsApplication on AbstractSidebarTab; parts header, tracker,
 * footer; core's row controls toggleHidden, toggleDefeated, pingCombatant, panToCombatant through
 * `_onCombatantControl`; core's turn contexts through `_prepareTrackerContext` → `_prepareTurnContext`).
 */
export class CombatTracker extends HandlebarsApplicationMixin(AbstractSidebarTab) {
  static override DEFAULT_OPTIONS: Data = {
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

  protected override async _preparePartContext(
    partId: string,
    context: Data,
    options: RenderOptions,
  ): Promise<Data> {
    const out = await super._preparePartContext(partId, context, options);
    if (partId === "header" || partId === "footer") await this._prepareCombatContext(out, options);
    if (partId === "tracker") await this._prepareTrackerContext(out, options);
    return out;
  }

  async _prepareCombatContext(context: Data, _options: Data): Promise<void> {
    context.combat = this.viewed;
    context.user = currentClient();
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

  /** Core's row menu, built at the first render from `_getEntryContextOptions` (its entries' shape checked). */
  entryMenu: HarnessContextMenu | null = null;

  protected override async _onFirstRender(context: Data, options: RenderOptions): Promise<void> {
    await super._onFirstRender(context, options);
    this.entryMenu = new HarnessContextMenu(this._getEntryContextOptions());
  }

  /**
   * Core's row context menu in the running generation's shape (application-common.ts `coreCombatantEntries`):
   * clear initiative, reroll, remove; "update" opens core's config sheet (not imitated: throws).
   */
  _getEntryContextOptions(): MenuEntryData[] {
    return coreCombatantEntries(
      () => currentClient().isGM,
      async (key, row) => {
        const id = row.closest<HTMLElement>("[data-combatant-id]")?.dataset.combatantId ?? "";
        const combat = this.viewed as unknown as MenuCombat | null;
        const combatant = combat?.combatants.get(id);
        if (!combat || !combatant) return;
        if (key === "COMBAT.CombatantClear") await combatant.update({ initiative: null });
        else if (key === "COMBAT.CombatantReroll") await combat.rollInitiative([id]);
        else if (key === "COMBAT.CombatantRemove") await combat.deleteEmbeddedDocuments("Combatant", [id]);
        else throw new Error(`the harness does not imitate the tracker's ${key}`);
      },
    );
  }
}

/** What the row menu's entries call on the viewed combat. */
interface MenuCombat {
  combatants: { get(id: string): { update(changes: Data): Promise<unknown> } | undefined };
  rollInitiative(ids: string[]): Promise<unknown>;
  deleteEmbeddedDocuments(name: "Combatant", ids: string[]): Promise<unknown>;
}

/** Installs the classes where Fray finds them (`foundry.applications.*`); both document harnesses call it. */
export function installApplications(): void {
  const applications = foundryNs().applications;
  const api = (applications.api ??= {}) as Data;
  Object.assign(api, { ApplicationV2, HandlebarsApplicationMixin, DocumentSheetV2 });
  applications.sheets = { ...((applications.sheets as Data | undefined) ?? {}), ActorSheetV2, ItemSheetV2 };
  applications.sidebar = { ...((applications.sidebar as Data | undefined) ?? {}), AbstractSidebarTab };
  ((applications.sidebar as Data).tabs as Data | undefined) ??= {};
  ((applications.sidebar as Data).tabs as Data).CombatTracker = CombatTracker;
  applications.hud = { ...((applications.hud as Data | undefined) ?? {}), BasePlaceableHUD, TokenHUD };
  applications.instances = instances;
}

export { ApplicationV2 as HarnessApplicationV2, CombatTracker as HarnessCombatTracker };
