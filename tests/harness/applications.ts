/**
 * Stand-ins, on top of the chat harness (tests/harness/chat.ts), for the open windows of one client: the
 * ApplicationV2 classes Fray's sheets extend (`ApplicationV2`, `DocumentSheetV2`, `ActorSheetV2`, `ItemSheetV2`,
 * `HandlebarsApplicationMixin`), the registry of rendered applications (`foundry.applications.instances`), the
 * chat log's `updateMessage` and the Token HUD (`canvas.hud.token`). `render()` runs the application's own
 * pipeline as v13 does — `_configureRenderParts`, `_prepareContext`, then `_preparePartContext` and the part's
 * template for each part, then `_onRender` — and parses the parts into a real DOM (happy-dom), so a test reads
 * what a user would see. No Fray logic lives here. Import it after the chat harness and before any sheet.
 */
import { Window } from "happy-dom";
import { currentUser, ItemDoc, OWNERSHIP_LEVELS, world, type ChatUser, type OwnershipLevel } from "./chat";

type Data = Record<string, unknown>;
type Part = { template: string };

const g = globalThis as Record<string, unknown>;
const foundryNs = g.foundry as {
  applications: {
    api: Data;
    sheets?: Data;
    handlebars: { renderTemplate(p: string, c: unknown): Promise<string> };
  };
  utils: { deepClone<T>(v: T): T };
};

/** The page the sheets render into. */
export const sheetWindow = new Window();

/** v13 `foundry.applications.instances`: every rendered ApplicationV2, by id. */
const instances = new Map<string, ApplicationV2>();

interface PermissionDocument {
  uuid?: string;
  _source?: Data;
  testUserPermission(user: unknown, level: string, options?: { exact?: boolean }): boolean;
}

interface TabsConfig {
  tabs: { id: string; icon?: string; label?: string; cssClass?: string }[];
  initial?: string;
  labelPrefix?: string;
}

/**
 * v13 ApplicationV2: options merged over `DEFAULT_OPTIONS`, `render()` (the first render draws every configured
 * part), `element`, `rendered`, `tabGroups` (initial tabs from `TABS`), `changeTab`.
 */
class ApplicationV2 {
  static DEFAULT_OPTIONS: Data = {};
  static TABS: Record<string, TabsConfig> = {};
  static #nextId = 1;
  options: Data;
  element: HTMLElement | null = null;
  rendered = false;
  tabGroups: Record<string, string> = {};
  #id: string;
  constructor(options: Data = {}) {
    const ctor = this.constructor as typeof ApplicationV2;
    this.options = { ...ctor.DEFAULT_OPTIONS, ...options };
    this.#id = String(options.id ?? `app-${ApplicationV2.#nextId++}`);
    for (const [group, config] of Object.entries(ctor.TABS))
      this.tabGroups[group] = config.initial ?? config.tabs[0]?.id ?? "";
  }
  get id(): string {
    return this.#id;
  }
  /** The tabs of one group, keyed by tab id, as `context.tabs` carries them (ApplicationRenderContext). */
  protected _prepareTabs(group: string): Record<string, Data> {
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
  protected async _prepareContext(_options: Data): Promise<Data> {
    return { tabs: this._prepareTabs("primary") };
  }
  protected async _onRender(_context: Data, _options: Data): Promise<void> {}
  changeTab(tab: string, group: string): void {
    this.tabGroups[group] = tab;
  }
  async render(options: Data = {}): Promise<this> {
    const rendering = this as unknown as { _render(o: Data): Promise<void> };
    await rendering._render({ ...options, isFirstRender: !this.rendered });
    this.rendered = true;
    instances.set(this.id, this);
    return this;
  }
  async close(): Promise<this> {
    this.element?.remove();
    this.element = null;
    this.rendered = false;
    instances.delete(this.id);
    return this;
  }
}

/** v13 TokenHUD (an ApplicationV2 on `canvas.hud.token`): counts its renders; draws nothing here. */
export class TokenHUD extends ApplicationV2 {
  renders = 0;
  async _render(): Promise<void> {
    this.renders++;
  }
}

/** What the chat log drew again (`ui.chat.updateMessage`): the message and its content as the user sees it. */
export const redrawnMessages: { id: string; html: string }[] = [];

/** v13 DocumentSheetV2: the document, `isEditable` (OWNER), and the context core gives a document sheet. */
class DocumentSheetV2 extends ApplicationV2 {
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
    return this.#document.testUserPermission(currentUser(), "OWNER");
  }
  protected override async _prepareContext(options: Data): Promise<Data> {
    return {
      ...(await super._prepareContext(options)),
      document: this.#document,
      source: this.#document._source,
      editable: this.isEditable,
      user: currentUser(),
      rootId: this.id,
    };
  }
}

class ActorSheetV2 extends DocumentSheetV2 {
  get actor(): PermissionDocument {
    return this.document;
  }
  protected override async _prepareContext(options: Data): Promise<Data> {
    return { ...(await super._prepareContext(options)), actor: this.document };
  }
}

class ItemSheetV2 extends DocumentSheetV2 {
  get item(): PermissionDocument {
    return this.document;
  }
  protected override async _prepareContext(options: Data): Promise<Data> {
    return { ...(await super._prepareContext(options)), item: this.document };
  }
}

/**
 * v13 HandlebarsApplicationMixin: `PARTS`; `_configureRenderParts` (a copy of `PARTS`); the first render draws
 * every configured part, a later one the parts asked for (`options.parts`), each through `_preparePartContext`
 * (which hands back the shared context, as core's does) and its template. Stricter than Foundry: a part asked
 * for that is not configured throws, and so does a part whose template is not exactly one element.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- TypeScript requires a mixin base of (...args: any[])
function HandlebarsApplicationMixin<T extends new (...args: any[]) => ApplicationV2>(Base: T) {
  return class HandlebarsApplication extends Base {
    static PARTS: Record<string, Part> = {};
    /** The rendered parts' elements, by part id. */
    parts: Record<string, HTMLElement> = {};
    protected _configureRenderParts(_options: Data): Record<string, Part> {
      return foundryNs.utils.deepClone(
        (this.constructor as unknown as { PARTS: Record<string, Part> }).PARTS,
      );
    }
    protected async _preparePartContext(partId: string, context: Data, _options: Data): Promise<Data> {
      context.partId = `${this.id}-${partId}`;
      return context;
    }
    async _render(options: Data): Promise<void> {
      const configured = this._configureRenderParts(options);
      const asked = (options.isFirstRender ? undefined : (options.parts as string[] | undefined)) ?? [];
      const partIds = options.isFirstRender || !asked.length ? Object.keys(configured) : asked;
      const self = this as unknown as { _prepareContext(o: Data): Promise<Data> };
      const context = await self._prepareContext(options);
      const document = sheetWindow.document;
      this.element ??= document.createElement("form") as unknown as HTMLElement;
      for (const partId of partIds) {
        const part = configured[partId];
        if (!part) throw new Error(`part "${partId}" is not a configured part of ${this.constructor.name}`);
        const partContext = await this._preparePartContext(partId, context, options);
        const html = await foundryNs.applications.handlebars.renderTemplate(part.template, partContext);
        const holder = document.createElement("template");
        holder.innerHTML = html.trim();
        // Cloned out of the template: happy-dom 21 leaves a select parsed in place on its second option, whatever
        // option is `selected`; a clone takes the `selected` attribute, as a browser's parser does.
        const roots = [...holder.content.cloneNode(true).children];
        if (roots.length !== 1)
          throw new Error(`part "${partId}" (${part.template}) renders ${roots.length} elements, not one`);
        const element = roots[0] as unknown as HTMLElement;
        element.dataset.applicationPart = partId;
        // The part's earlier element is replaced in place; a part new to this render goes at the end. A part
        // not drawn this time stays where it is (what the application does about it is its own business).
        const previous = this.element.querySelector(`[data-application-part="${partId}"]`);
        if (previous) previous.replaceWith(element as never);
        else this.element.append(element as never);
        this.parts[partId] = element;
      }
      const rendered = this as unknown as { _onRender(c: Data, o: Data): Promise<void> };
      await rendered._onRender(context, options);
    }
  };
}

/**
 * A world Item (not embedded): ownership as an Actor's (v13 `getUserLevel`, `testUserPermission`, `isOwner`,
 * `limited`; a GM is OWNER), its source the system data it was made with, its uuid `Item.<id>`.
 */
export function worldItem(name: string, type: string, system: Data, owners: { id: string }[] = []): ItemDoc {
  const item = new ItemDoc(name, type, system);
  const ownership = new Map<string, OwnershipLevel>(owners.map((o) => [o.id, "OWNER"]));
  const levelOf = (user: ChatUser) =>
    user.isGM ? OWNERSHIP_LEVELS.OWNER : OWNERSHIP_LEVELS[ownership.get(user.id) ?? "NONE"];
  const test = (user: ChatUser, level: OwnershipLevel, { exact = false } = {}) =>
    exact ? levelOf(user) === OWNERSHIP_LEVELS[level] : levelOf(user) >= OWNERSHIP_LEVELS[level];
  Object.defineProperties(item, {
    uuid: { value: `Item.${item.id}` },
    _source: { value: { name, type, system: item._source.system } },
    ownership: { value: ownership },
    testUserPermission: { value: test },
    isOwner: { get: () => test(currentUser(), "OWNER") },
    limited: { get: () => test(currentUser(), "LIMITED", { exact: true }) },
  });
  world.documents.set(`Item.${item.id}`, item);
  return item;
}

// The sheet's imports reach FrayCombat, which extends core's Combat: an empty base class (no behaviour, so any
// use of it in a sheet test fails loudly), unless a harness with a Combat stand-in is already loaded.
g.Combat ??= class Combat {};

foundryNs.applications.api.ApplicationV2 = ApplicationV2;
(foundryNs.applications as Data).instances = instances;
g.canvas ??= { hud: { token: new TokenHUD() } };
/** v13 ChatLog#updateMessage(message): the message is rendered again (`renderHTML`) in place in the log. */
(g.ui as Data).chat ??= {
  async updateMessage(message: { id: string; renderHTML(): Promise<HTMLElement> }) {
    const html = await message.renderHTML();
    redrawnMessages.push({ id: message.id, html: html.querySelector(".message-content")?.innerHTML ?? "" });
  },
};
foundryNs.applications.api.DocumentSheetV2 = DocumentSheetV2;
foundryNs.applications.api.HandlebarsApplicationMixin = HandlebarsApplicationMixin;
foundryNs.applications.sheets = { ...(foundryNs.applications.sheets ?? {}), ActorSheetV2, ItemSheetV2 };
