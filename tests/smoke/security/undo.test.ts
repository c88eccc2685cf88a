/**
 * Issue 24, F-trust §3.7: an undo is final unless the GM applies the damage again. After the GM's undo, the
 * attacker's player is offered no Apply, and an Apply it forges is refused (`damageUndone`) with the Health left
 * as the undo gave it back; the GM may still apply it again.
 */
import { afterEach, describe, expect, it } from "vitest";
import { setTable, type Fight } from "./setup";
import { hostileAsk } from "./hostile";

let fight: Fight | undefined;
afterEach(() => fight?.stop());

describe("security: an undone damage", () => {
  it("is applied again by the GM only: no Apply on the player's card, a forged Apply refused", async () => {
    fight = await setTable("fast-slow", [
      { name: "Brannoch Vey", pack: "characters", owner: "alice", at: [2, 2] },
      { name: "Road Bandit", pack: "creatures", at: [3, 2] },
    ]);
    const { table, gm, alice } = fight;
    const brannoch = fight.actor(alice, "Brannoch Vey");
    table.target(alice, fight.token(alice, "Road Bandit"));
    table.answer(alice, "ok", { modifier: 0, boons: 0, banes: 0 });
    table.dice([20, 20]);
    await table.click(alice, await table.itemButton(alice, brannoch, "Spear", "rollAttack"), "attack");
    const attack = table.lastMessage(alice, "attack");
    table.dice([8, 5]);
    await table.click(alice, table.cardButton(alice, attack.id, '[data-action="rollDamage"]'), "damage");
    const health = () => fight!.actor(gm, "Road Bandit").system.health.value;
    const before = health();
    await table.click(alice, table.cardButton(alice, attack.id, '[data-action="applyDamage"]'), "apply");
    expect(health()).toBe(before - 5);
    await table.click(gm, table.cardButton(gm, attack.id, '[data-action="undoDamage"]'), "GM undoes");
    expect(health()).toBe(before);

    // The player's card offers no Apply; the request forged from its console is refused and changes nothing.
    expect(Boolean(table.cardButton(alice, attack.id, '[data-action="applyDamage"]'))).toBe(false);
    const answer = await hostileAsk(table, alice, "fray.attack.applyDamage", {
      messageId: attack.id,
      entry: "t0",
    });
    expect(answer).toMatchObject({ ok: false, reason: "damageUndone" });
    expect(health()).toBe(before);
    expect(table.on(gm, (g) => g.game.messages.get(attack.id).system.entries[0].damage)).toMatchObject({
      applied: null,
      undone: { restored: 5 },
    });

    // The GM may apply it again.
    await table.click(gm, table.cardButton(gm, attack.id, '[data-action="applyDamage"]'), "GM applies again");
    expect(health()).toBe(before - 5);
    expect(Boolean(table.cardButton(alice, attack.id, '[data-action="applyDamage"]'))).toBe(false);
  });
});
