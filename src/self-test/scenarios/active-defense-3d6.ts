/**
 * Active-defense-3d6, one round: the player's Maren Holt and Sefa Qorin against the GM's Barrow Sentinel; turns
 * by AG (AD-T2).
 * - Maren attacks the Sentinel from her sheet (AD-A1); the GM blocks for it from the card and fails (AD-A2); the
 *   player rolls the damage, the GM applies it (AD-A4);
 * - Sefa concentrates on Warding Sigil from her sheet (AD-M6);
 * - the Sentinel attacks Sefa; the player chooses a dodge on the card, rolls the maintenance roll her concentration
 *   calls for (AD-M6, WL − 2), then the dodge, which fails; the GM rolls and applies the damage;
 * - the GM ends the round. The family has no mounts.
 */
import { actor, combat, includes, is, lastMessage, like } from "../probes";
import type { Scenario } from "../table";
import { dealDamage } from "./damage";

export const activeDefense3d6: Scenario = {
  family: "active-defense-3d6",
  cast: [
    { name: "Maren Holt", pack: "characters", player: true, at: [2, 2] },
    { name: "Sefa Qorin", pack: "characters", player: true, at: [2, 3] },
    { name: "Barrow Sentinel", pack: "creatures", at: [3, 2] },
  ],
  async play(t) {
    const { gm, player } = t;
    await t.tracker(gm, "frayStartCombat", undefined, ["startFight"]);
    await t.see(player, [combat("round"), is(1)]);

    // AD-T2: Maren (AG 11) acts first: she attacks the Sentinel with her longsword (AD-A1).
    await t.see(player, [combat("combatant.name"), is("Maren Holt")]);
    await t.target(player, "Barrow Sentinel");
    t.answer(player, "ok", { modifier: 0 });
    t.dice(6, 3, 3, 4);
    await t.item(player, "Maren Holt", "Longsword", "rollAttack", [
      "attack",
      { actor: "Maren Holt", target: "Barrow Sentinel" },
    ]);
    const attack = t.lastMessageId("attack");
    await t.see(
      player,
      [lastMessage("attack", "id"), is(attack)],
      [lastMessage("attack", "system.entries.0.stage"), is("awaitingDefense")],
    );
    t.dice(6, 5, 5, 5);
    await t.card(gm, attack, '[data-action="defend"][data-defense="block"]', [
      "block",
      { actor: "Barrow Sentinel" },
    ]);
    await t.see(player, [lastMessage("attack", "system.entries.0.outcome"), like({ hit: true })]);
    t.dice(8, 7);
    await dealDamage(t, player, attack, "Maren Holt", "Barrow Sentinel");
    await t.tracker(player, "frayEndTurn", "Maren Holt", ["endTurn", { actor: "Maren Holt" }]);

    // Sefa (AG 10) concentrates on Warding Sigil from her sheet (AD-M6).
    await t.see(player, [combat("combatant.name"), is("Sefa Qorin")]);
    await t.item(player, "Sefa Qorin", "Warding Sigil", "concentrate", [
      "concentrate",
      { actor: "Sefa Qorin", spell: "Warding Sigil" },
    ]);
    await t.see(gm, [actor("Sefa Qorin", "statuses"), includes("concentrating")]);
    await t.tracker(player, "frayEndTurn", "Sefa Qorin", ["endTurn", { actor: "Sefa Qorin" }]);

    // The Sentinel attacks Sefa; she must keep her concentration to defend (AD-M6): the player rolls the
    // maintenance roll, then dodges, from the card; the GM rolls and applies the damage.
    await t.see(gm, [combat("combatant.name"), is("Barrow Sentinel")]);
    await t.target(gm, "Sefa Qorin");
    t.answer(gm, "ok", { modifier: 0 });
    t.dice(6, 2, 3, 4);
    await t.item(gm, "Barrow Sentinel", "Longsword", "rollAttack", [
      "attack",
      { actor: "Barrow Sentinel", target: "Sefa Qorin" },
    ]);
    const blow = t.lastMessageId("attack");
    await t.card(player, blow, '[data-action="defend"][data-defense="dodge"]', [
      "dodge",
      { actor: "Sefa Qorin" },
    ]);
    await t.see(
      player,
      [lastMessage("attack", "id"), is(blow)],
      [lastMessage("attack", "system.entries.0.stage"), is("awaitingMaintenance")],
    );
    t.dice(6, 3, 3, 3, 6, 6, 4);
    await t.card(player, blow, '[data-action="maintain"]', ["maintain", { actor: "Sefa Qorin" }]);
    await t.see(
      gm,
      [lastMessage("attack", "system.entries.0.maintenance"), like([{ success: true }])],
      [lastMessage("attack", "system.entries.0.defenses"), like([{ id: "dodge", success: false }])],
      [actor("Sefa Qorin", "statuses"), includes("concentrating")],
    );
    t.dice(8, 3);
    await dealDamage(t, gm, blow, "Barrow Sentinel", "Sefa Qorin");
    await t.tracker(gm, "frayEndTurn", "Barrow Sentinel", ["endTurn", { actor: "Barrow Sentinel" }]);

    // The end of the round (AD-T1: the round's states expire with their holders' turns).
    await t.tracker(gm, "frayEndRound", undefined, ["endRound"]);
    await t.see(player, [combat("round"), is(2)]);
  },
};
