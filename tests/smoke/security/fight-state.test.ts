/**
 * Issue 24, on the built bundle (a GM's page and Alice's): initiative in a fight, the round and the turn are the
 * engine's. A hostile write is a raw `page.send` from Alice's page: the server's permission rules apply (an owner
 * may write its combatant's `initiative`, any player a Combat's `round`/`turn`), none of her page's own hooks
 * run — her browser console. Each forged value is put back by the active GM, once, to the engine's; every page
 * shows the engine's meanwhile; the GMs get one whispered line with who, which creature, before and after; no
 * turn event fires for it. Honest play — the GM's initiative roll for Alice, Alice ending her own turn from
 * the tracker — goes through Fray's requests and is not touched.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setTable, type Fight } from "./setup";
import type { WorldPage } from "../../harness/world/page";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any -- the pages' documents are untyped here

let fight: Fight | undefined;
afterAll(() => fight?.stop());

/** A raw write from a page's socket: the server's rules apply, none of the page's own hooks run (the console). */
function raw(page: WorldPage, doc: Any, data: Record<string, unknown>) {
  return page.run(() =>
    page.send({
      action: "update",
      documentName: doc.documentName,
      parent: doc.parent?.path ?? [],
      data: [{ _id: doc.id, ...data }],
      options: {},
    }),
  );
}

/** The table's pages and what the steps read of them. */
function tools(f: Fight) {
  const { table, gm, alice } = f;
  const world = table.world;
  const combatId = f.combat(gm).id as string;
  const maren = (page: WorldPage): Any => f.combat(page).combatants.find((c: Any) => c.name === "Maren Holt");
  const engine = (): Any => f.combat(gm).system.engine;
  const stored = () => world.server.get("Combat", combatId) as Any;
  const id = maren(gm).id as string;
  const writes = (page: WorldPage, documentName: string) =>
    world.server.writes.filter(
      (w) => w.userId === page.userId && w.action === "update" && w.documentName === documentName,
    ).length;
  return {
    f,
    table,
    gm,
    alice,
    maren,
    engine,
    stored,
    id,
    writes,
    gmWrites: (documentName: string) => writes(gm, documentName),
    aliceName: table.on(gm, (g) => g.game.users.get(alice.userId).name) as string,
    engineInitiative: () => (engine()?.combatants ?? []).find((c: Any) => c.id === id)?.initiative ?? null,
    storedInitiative: () => (stored().combatants as Any[]).find((c) => c._id === id)?.initiative ?? null,
    /** The GMs' lines (net/trust-notes.ts) a page holds. */
    trust: (page: WorldPage): Any[] =>
      table.on(page, (g) => g.game.messages.filter((m: Any) => m.flags?.fray?.trust === true)),
    turnEvents: () => gm.turnEvents.length,
  };
}

describe("security: the fight's state is the engine's", () => {
  // One world for the file (the bundle is imported once per page): the steps run in order on it.
  let t!: ReturnType<typeof tools>;
  beforeAll(async () => {
    fight = await setTable("classic-d20", [
      { name: "Maren Holt", pack: "characters", owner: "alice", at: [2, 2] },
      { name: "Road Bandit", pack: "creatures", at: [4, 2] },
    ]);
    t = tools(fight);
  }, 60_000);

  it("a raw initiative before anyone rolled: put back to none, once, with one line to the GMs", async () => {
    const { table, gm, alice, maren } = t;
    const from = t.gmWrites("Combatant");
    await raw(alice, maren(alice), { initiative: 99 });
    await table.settle("Alice writes initiative 99");
    expect(t.engineInitiative(), "the engine took no initiative from the document").toBeNull();
    expect(t.storedInitiative(), "the server's copy put back").toBeNull();
    for (const page of [gm, alice]) expect(maren(page).initiative, `${page.name}'s page`).toBeNull();
    expect(t.gmWrites("Combatant") - from, "put back once").toBe(1);
    const lines = t.trust(gm);
    expect(lines).toHaveLength(1);
    expect(lines[0].whisper, "to the GMs only").toEqual([gm.userId]);
    expect(lines[0].content).toContain(
      `${t.aliceName} wrote Maren Holt’s initiative: none → 99. Put back to none.`,
    );
    expect(t.trust(alice), "Alice's page has no GM line").toEqual([]);
  });

  it("honest rolls go through Fray's request (the GM rolls for Alice): nothing put back", async () => {
    const { table, gm, alice, maren } = t;
    table.dice([20, 15]);
    await table.click(alice, await table.trackerButton(alice, "frayRollInitiative", "Maren Holt"), "init");
    table.dice([20, 4]);
    await table.click(gm, await table.trackerButton(gm, "frayRollInitiative", "Road Bandit"), "init gm");
    expect(t.engineInitiative()).toBe(16);
    expect(maren(alice).initiative, "the document follows the engine").toBe(16);
    expect(t.trust(gm), "no line for honest rolls").toHaveLength(1);
  });

  it("a rolled initiative overwritten from the console: the engine's comes back, once", async () => {
    const { table, gm, alice, maren } = t;
    const from = t.gmWrites("Combatant");
    await raw(alice, maren(alice), { initiative: 99 });
    await table.settle("Alice overwrites her rolled initiative");
    expect(t.engineInitiative()).toBe(16);
    expect(t.storedInitiative()).toBe(16);
    for (const page of [gm, alice]) expect(maren(page).initiative, `${page.name}'s page`).toBe(16);
    expect(t.gmWrites("Combatant") - from, "put back once").toBe(1);
    const lines = t.trust(gm);
    expect(lines).toHaveLength(2);
    expect(lines[1].content).toContain("Maren Holt’s initiative: 16 → 99. Put back to 16.");
  });

  it("a raw round 7 in the fight: every page shows round 1, put back once, no turn event", async () => {
    const { f, table, gm, alice } = t;
    await table.click(gm, await table.trackerButton(gm, "frayStartCombat"), "start");
    const events = t.turnEvents();
    const from = t.gmWrites("Combat");
    await raw(alice, f.combat(alice), { round: 7 });
    await table.settle("Alice writes round 7");
    expect(t.engine().round).toBe(1);
    expect(t.stored().round, "the server's copy put back").toBe(1);
    for (const page of [gm, alice]) {
      expect(f.combat(page).round, `${page.name} shows the engine's round`).toBe(1);
      expect(f.combat(page).combatant?.name, `${page.name}: Maren still acts`).toBe("Maren Holt");
    }
    expect(t.gmWrites("Combat") - from, "put back once").toBe(1);
    expect(t.turnEvents() - events, "no turn event for the forgery or its revert").toBe(0);
    const lines = t.trust(gm);
    expect(lines).toHaveLength(3);
    expect(lines[2].content).toContain(`${t.aliceName} wrote the fight’s round: 1 → 7. Put back to 1.`);
  });

  it("the turn given to the Bandit from the console: put back once, no turn event", async () => {
    const { f, table, gm, alice } = t;
    const events = t.turnEvents();
    const from = t.gmWrites("Combat");
    await raw(alice, f.combat(alice), { turn: 1 });
    await table.settle("Alice writes turn 1");
    expect(t.engine().current).toBe(t.id);
    expect(t.stored().turn, "the server's copy put back").toBe(0);
    for (const page of [gm, alice])
      expect(f.combat(page).combatant?.name, `${page.name}: Maren still acts`).toBe("Maren Holt");
    expect(t.gmWrites("Combat") - from, "put back once").toBe(1);
    expect(t.turnEvents() - events, "no turn event").toBe(0);
    const lines = t.trust(gm);
    expect(lines).toHaveLength(4);
    expect(lines[3].content).toContain("whose turn it is: Maren Holt → Road Bandit. Put back to Maren Holt.");
  });

  it("Alice ends her own turn from the tracker: Fray's request, no raw write, nothing put back", async () => {
    const { f, table, gm, alice } = t;
    const events = gm.turnEvents.length;
    const aliceWrites = t.writes(alice, "Combat");
    await table.click(alice, await table.trackerButton(alice, "frayEndTurn", "Maren Holt"), "Alice ends");
    expect(t.writes(alice, "Combat"), "Alice's page wrote no Combat").toBe(aliceWrites);
    for (const page of [gm, alice])
      expect(f.combat(page).combatant?.name, `${page.name}: the Bandit acts`).toBe("Road Bandit");
    expect(t.stored().turn).toBe(1);
    const started = gm.turnEvents.slice(events).filter((e) => e.event === "_onStartTurn");
    expect(
      started.map((e) => e.combatantId),
      "one turn started, once",
    ).toEqual([f.combat(gm).combatant.id]);
    expect(t.trust(gm), "no line for an honest turn end").toHaveLength(4);
  });
});
