/**
 * Opposed-d20, one round: the player's Maren Holt against the GM's Road Bandit.
 * - each side rolls initiative from the tracker (OD-I2) and the GM starts the fight; turns go by result (OD-I3);
 * - Maren moves a square (a token drag) into reach and attacks with her longsword (OD-A1, an active action); the
 *   GM defends the Bandit from the card (OD-A2, a passive action); the player rolls the damage, the GM applies it;
 * - the Bandit attacks Maren with its dagger; the player defends from the card; the GM rolls and applies the damage;
 * - the GM ends the round (OD-R5).
 * The family has no concentration check and no mounts.
 */
import { combat, is, lastMessage, like } from "../probes";
import type { Scenario } from "../table";
import { dealDamage } from "./damage";

export const opposedD20: Scenario = {
  family: "opposed-d20",
  cast: [
    { name: "Maren Holt", pack: "characters", player: true, at: [2, 2] },
    { name: "Road Bandit", pack: "creatures", at: [4, 2] },
  ],
  async play(t) {
    const { gm, player } = t;

    // OD-I2: initiative, each side from its own tracker.
    t.dice(20, 15);
    await t.tracker(player, "frayRollInitiative", "Maren Holt", ["rollInitiative", { actor: "Maren Holt" }]);
    t.dice(20, 4);
    await t.tracker(gm, "frayRollInitiative", "Road Bandit", ["rollInitiative", { actor: "Road Bandit" }]);
    await t.tracker(gm, "frayStartCombat", undefined, ["startFight"]);
    await t.see(player, [combat("round"), is(1)], [combat("combatant.name"), is("Maren Holt")]);

    // Maren's turn: a square closer (the longsword reaches 1.5 m, OD-A1), then the attack.
    await t.drag(player, "Maren Holt", { x: 300, y: 200 }, ["move", { actor: "Maren Holt" }]);
    await t.target(player, "Road Bandit");
    t.answer(player, "ok", { modifier: 0 });
    t.dice(20, 17);
    await t.item(player, "Maren Holt", "Longsword", "rollAttack", [
      "attack",
      { actor: "Maren Holt", target: "Road Bandit" },
    ]);
    const attack = t.lastMessageId("attack");
    // OD-A2: the GM defends the Bandit from the card: a dodge, rolled on the GM's client.
    t.dice(20, 3);
    await t.card(gm, attack, '[data-action="defend"][data-defense="dodge"]', [
      "dodge",
      { actor: "Road Bandit" },
    ]);
    await t.see(
      player,
      [lastMessage("attack", "id"), is(attack)],
      [lastMessage("attack", "system.entries.0.outcome"), like({ hit: true })],
    );
    t.dice(8, 6);
    await dealDamage(t, player, attack, "Maren Holt", "Road Bandit", { applied: true });
    await t.tracker(player, "frayEndTurn", "Maren Holt", ["endTurn", { actor: "Maren Holt" }]);

    // The Bandit's turn: its dagger against Maren.
    await t.see(gm, [combat("combatant.name"), is("Road Bandit")]);
    await t.target(gm, "Maren Holt");
    t.answer(gm, "ok", { modifier: 0 });
    t.dice(20, 18);
    await t.item(gm, "Road Bandit", "Dagger", "rollAttack", [
      "attack",
      { actor: "Road Bandit", target: "Maren Holt" },
    ]);
    const stab = t.lastMessageId("attack");
    // OD-A2: the player defends Maren from the card: a block, rolled on the GM's client.
    t.dice(20, 2);
    await t.card(player, stab, '[data-action="defend"][data-defense="block"]', [
      "block",
      { actor: "Maren Holt" },
    ]);
    await t.see(gm, [lastMessage("attack", "system.entries.0.outcome"), like({ hit: true })]);
    t.dice(4, 3);
    await dealDamage(t, gm, stab, "Road Bandit", "Maren Holt", { applied: true });
    await t.tracker(gm, "frayEndTurn", "Road Bandit", ["endTurn", { actor: "Road Bandit" }]);

    // The end of the round.
    await t.tracker(gm, "frayEndRound", undefined, ["endRound"]);
    await t.see(player, [combat("round"), is(2)]);
  },
};
