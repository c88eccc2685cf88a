/**
 * The smoke test's hands: a world (the built system on the world harness) with a GM and, usually, Alice on her own
 * page; the GM opens Configure Settings, presses "Check Fray in this world", ticks the families asked for and
 * presses Start — real clicks in the GM's page. The self-test (src/self-test/) then plays each family's round in
 * the GM's page, Alice's part on Alice's page through her User (the same code a GM runs in a real world). This file
 * reads what the window shows, and keeps what the test checks from outside: who wrote what on the server, the
 * world's documents before and after, the settings and User flags, and anything that went wrong on any page.
 */
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { expect } from "vitest";
import { FAMILY_IDS, type FamilyId } from "../../src/rules/families/ids";
import type { WindowCheck } from "../../src/self-test/gestures";
import type * as SelfTestChunk from "../../src/self-test/self-test";
import { failures } from "../harness/core";
import { V14 } from "../harness/generation";
import { DIST, type WorldPage } from "../harness/world/page";
import type { Data, WorldServer } from "../harness/world/server";
import { createWorld, ROLES, type World } from "../harness/world/world";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any -- the pages' documents are untyped here

export interface StepShown {
  readonly family: string;
  readonly label: string;
  readonly ok: boolean;
  readonly error: string;
}

/** What the world holds: documents by type, world settings, each user's flags. */
export interface WorldState {
  readonly documents: Record<string, number>;
  /** Each chat message, as `<id> <type> by <author>: <content's first 80 characters>` (to say which is left). */
  readonly messages: readonly string[];
  readonly settings: Record<string, unknown>;
  readonly userFlags: Record<string, unknown>;
}

export interface CheckRun {
  readonly world: World;
  readonly gm: WorldPage;
  readonly alice: WorldPage | null;
  /** The window's verdict (`data-state` of its report) and its steps, as drawn. */
  readonly state: string | null;
  readonly steps: readonly StepShown[];
  readonly problems: readonly string[];
  /** What the window's report text box holds. */
  readonly text: string;
  readonly before: WorldState;
  readonly after: WorldState;
  /** Each page's own state before the GM opened the menu and after the check. */
  readonly pagesBefore: Record<string, PageState>;
  readonly pagesAfter: Record<string, PageState>;
  /** What went wrong anywhere outside the self-test's report: failures, console errors and warnings, notices shown. */
  readonly troubles: readonly string[];
  /** v14: the windows popped out and back, as `<page>: <window>` (none on v13). */
  readonly popped: readonly string[];
  /** What a page's user wrote on the server, as `<action> <documentName>`, once each. */
  writesBy(page: WorldPage): string[];
}

/** What each page shows and holds of its own: the scene it views, the fight its tracker shows, its dice source. */
export interface PageState {
  readonly scene: string | null;
  readonly combat: string | null;
  readonly randomUniform: unknown;
}

export function pageStates(world: World): Record<string, PageState> {
  return Object.fromEntries(
    [...world.pages.values()].map((page) => [
      page.name,
      page.run(() => ({
        scene: ((page.globals.canvas as Any)?.scene?.id as string | undefined) ?? null,
        combat: ((page.globals.ui as Any).combat?.viewed?.id as string | undefined) ?? null,
        randomUniform: (page.globals.CONFIG as Any).Dice.randomUniform as unknown,
      })),
    ]),
  );
}

/** The documents of the world, counted by type (embedded ones too), its world settings and users' flags. */
export function worldState(server: WorldServer): WorldState {
  const documents: Record<string, number> = {};
  const add = (name: string, n = 1) => (documents[name] = (documents[name] ?? 0) + n);
  const list = (source: Data, field: string) => (source[field] as Data[] | undefined) ?? [];
  for (const [collection, sources] of Object.entries(server.sources))
    for (const source of sources.values()) {
      add(collection);
      for (const item of list(source, "items")) {
        add("items (embedded)");
        add("effects (embedded)", list(item, "effects").length);
      }
      add("effects (embedded)", list(source, "effects").length);
      add("tokens", list(source, "tokens").length);
      add("combatants", list(source, "combatants").length);
    }
  const users = [...server.sources.users!.values()];
  return {
    documents,
    messages: [...(server.sources.messages?.values() ?? [])].map(
      (m) =>
        `${String(m._id)} ${String(m.type ?? "base")} by ${String(m.author)}: ${String(m.content ?? "").slice(0, 80)}`,
    ),
    settings: Object.fromEntries([...server.settings].map(([k, v]) => [k, JSON.parse(JSON.stringify(v))])),
    userFlags: Object.fromEntries(
      users.map((u) => [String(u._id), JSON.parse(JSON.stringify(u.flags ?? {}))]),
    ),
  };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function click(page: WorldPage, element: Element | null | undefined, what: string): void {
  if (!element) throw new Error(`${page.name}: nothing to click for ${what}`);
  page.run(() => (element as HTMLElement).click());
}

export interface CheckOptions {
  readonly families: readonly FamilyId[];
  /** Alice's language (her page), or null: nobody but the GM is connected. */
  readonly aliceLang: string | null;
  /** Whether the GM lets Alice's client play the player's part (the window's default when she is connected). */
  readonly alicePlays?: boolean;
  /** Work on the pages before the GM opens the menu (after the state before is taken). */
  readonly before?: (world: World) => Promise<void>;
  /**
   * The warnings the check must show, as `<page> was told (warn): <message>` (a refusal a step checks): each must be
   * shown, once; any other warning or error shown on a page is trouble.
   */
  readonly warnings?: readonly string[];
  /** Work on the pages right after the GM pressed Start (the check under way). */
  readonly during?: (world: World) => Promise<void>;
}

/** Runs "Check Fray in this world" through the GM's settings menu and waits for it to finish. */
export async function checkThroughMenu(options: CheckOptions): Promise<CheckRun> {
  const consoleErrors: string[] = [];
  const original = { error: console.error, warn: console.warn };
  const record =
    (kind: string) =>
    (...args: unknown[]) => {
      consoleErrors.push(
        `console.${kind}: ${args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : String(a))).join(" ")}`,
      );
    };
  console.error = record("error");
  console.warn = record("warn");
  try {
    return await check(options, consoleErrors);
  } finally {
    console.error = original.error;
    console.warn = original.warn;
    failures.length = 0;
  }
}

/**
 * Configure Settings → Fray → "Check Fray in this world": a real click in the page; the window it opens (a new
 * one each time, as core's menu makes). While a check runs the world is never quiet: the window is waited for.
 */
export async function openCheckWindow(world: World, page: WorldPage): Promise<HTMLElement> {
  const current = () =>
    page.run(() => (page.globals.foundry as Any).applications.instances.get("fray-self-test") ?? null);
  const before = current();
  const sheet = await page.run(async () => {
    const app = (page.globals.game as Any).settings.sheet;
    await app.render({ force: true });
    return app.element as HTMLElement;
  });
  click(page, sheet.querySelector('[data-action="openSubmenu"][data-key="fray.selfTest"]'), "the menu");
  if (!before) await world.settle();
  const started = performance.now();
  while (current() === before || !current()?.rendered) {
    if (performance.now() - started > 5_000) throw new Error("the menu opened no window");
    await wait(5);
  }
  return current().element as HTMLElement;
}

/**
 * The self-test's chunk as a page loads it: the URL its `fray.mjs?page=<name>` imports it at (the page-query
 * resolve hook, tests/harness/world/page-query-hook.mjs), so the test reaches that page's own instance.
 */
export function chunkOf(page: WorldPage): Promise<typeof SelfTestChunk> {
  const url = new URL(pathToFileURL(resolve(join(DIST, "fray-self-test.mjs"))).href);
  url.searchParams.set("page", page.instance);
  return page.run(() => import(/* @vite-ignore */ url.href));
}

/**
 * v14: every window a gesture of the check uses (the tracker and each sheet the first time, the Token HUD each
 * time it is drawn for a token) is popped out into a window of its own and back before the gesture presses
 * anything (foundryvtt#14417: the render workflow runs again without drawing any part), as a table on v14 may;
 * the window must then show what was drawn (every `_onRender` and render hook of Fray's idempotent), else the
 * gesture's step fails with the difference. v13 has no detached windows. Returns what was popped out.
 */
async function popOutEveryWindow(world: World): Promise<string[]> {
  const popped: string[] = [];
  if (!V14) return popped;
  for (const page of world.pages.values()) {
    const seen = new WeakSet<object>();
    const check: WindowCheck = async (app, what, redrawn) => {
      if (!redrawn && seen.has(app)) return;
      seen.add(app);
      const window = app as {
        element: HTMLElement;
        detach(): Promise<unknown>;
        reattach(): Promise<unknown>;
      };
      const before = window.element.outerHTML;
      await window.detach();
      await window.reattach();
      popped.push(`${page.name}: ${what}`);
      if (window.element.outerHTML !== before)
        throw new Error(`${page.name}'s ${what} after a detach and a reattach is not what was drawn`);
    };
    (await chunkOf(page)).checkWindowsWith(check);
  }
  return popped;
}

async function check(options: CheckOptions, consoleErrors: string[]): Promise<CheckRun> {
  const world = await createWorld({
    gm: { role: ROLES.GAMEMASTER },
    ...(options.aliceLang ? { alice: { role: ROLES.PLAYER, lang: options.aliceLang } } : {}),
  });
  const gm = world.page("gm");
  const alice = options.aliceLang ? world.page("alice") : null;
  // The world's own family is one the check does not end on: a family left set would show.
  const last = options.families.at(-1);
  const own = FAMILY_IDS.find((f) => f !== last)!;
  await gm.run(() => (gm.globals.game as Any).settings.set("fray", "ruleset", own));
  await world.settle();
  const before = worldState(world.server);
  await options.before?.(world);
  await world.settle();
  const popped = await popOutEveryWindow(world);
  const pagesBefore = pageStates(world);

  const root = await openCheckWindow(world, gm);
  const ticked = [...root.querySelectorAll<HTMLInputElement>('input[name="family"]:checked')].map(
    (b) => b.value,
  );
  if (ticked.join() !== FAMILY_IDS.join())
    throw new Error(`the window does not tick all five families: ${ticked.join()}`);
  for (const box of root.querySelectorAll<HTMLInputElement>('input[name="family"]'))
    if (box.checked !== options.families.includes(box.value as FamilyId)) click(gm, box, box.value);
  const select = root.querySelector<HTMLSelectElement>('select[name="player"]');
  if (!select) throw new Error("the window has no player choice");
  const expected = alice && options.alicePlays !== false ? alice.userId : "";
  if (alice && select.value !== alice.userId)
    throw new Error(`the window does not offer Alice first: ${select.value}`);
  if (!alice && select.value !== "")
    throw new Error("with nobody connected, the GM's client must play both parts");
  gm.run(() => {
    select.value = expected;
    select.dispatchEvent(new gm.window.Event("change", { bubbles: true }) as unknown as Event);
  });
  click(gm, root.querySelector('[data-action="start"]'), "Start");
  await options.during?.(world);

  // The check runs in the GM's page; wait for it to be done.
  const started = performance.now();
  for (;;) {
    await wait(20);
    const state = gm.run(() => {
      const element = (gm.globals.foundry as Any).applications.instances.get("fray-self-test")?.element as
        HTMLElement | undefined;
      return element?.querySelector(".fray-self-test-report")?.getAttribute("data-state") ?? null;
    });
    if (state && state !== "running" && gm.running.size === 0 && world.server.pending === 0) break;
    if (performance.now() - started > 100_000) throw new Error("the check never finished");
  }
  await world.settle();

  const element = gm.run(
    () => (gm.globals.foundry as Any).applications.instances.get("fray-self-test").element as HTMLElement,
  );
  const steps: StepShown[] = [];
  for (const list of element.querySelectorAll<HTMLElement>("ol.fray-self-test-steps"))
    for (const li of list.querySelectorAll<HTMLElement>("li.fray-step"))
      steps.push({
        family: list.dataset.family ?? "",
        label: li.querySelector(".fray-step-label")?.textContent?.trim() ?? "",
        ok: li.dataset.ok === "true",
        error: li.querySelector(".fray-step-error")?.textContent?.trim() ?? "",
      });
  const told = [...world.pages.values()].flatMap((p) =>
    p.notifications
      .filter((n) => n.type !== "info" && n.type !== "success")
      .map((n) => `${p.name} was told (${n.type}): ${n.message}`),
  );
  for (const warning of options.warnings ?? []) {
    const at = told.indexOf(warning);
    if (at >= 0) told.splice(at, 1);
    else told.push(`never shown: ${warning}`);
  }
  const troubles = [...world.takeFailures(), ...consoleErrors.splice(0), ...told];
  const text = element.querySelector<HTMLTextAreaElement>(".fray-self-test-text")?.value ?? "";
  if (process.env.SMOKE_TIMING) console.log(text);
  return {
    world,
    gm,
    alice,
    state: element.querySelector(".fray-self-test-report")?.getAttribute("data-state") ?? null,
    steps,
    problems: [...element.querySelectorAll(".fray-self-test-problem")].map((p) => p.textContent ?? ""),
    text,
    before,
    after: worldState(world.server),
    pagesBefore,
    pagesAfter: pageStates(world),
    troubles,
    popped,
    writesBy: (page) => [
      ...new Set(
        world.server.writes
          .filter((w) => w.userId === page.userId)
          .map((w) => `${w.action} ${w.documentName}`),
      ),
    ],
  };
}

/** The steps that failed, as lines (empty when every step passed). */
export function failedSteps(run: CheckRun): string[] {
  return [
    ...run.problems,
    ...run.steps.filter((s) => !s.ok).map((s) => `${s.family}: ${s.label}: ${s.error}`),
  ];
}

/** The world's documents after the check: as before, plus the one summary message it leaves. */
export function withSummary(state: WorldState): Record<string, number> {
  return { ...state.documents, messages: (state.documents.messages ?? 0) + 1 };
}

/**
 * What every smoke test checks from outside, after the self-test passed: the GM's whisper is the one document
 * left, every setting and User flag is as it was, nothing went wrong on any page, and Alice's page wrote only
 * what a player may (DESIGN.md: only the active GM writes shared state — her own User, for the mailbox and the
 * self-test's reports; chat messages of her own; her tokens' moves).
 */
export function expectWorldAsFound(run: CheckRun): void {
  expect(failedSteps(run), "failed steps").toEqual([]);
  expect(run.state).toBe("passed");
  expectLeftAsFound(run);
  // v14: the windows the gestures used were popped out and back on the pages that played (none on v13).
  if (V14) {
    const pages = run.alice && run.steps.some((s) => s.label.startsWith("alice")) ? ["gm", "alice"] : ["gm"];
    for (const page of pages) {
      expect(run.popped, `${page}'s tracker popped out`).toContain(`${page}: combat tracker`);
      expect(
        run.popped.some((p) => p.startsWith(`${page}: sheet of `) || p.startsWith(`${page}: Token HUD of `)),
        `${page}'s sheets or Token HUD popped out`,
      ).toBe(true);
    }
  } else expect(run.popped).toEqual([]);
}

/**
 * What the check leaves, passed or failed: nothing went wrong on any page outside its report, the GM's whisper
 * (saying how it went) is the one document left, every setting, User flag and page's view is as it was.
 */
export function expectLeftAsFound(run: CheckRun): void {
  expect(run.troubles, "trouble on a page").toEqual([]);
  expect(
    run.after.messages.filter((m) => !run.before.messages.includes(m)),
    "the messages the check left: its summary only",
  ).toEqual([expect.stringContaining("fray-self-test-summary")]);
  expect(run.after.documents).toEqual(withSummary(run.before));
  expect(run.after.settings).toEqual(run.before.settings);
  expect(run.after.userFlags).toEqual(run.before.userFlags);
  // Each page views the scene and fight it viewed, and rolls its dice from the CONFIG.Dice.randomUniform it had.
  for (const [name, before] of Object.entries(run.pagesBefore)) {
    const after = run.pagesAfter[name]!;
    expect({ scene: after.scene, combat: after.combat }, `${name}'s view`).toEqual({
      scene: before.scene,
      combat: before.combat,
    });
    expect(after.randomUniform === before.randomUniform, `${name}'s CONFIG.Dice.randomUniform put back`).toBe(
      true,
    );
  }
  // Plain data only: the pages' documents are not for the test runner to print.
  const summary = run.gm.run(() => {
    const message = (run.gm.globals.game as Any).messages.contents.at(-1);
    return {
      id: String(message?.id),
      whisper: [...(message?.whisper ?? [])],
      content: String(message?.content),
    };
  });
  expect(summary.whisper).toEqual([run.gm.userId]);
  expect(summary.content).toContain(`data-state="${String(run.state)}"`);
  if (run.alice) {
    const alice = run.alice;
    expect(alice.run(() => Boolean((alice.globals.game as Any).messages.get(summary.id)))).toBe(false);
    const shared = ["update User", "create ChatMessage", "update Token"];
    expect(run.writesBy(alice).filter((w) => !shared.includes(w))).toEqual([]);
  }
}
