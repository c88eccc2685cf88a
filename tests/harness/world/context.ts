/**
 * Which browser is running: every Foundry client is its own page with its own globals (`game`, `CONFIG`, `Hooks`,
 * `foundry`, `ui`, `canvas`, `document`…). The world harness keeps one set per client and makes each global name a
 * getter that answers for the client whose code is running now (an AsyncLocalStorage: the context follows the code
 * through promises and timers, as a page's own event loop would). Code running outside any client — a harness bug,
 * or a system reaching another client's objects — throws. No Fray logic lives here.
 */
import { AsyncLocalStorage } from "node:async_hooks";

/** What one client's page holds: its global names and who is logged in. */
export interface ClientPage {
  readonly name: string;
  readonly globals: Record<string, unknown>;
}

const running = new AsyncLocalStorage<ClientPage>();

/** The client whose code is running now. */
export function clientNow<C extends ClientPage = ClientPage>(): C {
  const page = running.getStore();
  if (!page) throw new Error("Foundry code ran outside any client (run it with onPage)");
  return page as C;
}

/** The client running now, or null (the harness's own code between steps). */
export function maybeClient<C extends ClientPage = ClientPage>(): C | null {
  return (running.getStore() as C | undefined) ?? null;
}

/** Runs `fn` on `page` (synchronously: a hook or a DOM event handler runs on the page it belongs to). */
export function onPage<T>(page: ClientPage, fn: () => T): T {
  return running.run(page, fn);
}

/** Runs `fn` outside every client: the server's work, between messages. */
export function offPage<T>(fn: () => T): T {
  return running.exit(fn);
}

/**
 * The global names the system reads (found by `no-undef` over the built dist/fray.mjs, plus `window`), each a getter
 * dispatching to the running client. Names Node already has (`fetch`) fall back to Node's own outside a client.
 */
export const CLIENT_GLOBALS = [
  "game",
  "CONFIG",
  "CONST",
  "Hooks",
  "foundry",
  "ui",
  "canvas",
  "Handlebars",
  "Roll",
  "ChatMessage",
  "Actor",
  "Item",
  "Combat",
  "Combatant",
  "TokenDocument",
  "ActiveEffect",
  "User",
  "Scene",
  "document",
  "window",
  "Event",
  "fetch",
  "fromUuid",
  "fromUuidSync",
  // v14's update-operator globals; absent on a v13 page (read as undefined, as in a browser without them).
  "_del",
  "_replace",
] as const;

/** Names the test runner's own code may read between steps (it asks whether it is in a browser): undefined there. */
const OUTSIDE_UNDEFINED = new Set<string>(["window", "document"]);
/** Globals a page may lack without a read throwing (a name another generation defines). */
const OPTIONAL = new Set<string>(["_del", "_replace"]);

let installed = false;

export function installClientGlobals(): void {
  if (installed) return;
  installed = true;
  const g = globalThis as Record<string, unknown>;
  for (const name of CLIENT_GLOBALS) {
    const native = g[name];
    Object.defineProperty(globalThis, name, {
      configurable: true,
      get() {
        const page = running.getStore();
        if (!page) {
          if (native !== undefined) return native;
          // The test runner itself asks whether it runs in a browser (vitest's pretty-format: `window`).
          if (OUTSIDE_UNDEFINED.has(name)) return undefined;
          throw new Error(`"${name}" was read outside any client`);
        }
        if (!(name in page.globals)) {
          if (OPTIONAL.has(name)) return undefined;
          throw new Error(`client ${page.name} has no global "${name}"`);
        }
        return page.globals[name];
      },
      set(value: unknown) {
        // A page may assign its own globals (core does `CONFIG.ui.combat`, never `game = …`); only on a page.
        clientNow().globals[name] = value;
      },
    });
  }
}
