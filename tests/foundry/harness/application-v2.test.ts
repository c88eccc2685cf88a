/**
 * The one ApplicationV2 stand-in (tests/harness/application.ts) behaves as v13's does where Fray leans on it:
 * DEFAULT_OPTIONS merged deeply down the class chain (foundryvtt#11675), `render<Class>` and `close<Class>` hooks
 * for every class of the chain (hookEvents.renderApplicationV2, closeApplicationV2), an application not rendered
 * yet drawn only when forced (ApplicationRenderOptions.force), the `tab` action and `changeTab`, and the registry
 * of rendered applications. Its README rows cite the evidence.
 */
import { afterEach, describe, expect, it } from "vitest";
import "../../harness/chat";
import "../../harness/applications";
import {
  ActorSheetV2,
  ApplicationV2,
  CombatTracker,
  HandlebarsApplicationMixin,
  instances,
  type Part,
} from "../../harness/application";
import { Hooks, runAs, UserDocument } from "../../harness/core";
import { click, clearDom, domWindow } from "../../harness/dom";
import { V14 } from "../../harness/generation";

type Data = Record<string, unknown>;

const gm = new UserDocument("Harness GM", true);
const heard: string[] = [];
const listening: [string, number][] = [];
const listen = (hook: string) => listening.push([hook, Hooks.on(hook, () => void heard.push(hook))]);

afterEach(() => {
  for (const [hook, id] of listening.splice(0)) Hooks.off(hook, id);
  heard.length = 0;
  clearDom();
});

const base = (_this: ApplicationV2) => "base";
const own = (_this: ApplicationV2) => "own";

/** A Handlebars application with two of core's parts (drawn as placeholders) and a tab group. */
class Panel extends HandlebarsApplicationMixin(ApplicationV2) {
  static override DEFAULT_OPTIONS: Data = {
    classes: ["panel"],
    window: { title: "Panel", controls: [{ action: "a" }] },
    position: { width: 300 },
    actions: { first: base, shared: base },
  };
  static override PARTS: Record<string, Part> = {
    one: { template: "templates/one.hbs" },
    two: { template: "templates/two.hbs" },
  };
}
class WidePanel extends Panel {
  static override DEFAULT_OPTIONS: Data = {
    classes: ["wide"],
    window: { controls: [{ action: "b" }] },
    position: { height: 200 },
    actions: { shared: own, second: own },
  };
}

describe("ApplicationV2 options", () => {
  it("merge deeply down the class chain: objects key by key at every depth, arrays concatenated", () => {
    const app = new WidePanel({ position: { top: 5 }, classes: ["given"] });
    const options: Data = app.options;
    expect(options.classes).toEqual(["panel", "wide", "given"]);
    expect(options.window).toEqual({ title: "Panel", controls: [{ action: "a" }, { action: "b" }] });
    expect(options.position).toEqual({ width: 300, height: 200, top: 5 });
    expect(options.actions).toEqual({ first: base, shared: own, second: own });
    expect(options.tag).toBe("div");
    // A class's own options are not changed by the merge, and the result is frozen.
    expect((Panel.DEFAULT_OPTIONS.classes as string[]).length).toBe(1);
    expect(Object.isFrozen(app.options)).toBe(true);
  });

  it("the sheets are forms; the tracker is a section with core's row actions and its subclass's", () => {
    class MyTracker extends CombatTracker {
      static override DEFAULT_OPTIONS: Data = { actions: { mine: own } };
    }
    const tracker = new MyTracker();
    expect(tracker.options.tag).toBe("section");
    expect(Object.keys(tracker.options.actions).sort()).toEqual(
      ["mine", "panToCombatant", "pingCombatant", "toggleDefeated", "toggleHidden"].sort(),
    );
    const document = { testUserPermission: () => true };
    expect(new ActorSheetV2({ document }).options.tag).toBe("form");
  });
});

describe("ApplicationV2 rendering", () => {
  it("an application not rendered yet is drawn only when forced ({ force: true })", async () => {
    const app = new Panel();
    await app.render();
    expect(app.rendered).toBe(false);
    expect(app.element).toBeNull();
    await app.render({ force: true });
    expect(app.rendered).toBe(true);
    expect(instances.get(app.id)).toBe(app);
  });

  it("refuses the boolean render(true), ApplicationV1's legacy form (stricter than core, v13 and v14)", () => {
    const app = new Panel();
    const legacy = app.render.bind(app) as unknown as (force: boolean) => Promise<unknown>;
    expect(() => legacy(true)).toThrow(
      /render\(true\): the boolean form .* write render\(\{ force: true \}\)/,
    );
    expect(() => legacy(false)).toThrow(/render\(false\)/);
    expect(app.rendered).toBe(false);
  });

  it("fires render<Class> for every class of the chain on every render, then close<Class> on close", async () => {
    for (const hook of [
      "renderWidePanel",
      "renderPanel",
      "renderHandlebarsApplication",
      "renderApplicationV2",
      "closeWidePanel",
      "closeApplicationV2",
    ])
      listen(hook);
    const app = new WidePanel();
    await app.render({ force: true });
    expect(heard).toEqual([
      "renderWidePanel",
      "renderPanel",
      "renderHandlebarsApplication",
      "renderApplicationV2",
    ]);
    heard.length = 0;
    await app.render();
    expect(heard).toHaveLength(4);
    heard.length = 0;
    await app.close();
    expect(heard).toEqual(["closeWidePanel", "closeApplicationV2"]);
    expect(app.rendered).toBe(false);
    expect(app.element).toBeNull();
    expect(instances.has(app.id)).toBe(false);
  });

  it("an ActorSheetV2 subclass fires renderActorSheetV2 with its element (Fray's budget panels listen to it)", async () => {
    class Sheet extends HandlebarsApplicationMixin(ActorSheetV2) {
      static override PARTS: Record<string, Part> = { body: { template: "templates/body.hbs" } };
    }
    const seen: unknown[] = [];
    const id = Hooks.on(
      "renderActorSheetV2",
      (app: unknown, element: unknown) => void seen.push(app, element),
    );
    try {
      const sheet = new Sheet({ document: { testUserPermission: () => true } });
      await runAs(gm, () => sheet.render({ force: true }));
      expect(seen).toEqual([sheet, sheet.element]);
      expect(sheet.element?.tagName).toBe("FORM");
    } finally {
      Hooks.off("renderActorSheetV2", id);
    }
  });

  it("a CombatTracker subclass fires renderCombatTracker (Fray's tracker budget panels listen to it)", async () => {
    for (const hook of ["renderMyTracker", "renderCombatTracker", "renderAbstractSidebarTab"]) listen(hook);
    class MyTracker extends CombatTracker {}
    await runAs(gm, () => new MyTracker().render({ force: true }));
    expect(heard).toEqual(["renderMyTracker", "renderCombatTracker", "renderAbstractSidebarTab"]);
  });

  it("ApplicationV2 itself draws nothing: a subclass without _renderHTML cannot render", async () => {
    await expect(new ApplicationV2().render({ force: true })).rejects.toThrow(/not renderable/);
  });

  it("a later render draws the parts asked for and leaves the others in place", async () => {
    const app = new Panel();
    await app.render({ force: true });
    const [one, two] = [app.parts.one, app.parts.two];
    await app.render({ parts: ["two"] });
    expect(app.parts.one).toBe(one);
    expect(app.parts.two).not.toBe(two);
    await expect(app.render({ parts: ["three"] })).rejects.toThrow(/not a configured part/);
  });
});

describe("detached windows (v14 only, foundryvtt#14417)", () => {
  /** A panel that counts its workflow steps. */
  class Counting extends Panel {
    steps: string[] = [];
    protected override async _prepareContext(options: Data): Promise<Data> {
      this.steps.push("context");
      return super._prepareContext(options);
    }
    protected override async _renderHTML(context: Data, options: Data): Promise<Record<string, HTMLElement>> {
      this.steps.push("html");
      return super._renderHTML(context, options);
    }
    protected override async _onRender(context: Data, options: Data): Promise<void> {
      this.steps.push(`onRender ${JSON.stringify(options.window ?? {})} ${String(options.parts)}`);
      await super._onRender(context, options);
    }
  }

  it.runIf(!V14)("v13 has no detached windows: detach and reattach throw", async () => {
    const app = new Counting();
    await app.render({ force: true });
    expect(() => app.detach()).toThrow(/v13 has no detached windows/);
    expect(() => app.reattach()).toThrow(/v13 has no detached windows/);
  });

  it.runIf(V14)(
    "v14: detach and reattach run _onRender and the render hooks again, drawing no part",
    async () => {
      for (const hook of ["renderPanel", "renderApplicationV2"]) listen(hook);
      const app = new Counting();
      await expect(app.detach()).rejects.toThrow(/only a rendered application/);
      await app.render({ force: true });
      const [one, two] = [app.parts.one, app.parts.two];
      app.steps.length = 0;
      heard.length = 0;
      await app.detach();
      await expect(app.detach()).rejects.toThrow(/already detached/);
      await app.reattach();
      expect(app.steps).toEqual([
        "context",
        'onRender {"detached":true} one,two',
        "context",
        'onRender {"detached":false} one,two',
      ]);
      expect(heard).toEqual(["renderPanel", "renderApplicationV2", "renderPanel", "renderApplicationV2"]);
      // The parts are the elements drawn before: nothing was drawn again.
      expect([app.parts.one, app.parts.two]).toEqual([one, two]);
      expect(app.element?.contains(one as never)).toBe(true);
    },
  );
});

describe("ApplicationV2 clicks", () => {
  it("runs the action its [data-action] names with `this` the application; `tab` switches the tab", async () => {
    const calls: unknown[] = [];
    class Tabbed extends HandlebarsApplicationMixin(ApplicationV2) {
      static override DEFAULT_OPTIONS: Data = {
        actions: {
          poke(this: ApplicationV2, _event: Event, target: HTMLElement) {
            calls.push(this, target.dataset.action);
          },
        },
      };
      static override TABS = { primary: { tabs: [{ id: "a" }, { id: "b" }], initial: "a" } };
      protected override async _renderHTML(): Promise<Record<string, HTMLElement>> {
        const holder = domWindow.document.createElement("template");
        holder.innerHTML = `<div data-application-part="body">
          <nav class="tabs"><button data-action="tab" data-group="primary" data-tab="a" class="active">A</button>
          <button data-action="tab" data-group="primary" data-tab="b">B</button></nav>
          <section class="tab active" data-group="primary" data-tab="a"></section>
          <section class="tab" data-group="primary" data-tab="b"></section>
          <button data-action="poke">Poke</button></div>`;
        return { body: holder.content.firstElementChild as unknown as HTMLElement };
      }
    }
    const app = new Tabbed();
    await app.render({ force: true });
    const root = app.element as HTMLElement;
    click(root.querySelector('[data-action="poke"]') as HTMLElement);
    expect(calls).toEqual([app, "poke"]);
    click(root.querySelector('[data-tab="b"]') as HTMLElement);
    expect(app.tabGroups.primary).toBe("b");
    expect(root.querySelector('section[data-tab="b"]')?.classList.contains("active")).toBe(true);
    expect(root.querySelector('section[data-tab="a"]')?.classList.contains("active")).toBe(false);
    expect(root.querySelector('button[data-tab="b"]')?.classList.contains("active")).toBe(true);
    expect(() => app.changeTab("c", "primary")).toThrow(/no tab "c"/);
  });
});
