/**
 * Fast-slow, one round, on the built system, with the GM and Alice (in French, the family's seed language) on two
 * pages. Alice's Hild Brakka rides Alice's Riding Horse; Alice also plays Brannoch Vey; the GM runs a Road Bandit
 * and a Grey Wolf.
 * - fast turns: Alice chooses fast for Hild and takes her turn (FS-R1, FS-R2): she concentrates on Lantern Eye
 *   from her sheet (FS-A3); the GM's Bandit takes a fast turn and Defends from its sheet (FS-A5);
 * - slow turns: Brannoch moves one square (a token drag, FS-R6) and attacks the Defending Bandit (1 bane, FS-A5);
 *   Alice rolls the damage, the GM applies it; the Wolf attacks Hild, the GM rolls and applies the damage, and
 *   Alice rolls the Will check it calls for (FS-A4);
 * - the GM knocks the Horse prone from the Token HUD: Hild falls with it and Alice rolls her Agility check
 *   (FS-MT9), fails, takes the damage and is pinned; Alice cannot stand her up from her Token HUD;
 * - the GM ends the round (FS-R7).
 * Fast-slow attacks have no defense roll (FS-D2: the roll is against the target's Defense): the defender's part
 * is its Defend action.
 */
import { afterAll, describe, expect, it } from "vitest";
import { V14 } from "../harness/generation";
import { setTable, type Fight } from "./setup";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any -- the pages' documents are untyped here

describe("smoke: fast-slow, one round with two clients", () => {
  let fight: Fight;
  afterAll(() => fight?.stop());

  it("plays the round", async () => {
    fight = await setTable(
      "fast-slow",
      [
        { name: "Hild Brakka", pack: "characters", owner: "alice", at: [2, 2] },
        { name: "Riding Horse", pack: "creatures", owner: "alice", at: [3, 2] },
        { name: "Brannoch Vey", pack: "characters", owner: "alice", at: [2, 5] },
        { name: "Road Bandit", pack: "creatures", at: [6, 5] },
        { name: "Grey Wolf", pack: "creatures", at: [5, 2] },
      ],
      "fr",
    );
    const { table, gm, alice } = fight;
    const combat = (page = gm): Any => fight.combat(page);

    // Before the fight: Alice mounts Hild on the horse from Hild's Token HUD (FS-MT1, FS-MT2).
    table.target(alice, fight.token(alice, "Riding Horse"));
    const hud = await table.hud(alice, fight.token(alice, "Hild Brakka"));
    await table.click(alice, hud.querySelector('[data-fray-mount="mount"]'), "Hild mounts the horse");
    table.target(alice, null);
    expect(fight.actor(gm, "Hild Brakka").statuses.has("mounted")).toBe(true);

    // FS-R1: Alice chooses fast for Hild, slow for Brannoch; the GM fast for the Bandit, slow for the Wolf.
    await table.click(
      alice,
      await table.trackerButton(alice, "frayChooseSpeed", "Hild Brakka", { speed: "fast" }),
      "Hild: fast",
    );
    await table.click(
      alice,
      await table.trackerButton(alice, "frayChooseSpeed", "Brannoch Vey", { speed: "slow" }),
      "Brannoch: slow",
    );
    await table.click(
      gm,
      await table.trackerButton(gm, "frayChooseSpeed", "Road Bandit", { speed: "fast" }),
      "Bandit: fast",
    );
    await table.click(
      gm,
      await table.trackerButton(gm, "frayChooseSpeed", "Grey Wolf", { speed: "slow" }),
      "Wolf: slow",
    );

    // The GM starts the fight (the tracker's footer).
    await table.click(gm, await table.trackerButton(gm, "frayStartCombat"), "the GM starts the fight");
    expect(combat(alice).round).toBe(1);

    // Fast turns, players first (FS-R2): Hild takes her turn and concentrates on Lantern Eye (FS-A3).
    await table.click(
      alice,
      await table.trackerButton(alice, "frayTakeTurn", "Hild Brakka"),
      "Hild takes her fast turn",
    );
    expect(combat(alice).combatant?.name).toBe("Hild Brakka");
    await table.click(
      alice,
      await table.itemButton(alice, fight.actor(alice, "Hild Brakka"), "Lantern Eye", "concentrate"),
      "Hild concentrates",
    );
    expect(fight.actor(alice, "Hild Brakka").statuses.has("concentrating")).toBe(true);
    await table.click(
      alice,
      await table.trackerButton(alice, "frayEndTurn", "Hild Brakka"),
      "Hild ends her turn",
    );

    // FS-R3: the GM's creatures act once the players' fast turns are over. The Bandit Defends (FS-A5).
    await table.click(
      gm,
      await table.trackerButton(gm, "frayTakeTurn", "Road Bandit"),
      "the Bandit takes its fast turn",
    );
    const banditSheet = await table.sheet(gm, fight.actor(gm, "Road Bandit"));
    await table.click(gm, banditSheet.querySelector('[data-action="defend"]'), "the Bandit Defends");
    await table.click(
      gm,
      await table.trackerButton(gm, "frayEndTurn", "Road Bandit"),
      "the Bandit ends its turn",
    );

    // The fast part is over: the GM moves on to the slow turns (the tracker's footer).
    await table.click(
      gm,
      await table.trackerButton(gm, "frayAdvancePhase"),
      "the GM moves on to the slow turns",
    );

    // Slow turns: Brannoch moves a square (FS-R6) and attacks the Defending Bandit.
    await table.click(
      alice,
      await table.trackerButton(alice, "frayTakeTurn", "Brannoch Vey"),
      "Brannoch takes his slow turn",
    );
    const brannoch = fight.token(alice, "Brannoch Vey");
    await table.drag(alice, brannoch, { x: 300, y: 500 }, "Brannoch moves a square");
    expect(fight.token(gm, "Brannoch Vey").x).toBe(300);
    table.target(alice, fight.token(alice, "Road Bandit"));
    table.answer(alice, "ok", { modifier: 0, boons: 0, banes: 0 });
    table.dice(15, 3);
    await table.click(
      alice,
      await table.itemButton(alice, fight.actor(alice, "Brannoch Vey"), "Spear", "rollAttack"),
      "Brannoch attacks the Bandit",
    );
    const attack = table.lastMessage(alice, "attack");
    expect(attack?.system.entries[0].outcome).toMatchObject({ hit: true });
    // Alice rolls the damage on her card; the GM applies it on his.
    table.dice(5);
    await table.click(
      alice,
      table.cardButton(alice, attack.id, '[data-action="rollDamage"]'),
      "Alice rolls Brannoch's damage",
    );
    const banditHealth = fight.actor(gm, "Road Bandit").system.health.value;
    await table.click(
      gm,
      table.cardButton(gm, attack.id, '[data-action="applyDamage"]'),
      "the GM applies the damage",
    );
    expect(fight.actor(alice, "Road Bandit").system.health.value).toBe(banditHealth - 5);
    await table.click(
      alice,
      await table.trackerButton(alice, "frayEndTurn", "Brannoch Vey"),
      "Brannoch ends his turn",
    );

    // The Wolf's slow turn: it bites Hild (the GM targets her); the GM rolls and applies the damage.
    await table.click(
      gm,
      await table.trackerButton(gm, "frayTakeTurn", "Grey Wolf"),
      "the Wolf takes its slow turn",
    );
    table.target(gm, fight.token(gm, "Hild Brakka"));
    // FS-MT7: the attacker chooses the rider or the mount; then the attack's own dialog.
    table.answer(gm, "ok", { pair0: fight.token(gm, "Hild Brakka").uuid });
    table.answer(gm, "ok", { modifier: 0, boons: 0, banes: 0 });
    table.dice(18);
    await table.click(
      gm,
      await table.itemButton(gm, fight.actor(gm, "Grey Wolf"), "Bite", "rollAttack"),
      "the Wolf bites Hild",
    );
    const bite = table.lastMessage(gm, "attack");
    expect(bite.system.entries[0].outcome).toMatchObject({ hit: true });
    table.dice(3);
    await table.click(
      gm,
      table.cardButton(gm, bite.id, '[data-action="rollDamage"]'),
      "the GM rolls the bite's damage",
    );
    await table.click(
      gm,
      table.cardButton(gm, bite.id, '[data-action="applyDamage"]'),
      "the GM applies the bite",
    );

    // FS-A4: Hild took damage while concentrating: Alice rolls the Will check from its card.
    const will = table.lastMessage(alice, "check");
    expect(will?.system).toMatchObject({ kind: "concentration", result: null });
    table.dice(15);
    await table.click(
      alice,
      table.cardButton(alice, will.id, '[data-action="rollCheck"]'),
      "Alice rolls Hild's Will check",
    );
    expect(table.lastMessage(gm, "check").system.result).toMatchObject({ success: true });
    expect(fight.actor(gm, "Hild Brakka").statuses.has("concentrating")).toBe(true);
    await table.click(
      gm,
      await table.trackerButton(gm, "frayEndTurn", "Grey Wolf"),
      "the Wolf ends its turn",
    );

    // FS-MT9: the GM knocks the horse prone from its Token HUD; Hild falls with it and rolls Agility.
    const horseHud = await table.hud(gm, fight.token(gm, "Riding Horse"));
    await table.click(
      gm,
      horseHud.querySelector('[data-action="effect"][data-status-id="prone"]'),
      "the GM knocks the horse prone",
    );
    const fall = table.lastMessage(alice, "check");
    expect(fall?.system).toMatchObject({ kind: "mountFall", result: null });
    table.dice(2, 4);
    await table.click(
      alice,
      table.cardButton(alice, fall.id, '[data-action="rollCheck"]'),
      "Alice rolls Hild's Agility as she falls",
    );
    expect(fight.actor(gm, "Hild Brakka").statuses.has("immobilized")).toBe(true);
    // The horse's prone is an effect in the running generation's shape (v13 `changes`, v14 `system.changes`).
    const horseProne = [...fight.actor(gm, "Riding Horse").effects].find((e: Any) => e.statuses.has("prone"));
    expect(V14 ? horseProne.system.changes : horseProne.changes).toEqual([]);

    // FS-MT9: pinned under the horse, Hild cannot stand up: Alice turning her prone off from her Token HUD is
    // refused on her page (preDeleteActiveEffect), in French.
    const hildHud = await table.hud(alice, fight.token(alice, "Hild Brakka"));
    await table.click(
      alice,
      hildHud.querySelector('[data-action="effect"][data-status-id="prone"]'),
      "Alice tries to stand Hild up",
      { warnings: [/^Vous êtes coincé sous votre monture et ne pouvez pas vous relever\.$/] },
    );
    const refusal = alice.notifications.at(-1);
    expect([refusal?.type, refusal?.message]).toEqual([
      "warn",
      "Vous êtes coincé sous votre monture et ne pouvez pas vous relever.",
    ]);
    expect(fight.actor(gm, "Hild Brakka").statuses.has("prone")).toBe(true);

    // FS-R7: the end of the round, then the next begins.
    await table.click(
      gm,
      await table.trackerButton(gm, "frayAdvancePhase"),
      "the GM moves on to the end of the round",
    );
    await table.click(gm, await table.trackerButton(gm, "frayEndRound"), "the GM ends the round");
    expect(combat(alice).round).toBe(2);
    // DESIGN.md: only the active GM writes shared state. Alice's page wrote only her own User (the requests of
    // src/net/mailbox.ts), chat messages of her own and her tokens' moves (core's); the GM wrote everything else.
    const shared = ["update User", "create ChatMessage", "update Token"];
    expect(fight.writesBy(alice).filter((w) => !shared.includes(w))).toEqual([]);
    expect(fight.writesBy(alice)).toContain("update User");
  });
});
