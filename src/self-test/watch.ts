/**
 * What the self-test watches on the client it runs on, for the length of a check: when the table is quiet (no
 * document written or drawn, no GM request in hand, for a while that scales with the server's round trip), and
 * what went wrong (a hook that threw — core's `error` hook, v13 and v14 —, a promise nobody caught, an error
 * logged, a warning or error shown to the user), and the warnings logged to the console (not failures: modules
 * warn too, but a deprecation Foundry logs for Fray's code is what a maintainer wants to read in the report).
 * Everything it hooks or wraps it unhooks and puts back in `stop()`.
 */
import { requestWorkInFlight } from "../net/gm-requests";
import { loc } from "../utils/loc";

/**
 * The hooks whose firing counts as the table moving: the writes of the documents a check touches (Actor, Item,
 * ActiveEffect, Token, Combat, Combatant, ChatMessage, User, Scene), the drawings, the turns, the moves. Spelt
 * out, so that tools/foundry-api-inventory.mjs reads each name.
 */
type ActivityHook =
  | "preCreateActor"
  | "createActor"
  | "preUpdateActor"
  | "updateActor"
  | "preDeleteActor"
  | "deleteActor"
  | "preCreateItem"
  | "createItem"
  | "preUpdateItem"
  | "updateItem"
  | "preDeleteItem"
  | "deleteItem"
  | "preCreateActiveEffect"
  | "createActiveEffect"
  | "preUpdateActiveEffect"
  | "updateActiveEffect"
  | "preDeleteActiveEffect"
  | "deleteActiveEffect"
  | "preCreateToken"
  | "createToken"
  | "preUpdateToken"
  | "updateToken"
  | "preDeleteToken"
  | "deleteToken"
  | "preCreateCombat"
  | "createCombat"
  | "preUpdateCombat"
  | "updateCombat"
  | "preDeleteCombat"
  | "deleteCombat"
  | "preCreateCombatant"
  | "createCombatant"
  | "preUpdateCombatant"
  | "updateCombatant"
  | "preDeleteCombatant"
  | "deleteCombatant"
  | "preCreateChatMessage"
  | "createChatMessage"
  | "preUpdateChatMessage"
  | "updateChatMessage"
  | "preDeleteChatMessage"
  | "deleteChatMessage"
  | "preCreateUser"
  | "createUser"
  | "preUpdateUser"
  | "updateUser"
  | "preDeleteUser"
  | "deleteUser"
  | "preCreateScene"
  | "createScene"
  | "preUpdateScene"
  | "updateScene"
  | "preDeleteScene"
  | "deleteScene"
  | "renderApplicationV2"
  | "renderChatMessageHTML"
  | "combatTurnChange"
  | "moveToken"
  | "canvasReady";

/** Every hook the watch listens to: the activity hooks and core's `error` hook. */
type WatchedHook = ActivityHook | "error";

const ACTIVITY_HOOKS: readonly ActivityHook[] = [
  "preCreateActor",
  "createActor",
  "preUpdateActor",
  "updateActor",
  "preDeleteActor",
  "deleteActor",
  "preCreateItem",
  "createItem",
  "preUpdateItem",
  "updateItem",
  "preDeleteItem",
  "deleteItem",
  "preCreateActiveEffect",
  "createActiveEffect",
  "preUpdateActiveEffect",
  "updateActiveEffect",
  "preDeleteActiveEffect",
  "deleteActiveEffect",
  "preCreateToken",
  "createToken",
  "preUpdateToken",
  "updateToken",
  "preDeleteToken",
  "deleteToken",
  "preCreateCombat",
  "createCombat",
  "preUpdateCombat",
  "updateCombat",
  "preDeleteCombat",
  "deleteCombat",
  "preCreateCombatant",
  "createCombatant",
  "preUpdateCombatant",
  "updateCombatant",
  "preDeleteCombatant",
  "deleteCombatant",
  "preCreateChatMessage",
  "createChatMessage",
  "preUpdateChatMessage",
  "updateChatMessage",
  "preDeleteChatMessage",
  "deleteChatMessage",
  "preCreateUser",
  "createUser",
  "preUpdateUser",
  "updateUser",
  "preDeleteUser",
  "deleteUser",
  "preCreateScene",
  "createScene",
  "preUpdateScene",
  "updateScene",
  "preDeleteScene",
  "deleteScene",
  "renderApplicationV2",
  "renderChatMessageHTML",
  "combatTurnChange",
  "moveToken",
  "canvasReady",
];

const MAX_WARNINGS = 20;

const text = (value: unknown): string =>
  value instanceof Error ? value.message : typeof value === "string" ? value : JSON.stringify(value);

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type Notify = (message: string, type?: string, options?: unknown) => unknown;

// One handler for many hooks: fvtt-types types each hook name's own handler, so the calls go through these.
const hooks = Hooks as unknown as {
  on(name: string, fn: (...args: unknown[]) => unknown): number;
  off(name: string, id: number): void;
};

function listen(name: WatchedHook, fn: (...args: unknown[]) => unknown): number {
  return hooks.on(name, fn);
}

function unlisten(name: WatchedHook, id: number): void {
  hooks.off(name, id);
}

export class TableWatch {
  #hooks: [WatchedHook, number][] = [];
  #last = performance.now();
  #problems: string[] = [];
  /** The console warnings logged while it watched (at most MAX_WARNINGS, each at most 500 characters). */
  readonly warnings: string[] = [];
  #restore: (() => void)[] = [];
  /** Milliseconds with nothing happening that make the table quiet. */
  quietFor = 25;
  /** Warnings the step under way means to draw (a refusal it checks), as the user is shown them. */
  #expected: string[] = [];

  start(): void {
    const moved = () => {
      this.#last = performance.now();
    };
    for (const name of ACTIVITY_HOOKS) this.#hooks.push([name, listen(name, moved)]);
    this.#hooks.push([
      "error",
      listen("error", (location: unknown, error: unknown) => {
        this.#problems.push(`${String(location)}: ${text(error)}`);
      }),
    ]);
    this.#restore.push(() => {
      for (const [name, id] of this.#hooks.splice(0)) unlisten(name, id);
    });

    const onRejection = (event: Event) => {
      this.#problems.push(
        loc("FRAY.SelfTest.Error.unhandled", { error: text((event as PromiseRejectionEvent).reason) }),
      );
    };
    const onError = (event: Event) => {
      this.#problems.push(
        loc("FRAY.SelfTest.Error.uncaught", {
          error: text((event as ErrorEvent).error ?? (event as ErrorEvent).message),
        }),
      );
    };
    window.addEventListener("unhandledrejection", onRejection);
    window.addEventListener("error", onError);
    this.#restore.push(() => {
      window.removeEventListener("unhandledrejection", onRejection);
      window.removeEventListener("error", onError);
    });

    const originalError = console.error;
    console.error = (...args: unknown[]) => {
      this.#problems.push(loc("FRAY.SelfTest.Error.consoleError", { message: args.map(text).join(" ") }));
      originalError.apply(console, args);
    };
    const originalWarn = console.warn;
    console.warn = (...args: unknown[]) => {
      if (this.warnings.length < MAX_WARNINGS) this.warnings.push(args.map(text).join(" ").slice(0, 500));
      originalWarn.apply(console, args);
    };
    this.#restore.push(() => {
      console.error = originalError;
      console.warn = originalWarn;
    });

    // Core's `warn` and `error` go through `notify` (v13 and v14): an own property over the prototype's, removed
    // again afterwards.
    const notifications = ui.notifications as (object & { notify?: Notify }) | undefined;
    if (notifications && typeof notifications.notify === "function") {
      const original = notifications.notify;
      const had = Object.hasOwn(notifications, "notify");
      notifications.notify = (message: string, type?: string, options?: unknown) => {
        const expected = type === "info" || type === "success" ? -1 : this.#expected.indexOf(String(message));
        if (expected >= 0) this.#expected.splice(expected, 1);
        else if (type && type !== "info" && type !== "success")
          this.#problems.push(
            loc(type === "error" ? "FRAY.SelfTest.Error.toldError" : "FRAY.SelfTest.Error.toldWarning", {
              user: game.user?.name ?? "",
              message: String(message),
            }),
          );
        return original.call(notifications, message, type, options);
      };
      this.#restore.push(() => {
        if (had) notifications.notify = original;
        else delete notifications.notify;
      });
    }
  }

  stop(): void {
    for (const undo of this.#restore.splice(0).reverse()) undo();
  }

  /**
   * The step under way means to draw these warnings (a refusal it checks): each shown once is not a problem, each
   * not shown by the next `takeProblems` is.
   */
  expectWarnings(messages: readonly string[]): void {
    this.#expected.push(...messages);
  }

  /** What went wrong since the last call, and the warnings expected and never shown (emptied). */
  takeProblems(): string[] {
    for (const message of this.#expected.splice(0))
      this.#problems.push(loc("FRAY.SelfTest.Error.warningNotShown", { message }));
    return this.#problems.splice(0);
  }

  /**
   * Waits until nothing has moved for `quietFor` ms and no GM request is in hand; throws after `timeout` ms.
   */
  async settle(timeout: number): Promise<void> {
    const started = performance.now();
    await wait(0);
    for (;;) {
      const idle = performance.now() - this.#last;
      if (idle >= this.quietFor && requestWorkInFlight() === 0) {
        // A busy machine may run a due timer before work already queued: quiet only if it stays so a moment more.
        const last = this.#last;
        await wait(0);
        await wait(0);
        if (this.#last === last && requestWorkInFlight() === 0) return;
        continue;
      }
      if (performance.now() - started > timeout)
        throw new Error(loc("FRAY.SelfTest.Error.notQuiet", { ms: timeout }));
      await wait(Math.max(1, Math.min(this.quietFor - idle, this.quietFor)));
    }
  }
}
