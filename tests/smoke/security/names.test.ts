/**
 * Issue 24, F-trust §3.5: names never break a card. Alice renames her character's token to 1001 characters (with
 * markup) from her console; the GM attacks it. The card is posted with the name shortened to the schema's limit
 * (ending with "…"), drawn inert, with the whole name in its tooltip on every page.
 */
import { afterEach, describe, expect, it } from "vitest";
import { setTable, type Fight } from "./setup";
import { hostileWrite } from "./hostile";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any -- the pages' documents are untyped here

const NAME_MAX = 1000;
const LONG = "<b>Maren</b>" + "M".repeat(1001 - "<b>Maren</b>".length);

let fight: Fight | undefined;
afterEach(() => fight?.stop());

describe("security: a name of any length", () => {
  it("a creature named 1001 characters can be attacked: shortened on the card, whole in the tooltip", async () => {
    fight = await setTable("fast-slow", [
      { name: "Brannoch Vey", pack: "characters", owner: "alice", at: [2, 2] },
      { name: "Maren Holt", pack: "characters", owner: "alice", at: [3, 2] },
      { name: "Road Bandit", pack: "creatures", at: [4, 2] },
    ]);
    const { table, gm, alice } = fight;
    expect(LONG).toHaveLength(1001);
    await hostileWrite(alice, "update", fight.token(alice, "Maren Holt"), { name: LONG });
    await table.settle("Alice renames Maren's token");
    const bandit = fight.actor(gm, "Road Bandit");
    const axe = table.on(gm, () => bandit.items.contents.find((i: Any) => i.type === "weapon"));
    table.target(
      gm,
      table.on(gm, (g) => g.canvas.scene.tokens.find((t: Any) => t.name === LONG)),
    );
    table.answer(gm, "ok", { modifier: 0 });
    table.dice([20, 20]);
    await table.click(gm, await table.itemButton(gm, bandit, axe.name, "rollAttack"), "GM attacks Maren");
    const card = table.lastMessage(gm, "attack");
    expect(card).toBeTruthy();
    const stored = card.system.entries[0].target.name as string;
    expect(stored).toHaveLength(NAME_MAX);
    expect(stored).toBe(LONG.slice(0, NAME_MAX - 1) + "…");
    for (const page of [gm, alice]) {
      const element = table.message(page, card.id);
      const name = element?.querySelector(".fray-card-target .fray-card-name");
      expect(name?.textContent, page.name).toBe(stored);
      expect(name?.getAttribute("data-tooltip"), page.name).toBe(LONG);
      expect(element?.querySelector("b"), page.name).toBeNull();
    }
  });
});
