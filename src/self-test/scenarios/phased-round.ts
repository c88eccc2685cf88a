/**
 * Phased-round, one round: the player's Maren Holt against the GM's Road Bandit; the GM walks the eleven phases
 * from the tracker.
 * - PR-P6: Maren moves a square (the move declares her movement); the GM declares the Bandit's from the form;
 * - PR-P9: both declare melee in one group from the tracker's form; PR-B3: each rolls its melee initiative;
 * - PR-P10: Maren strikes first from her sheet, the player rolls the damage, the GM applies it; the Bandit strikes
 *   back (an open-ended d100), the GM rolls and applies the damage;
 * - PR-P11: the player rolls Maren's orientation from the tracker; the GM ends the round.
 * Phased-round attacks have no defense roll (the defender's DB is subtracted); the family has no concentration
 * check and no mounts.
 */
import { loc } from "../../utils/loc";
import { combat, is, lastMessage, like, trackerText } from "../probes";
import type { Scenario, Table } from "../table";
import { dealDamage } from "./damage";

const PHASE = ".fray-phase-name";

/** The GM moves on from the tracker until it shows the phase (its name as the GM's tracker draws it). */
async function advanceTo(t: Table, phase: string): Promise<void> {
  const name = loc(`FRAY.Combat.Phase.${phase}`);
  for (let i = 0; i < 12 && t.read(trackerText(PHASE)) !== name; i++)
    await t.tracker(t.gm, "frayAdvancePhase", undefined, ["advanceTo", { phase: name }]);
  await t.see(t.gm, [trackerText(PHASE), is(name)]);
}

export const phasedRound: Scenario = {
  family: "phased-round",
  cast: [
    { name: "Maren Holt", pack: "characters", player: true, at: [2, 2] },
    { name: "Road Bandit", pack: "creatures", at: [4, 2] },
  ],
  async play(t) {
    const { gm, player } = t;
    await t.tracker(gm, "frayStartCombat", undefined, ["startFight"]);
    await t.see(player, [combat("round"), is(1)]);

    // PR-P6: Maren moves a square (the move is her movement declaration); the GM declares the Bandit's from the
    // tracker's form (no movement, a manoeuvre that succeeded).
    await advanceTo(t, "movement");
    await t.drag(player, "Maren Holt", { x: 300, y: 200 }, ["move", { actor: "Maren Holt" }]);
    t.answer(gm, "ok", { percent: 0, manoeuvre: "succeeded" });
    await t.tracker(gm, "frayDeclareMovement", "Road Bandit", ["declareMovement", { actor: "Road Bandit" }]);

    // PR-P9: both declare melee in one group; PR-B3: each rolls its melee initiative.
    await advanceTo(t, "melee");
    t.answer(player, "ok", { group: "1", extraWeapons: 0 });
    await t.tracker(player, "frayDeclareMelee", "Maren Holt", ["declareMelee", { actor: "Maren Holt" }]);
    t.answer(gm, "ok", { group: "1", extraWeapons: 0 });
    await t.tracker(gm, "frayDeclareMelee", "Road Bandit", ["declareMelee", { actor: "Road Bandit" }]);
    t.dice(10, 9, 8);
    await t.tracker(player, "frayRollInitiative", "Maren Holt", ["rollInitiative", { actor: "Maren Holt" }]);
    t.dice(10, 2, 3);
    await t.tracker(gm, "frayRollInitiative", "Road Bandit", ["rollInitiative", { actor: "Road Bandit" }]);

    // PR-P10: the strikes, by melee initiative: Maren first, from her sheet; the player rolls the damage, the GM
    // applies it.
    await advanceTo(t, "meleeResolution");
    await t.see(player, [combat("combatant.name"), is("Maren Holt")]);
    await t.target(player, "Road Bandit");
    t.answer(player, "ok", { modifier: 0 });
    t.dice(100, 80);
    await t.item(player, "Maren Holt", "Longsword", "rollAttack", [
      "attack",
      { actor: "Maren Holt", target: "Road Bandit" },
    ]);
    const strike = t.lastMessageId("attack");
    await t.see(
      player,
      [lastMessage("attack", "id"), is(strike)],
      [lastMessage("attack", "system.entries.0.outcome"), like({ hit: true })],
    );
    t.dice(8, 5);
    await dealDamage(t, player, strike, "Maren Holt", "Road Bandit");
    await t.tracker(player, "frayEndTurn", "Maren Holt", ["strikeDone", { actor: "Maren Holt" }]);

    // The Bandit strikes back (an open-ended roll: 97, then 60 added); the GM rolls and applies the damage.
    await t.see(gm, [combat("combatant.name"), is("Road Bandit")]);
    await t.target(gm, "Maren Holt");
    t.answer(gm, "ok", { modifier: 0 });
    t.dice(100, 97, 60);
    await t.item(gm, "Road Bandit", "Dagger", "rollAttack", [
      "attack",
      { actor: "Road Bandit", target: "Maren Holt" },
    ]);
    const riposte = t.lastMessageId("attack");
    await t.see(gm, [lastMessage("attack", "system.entries.0.outcome"), like({ hit: true })]);
    t.dice(4, 2);
    await dealDamage(t, gm, riposte, "Road Bandit", "Maren Holt");
    await t.tracker(gm, "frayEndTurn", "Road Bandit", ["strikeDone", { actor: "Road Bandit" }]);

    // PR-P11: Maren was under pressure: the player rolls her orientation from the tracker; then the end of the round.
    await advanceTo(t, "finalOrientation");
    t.dice(100, 50);
    await t.tracker(player, "frayRollOrientation", "Maren Holt", [
      "rollOrientation",
      { actor: "Maren Holt" },
    ]);
    await advanceTo(t, "endOfRound");
    await t.tracker(gm, "frayEndRound", undefined, ["endRound"]);
    await t.see(player, [combat("round"), is(2)]);
  },
};
