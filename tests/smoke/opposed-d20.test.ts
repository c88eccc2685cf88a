/**
 * Opposed-d20, one round, on the built system, with the GM and Alice (in Spanish, the family's seed language) on
 * two pages. Alice's Maren Holt against the GM's Road Bandit.
 * - each side rolls initiative from the tracker (OD-I2) and the GM starts the fight; turns go by result (OD-I3);
 * - Maren moves a square (a token drag) into reach and attacks with her longsword (OD-A1, an active action); the
 *   GM defends the Bandit from the card (OD-A2, a passive action); Alice rolls the damage, the GM applies it;
 * - the Bandit attacks Maren with its dagger; Alice defends from her card; the GM rolls and applies the damage;
 * - the GM ends the round (OD-R5).
 * The family has no concentration check and no mounts.
 */
import { afterAll, describe, expect, it } from "vitest";
import { setTable, type Fight } from "./setup";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any -- the pages' documents are untyped here

describe("smoke: opposed-d20, one round with two clients", () => {
  let fight: Fight;
  afterAll(() => fight?.stop());

  it("plays the round", async () => {
    fight = await setTable(
      "opposed-d20",
      [
        { name: "Maren Holt", pack: "characters", owner: "alice", at: [2, 2] },
        { name: "Road Bandit", pack: "creatures", at: [4, 2] },
      ],
      "es",
    );
    const { table, gm, alice } = fight;
    const combat = (page = gm): Any => fight.combat(page);

    // OD-I2: initiative, each side from its own tracker.
    table.dice(15);
    await table.click(
      alice,
      await table.trackerButton(alice, "frayRollInitiative", "Maren Holt"),
      "Alice rolls Maren's initiative",
    );
    table.dice(4);
    await table.click(
      gm,
      await table.trackerButton(gm, "frayRollInitiative", "Road Bandit"),
      "the GM rolls the Bandit's initiative",
    );
    await table.click(gm, await table.trackerButton(gm, "frayStartCombat"), "the GM starts the fight");
    expect(combat(alice).round).toBe(1);
    expect(combat(alice).combatant?.name).toBe("Maren Holt");

    // Maren's turn: a square closer (the longsword reaches 1.5 m, OD-A1), then the attack.
    await table.drag(alice, fight.token(alice, "Maren Holt"), { x: 300, y: 200 }, "Maren moves a square");
    table.target(alice, fight.token(alice, "Road Bandit"));
    table.answer(alice, "ok", { modifier: 0 });
    table.dice(17);
    await table.click(
      alice,
      await table.itemButton(alice, fight.actor(alice, "Maren Holt"), "Longsword", "rollAttack"),
      "Maren attacks the Bandit",
    );
    const attack = table.lastMessage(alice, "attack");
    // OD-A2: the GM defends the Bandit from the card: a dodge, rolled on the GM's page.
    table.dice(3);
    await table.click(
      gm,
      table.cardButton(gm, attack.id, '[data-action="defend"][data-defense="dodge"]'),
      "the GM dodges for the Bandit",
    );
    expect(table.lastMessage(alice, "attack").system.entries[0].outcome).toMatchObject({ hit: true });
    table.dice(6);
    await table.click(
      alice,
      table.cardButton(alice, attack.id, '[data-action="rollDamage"]'),
      "Alice rolls Maren's damage",
    );
    const banditHealth = fight.actor(gm, "Road Bandit").system.health.value;
    await table.click(
      gm,
      table.cardButton(gm, attack.id, '[data-action="applyDamage"]'),
      "the GM applies the damage",
    );
    const dealt = table.lastMessage(alice, "attack").system.entries[0].damage;
    expect(dealt.applied).toMatchObject({ before: banditHealth, after: banditHealth - dealt.final });
    expect(fight.actor(alice, "Road Bandit").system.health.value).toBe(banditHealth - dealt.final);
    await table.click(
      alice,
      await table.trackerButton(alice, "frayEndTurn", "Maren Holt"),
      "Maren ends her turn",
    );

    // The Bandit's turn: its dagger against Maren.
    expect(combat(gm).combatant?.name).toBe("Road Bandit");
    table.target(gm, fight.token(gm, "Maren Holt"));
    table.answer(gm, "ok", { modifier: 0 });
    table.dice(18);
    await table.click(
      gm,
      await table.itemButton(gm, fight.actor(gm, "Road Bandit"), "Dagger", "rollAttack"),
      "the Bandit attacks Maren",
    );
    const stab = table.lastMessage(gm, "attack");
    // OD-A2: Alice defends Maren from her card: a block, rolled on her page.
    table.dice(2);
    await table.click(
      alice,
      table.cardButton(alice, stab.id, '[data-action="defend"][data-defense="block"]'),
      "Alice blocks for Maren",
    );
    expect(table.lastMessage(gm, "attack").system.entries[0].outcome).toMatchObject({ hit: true });
    table.dice(3);
    await table.click(
      gm,
      table.cardButton(gm, stab.id, '[data-action="rollDamage"]'),
      "the GM rolls the Bandit's damage",
    );
    const marenHealth = fight.actor(alice, "Maren Holt").system.health.value;
    await table.click(
      gm,
      table.cardButton(gm, stab.id, '[data-action="applyDamage"]'),
      "the GM applies the damage",
    );
    const taken = table.lastMessage(alice, "attack").system.entries[0].damage;
    expect(taken.applied).toMatchObject({ before: marenHealth, after: marenHealth - taken.final });
    expect(fight.actor(alice, "Maren Holt").system.health.value).toBe(marenHealth - taken.final);
    await table.click(
      gm,
      await table.trackerButton(gm, "frayEndTurn", "Road Bandit"),
      "the Bandit ends its turn",
    );

    // The end of the round.
    await table.click(gm, await table.trackerButton(gm, "frayEndRound"), "the GM ends the round");
    expect(combat(alice).round).toBe(2);
    // DESIGN.md: only the active GM writes shared state. Alice's page wrote only her own User (the requests of
    // src/net/mailbox.ts), chat messages of her own and her tokens' moves (core's); the GM wrote everything else.
    const shared = ["update User", "create ChatMessage", "update Token"];
    expect(fight.writesBy(alice).filter((w) => !shared.includes(w))).toEqual([]);
    expect(fight.writesBy(alice)).toContain("update User");
  });
});
