/**
 * Active-defense-3d6, one round, on the built system, with the GM and Alice (in Japanese, the family's seed
 * language) on two pages. Alice's Maren Holt and Sefa Qorin against the GM's Barrow Sentinel; turns by AG (AD-T2).
 * - Maren attacks the Sentinel from her sheet (AD-A1); the GM blocks for it from the card and fails (AD-A2); Alice
 *   rolls the damage, the GM applies it (AD-A4);
 * - Sefa concentrates on Warding Sigil from her sheet (AD-M6);
 * - the Sentinel attacks Sefa; Alice chooses a dodge on her card, rolls the maintenance roll her concentration
 *   calls for (AD-M6, WL − 2), then the dodge, which fails; the GM rolls and applies the damage;
 * - the GM ends the round. The family has no mounts.
 */
import { afterAll, describe, expect, it } from "vitest";
import { setTable, type Fight } from "./setup";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any -- the pages' documents are untyped here

describe("smoke: active-defense-3d6, one round with two clients", () => {
  let fight: Fight;
  afterAll(() => fight?.stop());

  it("plays the round", async () => {
    fight = await setTable(
      "active-defense-3d6",
      [
        { name: "Maren Holt", pack: "characters", owner: "alice", at: [2, 2] },
        { name: "Sefa Qorin", pack: "characters", owner: "alice", at: [2, 3] },
        { name: "Barrow Sentinel", pack: "creatures", at: [3, 2] },
      ],
      "ja",
    );
    const { table, gm, alice } = fight;
    const combat = (page = gm): Any => fight.combat(page);
    await table.click(gm, await table.trackerButton(gm, "frayStartCombat"), "the GM starts the fight");
    expect(combat(alice).round).toBe(1);

    // AD-T2: Maren (AG 11) acts first: she attacks the Sentinel with her longsword (AD-A1).
    expect(combat(alice).combatant?.name).toBe("Maren Holt");
    table.target(alice, fight.token(alice, "Barrow Sentinel"));
    table.answer(alice, "ok", { modifier: 0 });
    table.dice(3, 3, 4);
    await table.click(
      alice,
      await table.itemButton(alice, fight.actor(alice, "Maren Holt"), "Longsword", "rollAttack"),
      "Maren attacks the Sentinel",
    );
    const attack = table.lastMessage(alice, "attack");
    expect(attack.system.entries[0].stage).toBe("awaitingDefense");
    table.dice(5, 5, 5);
    await table.click(
      gm,
      table.cardButton(gm, attack.id, '[data-action="defend"][data-defense="block"]'),
      "the GM blocks for the Sentinel, and fails",
    );
    expect(table.lastMessage(alice, "attack").system.entries[0].outcome).toMatchObject({ hit: true });
    table.dice(7);
    await table.click(
      alice,
      table.cardButton(alice, attack.id, '[data-action="rollDamage"]'),
      "Alice rolls Maren's damage",
    );
    const sentinelHealth = fight.actor(gm, "Barrow Sentinel").system.health.value;
    await table.click(
      gm,
      table.cardButton(gm, attack.id, '[data-action="applyDamage"]'),
      "the GM applies the damage",
    );
    const dealt = table.lastMessage(alice, "attack").system.entries[0].damage;
    expect(fight.actor(alice, "Barrow Sentinel").system.health.value).toBe(sentinelHealth - dealt.final);
    await table.click(
      alice,
      await table.trackerButton(alice, "frayEndTurn", "Maren Holt"),
      "Maren ends her turn",
    );

    // Sefa (AG 10) concentrates on Warding Sigil from her sheet (AD-M6).
    expect(combat(alice).combatant?.name).toBe("Sefa Qorin");
    await table.click(
      alice,
      await table.itemButton(alice, fight.actor(alice, "Sefa Qorin"), "Warding Sigil", "concentrate"),
      "Sefa concentrates",
    );
    expect(fight.actor(gm, "Sefa Qorin").statuses.has("concentrating")).toBe(true);
    await table.click(
      alice,
      await table.trackerButton(alice, "frayEndTurn", "Sefa Qorin"),
      "Sefa ends her turn",
    );

    // The Sentinel attacks Sefa; she must keep her concentration to defend (AD-M6): Alice rolls the maintenance
    // roll, then dodges, from her card; the GM rolls and applies the damage.
    expect(combat(gm).combatant?.name).toBe("Barrow Sentinel");
    table.target(gm, fight.token(gm, "Sefa Qorin"));
    table.answer(gm, "ok", { modifier: 0 });
    table.dice(2, 3, 4);
    await table.click(
      gm,
      await table.itemButton(gm, fight.actor(gm, "Barrow Sentinel"), "Longsword", "rollAttack"),
      "the Sentinel attacks Sefa",
    );
    const blow = table.lastMessage(gm, "attack");
    await table.click(
      alice,
      table.cardButton(alice, blow.id, '[data-action="defend"][data-defense="dodge"]'),
      "Alice chooses to dodge for Sefa",
    );
    expect(table.lastMessage(alice, "attack").system.entries[0].stage).toBe("awaitingMaintenance");
    table.dice(3, 3, 3, 6, 6, 4);
    await table.click(
      alice,
      table.cardButton(alice, blow.id, '[data-action="maintain"]'),
      "Alice rolls Sefa's maintenance, then her dodge",
    );
    const entry = table.lastMessage(gm, "attack").system.entries[0];
    expect(entry.maintenance).toMatchObject([{ success: true }]);
    expect(entry.defenses).toMatchObject([{ id: "dodge", success: false }]);
    expect(fight.actor(gm, "Sefa Qorin").statuses.has("concentrating")).toBe(true);
    table.dice(3);
    await table.click(
      gm,
      table.cardButton(gm, blow.id, '[data-action="rollDamage"]'),
      "the GM rolls the Sentinel's damage",
    );
    const sefaHealth = fight.actor(alice, "Sefa Qorin").system.health.value;
    await table.click(
      gm,
      table.cardButton(gm, blow.id, '[data-action="applyDamage"]'),
      "the GM applies the damage",
    );
    const taken = table.lastMessage(alice, "attack").system.entries[0].damage;
    expect(fight.actor(alice, "Sefa Qorin").system.health.value).toBe(sefaHealth - taken.final);
    await table.click(
      gm,
      await table.trackerButton(gm, "frayEndTurn", "Barrow Sentinel"),
      "the Sentinel ends its turn",
    );

    // The end of the round (AD-T1: the round's states expire with their holders' turns).
    await table.click(gm, await table.trackerButton(gm, "frayEndRound"), "the GM ends the round");
    expect(combat(alice).round).toBe(2);
    // DESIGN.md: only the active GM writes shared state. Alice's page wrote only her own User (the requests of
    // src/net/mailbox.ts), chat messages of her own and her tokens' moves (core's); the GM wrote everything else.
    const shared = ["update User", "create ChatMessage", "update Token"];
    expect(fight.writesBy(alice).filter((w) => !shared.includes(w))).toEqual([]);
    expect(fight.writesBy(alice)).toContain("update User");
  });
});
