/**
 * The self-test's hands: what a user does at the table, done on the client of the user who does it, through the
 * windows Foundry and Fray draw there — a button of the combat tracker, of a sheet, of a chat card or of the Token
 * HUD pressed in that client's DOM, a token targeted, a token dragged, a dialog answered. Nothing is built by hand:
 * every button is found as that user sees it (as last drawn). A gesture is plain data, so the GM's client can ask
 * a player's client to make it (relay.ts); the same code makes the GM's own gestures on the GM's client.
 */
import { dataAttributeName } from "../applications/handlebars-helpers";
import { openSheet } from "../applications/sheets/open-sheet";
import { loc } from "../utils/loc";
import { failedCheck, type Check, type ProbeScope } from "./probes";

export interface Point {
  readonly x: number;
  readonly y: number;
}

export type Gesture =
  | {
      readonly kind: "tracker";
      readonly action: string;
      readonly combatant?: string;
      /** Dataset keys and values the control carries (camelCase keys, as `dataset` reads them). */
      readonly data?: Readonly<Record<string, string>>;
    }
  | { readonly kind: "item"; readonly token: string; readonly item: string; readonly action: string }
  | { readonly kind: "sheet"; readonly token: string; readonly selector: string }
  | { readonly kind: "card"; readonly message: string; readonly selector: string }
  | { readonly kind: "hud"; readonly token: string; readonly selector: string }
  | { readonly kind: "target"; readonly token: string | null }
  | { readonly kind: "drag"; readonly token: string; readonly to: Point }
  | { readonly kind: "see"; readonly checks: readonly Check[] };

/** A dialog answer: the button pressed (its `data-action`) after the fields are filled. */
export interface DialogAnswer {
  readonly action: string;
  readonly fields?: Readonly<Record<string, string | number | boolean>>;
}

export const GESTURE_KINDS = ["tracker", "item", "sheet", "card", "hud", "target", "drag", "see"] as const;

/** Where the gesture is made: the scratch scene and its fight, as this client holds them. */
export interface Place {
  scene: Scene.Implementation;
  combat: Combat.Implementation | null;
}

function tokenNamed(place: Place, name: string): TokenDocument.Implementation {
  const found = place.scene.tokens.filter((t) => t.name === name);
  if (found.length !== 1)
    throw new Error(loc("FRAY.SelfTest.Error.tokens", { count: found.length, token: name }));
  return found[0]!;
}

/**
 * What looks at a window a gesture is about to use, once it is drawn and before anything in it is pressed (none in
 * a world: the world harness sets one on v14, which pops each window out into a window of its own and back, as a
 * table on v14 may, and checks the window still shows what was drawn). `redrawn`: the window was drawn afresh for
 * this gesture (the Token HUD, for each token); else it is shown as last drawn.
 */
export type WindowCheck = (app: object, what: string, redrawn: boolean) => Promise<void>;
let windowCheck: WindowCheck | null = null;

/** Sets (or, with null, takes away) what looks at each window a gesture uses on this client. */
export function checkWindowsWith(check: WindowCheck | null): void {
  windowCheck = check;
}

/** The combat tracker as this user sees it now: as last drawn (drawn once if it never was). */
async function tracker(): Promise<HTMLElement> {
  const app = ui.combat!;
  if (!app.rendered) await app.render({ force: true });
  await windowCheck?.(app, "combat tracker", false);
  return app.element;
}

/** An actor's sheet on this client: opened if it is not, else as last drawn. */
async function sheet(actor: Actor.Implementation): Promise<HTMLElement> {
  const app = actor.sheet;
  if (!app) throw new Error(loc("FRAY.SelfTest.Error.noSheet", { actor: actor.name ?? "" }));
  if (!app.rendered) await openSheet(app);
  await windowCheck?.(app, `sheet of ${actor.name}`, false);
  // Fray's sheets are ApplicationV2 (an HTMLElement); the types allow a v1 sheet's jQuery too.
  return app.element as HTMLElement;
}

/** Presses an element; `missing` says, in the user's language, what is not there. */
function press(element: Element | null | undefined, missing: () => string): void {
  if (!element) throw new Error(missing());
  (element as HTMLElement).click();
}

/** The scope probes read on this client: the scratch scene, its fight, this client's tracker and chat. */
export async function probeScope(place: Place): Promise<ProbeScope> {
  return {
    scene: place.scene,
    combat: place.combat,
    tracker: await tracker(),
    messages: game.messages?.contents ?? [],
  };
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Makes one gesture on this client. Throws, in words, when it cannot be made, or when a check still fails after
 * `within` ms (what another client wrote reaches this one a little later than it reached the writer: a check looks
 * again until it holds or the time is up).
 */
export async function perform(gesture: Gesture, place: Place, within = 0): Promise<void> {
  switch (gesture.kind) {
    case "tracker": {
      const root = await tracker();
      let scope: Element = root;
      if (gesture.combatant) {
        const rows = [...root.querySelectorAll<HTMLElement>("[data-combatant-id]")].filter(
          (r) => r.querySelector(".name")?.textContent?.trim() === gesture.combatant,
        );
        if (rows.length !== 1)
          throw new Error(
            loc("FRAY.SelfTest.Error.trackerRows", { count: rows.length, combatant: gesture.combatant }),
          );
        scope = rows[0]!;
      }
      const filter = Object.entries(gesture.data ?? {})
        .map(([key, value]) => `[${dataAttributeName(key)}="${value}"]`)
        .join("");
      const selector = `[data-action="${gesture.action}"]${filter}`;
      press(scope.querySelector(selector), () =>
        gesture.combatant
          ? loc("FRAY.SelfTest.Error.noTrackerControlFor", { selector, combatant: gesture.combatant })
          : loc("FRAY.SelfTest.Error.noTrackerControl", { selector }),
      );
      return;
    }
    case "item": {
      const actor = tokenNamed(place, gesture.token).actor;
      if (!actor) throw new Error(loc("FRAY.SelfTest.Error.noActor", { token: gesture.token }));
      const item = actor.items.getName(gesture.item);
      if (!item)
        throw new Error(loc("FRAY.SelfTest.Error.noItem", { actor: actor.name ?? "", item: gesture.item }));
      const root = await sheet(actor);
      press(root.querySelector(`[data-item-id="${item.id}"] [data-action="${gesture.action}"]`), () =>
        loc("FRAY.SelfTest.Error.noItemControl", {
          actor: actor.name ?? "",
          item: gesture.item,
          action: gesture.action,
        }),
      );
      return;
    }
    case "sheet": {
      const actor = tokenNamed(place, gesture.token).actor;
      if (!actor) throw new Error(loc("FRAY.SelfTest.Error.noActor", { token: gesture.token }));
      const root = await sheet(actor);
      press(root.querySelector(gesture.selector), () =>
        loc("FRAY.SelfTest.Error.noSheetControl", { actor: actor.name ?? "", selector: gesture.selector }),
      );
      return;
    }
    case "card": {
      const log = ui.chat?.element;
      const entry = log?.querySelector(`[data-message-id="${gesture.message}"]`);
      if (!entry) throw new Error(loc("FRAY.SelfTest.Error.notInChat", { id: gesture.message }));
      press(entry.querySelector(gesture.selector), () =>
        loc("FRAY.SelfTest.Error.noCardControl", { selector: gesture.selector }),
      );
      return;
    }
    case "hud": {
      const token = tokenNamed(place, gesture.token);
      const placeable = token.object;
      if (!placeable) throw new Error(loc("FRAY.SelfTest.Error.notDrawn", { token: gesture.token }));
      // v13's placeable HUDs bind to a placeable before they draw (BasePlaceableHUD#bind, not in fvtt-types 13.346).
      const hud = canvas!.hud!.token as TokenHUD & { bind(object: unknown): unknown };
      hud.bind(placeable);
      await hud.render({ force: true });
      await windowCheck?.(hud, `Token HUD of ${gesture.token}`, true);
      press(hud.element.querySelector(gesture.selector), () =>
        loc("FRAY.SelfTest.Error.noHudControl", { token: gesture.token, selector: gesture.selector }),
      );
      return;
    }
    case "target": {
      const user = game.user!;
      if (gesture.token === null) {
        for (const target of [...user.targets]) target.setTarget(false, { releaseOthers: false });
        return;
      }
      const placeable = tokenNamed(place, gesture.token).object;
      if (!placeable) throw new Error(loc("FRAY.SelfTest.Error.notDrawn", { token: gesture.token }));
      placeable.setTarget(true, { releaseOthers: true });
      return;
    }
    case "drag": {
      const token = tokenNamed(place, gesture.token);
      const moved = await token.move([{ x: gesture.to.x, y: gesture.to.y }], { method: "dragging" });
      if (moved !== true) throw new Error(loc("FRAY.SelfTest.Error.moveRefused", { token: gesture.token }));
      return;
    }
    case "see": {
      const deadline = performance.now() + within;
      for (;;) {
        const scope = await probeScope(place);
        const failed = gesture.checks
          .map((c) => failedCheck(c, scope))
          .filter((f): f is string => f !== null);
        if (!failed.length) return;
        if (performance.now() >= deadline) throw new Error(failed.join("; "));
        await wait(20);
      }
    }
  }
}

/** Fills a dialog's form as a user would: every named field must exist, a select's value must be an option. */
function fill(form: HTMLElement, fields: Readonly<Record<string, string | number | boolean>>): void {
  for (const [name, value] of Object.entries(fields)) {
    const controls = [...form.querySelectorAll<HTMLInputElement & HTMLSelectElement>(`[name="${name}"]`)];
    const first = controls[0];
    if (!first) throw new Error(loc("FRAY.SelfTest.Error.noField", { field: name }));
    const type = (first.getAttribute("type") ?? "").toLowerCase();
    let changed: HTMLElement = first;
    if (type === "checkbox") first.checked = Boolean(value);
    else if (type === "radio") {
      const radio = controls.find((c) => c.value === String(value));
      if (!radio) throw new Error(loc("FRAY.SelfTest.Error.noChoice", { field: name, value: String(value) }));
      radio.checked = true;
      changed = radio;
    } else if (first.tagName === "SELECT") {
      const options = [...first.options].map((o) => o.value);
      if (!options.includes(String(value)))
        throw new Error(
          loc("FRAY.SelfTest.Error.noOption", {
            field: name,
            value: String(value),
            options: options.join(", "),
          }),
        );
      first.value = String(value);
    } else first.value = String(value);
    changed.dispatchEvent(new Event("input", { bubbles: true }));
    changed.dispatchEvent(new Event("change", { bubbles: true }));
  }
}

/**
 * Answers the dialogs this client shows, first in first out: a dialog (core's `renderDialogV2`) gets the next
 * answer — its fields filled, its button pressed. A dialog with no answer waiting is closed and reported.
 */
export class DialogAnswers {
  #queue: DialogAnswer[] = [];
  #problems: string[] = [];
  #hook: number | null = null;

  start(): void {
    this.#hook = Hooks.on("renderDialogV2", (app: unknown, element: unknown) => {
      const dialog = app as { close(): Promise<unknown>; title?: string };
      const root = element as HTMLElement;
      const answer = this.#queue.shift();
      // The dialog's own click handlers are in place once its render is over.
      setTimeout(() => {
        try {
          if (!answer) {
            this.#problems.push(loc("FRAY.SelfTest.Error.unexpectedDialog", { title: dialog.title ?? "" }));
            void dialog.close();
            return;
          }
          if (answer.fields) fill(root, answer.fields);
          press(root.querySelector(`button[data-action="${answer.action}"]`), () =>
            loc("FRAY.SelfTest.Error.noDialogButton", { action: answer.action }),
          );
        } catch (error) {
          this.#problems.push(error instanceof Error ? error.message : String(error));
          void dialog.close();
        }
      }, 0);
    });
  }

  stop(): void {
    if (this.#hook !== null) Hooks.off("renderDialogV2", this.#hook);
    this.#hook = null;
  }

  queue(answers: readonly DialogAnswer[]): void {
    this.#queue.push(...answers);
  }

  /** What went wrong since the last call, and the answers no dialog asked for (emptied). */
  takeProblems(): string[] {
    const left = this.#queue.splice(0);
    if (left.length)
      this.#problems.push(
        loc("FRAY.SelfTest.Error.dialogsNeverShown", {
          count: left.length,
          actions: left.map((a) => a.action).join(", "),
        }),
      );
    return this.#problems.splice(0);
  }
}
