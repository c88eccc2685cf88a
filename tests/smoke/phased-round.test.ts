/**
 * Phased-round, one round, on the built system, with the GM and Alice (in French, the family's seed language) on
 * two pages. Alice's Maren Holt against the GM's Road Bandit; the GM walks the eleven phases from the tracker.
 * - PR-P6: Maren moves a square (the move declares her movement); the GM declares the Bandit's from the form;
 * - PR-P9: both declare melee in one group from the tracker's form; PR-B3: each rolls its melee initiative;
 * - PR-P10: Maren strikes first from her sheet, Alice rolls the damage, the GM applies it; the Bandit strikes
 *   back (an open-ended d100), the GM rolls and applies the damage;
 * - PR-P11: Alice rolls Maren's orientation from the tracker; the GM ends the round.
 * Phased-round attacks have no defense roll (the defender's DB is subtracted); the family has no concentration
 * check and no mounts.
 */
import { afterAll, describe, expect, it } from "vitest";
import { setTable, type Fight } from "./setup";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any -- the pages' documents are untyped here

describe("smoke: phased-round, one round with two clients", () => {
  let fight: Fight;
  afterAll(() => fight?.stop());

  it("plays the round", async () => {
    fight = await setTable(
      "phased-round",
      [
        { name: "Maren Holt", pack: "characters", owner: "alice", at: [2, 2] },
        { name: "Road Bandit", pack: "creatures", at: [4, 2] },
      ],
      "fr",
    );
    const { table, gm, alice } = fight;
    const combat = (page = gm): Any => fight.combat(page);
    await table.click(gm, await table.trackerButton(gm, "frayStartCombat"), "the GM starts the fight");
    expect(combat(alice).round).toBe(1);
    const phase = async () =>
      (await table.tracker(gm)).querySelector(".fray-phase-name")?.textContent?.trim();
    const advanceTo = async (name: string) => {
      for (let i = 0; i < 12 && (await phase()) !== name; i++)
        await table.click(
          gm,
          await table.trackerButton(gm, "frayAdvancePhase"),
          `the GM moves on (to ${name})`,
        );
      expect(await phase()).toBe(name);
    };

    // PR-P6: Maren moves a square (the move is her movement declaration); the GM declares the Bandit's from the
    // tracker's form (no movement, a manoeuvre that succeeded).
    await advanceTo("Movement and manoeuvre");
    await table.drag(alice, fight.token(alice, "Maren Holt"), { x: 300, y: 200 }, "Maren moves a square");
    table.answer(gm, "ok", { percent: 0, manoeuvre: "succeeded" });
    await table.click(
      gm,
      await table.trackerButton(gm, "frayDeclareMovement", "Road Bandit"),
      "the GM declares the Bandit's movement",
    );

    // PR-P9: both declare melee in one group; PR-B3: each rolls its melee initiative.
    await advanceTo("Melee");
    table.answer(alice, "ok", { group: "1", extraWeapons: 0 });
    await table.click(
      alice,
      await table.trackerButton(alice, "frayDeclareMelee", "Maren Holt"),
      "Alice declares Maren's melee",
    );
    table.answer(gm, "ok", { group: "1", extraWeapons: 0 });
    await table.click(
      gm,
      await table.trackerButton(gm, "frayDeclareMelee", "Road Bandit"),
      "the GM declares the Bandit's melee",
    );
    table.dice(9, 8);
    await table.click(
      alice,
      await table.trackerButton(alice, "frayRollInitiative", "Maren Holt"),
      "Alice rolls Maren's melee initiative",
    );
    table.dice(2, 3);
    await table.click(
      gm,
      await table.trackerButton(gm, "frayRollInitiative", "Road Bandit"),
      "the GM rolls the Bandit's initiative",
    );

    // PR-P10: the strikes, by melee initiative: Maren first, from her sheet; Alice rolls the damage, the GM applies.
    await advanceTo("Melee resolution");
    expect(combat(alice).combatant?.name).toBe("Maren Holt");
    table.target(alice, fight.token(alice, "Road Bandit"));
    table.answer(alice, "ok", { modifier: 0 });
    table.dice(80);
    await table.click(
      alice,
      await table.itemButton(alice, fight.actor(alice, "Maren Holt"), "Longsword", "rollAttack"),
      "Maren strikes the Bandit",
    );
    const strike = table.lastMessage(alice, "attack");
    expect(strike.system.entries[0].outcome).toMatchObject({ hit: true });
    table.dice(5);
    await table.click(
      alice,
      table.cardButton(alice, strike.id, '[data-action="rollDamage"]'),
      "Alice rolls Maren's damage",
    );
    const banditHealth = fight.actor(gm, "Road Bandit").system.health.value;
    await table.click(
      gm,
      table.cardButton(gm, strike.id, '[data-action="applyDamage"]'),
      "the GM applies the damage",
    );
    const dealt = table.lastMessage(alice, "attack").system.entries[0].damage;
    expect(fight.actor(alice, "Road Bandit").system.health.value).toBe(banditHealth - dealt.final);
    await table.click(
      alice,
      await table.trackerButton(alice, "frayEndTurn", "Maren Holt"),
      "Maren's strike is done",
    );

    // The Bandit strikes back (an open-ended roll: 97, then 60 added); the GM rolls and applies the damage.
    expect(combat(gm).combatant?.name).toBe("Road Bandit");
    table.target(gm, fight.token(gm, "Maren Holt"));
    table.answer(gm, "ok", { modifier: 0 });
    table.dice(97, 60);
    await table.click(
      gm,
      await table.itemButton(gm, fight.actor(gm, "Road Bandit"), "Dagger", "rollAttack"),
      "the Bandit strikes Maren",
    );
    const riposte = table.lastMessage(gm, "attack");
    expect(riposte.system.entries[0].outcome).toMatchObject({ hit: true });
    table.dice(2);
    await table.click(
      gm,
      table.cardButton(gm, riposte.id, '[data-action="rollDamage"]'),
      "the GM rolls the Bandit's damage",
    );
    const marenHealth = fight.actor(alice, "Maren Holt").system.health.value;
    await table.click(
      gm,
      table.cardButton(gm, riposte.id, '[data-action="applyDamage"]'),
      "the GM applies the damage",
    );
    const taken = table.lastMessage(alice, "attack").system.entries[0].damage;
    expect(fight.actor(alice, "Maren Holt").system.health.value).toBe(marenHealth - taken.final);
    await table.click(
      gm,
      await table.trackerButton(gm, "frayEndTurn", "Road Bandit"),
      "the Bandit's strike is done",
    );

    // PR-P11: Maren was under pressure: Alice rolls her orientation from the tracker; then the end of the round.
    await advanceTo("Final orientation");
    table.dice(50);
    await table.click(
      alice,
      await table.trackerButton(alice, "frayRollOrientation", "Maren Holt"),
      "Alice rolls Maren's orientation",
    );
    await advanceTo("End of round");
    await table.click(gm, await table.trackerButton(gm, "frayEndRound"), "the GM ends the round");
    expect(combat(alice).round).toBe(2);
    // DESIGN.md: only the active GM writes shared state. Alice's page wrote only her own User (the requests of
    // src/net/mailbox.ts), chat messages of her own and her tokens' moves (core's); the GM wrote everything else.
    const shared = ["update User", "create ChatMessage", "update Token"];
    expect(fight.writesBy(alice).filter((w) => !shared.includes(w))).toEqual([]);
    expect(fight.writesBy(alice)).toContain("update User");
  });
});
