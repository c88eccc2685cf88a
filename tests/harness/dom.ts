/**
 * Rendered templates parsed into a real DOM (happy-dom) and clicked through, so a handler gets the element and
 * the event a browser would give it: `event.target` is what was clicked (the label inside a button, as a person
 * clicks the words), the event bubbles to the listener on an ancestor, `closest()` walks the real tree and
 * `dataset` is the browser's (HTML lowercases attribute names; `data-use-standard` is `dataset.useStandard`).
 * No test hand-builds a `dataset`, an event or an event target. No Fray logic lives here.
 */
import { Window } from "happy-dom";
import { templateEnvironment } from "./templates";

export const domWindow = new Window({ url: "http://localhost/" });
const doc = domWindow.document;

const environments = new Map<string, ReturnType<typeof templateEnvironment>>();
function environment(lang: string) {
  let env = environments.get(lang);
  if (!env) environments.set(lang, (env = templateEnvironment(lang)));
  return env;
}

/** Parses `html` into a new element attached to the page's body (events bubble up to `document` as on a page). */
export function mount(html: string): HTMLElement {
  const root = doc.createElement("div");
  root.innerHTML = html;
  doc.body.appendChild(root);
  return root as unknown as HTMLElement;
}

/** Renders one of Fray's templates with the real handlebars environment and mounts it. */
export function renderDom(templateFile: string, context: unknown, lang = "en"): HTMLElement {
  return mount(environment(lang).render(templateFile, context));
}

/** Empties the page between tests. */
export function clearDom(): void {
  doc.body.innerHTML = "";
}

const text = (el: Element) => (el.textContent ?? "").replace(/\s+/g, " ").trim();

/** What a person sees of the buttons under `root` (their visible labels), for the error messages. */
function labels(root: ParentNode): string[] {
  return [...root.querySelectorAll("button, a[data-action]")].map((b) => {
    const action = b.getAttribute("data-action");
    return `"${text(b)}"${action ? ` [${action}]` : ""}`;
  });
}

function only(found: Element[], what: string, root: ParentNode): HTMLElement {
  if (found.length !== 1)
    throw new Error(`${found.length} buttons ${what}; the buttons are: ${labels(root).join(", ") || "none"}`);
  return found[0] as HTMLElement;
}

/** The one button under `root` whose visible label is `label` (whitespace collapsed); throws on none or several. */
export function buttonByLabel(root: ParentNode, label: string): HTMLElement {
  return only(
    [...root.querySelectorAll("button")].filter((b) => text(b) === label),
    `labelled "${label}"`,
    root,
  );
}

/** The one element under `root` with `data-action="action"`; throws on none or several. */
export function buttonByAction(root: ParentNode, action: string): HTMLElement {
  return only([...root.querySelectorAll(`[data-action="${action}"]`)], `with data-action "${action}"`, root);
}

/** The row (or any element) carrying `data-combatant-id="id"` under `root`. */
export function rowOf(root: ParentNode, combatantId: string): HTMLElement {
  const row = root.querySelector(`[data-combatant-id="${combatantId}"]`);
  if (!row) throw new Error(`no element with data-combatant-id "${combatantId}"`);
  return row as HTMLElement;
}

/** Where a person's click lands on `el`: the innermost element that holds all of its visible text (its label). */
function landingPoint(el: Element): Element {
  const words = text(el);
  if (!words) return el;
  let at: Element = el;
  for (;;) {
    const inner = [...at.children].find((child) => text(child) === words);
    if (!inner) return at;
    at = inner;
  }
}

/** A real click on `el` (on its label, as a person clicks), bubbling from there; the dispatched event. */
export function click(el: Element): Event {
  // happy-dom's own types, not lib.dom's: the element and the event are the same objects either way.
  const event = new domWindow.PointerEvent("click", { bubbles: true, cancelable: true, button: 0 });
  const at = landingPoint(el) as unknown as { dispatchEvent(e: typeof event): boolean };
  at.dispatchEvent(event);
  return event as unknown as Event;
}

/**
 * Clicks `el` with `listener` attached (for the click alone) to `root` as a delegated click listener, the way
 * Fray attaches its panel and card listeners; returns what the listener returned for that click. Throws when
 * the click never reached it.
 */
export function clickThrough<T>(root: Element, el: Element, listener: (event: Event) => T): T {
  let result: { value: T } | null = null;
  const onClick = (event: Event) => {
    result = { value: listener(event) };
  };
  root.addEventListener("click", onClick);
  try {
    click(el);
  } finally {
    root.removeEventListener("click", onClick);
  }
  if (!result) throw new Error("the click did not reach the listener");
  return (result as { value: T }).value;
}

/**
 * From now on, keeps what the listeners added to `el` return for each event (the DOM drops it), so a test can
 * await the work a listener started for its click. The listeners themselves run unchanged.
 */
export function listenerResults(el: Element): unknown[] {
  const results: unknown[] = [];
  const add = el.addEventListener.bind(el);
  el.addEventListener = (
    type: string,
    listener: EventListenerOrEventListenerObject | null,
    options?: boolean | AddEventListenerOptions,
  ) => {
    if (!listener) return;
    add(
      type,
      (event: Event) => {
        results.push(typeof listener === "function" ? listener.call(el, event) : listener.handleEvent(event));
      },
      options,
    );
  };
  return results;
}
