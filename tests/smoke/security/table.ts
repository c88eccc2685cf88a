/**
 * The security suite's hands (issue 24): what a user does at the table, on their own page, through the windows
 * Foundry and Fray draw — open a sheet and press a button in it, press a button in the combat tracker, in a chat card or on the
 * Token HUD, target a token, drag a token, answer a dialog. Every button is found in the rendered DOM of that
 * user's page and clicked there; nothing is built by hand. After each gesture the table settles (every request
 * answered, every broadcast handled) and anything that went wrong on any page fails the step.
 */
import { expect } from "vitest";
import { failures } from "../../harness/core";
import { V14 } from "../../harness/generation";
import type { WorldPage } from "../../harness/world/page";
import type { World } from "../../harness/world/world";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any -- the pages' documents are untyped here

/** Notifications a step may show (a refusal named here was expected). */
export interface Expect {
  readonly warnings?: readonly RegExp[];
}

/** A die the next roll draws: its size and the face it shows. */
export type PlannedFace = readonly [faces: number, value: number];

/** A dialog answer: the button pressed (its `data-action`) after the named fields are filled. */
interface DialogAnswer {
  readonly action: string;
  readonly fields?: Record<string, unknown>;
}

/** Fills a dialog's form as a user would: every named field must exist. */
function fill(root: HTMLElement, fields: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(fields)) {
    const control = root.querySelector<HTMLInputElement>(`[name="${name}"]`);
    if (!control) throw new Error(`the dialog has no field ${name}`);
    if (control.type === "checkbox") control.checked = Boolean(value);
    else control.value = String(value);
    control.dispatchEvent(new (control.ownerDocument.defaultView as Any).Event("change", { bubbles: true }));
  }
}

export class Table {
  #seen = new Map<WorldPage, number>();
  #answers = new Map<WorldPage, DialogAnswer[]>();
  #faces: PlannedFace[] = [];
  /** console.error and console.warn calls (the test fails on any). */
  readonly consoleErrors: string[] = [];
  readonly #problems: string[] = [];
  constructor(readonly world: World) {
    for (const page of world.pages.values()) {
      this.#seen.set(page, 0);
      this.#answers.set(page, []);
      this.#hearDialogs(page);
      this.#planDice(page);
    }
  }

  /**
   * The page's user answers each dialog core draws (`renderDialogV2`) with the next answer queued for that page: its
   * fields filled, its button pressed once the render is over (tracked, so `settle` waits for it).
   */
  #hearDialogs(page: WorldPage): void {
    this.on(page, (g) =>
      g.Hooks.on("renderDialogV2", (app: Any, element: HTMLElement) => {
        const answer = this.#answers.get(page)!.shift();
        page.track(
          new Promise<void>((resolve) =>
            setTimeout(() => {
              try {
                if (!answer) {
                  this.#problems.push(`${page.name} was shown a dialog nobody answers: ${String(app.title)}`);
                  void app.close();
                } else {
                  if (answer.fields) fill(element, answer.fields);
                  const button = element.querySelector<HTMLElement>(`button[data-action="${answer.action}"]`);
                  if (!button) throw new Error(`${page.name}'s dialog has no button ${answer.action}`);
                  page.run(() => button.click());
                }
              } catch (error) {
                this.#problems.push(String(error));
              }
              resolve();
            }, 0),
          ),
        );
      }),
    );
  }

  /**
   * Each die the page rolls draws its planned face the Foundry way: core's Die maps `CONFIG.Dice.randomUniform()`
   * to a face (`ceil((1 - u) * faces)`, the world harness's README); an unplanned die fails the step.
   */
  #planDice(page: WorldPage): void {
    this.on(page, (g) => {
      g.CONFIG.Dice.randomUniform = () => {
        const next = this.#faces.shift();
        if (!next) throw new Error(`${page.name} rolled a die with no face planned`);
        return 1 - (next[1] - 0.5) / next[0];
      };
    });
  }

  page(name: string): WorldPage {
    return this.world.page(name);
  }

  /** Runs code on a page (what the page's own code would read). */
  on<T>(page: WorldPage, fn: (g: Any) => T): T {
    return page.run(() => fn(page.globals));
  }

  /** Waits for the table to go quiet, then fails on anything that went wrong anywhere. */
  async settle(step: string, expected: Expect = {}): Promise<void> {
    const t0 = performance.now();
    await this.world.settle();
    if (process.env.SMOKE_TIMING) console.log(`${(performance.now() - t0).toFixed(0)}ms settle ${step}`);
    const problems = this.world.takeFailures();
    problems.push(...this.consoleErrors.splice(0).map((e) => `console.${e}`));
    for (const page of this.world.pages.values()) {
      const shown = page.notifications.slice(this.#seen.get(page) ?? 0);
      this.#seen.set(page, page.notifications.length);
      for (const notice of shown) {
        if (notice.type === "info" || notice.type === "success") continue;
        if (expected.warnings?.some((re) => re.test(notice.message))) continue;
        problems.push(`${page.name} was told (${notice.type}): ${notice.message}`);
      }
      const answers = this.#answers.get(page)!.splice(0);
      if (answers.length) problems.push(`${page.name} had dialog answers left: ${JSON.stringify(answers)}`);
    }
    problems.push(...this.#problems.splice(0));
    const left = this.#faces.splice(0);
    if (left.length) problems.push(`dice left unrolled: ${left.map(([f, v]) => `d${f} ${v}`).join(", ")}`);
    expect(problems, `after "${step}"`).toEqual([]);
  }

  /** Clicks an element of a page (a real click event in that page's DOM), then settles. */
  async click(
    page: WorldPage,
    element: Element | null | undefined,
    step: string,
    expected: Expect = {},
  ): Promise<void> {
    expect(element, `${page.name}: nothing to click for "${step}"`).toBeTruthy();
    page.run(() => (element as HTMLElement).click());
    await this.settle(step, expected);
  }

  // --- windows ----------------------------------------------------------------------------------------------------

  /**
   * v14: a window the user has just opened is popped out into a window of its own and back (foundryvtt#14417: the
   * render workflow runs again without drawing any part), as a table on v14 may; what the user then sees must be
   * what was drawn (every `_onRender` and render hook of Fray's idempotent). v13 has no detached windows.
   */
  readonly #poppedOut = new WeakSet<object>();
  async #poppedOutAndBack(page: WorldPage, app: Any, what: string, once = true): Promise<void> {
    if (!V14 || (once && this.#poppedOut.has(app))) return;
    this.#poppedOut.add(app);
    const before = (app.element as HTMLElement).outerHTML;
    await app.detach();
    await app.reattach();
    expect(
      (app.element as HTMLElement).outerHTML,
      `${page.name}'s ${what} after a detach and a reattach`,
    ).toBe(before);
  }

  /**
   * The combat tracker as the page's user sees it now: as last drawn (core draws it again when a fight or a
   * combatant changes), never redrawn for the test.
   */
  async tracker(page: WorldPage): Promise<HTMLElement> {
    return page.run(async () => {
      const tracker = (page.globals.ui as Any).combat;
      if (!tracker.rendered) await tracker.render({ force: true });
      await this.#poppedOutAndBack(page, tracker, "combat tracker");
      return tracker.element as HTMLElement;
    });
  }

  /** A row control of the tracker (`data-action`, for the combatant named), as the user sees it. */
  async trackerButton(
    page: WorldPage,
    action: string,
    combatantName?: string,
    data: Record<string, string> = {},
  ): Promise<HTMLElement | null> {
    const root = await this.tracker(page);
    const rows = combatantName
      ? [...root.querySelectorAll<HTMLElement>("[data-combatant-id]")].filter(
          (r) => r.querySelector(".name")?.textContent?.trim() === combatantName,
        )
      : [root];
    if (combatantName && rows.length !== 1)
      throw new Error(`${page.name}'s tracker shows ${rows.length} rows for ${combatantName}`);
    const filter = Object.entries(data)
      .map(([k, v]) => `[data-${k}="${v}"]`)
      .join("");
    return rows[0]!.querySelector<HTMLElement>(`[data-action="${action}"]${filter}`);
  }

  /** An actor's sheet on the page: opened if it is not, else as last drawn (never redrawn for the test). */
  async sheet(page: WorldPage, actor: Any): Promise<HTMLElement> {
    return page.run(async () => {
      const sheet = actor.sheet;
      if (!sheet.rendered) await sheet.render({ force: true });
      await this.#poppedOutAndBack(page, sheet, `sheet of ${String(actor.name)}`);
      return sheet.element as HTMLElement;
    });
  }

  /** A button of a sheet's item row (`data-item-id`). */
  async itemButton(
    page: WorldPage,
    actor: Any,
    itemName: string,
    action: string,
  ): Promise<HTMLElement | null> {
    const root = await this.sheet(page, actor);
    const item = page.run(() => actor.items.getName(itemName));
    if (!item) throw new Error(`${actor.name} has no item ${itemName}`);
    return root.querySelector<HTMLElement>(`[data-item-id="${item.id}"] [data-action="${action}"]`);
  }

  /** The chat log entry of a message on the page (the page's own drawing of it). */
  message(page: WorldPage, messageId: string): HTMLElement | null {
    return page.run(
      () =>
        (page.globals.ui as Any).chat.element.querySelector(
          `[data-message-id="${messageId}"]`,
        ) as HTMLElement | null,
    );
  }

  /** The newest message of the page's chat log (optionally of a Fray card type). */
  lastMessage(page: WorldPage, type?: string): Any {
    return page.run(() => {
      const messages = (page.globals.game as Any).messages.contents as Any[];
      return [...messages].reverse().find((m) => !type || m.type === type) ?? null;
    });
  }

  /** A button of a message's card, as drawn on the page. */
  cardButton(page: WorldPage, messageId: string, selector: string): HTMLElement | null {
    return this.message(page, messageId)?.querySelector<HTMLElement>(selector) ?? null;
  }

  /** The Token HUD of a token, drawn on the page. */
  async hud(page: WorldPage, token: Any): Promise<HTMLElement> {
    return page.run(async () => {
      const hud = (page.globals.canvas as Any).hud.token;
      hud.bind(token.object);
      await hud.render({ force: true });
      // Drawn afresh for each token: popped out each time.
      await this.#poppedOutAndBack(page, hud, `Token HUD of ${String(token.name)}`, false);
      return hud.element as HTMLElement;
    });
  }

  // --- canvas gestures --------------------------------------------------------------------------------------------

  /** The user targets one token (core: Token#setTarget, releasing the others), or none. */
  target(page: WorldPage, token: Any | null): void {
    page.run(() => {
      const user = (page.globals.game as Any).user;
      if (!token) user.targets.clear();
      else token.object.setTarget(true, { releaseOthers: true });
    });
  }

  /** The user drags a token square by square along one axis (core: TokenDocument#move, "dragging"). */
  async drag(
    page: WorldPage,
    token: Any,
    to: { x: number; y: number },
    step: string,
    expected: Expect = {},
  ): Promise<void> {
    const moved = await page.run(() => token.move([{ x: to.x, y: to.y }], { method: "dragging" }));
    expect(moved, `${step}: the move was refused`).toBe(true);
    await this.settle(step, expected);
  }

  /** The page's user will answer the next dialog by pressing `action` after filling `fields`. */
  answer(page: WorldPage, action: string, fields?: Record<string, unknown>): void {
    this.#answers.get(page)!.push(fields ? { action, fields } : { action });
  }

  /** The next dice rolled on any page show these faces, in order (`[20, 15]`: a d20 showing 15). */
  dice(...faces: PlannedFace[]): void {
    this.#faces.push(...faces);
  }
}

/** Records console.error (the smoke test fails on one) while `fn` runs. */
export function watchConsole(table: Table): () => void {
  const original = console.error;
  console.error = (...args: unknown[]) => {
    table.consoleErrors.push(
      args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : String(a))).join(" "),
    );
  };
  return () => {
    console.error = original;
    failures.length = 0;
  };
}
