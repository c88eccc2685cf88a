/**
 * Fast-slow, one round. The player's Hild Brakka rides the player's Riding Horse; the player also plays Brannoch
 * Vey; the GM runs a Road Bandit and a Grey Wolf.
 * - before the fight the player mounts Hild on the horse from her Token HUD (FS-MT1, FS-MT2);
 * - fast turns: the player chooses fast for Hild and takes her turn (FS-R1, FS-R2): she concentrates on Lantern Eye
 *   from her sheet (FS-A3); the GM's Bandit takes a fast turn and Defends from its sheet (FS-A5);
 * - slow turns: Brannoch moves one square (a token drag, FS-R6) and attacks the Defending Bandit (1 bane, FS-A5);
 *   the player rolls the damage, the GM applies it; the Wolf attacks Hild, the GM rolls and applies the damage, and
 *   the player rolls the Will check it calls for (FS-A4);
 * - the GM knocks the Horse prone from the Token HUD: Hild falls with it and the player rolls her Agility check
 *   (FS-MT9), fails, takes the damage and is pinned; the player cannot stand her up from her Token HUD;
 * - the GM ends the round (FS-R7).
 * Fast-slow attacks have no defense roll (FS-D2: the roll is against the target's Defense): the defender's part
 * is its Defend action.
 */
import { actor, combat, includes, is, lastMessage, like, token } from "../probes";
import type { Scenario } from "../table";

export const fastSlow: Scenario = {
  family: "fast-slow",
  cast: [
    { name: "Hild Brakka", pack: "characters", player: true, at: [2, 2] },
    { name: "Riding Horse", pack: "creatures", player: true, at: [3, 2] },
    { name: "Brannoch Vey", pack: "characters", player: true, at: [2, 5] },
    { name: "Road Bandit", pack: "creatures", at: [6, 5] },
    { name: "Grey Wolf", pack: "creatures", at: [5, 2] },
  ],
  async play(t) {
    const { gm, player } = t;

    // Before the fight: the player mounts Hild on the horse from Hild's Token HUD (FS-MT1, FS-MT2).
    await t.target(player, "Riding Horse");
    await t.hud(player, "Hild Brakka", '[data-fray-mount="mount"]', [
      "mount",
      { actor: "Hild Brakka", mount: "Riding Horse" },
    ]);
    await t.target(player, null);
    await t.see(gm, [actor("Hild Brakka", "statuses"), includes("mounted")]);

    // FS-R1: the player chooses fast for Hild, slow for Brannoch; the GM fast for the Bandit, slow for the Wolf.
    await t.tracker(player, "frayChooseSpeed", "Hild Brakka", ["chooseFast", { actor: "Hild Brakka" }], {
      speed: "fast",
    });
    await t.tracker(player, "frayChooseSpeed", "Brannoch Vey", ["chooseSlow", { actor: "Brannoch Vey" }], {
      speed: "slow",
    });
    await t.tracker(gm, "frayChooseSpeed", "Road Bandit", ["chooseFast", { actor: "Road Bandit" }], {
      speed: "fast",
    });
    await t.tracker(gm, "frayChooseSpeed", "Grey Wolf", ["chooseSlow", { actor: "Grey Wolf" }], {
      speed: "slow",
    });

    // The GM starts the fight (the tracker's footer).
    await t.tracker(gm, "frayStartCombat", undefined, ["startFight"]);
    await t.see(player, [combat("round"), is(1)]);

    // Fast turns, players first (FS-R2): Hild takes her turn and concentrates on Lantern Eye (FS-A3).
    await t.tracker(player, "frayTakeTurn", "Hild Brakka", ["takeTurn", { actor: "Hild Brakka" }]);
    await t.see(player, [combat("combatant.name"), is("Hild Brakka")]);
    await t.item(player, "Hild Brakka", "Lantern Eye", "concentrate", [
      "concentrate",
      { actor: "Hild Brakka", spell: "Lantern Eye" },
    ]);
    await t.see(player, [actor("Hild Brakka", "statuses"), includes("concentrating")]);
    await t.tracker(player, "frayEndTurn", "Hild Brakka", ["endTurn", { actor: "Hild Brakka" }]);

    // FS-R3: the GM's creatures act once the players' fast turns are over. The Bandit Defends (FS-A5).
    await t.tracker(gm, "frayTakeTurn", "Road Bandit", ["takeTurn", { actor: "Road Bandit" }]);
    await t.sheet(gm, "Road Bandit", '[data-action="defend"]', ["defendAction", { actor: "Road Bandit" }]);
    await t.tracker(gm, "frayEndTurn", "Road Bandit", ["endTurn", { actor: "Road Bandit" }]);

    // The fast part is over: the GM moves on to the slow turns (the tracker's footer).
    await t.tracker(gm, "frayAdvancePhase", undefined, ["advancePhase"]);

    // Slow turns: Brannoch moves a square (FS-R6) and attacks the Defending Bandit.
    await t.tracker(player, "frayTakeTurn", "Brannoch Vey", ["takeTurn", { actor: "Brannoch Vey" }]);
    await t.drag(player, "Brannoch Vey", { x: 300, y: 500 }, ["move", { actor: "Brannoch Vey" }]);
    await t.see(gm, [token("Brannoch Vey", "x"), is(300)]);
    await t.target(player, "Road Bandit");
    t.answer(player, "ok", { modifier: 0, boons: 0, banes: 0 });
    t.dice(20, 15);
    t.dice(6, 3);
    await t.item(player, "Brannoch Vey", "Spear", "rollAttack", [
      "attack",
      { actor: "Brannoch Vey", target: "Road Bandit" },
    ]);
    const attack = t.lastMessageId("attack");
    await t.see(
      player,
      [lastMessage("attack", "id"), is(attack)],
      [lastMessage("attack", "system.entries.0.outcome"), like({ hit: true })],
    );
    // The player rolls the damage on the card; the GM applies it on his.
    t.dice(8, 5);
    await t.card(player, attack, '[data-action="rollDamage"]', ["rollDamage", { actor: "Brannoch Vey" }]);
    const banditHealth = t.read<number>(actor("Road Bandit", "system.health.value"));
    await t.card(gm, attack, '[data-action="applyDamage"]', ["applyDamage", { target: "Road Bandit" }]);
    await t.see(player, [actor("Road Bandit", "system.health.value"), is(banditHealth - 5)]);
    await t.tracker(player, "frayEndTurn", "Brannoch Vey", ["endTurn", { actor: "Brannoch Vey" }]);

    // The Wolf's slow turn: it bites Hild (the GM targets her); the GM rolls and applies the damage.
    await t.tracker(gm, "frayTakeTurn", "Grey Wolf", ["takeTurn", { actor: "Grey Wolf" }]);
    await t.target(gm, "Hild Brakka");
    // FS-MT7: the attacker chooses the rider or the mount; then the attack's own dialog.
    t.answer(gm, "ok", { pair0: t.read<string>(token("Hild Brakka", "uuid")) });
    t.answer(gm, "ok", { modifier: 0, boons: 0, banes: 0 });
    t.dice(20, 18);
    await t.item(gm, "Grey Wolf", "Bite", "rollAttack", [
      "attack",
      { actor: "Grey Wolf", target: "Hild Brakka" },
    ]);
    const bite = t.lastMessageId("attack");
    await t.see(gm, [lastMessage("attack", "system.entries.0.outcome"), like({ hit: true })]);
    t.dice(6, 3);
    await t.card(gm, bite, '[data-action="rollDamage"]', ["rollDamage", { actor: "Grey Wolf" }]);
    await t.card(gm, bite, '[data-action="applyDamage"]', ["applyDamage", { target: "Hild Brakka" }]);

    // FS-A4: Hild took damage while concentrating: the player rolls the Will check from its card.
    const will = t.lastMessageId("check");
    await t.see(
      player,
      [lastMessage("check", "id"), is(will)],
      [lastMessage("check", "system"), like({ kind: "concentration", result: null })],
    );
    t.dice(20, 15);
    await t.card(player, will, '[data-action="rollCheck"]', ["willCheck", { actor: "Hild Brakka" }]);
    await t.see(
      gm,
      [lastMessage("check", "system.result"), like({ success: true })],
      [actor("Hild Brakka", "statuses"), includes("concentrating")],
    );
    await t.tracker(gm, "frayEndTurn", "Grey Wolf", ["endTurn", { actor: "Grey Wolf" }]);

    // FS-MT9: the GM knocks the horse prone from its Token HUD; Hild falls with it and rolls Agility.
    await t.hud(gm, "Riding Horse", '[data-action="effect"][data-status-id="prone"]', [
      "knockProne",
      { actor: "Riding Horse" },
    ]);
    const fall = t.lastMessageId("check");
    await t.see(
      player,
      [lastMessage("check", "id"), is(fall)],
      [lastMessage("check", "system"), like({ kind: "mountFall", result: null })],
    );
    t.dice(20, 2);
    t.dice(6, 4);
    await t.card(player, fall, '[data-action="rollCheck"]', ["fallCheck", { actor: "Hild Brakka" }]);
    await t.see(gm, [actor("Hild Brakka", "statuses"), includes("immobilized")]);

    // FS-MT9: pinned under the horse, Hild cannot stand up: the player turning her prone off from her Token HUD is
    // refused on the player's client (preDeleteActiveEffect), in the player's language, and she stays prone. A GM
    // may stand her up: with nobody else connected the GM's client plays the player's part, and this is not tried.
    if (t.playerConnected) {
      await t.hud(
        player,
        "Hild Brakka",
        '[data-action="effect"][data-status-id="prone"]',
        ["standUpRefused", { actor: "Hild Brakka" }],
        ["FRAY.Refusal.pinnedUnderMount"],
      );
      await t.see(gm, [actor("Hild Brakka", "statuses"), includes("prone")]);
    }

    // FS-R7: the end of the round, then the next begins.
    await t.tracker(gm, "frayAdvancePhase", undefined, ["advancePhase"]);
    await t.tracker(gm, "frayEndRound", undefined, ["endRound"]);
    await t.see(player, [combat("round"), is(2)]);
  },
};
