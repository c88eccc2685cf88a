import { afterAll, describe, expect, it } from "vitest";
import { setTable, type Fight } from "./setup";

describe("smoke: fast-slow, one round", () => {
  let fight: Fight;
  afterAll(() => fight?.stop());

  it("the table is set", async () => {
    fight = await setTable("fast-slow", [
      { name: "Hild Brakka", pack: "characters", owner: "alice", at: [2, 2] },
      { name: "Riding Horse", pack: "creatures", owner: "alice", at: [3, 2] },
      { name: "Brannoch Vey", pack: "characters", owner: "alice", at: [2, 4] },
      { name: "Road Bandit", pack: "creatures", at: [6, 2] },
      { name: "Grey Wolf", pack: "creatures", at: [6, 4] },
    ]);
    const { table, gm, alice } = fight;
    const tracker = await table.tracker(alice);
    console.log(tracker.outerHTML.slice(0, 3000));
    expect(fight.combat(gm).combatants.size).toBe(5);
  });
});
