/**
 * A world for the smoke test: the server, the compendium content read from the BUILT packs (dist/packs, LevelDB,
 * through the fvtt-cli's `extractPack`), one scene, the users, and their client pages booted on the built system.
 * Also the few core UI gestures the test performs that are not the system's own (importing from a compendium,
 * dropping a token, targeting, opening a window, waiting for the table to go quiet). No Fray logic lives here.
 */
import { failures } from "../core";
import { installClientGlobals } from "./context";
import { readPacks, type Packs } from "./packs";
import { manifest, WorldPage } from "./page";
import { ROLES, WorldServer, type Data } from "./server";

export interface WorldUsers {
  readonly [name: string]: { readonly role: number; readonly lang?: string };
}

export class World {
  readonly pages = new Map<string, WorldPage>();
  constructor(
    readonly server: WorldServer,
    readonly packs: Packs,
  ) {}

  page(name: string): WorldPage {
    const page = this.pages.get(name);
    if (!page) throw new Error(`no page ${name}`);
    return page;
  }

  /**
   * Waits until the table is quiet: no write in flight, no message undelivered, no click's work running, for a
   * few turns of the event loop in a row.
   */
  async settle(): Promise<void> {
    let quiet = 0;
    for (let turn = 0; turn < 5000 && quiet < 8; turn++) {
      await new Promise((resolve) => setImmediate(resolve));
      const busy = this.server.pending > 0 || [...this.pages.values()].some((p) => p.running.size > 0);
      quiet = busy ? 0 : quiet + 1;
    }
    if (quiet < 8) throw new Error("the table never went quiet");
  }

  /** What went wrong anywhere (hooks that threw, console errors, failed clicks, refused writes), cleared. */
  takeFailures(): string[] {
    const found = [
      ...failures.splice(0),
      ...this.server.refusals.splice(0).map((r) => `server refused: ${r}`),
    ];
    return found;
  }
}

/**
 * Makes the world: users (a GM and players), one active scene with a square grid (the manifest's grid), packs
 * read from dist/packs; then each user's page connects and boots the built system.
 */
export async function createWorld(users: WorldUsers): Promise<World> {
  installClientGlobals();
  const m = manifest();
  const types = m.documentTypes as Record<string, Record<string, unknown>>;
  const server = new WorldServer({
    Actor: Object.keys(types.Actor ?? {}),
    Item: Object.keys(types.Item ?? {}),
    ChatMessage: Object.keys(types.ChatMessage ?? {}),
    Combat: Object.keys(types.Combat ?? {}),
    Combatant: Object.keys(types.Combatant ?? {}),
    ActiveEffect: Object.keys(types.ActiveEffect ?? {}),
  });
  const ids = new Map<string, string>();
  for (const [name, { role }] of Object.entries(users))
    ids.set(name, String(server.seed("User", { name, role, flags: {} })._id));
  const grid = m.grid as Data;
  server.seed("Scene", {
    name: "Field",
    active: true,
    grid: { type: grid.type, size: 100, distance: grid.distance, units: grid.units },
    tokens: [],
    flags: {},
  });
  const world = new World(server, await readPacks());
  for (const [name, { lang }] of Object.entries(users)) {
    const page = new WorldPage(server, {
      name,
      userId: ids.get(name)!,
      packs: world.packs,
      ...(lang ? { lang } : {}),
    });
    world.pages.set(name, page);
    await page.boot();
  }
  await world.settle();
  return world;
}

export { ROLES };
