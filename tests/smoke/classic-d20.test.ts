/**
 * Classic-d20, one round, on the built system, with the GM and Alice (in Polish, the family's seed language) on two
 * pages. Alice's Maren Holt against the GM's Road Bandit.
 * - each side rolls initiative from the tracker (CD-I1) and the GM starts the fight; turns go by initiative (CD-I2);
 * - Maren moves a square (her move action, a token drag) and attacks with her longsword (her standard action,
 *   CD-A1, CD-AT1); Alice rolls the damage, the GM applies it;
 * - the Bandit attacks Maren with its dagger; the GM rolls and applies the damage;
 * - the GM ends the round; in round 2 Maren moves twice, her standard action taken as a move action (CD-A2).
 * Classic-d20 attacks have no defense roll (CD-AC1: the attack total against Armor Class); the family has no
 * concentration check and no mounts.
 */
import { afterAll, describe, expect, it } from "vitest";
import { setTable, type Fight } from "./setup";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any -- the pages' documents are untyped here

describe("smoke: classic-d20, one round with two clients", () => {
  let fight: Fight;
  afterAll(() => fight?.stop());

  it("plays the round", async () => {
    fight = await setTable(
      "classic-d20",
      [
        { name: "Maren Holt", pack: "characters", owner: "alice", at: [2, 2] },
        { name: "Road Bandit", pack: "creatures", at: [4, 2] },
      ],
      "pl",
    );
    const { table, gm, alice } = fight;
    const combat = (page = gm): Any => fight.combat(page);

    // CD-I1: initiative, each side from its own tracker.
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

    // Maren's turn: a move action (a square), then a standard action (the attack).
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
    expect(attack?.system.entries[0].outcome).toMatchObject({ hit: true });
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
    // The Bandit's token is unlinked (as its prototype): the damage went to its synthetic actor, not to the
    // world actor it was made from.
    expect(fight.actor(gm, "Road Bandit").isToken).toBe(true);
    expect(table.on(gm, (g) => g.game.actors.getName("Road Bandit").system.health.value)).toBe(banditHealth);
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
    expect(stab.system.entries[0].outcome).toMatchObject({ hit: true });
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

    // CD-A2 in round 2: Maren moves (her move action), then takes her standard action as a second move action
    // from the budget panel on her sheet (the button's data-use-standard; issue 11 defect 9) and moves again.
    expect(combat(alice).combatant?.name).toBe("Maren Holt");
    await table.drag(alice, fight.token(alice, "Maren Holt"), { x: 300, y: 300 }, "Maren moves a square");
    const sheet = await table.sheet(alice, fight.actor(alice, "Maren Holt"));
    await table.click(
      alice,
      sheet.querySelector<HTMLElement>(
        '[data-fray-budget="cdAction"][data-type="openMove"][data-use-standard="true"]',
      ),
      "Maren takes a second move action",
    );
    await table.drag(
      alice,
      fight.token(alice, "Maren Holt"),
      { x: 300, y: 400 },
      "Maren moves a second square",
    );
    // DESIGN.md: only the active GM writes shared state. Alice's page wrote only her own User (the requests of
    // src/net/mailbox.ts), chat messages of her own and her tokens' moves (core's); the GM wrote everything else.
    const shared = ["update User", "create ChatMessage", "update Token"];
    expect(fight.writesBy(alice).filter((w) => !shared.includes(w))).toEqual([]);
    expect(fight.writesBy(alice)).toContain("update User");
  });
});
