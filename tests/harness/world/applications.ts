/**
 * One client page's windows (ApplicationV2 and the core applications Fray extends or reaches), made afresh for
 * each page: `ApplicationV2` with `DEFAULT_OPTIONS` merged deeply down the class chain, `render(options)` only (a
 * boolean throws) and, on v14, `detach`/`reattach` (../application-common.ts), `HandlebarsApplicationMixin` with
 * `PARTS`, `DocumentSheetV2`, `ActorSheetV2`, `ItemSheetV2`, the sidebar `CombatTracker` (parts header/tracker/footer,
 * core's turn context and row controls; core's own templates are placeholders), the `TokenHUD` (core's status and
 * combat toggles), the `ChatLog` (messages drawn with `renderHTML` as they are created and updated), notifications,
 * and `DocumentSheetConfig`. Every window renders its templates into the page's own DOM (happy-dom), and a click on
 * a `[data-action]` element runs that action with `this` the application, as core's click handler does.
 * Until the `dom` branch's CombatTracker stand-in lands, this folder carries its own. No Fray logic lives here.
 */
import {
  applicationOptions,
  coreCombatantEntries,
  detachOptions,
  HarnessContextMenu,
  refuseDetachOnV13,
  renderOptionsOf,
  type MenuEntryData,
} from "../application-common";
import { confirmConfig, inputConfig, promptConfig, randomID } from "../core";
import { statusDefinitions } from "../effect-shape";
import type { ClientPage } from "./context";

type Data = Record<string, unknown>;
type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any -- the system's subclasses add members
type Handler = (this: Any, event: Event, target: HTMLElement) => unknown;
type Action = Handler | { handler: Handler; buttons?: number[] };
interface Part {
  template: string;
  templates?: string[];
  scrollable?: string[];
}

export interface ApplicationPage extends ClientPage {
  /** Renders one of the system's templates (or throws for a file the system does not ship). */
  renderTemplate(path: string, context: unknown): Promise<string>;
  /** Work started by a click that nobody awaits (core does not): `settle()` waits for it. */
  track(work: Promise<unknown>): void;
}

export interface Notice {
  readonly type: "info" | "warn" | "error" | "success";
  readonly message: string;
}

export function createApplications(page: ApplicationPage) {
  const g = () => page.globals as Any;
  const doc = () => g().document as Document;
  const instances = new Map<string, ApplicationV2>();

  /** The classes from ApplicationV2 down to the application's own. */
  function lineage(app: object): Any[] {
    const chain: Any[] = [];
    for (let c = app.constructor as Any; c; c = Object.getPrototypeOf(c)) {
      chain.unshift(c);
      if (c === ApplicationV2) break;
    }
    return chain;
  }

  class ApplicationV2 {
    static DEFAULT_OPTIONS: Data = {
      id: "app-{id}",
      classes: [],
      tag: "div",
      actions: {},
      window: {},
      position: {},
    };
    static TABS: Record<
      string,
      {
        tabs: { id: string; icon?: string; label?: string; cssClass?: string }[];
        initial?: string;
        labelPrefix?: string;
      }
    > = {};
    readonly options: Readonly<Data & { actions: Record<string, Action> }>;
    element: HTMLElement | null = null;
    rendered = false;
    tabGroups: Record<string, string> = {};
    #id: string;
    constructor(options: Data = {}) {
      // DEFAULT_OPTIONS merged deeply down the class chain, then the given options; frozen (as application.ts).
      this.options = Object.freeze(applicationOptions(lineage(this), options)) as never;
      this.#id = String(this.options.id ?? "app-{id}").replace("{id}", randomID());
      const tabs = (this.constructor as typeof ApplicationV2).TABS ?? {};
      for (const [group, config] of Object.entries(tabs))
        this.tabGroups[group] = config.initial ?? config.tabs[0]?.id ?? "";
    }
    get id(): string {
      return this.#id;
    }
    get window(): Data {
      return { title: (this.options.window as Data)?.title ?? "" };
    }
    get title(): string {
      return String((this.options.window as Data)?.title ?? "");
    }
    /** The tabs of one group, keyed by tab id, as `context.tabs` carries them. */
    _prepareTabs(group: string): Record<string, Data> {
      const config = (this.constructor as typeof ApplicationV2).TABS[group];
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
    async _prepareContext(_options: Data): Promise<Data> {
      return { tabs: this._prepareTabs("primary") };
    }
    async _preFirstRender(_context: Data, _options: Data): Promise<void> {}
    async _preRender(_context: Data, _options: Data): Promise<void> {}
    async _onFirstRender(_context: Data, _options: Data): Promise<void> {}
    async _onRender(_context: Data, _options: Data): Promise<void> {}
    _onClickAction(_event: Event, _target: HTMLElement): void {}
    changeTab(tab: string, group: string, _options: Data = {}): void {
      this.tabGroups[group] = tab;
    }
    setPosition(): void {}
    bringToFront(): void {}
    async _renderHTML(_context: Data, _options: Data): Promise<Record<string, HTMLElement>> {
      return {};
    }
    _replaceHTML(_result: Record<string, HTMLElement>, _content: HTMLElement, _options: Data): void {}

    /**
     * `render(options)` (the boolean `render(true)` throws, stricter than core); an application not rendered yet and
     * not forced is not drawn. Context, then the HTML, then `_onRender`, then `render<Class>` for each class of the
     * chain.
     */
    async render(options: Data = {}): Promise<this> {
      const opts: Data = renderOptionsOf(options, this.constructor.name);
      if (!this.rendered && !opts.force) return this;
      const first = !this.rendered;
      opts.isFirstRender = first;
      const context = await this._prepareContext(opts);
      if (first) await this._preFirstRender(context, opts);
      await this._preRender(context, opts);
      const result = await this._renderHTML(context, opts);
      if (!this.element) {
        const tag = String(this.options.tag ?? "div");
        this.element = doc().createElement(tag) as unknown as HTMLElement;
        this.element.id = this.id;
        this.element.classList.add("application", ...((this.options.classes as string[]) ?? []));
        this.element.addEventListener("click", (event) => this.#onClick(event));
        doc().body.append(this.element as never);
      }
      this._replaceHTML(result, this.element, opts);
      this.rendered = true;
      instances.set(this.id, this);
      if (first) await this._onFirstRender(context, opts);
      await this._onRender(context, opts);
      for (const cls of lineage(this).reverse())
        g().Hooks.callAll(`render${cls.name}`, this, this.element, context, opts);
      return this;
    }
    #detached = false;
    /**
     * v14: the application moves into a window of its own, or back: the workflow runs again without drawing any
     * part (foundryvtt#14417): context, `_onRender`, the `render<Class>` hooks, on the element as it is. v13 throws.
     */
    detach(): Promise<this> {
      refuseDetachOnV13(this.constructor.name, "detach");
      return this.#moveWindow(true);
    }
    reattach(): Promise<this> {
      refuseDetachOnV13(this.constructor.name, "reattach");
      return this.#moveWindow(false);
    }
    async #moveWindow(detached: boolean): Promise<this> {
      const opts = detachOptions(this.constructor.name, this.rendered, this.#detached, detached);
      this.#detached = detached;
      opts.isFirstRender = false;
      opts.parts = Object.keys(
        (this as Any)._configureRenderParts?.(opts) ?? (this.constructor as Any).PARTS ?? {},
      );
      const context = await this._prepareContext(opts);
      await this._onRender(context, opts);
      for (const cls of lineage(this).reverse())
        g().Hooks.callAll(`render${cls.name}`, this, this.element, context, opts);
      return this;
    }
    async close(): Promise<this> {
      this.element?.remove();
      this.element = null;
      this.#detached = false;
      this.rendered = false;
      instances.delete(this.id);
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
      page.track(Promise.resolve(handler.call(this, event, target)));
    }
  }

  /**
   * v13 HandlebarsApplicationMixin: `PARTS`; `_configureRenderParts` (a copy); each part through
   * `_preparePartContext` and its template, replaced in place (a part new to this render is appended, a part not
   * drawn this time stays), `data-application-part` on its root. Stricter than Foundry: a part asked for that is
   * not configured throws, and so does a part whose template is not exactly one element.
   */
  function HandlebarsApplicationMixin<T extends new (...args: Any[]) => ApplicationV2>(Base: T) {
    return class HandlebarsApplication extends Base {
      static PARTS: Record<string, Part> = {};
      parts: Record<string, HTMLElement> = {};
      _configureRenderParts(_options: Data): Record<string, Part> {
        return structuredClone((this.constructor as unknown as { PARTS: Record<string, Part> }).PARTS ?? {});
      }
      async _preparePartContext(partId: string, context: Data, _options: Data): Promise<Data> {
        context.partId = `${this.id}-${partId}`;
        return context;
      }
      _attachPartListeners(_partId: string, _element: HTMLElement, _options: Data): void {}
      override async _renderHTML(context: Data, options: Data): Promise<Record<string, HTMLElement>> {
        const configured = this._configureRenderParts(options);
        const asked = options.isFirstRender ? [] : ((options.parts as string[] | undefined) ?? []);
        const partIds = options.isFirstRender || !asked.length ? Object.keys(configured) : asked;
        const out: Record<string, HTMLElement> = {};
        for (const partId of partIds) {
          const part = configured[partId];
          if (!part) throw new Error(`part "${partId}" is not a configured part of ${this.constructor.name}`);
          const partContext = await this._preparePartContext(partId, context, options);
          let html: string;
          if (part.template.startsWith("systems/"))
            html = (await page.renderTemplate(part.template, partContext)).trim();
          else html = `<div data-core-template="${part.template}"></div>`;
          const holder = doc().createElement("template");
          holder.innerHTML = html;
          const roots = [...holder.content.children];
          if (roots.length !== 1)
            throw new Error(`part "${partId}" (${part.template}) renders ${roots.length} elements, not one`);
          const element = roots[0] as HTMLElement;
          element.dataset.applicationPart = partId;
          out[partId] = element;
        }
        return out;
      }
      override _replaceHTML(result: Record<string, HTMLElement>, content: HTMLElement, options: Data): void {
        for (const [partId, element] of Object.entries(result)) {
          const previous = content.querySelector(`[data-application-part="${partId}"]`);
          if (previous) previous.replaceWith(element as never);
          else content.append(element as never);
          this.parts[partId] = element;
          this._attachPartListeners(partId, element, options);
        }
      }
    };
  }

  /** v13 DocumentSheetV2: the document, `isEditable` (OWNER), the context core gives a document sheet. */
  class DocumentSheetV2 extends ApplicationV2 {
    static override DEFAULT_OPTIONS: Data = { id: "{id}", tag: "form", classes: ["sheet"] };
    #document: Any;
    constructor(options: Data & { document?: Any } = {}) {
      const document = options.document;
      if (!document) throw new Error("A DocumentSheetV2 needs a document");
      super({ ...options, id: `${(new.target as Any).name}-${String(document.uuid).replaceAll(".", "-")}` });
      this.#document = document;
    }
    get document(): Any {
      return this.#document;
    }
    get isEditable(): boolean {
      return this.#document.isOwner === true;
    }
    override get title(): string {
      return String(this.#document.name ?? "");
    }
    override async _prepareContext(options: Data): Promise<Data> {
      return {
        ...(await super._prepareContext(options)),
        document: this.#document,
        source: this.#document._source,
        editable: this.isEditable,
        user: g().game.user,
        rootId: this.id,
      };
    }
    /** v13: an unowned viewer below the sheet's view permission gets no sheet (stricter: LIMITED may render). */
    override async render(options: Data = {}): Promise<this> {
      if (!this.#document.testUserPermission(g().game.user, "LIMITED"))
        throw new Error(
          `You do not have permission to view this ${String(this.#document.documentName)} sheet!`,
        );
      return super.render(options);
    }
  }

  class ActorSheetV2 extends DocumentSheetV2 {
    get actor(): Any {
      return this.document;
    }
    get token(): Any {
      return this.document.token ?? null;
    }
    override async _prepareContext(options: Data): Promise<Data> {
      return { ...(await super._prepareContext(options)), actor: this.document };
    }
  }

  class ItemSheetV2 extends DocumentSheetV2 {
    get item(): Any {
      return this.document;
    }
    get actor(): Any {
      return this.document.actor ?? null;
    }
    override async _prepareContext(options: Data): Promise<Data> {
      return { ...(await super._prepareContext(options)), item: this.document };
    }
  }

  /** v13 `DocumentSheetConfig.registerSheet(documentClass, scope, sheetClass, { types, makeDefault, label })`. */
  const DocumentSheetConfig = {
    registerSheet(
      documentClass: Any,
      scope: string,
      sheetClass: Any,
      { types = [], makeDefault = false, label = "" }: Data = {},
    ) {
      const name = documentClass?.documentName;
      if (!name) throw new Error("registerSheet needs a Document class");
      const config = g().CONFIG[name];
      config.sheetClasses ??= {};
      for (const type of types as string[]) {
        config.sheetClasses[type] ??= {};
        const id = `${scope}.${sheetClass.name}`;
        if (makeDefault)
          for (const entry of Object.values(config.sheetClasses[type]) as Any[]) entry.default = false;
        config.sheetClasses[type][id] = { id, cls: sheetClass, default: makeDefault, label };
      }
    },
    unregisterSheet() {
      throw new Error("the world harness does not imitate DocumentSheetConfig.unregisterSheet");
    },
  };

  /**
   * v13 CombatTracker (the sidebar tab): parts header (core's template: a placeholder here), tracker, footer; the
   * viewed fight; core's turn context for each visible combatant; core's row controls; its row menu.
   */
  class CombatTracker extends HandlebarsApplicationMixin(ApplicationV2) {
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
    #viewed: Any = undefined;
    /** The fight shown: the one chosen, else the viewed scene's active fight. */
    get viewed(): Any {
      if (this.#viewed !== undefined && this.#viewed && g().game.combats.get(this.#viewed.id))
        return this.#viewed;
      return g().game.combats.active ?? null;
    }
    set viewed(combat: Any) {
      this.#viewed = combat;
    }
    static async #onCombatantControl(this: CombatTracker, event: Event, target: HTMLElement) {
      return this._onCombatantControl(event, target);
    }
    override async _preparePartContext(partId: string, context: Data, options: Data): Promise<Data> {
      const out = await super._preparePartContext(partId, context, options);
      if (partId === "header" || partId === "footer") await this._prepareCombatContext(out, options);
      if (partId === "tracker") await this._prepareTrackerContext(out, options);
      return out;
    }
    async _prepareCombatContext(context: Data, _options: Data): Promise<void> {
      context.combat = this.viewed;
      context.user = g().game.user;
    }
    async _prepareTrackerContext(context: Data, _options: Data): Promise<void> {
      const combat = this.viewed;
      if (!combat) return;
      const turns: Data[] = [];
      for (const [index, combatant] of (combat.turns as Any[]).entries()) {
        if (!combatant.visible) continue;
        turns.push(await this._prepareTurnContext(combat, combatant, index));
      }
      context.turns = turns;
    }
    async _prepareTurnContext(combat: Any, combatant: Any, index: number): Promise<Data> {
      const active = index === combat.turn;
      const icons = (combatant.actor?.temporaryEffects ?? []) as Any[];
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
        resource: null,
        canPing: Boolean(combatant.tokenId),
        effects: { icons: icons.map((e) => ({ name: e.name, img: e.img })), tooltip: "" },
      };
    }
    async _onCombatantControl(_event: Event, target: HTMLElement): Promise<void> {
      const id = target.closest<HTMLElement>("[data-combatant-id]")?.dataset.combatantId ?? "";
      const combatant = this.viewed?.combatants.get(id);
      if (!combatant) return;
      if (target.dataset.action === "toggleHidden") await combatant.update({ hidden: !combatant.hidden });
      if (target.dataset.action === "toggleDefeated")
        await combatant.update({ defeated: !combatant.isDefeated });
    }
    /** Core's row menu, built at the first render from `_getEntryContextOptions` (its entries' shape checked). */
    entryMenu: HarnessContextMenu | null = null;
    override async _onFirstRender(context: Data, options: Data): Promise<void> {
      await super._onFirstRender(context, options);
      this.entryMenu = new HarnessContextMenu(this._getEntryContextOptions());
    }
    /**
     * Core's row menu in the running generation's shape (../application-common.ts `coreCombatantEntries`): clear
     * initiative, reroll, remove; "update" opens core's config sheet (not imitated: throws).
     */
    _getEntryContextOptions(): MenuEntryData[] {
      return coreCombatantEntries(
        () => g().game.user.isGM === true,
        async (key, row) => {
          const id = row.closest<HTMLElement>("[data-combatant-id]")?.dataset.combatantId ?? "";
          const combat = this.viewed;
          const combatant = combat?.combatants.get(id);
          if (!combat || !combatant) return;
          if (key === "COMBAT.CombatantClear") await combatant.update({ initiative: null });
          else if (key === "COMBAT.CombatantReroll") await combat.rollInitiative([id]);
          else if (key === "COMBAT.CombatantRemove") await combatant.delete();
          else throw new Error(`the world harness does not imitate the tracker's ${key}`);
        },
      );
    }
  }

  /**
   * v13 TokenHUD (`canvas.hud.token`): bound to a Token placeable, drawn with its left, middle and right columns, the
   * combat toggle (`data-action="combat"`: `TokenDocument#toggleCombatant`) and a status palette
   * (`data-action="effect"`: `Actor#toggleStatusEffect`); `renderTokenHUD(hud, html, context, options)` fires.
   */
  class TokenHUD extends ApplicationV2 {
    static override DEFAULT_OPTIONS: Data = {
      id: "token-hud",
      actions: {
        combat: async function (this: TokenHUD) {
          await this.document.toggleCombatant();
        },
        effect: async function (this: TokenHUD, _event: Event, target: HTMLElement) {
          await this.actor.toggleStatusEffect(target.dataset.statusId);
        },
      },
    };
    object: Any = null;
    /** The HUD opens on a token its user controls; a player controls only tokens it owns (stricter: GMs any). */
    bind(placeable: Any): this {
      if (!placeable?.document?.isOwner)
        throw new Error(
          `${String(g().game.user?.name)} cannot control ${String(placeable?.document?.name)}: no Token HUD`,
        );
      this.object = placeable;
      return this;
    }
    get document(): Any {
      return this.object?.document ?? null;
    }
    get actor(): Any {
      return this.document?.actor ?? null;
    }
    override async _renderHTML(_context: Data, _options: Data): Promise<Record<string, HTMLElement>> {
      // Core's palette lists every definition, whichever shape CONFIG holds (v13 array, v14 record).
      const statuses = statusDefinitions(g().CONFIG.statusEffects) as Any[];
      const element = doc().createElement("div");
      const has = (id: string) => this.actor?.statuses?.has(id) === true;
      element.innerHTML = `<div class="col left"></div><div class="col middle"></div><div class="col right"><button type="button" class="control-icon" data-action="combat"></button><div class="status-effects">${statuses
        .map(
          (s) =>
            `<img class="effect-control${has(s.id) ? " active" : ""}" data-action="effect" data-status-id="${s.id}" src="${s.img}" alt="">`,
        )
        .join("")}</div></div>`;
      return { hud: element as unknown as HTMLElement };
    }
    override _replaceHTML(result: Record<string, HTMLElement>, content: HTMLElement): void {
      content.replaceChildren(...([...result.hud!.children] as never[]));
    }
  }

  /** v13 ChatLog: each visible message drawn with `renderHTML` when created, drawn again when updated. */
  class ChatLog extends ApplicationV2 {
    static override DEFAULT_OPTIONS: Data = { id: "chat", tag: "ol" };
    async postOne(message: Any): Promise<void> {
      if (!this.element) await this.render({ force: true });
      const html = await message.renderHTML();
      this.element!.append(html);
    }
    async updateMessage(message: Any): Promise<void> {
      const old = this.element?.querySelector(`[data-message-id="${String(message.id)}"]`);
      if (!message.visible) {
        old?.remove();
        return;
      }
      const html = await message.renderHTML();
      if (old) old.replaceWith(html);
      else this.element?.append(html);
    }
    deleteMessage(id: string): void {
      this.element?.querySelector(`[data-message-id="${id}"]`)?.remove();
    }
    override async _renderHTML(): Promise<Record<string, HTMLElement>> {
      return {};
    }
  }

  interface DialogButton {
    action: string;
    label?: string;
    icon?: string;
    default?: boolean;
    callback?: (event: Event, button: HTMLButtonElement, dialog: DialogV2) => unknown;
  }

  /**
   * v13 `foundry.applications.api.DialogV2`: drawn in the page's DOM like any window (`renderDialogV2` fires for
   * it), its content in a form with one `<button data-action>` per `buttons` entry. `wait` resolves when the
   * user presses a button — with the button's callback result, else its action — or with null when the dialog is
   * closed (a rejection with `rejectClose`). `prompt` is `wait` with one "ok" button, `confirm` with "yes"/"no"
   * (true/false), `input` a prompt whose ok callback reads the form through FormDataExtended; all through `this`
   * (foundryvtt#9894: a detached `input` throws). Nobody answers for the user: an unanswered dialog waits.
   */
  class DialogV2 extends ApplicationV2 {
    static override DEFAULT_OPTIONS: Data = { id: "dialog-{id}", classes: ["dialog"], actions: {} };
    #settle: ((outcome: { value?: unknown; error?: unknown; closed?: boolean }) => void) | null = null;

    get buttons(): DialogButton[] {
      return (this.options.buttons as DialogButton[] | undefined) ?? [];
    }

    override async _renderHTML(): Promise<Record<string, HTMLElement>> {
      const form = doc().createElement("form");
      form.className = "dialog-form";
      const content = typeof this.options.content === "string" ? this.options.content : "";
      form.innerHTML = `<div class="dialog-content">${content}</div><footer class="form-footer">${this.buttons
        .map(
          (b) =>
            `<button type="${b.default ? "submit" : "button"}" data-action="${b.action}">${g().foundry.utils.escapeHTML(String(b.label ?? b.action))}</button>`,
        )
        .join("")}</footer>`;
      form.addEventListener("submit", (event) => event.preventDefault());
      return { form: form as unknown as HTMLElement };
    }

    override _replaceHTML(result: Record<string, HTMLElement>, content: HTMLElement): void {
      content.replaceChildren(result.form as never);
    }

    override _onClickAction(event: Event, target: HTMLElement): void {
      const button = this.buttons.find((b) => b.action === target.dataset.action);
      if (!button || !this.#settle) return;
      const settle = this.#settle;
      this.#settle = null;
      page.track(
        (async () => {
          try {
            const result = button.callback
              ? await button.callback(event, target as HTMLButtonElement, this)
              : undefined;
            settle({ value: result === undefined ? button.action : result });
          } catch (error) {
            settle({ error });
          }
          await super.close();
        })(),
      );
    }

    override async close(): Promise<this> {
      const settle = this.#settle;
      this.#settle = null;
      await super.close();
      settle?.({ closed: true });
      return this;
    }

    static async wait(config: Data = {}): Promise<unknown> {
      const buttons = (config.buttons as DialogButton[] | undefined) ?? [];
      if (!buttons.length) throw new Error("You must define at least one entry in options.buttons");
      const dialog = new this(config);
      const outcome = await new Promise<{ value?: unknown; error?: unknown; closed?: boolean }>((resolve) => {
        dialog.#settle = resolve;
        void dialog.render({ force: true });
      });
      if (outcome.error) throw outcome.error;
      if (outcome.closed) {
        if (config.rejectClose) throw new Error("Dialog was dismissed without pressing a button.");
        return null;
      }
      return outcome.value;
    }

    static async prompt(config: Data = {}): Promise<unknown> {
      return this.wait(promptConfig(config));
    }

    static async confirm(config: Data = {}): Promise<unknown> {
      return this.wait(confirmConfig(config));
    }

    static async input(config: Data = {}): Promise<unknown> {
      return this.prompt(inputConfig(config, g().foundry.applications.ux.FormDataExtended));
    }
  }

  /**
   * v13 Configure Settings (`game.settings.sheet`), as far as the self-test's menu needs it: a button for each
   * registered menu the user may open (a `restricted` one for GMs only), which opens the menu's `type`
   * (`new type()` rendered with `{ force: true }`: SettingSubmenuConfig "The Application class to render"; the
   * stand-ins refuse the legacy boolean). Core's own markup is not imitated: the harness draws
   * `<button data-action="openSubmenu" data-key="<namespace>.<key>">` (README, "Settings menus").
   */
  class SettingsConfig extends ApplicationV2 {
    static override DEFAULT_OPTIONS: Data = {
      id: "settings-config",
      actions: {
        openSubmenu: function (this: SettingsConfig, _event: Event, target: HTMLElement) {
          const menu = g().game.settings.menus.get(target.dataset.key ?? "");
          if (!menu) throw new Error(`no settings menu ${String(target.dataset.key)}`);
          if (menu.restricted && !g().game.user?.isGM) throw new Error("only a GM opens a restricted menu");
          return new menu.type().render({ force: true });
        },
      },
    };
    override async _renderHTML(): Promise<Record<string, HTMLElement>> {
      const element = doc().createElement("section");
      const i18n = g().game.i18n;
      const isGM = g().game.user?.isGM === true;
      const menus = [...(g().game.settings.menus as Map<string, Data>)].filter(
        ([, m]) => !m.restricted || isGM,
      );
      element.innerHTML = menus
        .map(
          ([key, m]) =>
            `<div class="form-group submenu"><label>${i18n.localize(String(m.name))}</label><button type="button" data-action="openSubmenu" data-key="${key}">${i18n.localize(String(m.label))}</button><p class="hint">${i18n.localize(String(m.hint ?? ""))}</p></div>`,
        )
        .join("");
      return { section: element as unknown as HTMLElement };
    }
    override _replaceHTML(result: Record<string, HTMLElement>, content: HTMLElement): void {
      content.replaceChildren(result.section as never);
    }
  }

  /** v13 Notifications: what this page told its user. */
  class Notifications {
    readonly shown: Notice[] = [];
    notify(message: string, type: Notice["type"] = "info"): Data {
      this.shown.push({ type, message: String(message) });
      return { id: this.shown.length };
    }
    info(message: string): Data {
      return this.notify(message, "info");
    }
    warn(message: string): Data {
      return this.notify(message, "warn");
    }
    error(message: string): Data {
      return this.notify(message, "error");
    }
    success(message: string): Data {
      return this.notify(message, "success");
    }
    remove(): void {}
    clear(): void {}
  }

  return {
    ApplicationV2,
    HandlebarsApplicationMixin,
    DocumentSheetV2,
    ActorSheetV2,
    ItemSheetV2,
    DocumentSheetConfig,
    CombatTracker,
    TokenHUD,
    ChatLog,
    Notifications,
    DialogV2,
    SettingsConfig,
    instances,
  };
}

export type Applications = ReturnType<typeof createApplications>;
