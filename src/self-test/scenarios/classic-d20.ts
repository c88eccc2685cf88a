/**
 * Classic-d20, one round: the player's Maren Holt against the GM's Road Bandit.
 * - each side rolls initiative from the tracker (CD-I1) and the GM starts the fight; turns go by initiative (CD-I2);
 * - Maren moves a square (her move action, a token drag, paid from her budget) and attacks with her longsword
 *   (her standard action, CD-A1, CD-AT1); the player rolls the damage, the GM applies it;
 * - the Bandit attacks Maren with its dagger; the GM rolls and applies the damage;
 * - the GM ends the round; in round 2 Maren moves twice, her standard action taken as a move action (CD-A2).
 * Classic-d20 attacks have no defense roll (CD-AC1: the attack total against Armor Class); the family has no
 * concentration check and no mounts.
 */
import { actor, combat, is, lastMessage, like, token, worldActor } from "../probes";
import type { Scenario } from "../table";
import { dealDamage } from "./damage";

export const classicD20: Scenario = {
  family: "classic-d20",
  cast: [
    { name: "Maren Holt", pack: "characters", player: true, at: [2, 2] },
    { name: "Road Bandit", pack: "creatures", at: [4, 2] },
  ],
  async play(t) {
    const { gm, player } = t;

    // CD-I1: initiative, each side from its own tracker.
    t.dice(20, 15);
    await t.tracker(player, "frayRollInitiative", "Maren Holt", ["rollInitiative", { actor: "Maren Holt" }]);
    t.dice(20, 4);
    await t.tracker(gm, "frayRollInitiative", "Road Bandit", ["rollInitiative", { actor: "Road Bandit" }]);
    await t.tracker(gm, "frayStartCombat", undefined, ["startFight"]);
    await t.see(player, [combat("round"), is(1)], [combat("combatant.name"), is("Maren Holt")]);

    // Maren's turn: a move action (a square), then a standard action (the attack).
    await t.drag(player, "Maren Holt", { x: 300, y: 200 }, ["move", { actor: "Maren Holt" }]);
    // The square is paid from her move action: 1.5 m of her 10 (CD-A1).
    await t.see(gm, [
      combat("combatant.system.budget.turn"),
      like({ speed: 10, moveLeft: 0, metresLeft: 8.5, moved: true, standardLeft: 1 }),
    ]);
    await t.target(player, "Road Bandit");
    t.answer(player, "ok", { modifier: 0 });
    t.dice(20, 17);
    await t.item(player, "Maren Holt", "Longsword", "rollAttack", [
      "attack",
      { actor: "Maren Holt", target: "Road Bandit" },
    ]);
    const attack = t.lastMessageId("attack");
    await t.see(
      player,
      [lastMessage("attack", "id"), is(attack)],
      [lastMessage("attack", "system.entries.0.outcome"), like({ hit: true })],
    );
    t.dice(8, 6);
    const dealt = await dealDamage(t, player, attack, "Maren Holt", "Road Bandit", { applied: true });
    // The Bandit's token is unlinked (as its prototype): the damage went to its synthetic actor, not to the
    // world actor it was made from.
    await t.see(
      gm,
      [actor("Road Bandit", "isToken"), is(true)],
      [worldActor("Road Bandit", "system.health.value"), is(dealt.before)],
    );
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
    await t.see(gm, [lastMessage("attack", "system.entries.0.outcome"), like({ hit: true })]);
    t.dice(4, 3);
    await dealDamage(t, gm, stab, "Road Bandit", "Maren Holt", { applied: true });
    await t.tracker(gm, "frayEndTurn", "Road Bandit", ["endTurn", { actor: "Road Bandit" }]);

    // The end of the round.
    await t.tracker(gm, "frayEndRound", undefined, ["endRound"]);
    await t.see(player, [combat("round"), is(2)], [combat("combatant.name"), is("Maren Holt")]);

    // CD-A2 in round 2: Maren moves (her move action), then takes her standard action as a second move action
    // from the budget panel on her sheet (the button's data-use-standard; issue 11 defect 9) and moves again.
    await t.drag(player, "Maren Holt", { x: 300, y: 300 }, ["move", { actor: "Maren Holt" }]);
    await t.sheet(
      player,
      "Maren Holt",
      '[data-fray-budget="cdAction"][data-type="openMove"][data-use-standard="true"]',
      ["secondMove", { actor: "Maren Holt" }],
    );
    await t.drag(player, "Maren Holt", { x: 300, y: 400 }, ["move", { actor: "Maren Holt" }]);
    // Both moves paid: the move action, then the standard action taken as a move (10 m more), 3 m covered.
    await t.see(
      gm,
      [token("Maren Holt", "y"), is(400)],
      [
        combat("combatant.system.budget.turn"),
        like({ moveLeft: 0, standardLeft: 0, standardUsedAs: "move", metresLeft: 17 }),
      ],
    );
  },
};
