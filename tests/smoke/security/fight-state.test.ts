/**
 * Issue 24, on the built bundle (a GM's page and Alice's): initiative in a fight, the round and the turn are the
 * engine's. A hostile write is a raw `page.send` from Alice's page: the server's permission rules apply (an owner
 * may write its combatant's `initiative`, any player a Combat's `round`/`turn`), none of her page's own hooks
 * run — her browser console. Each forged value is put back by the active GM, once, to the engine's; every page
 * shows the engine's meanwhile; the GMs get one whispered line with who, which creature, before and after; no
 * turn event fires for it. Honest play — the GM's initiative roll for Alice, Alice ending her own turn from
 * the tracker — goes through Fray's requests and is not touched.
 */
import { afterEach, describe, expect, it } from "vitest";
import { setTable, type Fight } from "../setup";
import type { WorldPage } from "../../harness/world/page";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any -- the pages' documents are untyped here

let fight: Fight | undefined;
afterEach(() => fight?.stop());

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

describe("security: the fight's state is the engine's", () => {
  it("puts back a player's raw initiative, round and turn, tells the GMs, and leaves honest play alone", async () => {
    fight = await setTable("classic-d20", [
      { name: "Maren Holt", pack: "characters", owner: "alice", at: [2, 2] },
      { name: "Road Bandit", pack: "creatures", at: [4, 2] },
    ]);
    const f = fight;
    const { table, gm, alice } = f;
    const world = table.world;
    const combatId = f.combat(gm).id as string;
    const maren = (page: WorldPage): Any =>
      f.combat(page).combatants.find((c: Any) => c.name === "Maren Holt");
    const engine = (): Any => f.combat(gm).system.engine;
    const engineInitiative = (id: string) =>
      (engine()?.combatants ?? []).find((c: Any) => c.id === id)?.initiative ?? null;
    const stored = () => world.server.get("Combat", combatId) as Any;
    const storedInitiative = (id: string) =>
      (stored().combatants as Any[]).find((c) => c._id === id)?.initiative ?? null;
    const trust = (page: WorldPage): Any[] =>
      table.on(page, (g) => g.game.messages.filter((m: Any) => m.flags?.fray?.trust === true));
    const writes = (page: WorldPage, documentName: string) =>
      world.server.writes.filter(
        (w) => w.userId === page.userId && w.action === "update" && w.documentName === documentName,
      ).length;
    const gmWrites = (documentName: string) => writes(gm, documentName);
    const id = maren(gm).id as string;
    const aliceName = table.on(gm, (g) => g.game.users.get(alice.userId).name) as string;

    // 1. Before anyone rolled: Alice's console writes 99.
    let from = gmWrites("Combatant");
    await raw(alice, maren(alice), { initiative: 99 });
    await table.settle("Alice writes initiative 99");
    expect(engineInitiative(id), "the engine took no initiative from the document").toBeNull();
    expect(storedInitiative(id), "the server's copy put back").toBeNull();
    for (const page of [gm, alice]) expect(maren(page).initiative, `${page.name}'s page`).toBeNull();
    expect(gmWrites("Combatant") - from, "put back once").toBe(1);
    let lines = trust(gm);
    expect(lines).toHaveLength(1);
    expect(lines[0].whisper, "to the GMs only").toEqual([gm.userId]);
    expect(lines[0].content).toContain(aliceName);
    expect(lines[0].content).toContain("Maren Holt");
    expect(lines[0].content).toMatch(/none → 99\. Put back to none/);
    expect(trust(alice), "Alice's page has no GM line").toEqual([]);

    // 2. Honest rolls, through Fray's request: the GM rolls for Alice; no line.
    table.dice(15);
    await table.click(alice, await table.trackerButton(alice, "frayRollInitiative", "Maren Holt"), "init");
    table.dice(4);
    await table.click(gm, await table.trackerButton(gm, "frayRollInitiative", "Road Bandit"), "init gm");
    expect(engineInitiative(id)).toBe(16);
    expect(maren(alice).initiative, "the document follows the engine").toBe(16);
    expect(trust(gm), "honest rolls are not put back").toHaveLength(1);

    // 3. A rolled initiative overwritten from the console: the engine's comes back.
    from = gmWrites("Combatant");
    await raw(alice, maren(alice), { initiative: 99 });
    await table.settle("Alice overwrites her rolled initiative");
    expect(engineInitiative(id)).toBe(16);
    expect(storedInitiative(id)).toBe(16);
    for (const page of [gm, alice]) expect(maren(page).initiative, `${page.name}'s page`).toBe(16);
    expect(gmWrites("Combatant") - from, "put back once").toBe(1);
    lines = trust(gm);
    expect(lines).toHaveLength(2);
    expect(lines[1].content).toMatch(/Maren Holt’s initiative: 16 → 99\. Put back to 16/);

    // 4. The fight starts; Alice's console writes round 7.
    await table.click(gm, await table.trackerButton(gm, "frayStartCombat"), "start");
    const events = () => gm.turnEvents.length;
    let turnEventsFrom = events();
    from = gmWrites("Combat");
    await raw(alice, f.combat(alice), { round: 7 });
    await table.settle("Alice writes round 7");
    expect(engine().round).toBe(1);
    expect(stored().round, "the server's copy put back").toBe(1);
    for (const page of [gm, alice]) {
      expect(f.combat(page).round, `${page.name} shows the engine's round`).toBe(1);
      expect(f.combat(page).combatant?.name, `${page.name}: Maren still acts`).toBe("Maren Holt");
    }
    expect(gmWrites("Combat") - from, "put back once").toBe(1);
    expect(gm.turnEvents.length - turnEventsFrom, "no turn event for the forgery or its revert").toBe(0);
    lines = trust(gm);
    expect(lines).toHaveLength(3);
    expect(lines[2].content).toContain(`${aliceName} wrote the fight’s round: 1 → 7. Put back to 1.`);

    // 5. The turn given to the Bandit from the console.
    turnEventsFrom = events();
    from = gmWrites("Combat");
    await raw(alice, f.combat(alice), { turn: 1 });
    await table.settle("Alice writes turn 1");
    expect(engine().current).toBe(id);
    expect(stored().turn, "the server's copy put back").toBe(0);
    for (const page of [gm, alice])
      expect(f.combat(page).combatant?.name, `${page.name}: Maren still acts`).toBe("Maren Holt");
    expect(gmWrites("Combat") - from, "put back once").toBe(1);
    expect(gm.turnEvents.length - turnEventsFrom, "no turn event").toBe(0);
    lines = trust(gm);
    expect(lines).toHaveLength(4);
    expect(lines[3].content).toMatch(/whose turn it is: Maren Holt → Road Bandit\. Put back to Maren Holt/);

    // 6. Alice ends her own turn from the tracker: Fray's request, not a raw write; nothing put back.
    turnEventsFrom = events();
    const aliceCombatWrites = writes(alice, "Combat");
    await table.click(alice, await table.trackerButton(alice, "frayEndTurn", "Maren Holt"), "Alice ends");
    expect(writes(alice, "Combat"), "Alice's page wrote no Combat").toBe(aliceCombatWrites);
    for (const page of [gm, alice])
      expect(f.combat(page).combatant?.name, `${page.name}: the Bandit acts`).toBe("Road Bandit");
    expect(stored().turn).toBe(1);
    const started = gm.turnEvents.slice(turnEventsFrom).filter((e) => e.event === "_onStartTurn");
    expect(started.map((e) => e.combatantId), "one turn started, once").toEqual([
      f.combat(gm).combatant.id,
    ]);
    expect(trust(gm), "an honest turn end is not put back").toHaveLength(4);
  });
});
