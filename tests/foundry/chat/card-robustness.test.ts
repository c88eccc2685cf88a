import type { ClientSettings } from "../../harness/core";
import { beforeEach, describe, expect, it } from "vitest";
import { ChatUser, users, type ChatMessageDoc } from "../../harness/chat";
import { queueFaces, queuedFaces } from "../../harness/roll";
import { V14 } from "../../harness/generation";
import {
  alice,
  as,
  attack,
  bob,
  click,
  creature,
  entryOf,
  gm,
  settle,
  setSetting,
  textOf,
  view,
  weapon,
  world,
  drawCard,
} from "./setup";
import { startAttack } from "../../../src/chat/start-attack";
import { AttackRoll, DamageRoll, DefenseRoll } from "../../../src/dice/fray-roll";

function opposed(names = { hero: "Ana", target: "Bea", weapon: "Spear" }) {
  const hero = creature(names.hero, { opposedD20: { attack: { melee: 5 } } }, [alice]);
  const bea = creature(names.target, { opposedD20: { defense: { block: 4, dodge: 3 } } }, [bob]);
  return { hero, bea, spear: weapon(hero.actor, names.weapon) };
}

/** An opposed-d20 card whose attack beat an undefended target, damage rolled (6 on 1d8). */
async function damagedCard() {
  const { hero, bea, spear } = opposed();
  queueFaces(15);
  const message = await attack(alice, "opposed-d20", hero, spear, [bea]);
  await click(bob, message, "decline");
  queueFaces(6);
  await click(alice, message, "rollDamage");
  return { message, bea };
}

describe("attack card robustness", () => {
  beforeEach(() => {
    queuedFaces.length = 0;
    world.warnings.length = 0;
    bob.active = true;
    setSetting("npcAutoDefense", false);
  });

  it("a defense clicked twice (or by two users) is taken once", async () => {
    const { hero, bea, spear } = opposed();
    queueFaces(10);
    const message = await attack(alice, "opposed-d20", hero, spear, [bea]);
    queueFaces(7, 19);
    // The GM's card was drawn while Bob was away (the GM is asked to defend then); Bob is back. Which click
    // reaches the GM first is the network's choice (the GM's own runs at once, the owner's makes a round
    // trip): one is taken, the other refused.
    const gmPage = await drawCard(gm, message, [bob]);
    const bobsPage = await drawCard(bob, message);
    const answers = await Promise.all([
      click(bob, message, "defend", "t0", "dodge", {}, bobsPage),
      click(gm, message, "defend", "t0", "block", {}, gmPage),
    ]);
    expect(answers.filter((a) => a.ok)).toEqual([{ ok: true, value: null }]);
    expect(answers.find((a) => !a.ok)).toMatchObject({ ok: false, reason: "defenseTaken" });
    expect(entryOf(message).defenses).toHaveLength(1);
    expect(world.messages.get(message.id)?.rolls).toHaveLength(2);
    expect(queuedFaces).toEqual([19]);
  });

  it("damage rolled and applied twice is rolled and subtracted once", async () => {
    const { hero, bea, spear } = opposed();
    queueFaces(15);
    const message = await attack(alice, "opposed-d20", hero, spear, [bea]);
    await click(bob, message, "decline");
    queueFaces(6, 2);
    const rolled = await Promise.all([
      click(alice, message, "rollDamage"),
      click(alice, message, "rollDamage"),
    ]);
    expect(rolled.map((o) => o.ok)).toEqual([true, false]);
    expect(rolled[1]).toMatchObject({ reason: "damageRolled" });
    const applied = await Promise.all([
      click(alice, message, "applyDamage"),
      click(bob, message, "applyDamage"),
      click(alice, message, "applyDamage"),
    ]);
    expect(applied.filter((o) => o.ok)).toHaveLength(1);
    expect(applied.filter((o) => !o.ok).map((o) => !o.ok && o.reason)).toEqual([
      "damageApplied",
      "damageApplied",
    ]);
    expect(bea.actor.system.health).toMatchObject({ value: 14 });
  });

  it("only the GM can undo applied damage; undo gives back what was taken, once, up to the maximum", async () => {
    const { message, bea } = await damagedCard();
    await click(bob, message, "applyDamage");
    expect(bea.actor.system.health).toMatchObject({ value: 14 });
    // Alice's card offers no undo; pressed on a page drawn for the GM, it is refused.
    expect(await view(message, alice)).not.toContain('data-action="undoDamage"');
    expect(await click(alice, message, "undoDamage", "t0", null, {}, gm)).toMatchObject({
      ok: false,
      reason: "undoNeedsGM",
    });
    expect(world.warnings).toContain("Only the GM can undo applied damage.");
    await bea.actor.update({ "system.health.value": 17 });
    const undone = await Promise.all([click(gm, message, "undoDamage"), click(gm, message, "undoDamage")]);
    expect(undone.map((o) => o.ok)).toEqual([true, false]);
    expect(bea.actor.system.health).toMatchObject({ value: 20 });
    expect(entryOf(message).damage).toMatchObject({ applied: null, undone: { restored: 3 } });
    expect(textOf(await view(message, gm))).toContain("Undone: 3 Health given back.");
  });

  it("an undo is final unless the GM applies the damage again: a player's Apply is refused, the GM's is taken", async () => {
    const { message, bea } = await damagedCard();
    await click(bob, message, "applyDamage");
    await click(gm, message, "undoDamage");
    expect(bea.actor.system.health).toMatchObject({ value: 20 });
    // Neither side's player is offered Apply any more; pressed on a page drawn for the GM, it is refused.
    expect(await view(message, alice)).not.toContain('data-action="applyDamage"');
    expect(await view(message, bob)).not.toContain('data-action="applyDamage"');
    for (const player of [alice, bob]) {
      expect(await click(player, message, "applyDamage", "t0", null, {}, gm)).toMatchObject({
        ok: false,
        reason: "damageUndone",
      });
    }
    expect(world.warnings).toContain("This damage was undone. Only the GM can apply it again.");
    expect(bea.actor.system.health).toMatchObject({ value: 20 });
    expect(entryOf(message).damage).toMatchObject({ applied: null, undone: { restored: 6 } });
    // The GM may apply it again: the entry is applied, no longer undone, and the players' Apply stays gone.
    expect(await view(message, gm)).toContain('data-action="applyDamage"');
    expect(await click(gm, message, "applyDamage")).toEqual({ ok: true, value: null });
    expect(bea.actor.system.health).toMatchObject({ value: 14 });
    expect(entryOf(message).damage).toMatchObject({ applied: { before: 20, after: 14 }, undone: null });
    expect(await view(message, alice)).not.toContain('data-action="applyDamage"');
  });

  it("the attacker's side rolls damage; either side applies it; nobody else", async () => {
    const { hero, bea, spear } = opposed();
    const carol = users.add(new ChatUser("Carol", false));
    queueFaces(15);
    const message = await attack(alice, "opposed-d20", hero, spear, [bea]);
    await click(bob, message, "decline");
    // Bob's card offers him no damage roll; pressed on a page drawn for Alice, it is refused.
    expect(await view(message, bob)).not.toContain('data-action="rollDamage"');
    expect(await click(bob, message, "rollDamage", "t0", null, {}, alice)).toMatchObject({
      ok: false,
      reason: "notOwner",
      data: { name: "Ana" },
    });
    queueFaces(3);
    await click(alice, message, "rollDamage");
    expect(await view(message, carol)).not.toContain('data-action="applyDamage"');
    // Carol's card offers her nothing; pressed on a page drawn for Bob, it is refused.
    expect(await click(carol, message, "applyDamage", "t0", null, {}, bob)).toMatchObject({
      ok: false,
      reason: "notOwner",
    });
    expect(await click(bob, message, "applyDamage")).toEqual({ ok: true, value: null });
    carol.active = false;
  });

  it("a target deleted meanwhile gives a clear message, on the card and to whoever clicks", async () => {
    const { hero, bea, spear } = opposed();
    queueFaces(10);
    const message = await attack(alice, "opposed-d20", hero, spear, [bea]);
    const drawn = await drawCard(bob, message);
    await bea.token.delete();
    // Bob's card was drawn before the deletion: he presses Dodge on it.
    const refused = await click(bob, message, "defend", "t0", "dodge", {}, drawn);
    expect(refused).toMatchObject({ ok: false, reason: "documentGone", data: { name: "Bea" } });
    expect(world.warnings).toContain("Bea no longer exists.");
    const html = await view(message, gm);
    expect(html).toContain('role="alert"');
    expect(textOf(html)).toContain("This target no longer exists");
    expect(html).not.toContain('data-action="defend"');
    for (const lang of ["fr", "pl", "es", "ja"])
      expect(await view(message, gm, lang)).toContain('role="alert"');

    const { message: damaged, bea: gone } = await damagedCard();
    const before = await drawCard(alice, damaged);
    await gone.actor.delete();
    // Alice's card was drawn before the deletion: she presses Apply on it.
    expect(await click(alice, damaged, "applyDamage", "t0", null, {}, before)).toMatchObject({
      ok: false,
      reason: "documentGone",
    });
  });

  it("actor, token and item names are escaped on the card and in the dialog", async () => {
    const { hero, bea, spear } = opposed({
      hero: "<script>alert(1)</script>",
      target: '<img src=x onerror="alert(2)">',
      weapon: "<b>Spear</b>",
    });
    queueFaces(10);
    const message = await attack(alice, "opposed-d20", hero, spear, [bea]);
    for (const user of [alice, bob, gm]) {
      const html = await view(message, user);
      expect(html).not.toContain("<script>");
      expect(html).not.toContain("<img src=x");
      expect(html).not.toContain("<b>Spear");
      expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
      expect(html).toContain("&lt;img src&#x3D;x onerror&#x3D;&quot;alert(2)&quot;&gt;");
      expect(html).toContain("&lt;b&gt;Spear&lt;/b&gt;");
    }
    const { fileOf, templateEnvironment } = await import("../../harness/templates");
    const dialog = templateEnvironment("en").render(fileOf("systems/fray/templates/chat/attack-dialog.hbs"), {
      boons: true,
      weapon: "<b>Spear</b>",
      targets: ["<script>x</script>"],
    });
    expect(dialog).not.toMatch(/<script>|<b>Spear/);
  });

  it("OD-A3 an attack with no target still posts its roll and reports a Critical or a Fumble, in every family", async () => {
    const hero = creature("Solo", {}, [alice]);
    const blade = weapon(hero.actor, "Blade");
    queueFaces(6, 6, 6);
    const ad = await attack(alice, "active-defense-3d6", hero, blade, []);
    expect(entryOf(ad)).toMatchObject({ target: null, attack: { fumble: true }, fumble: { roll: null } });
    expect(await view(ad, alice)).toContain('data-action="rollFumble"');
    queueFaces(1, 1, 1);
    expect(entryOf(await attack(alice, "active-defense-3d6", hero, blade, [])).attack).toMatchObject({
      critical: true,
      outcome: "critical",
    });
    queueFaces(12);
    expect(entryOf(await attack(alice, "fast-slow", hero, blade, [])).attack).toMatchObject({
      total: 12,
      outcome: "",
      against: null,
    });
    queueFaces(97, 20);
    expect(entryOf(await attack(alice, "phased-round", hero, blade, [])).attack).toMatchObject({
      total: 117,
      openEnded: "up",
    });
  });

  it("the card's rolls are real Fray Rolls on the message, rebuilt after a reload through CONFIG.Dice.rolls", async () => {
    const { message } = await damagedCard();
    const rolls = world.messages.get(message.id)?.rolls ?? [];
    expect(rolls.map((r) => r.constructor)).toEqual([AttackRoll, DamageRoll]);
    expect(rolls.map((r) => r.options.purpose)).toEqual(["attack", "damage"]);
    const { hero, bea, spear } = opposed();
    queueFaces(10, 4);
    const defended = await attack(alice, "opposed-d20", hero, spear, [bea]);
    await click(bob, defended, "defend", "t0", "block");
    expect(world.messages.get(defended.id)?.rolls.map((r) => r.constructor)).toEqual([
      AttackRoll,
      DefenseRoll,
    ]);
  });

  it("the user's roll mode applies to the card: a blind roll shows the author nothing of it", async () => {
    const { hero, bea, spear } = opposed();
    const settings = (globalThis as unknown as { game: { settings: ClientSettings } }).game.settings;
    await as(alice, () =>
      settings.set("core", V14 ? "messageMode" : "rollMode", V14 ? "blind" : "blindroll"),
    );
    queueFaces(10);
    let message: ChatMessageDoc;
    try {
      message = await attack(alice, "opposed-d20", hero, spear, [bea]);
    } finally {
      settings.resetClients();
    }
    expect(message.blind).toBe(true);
    expect(message.whisper).toEqual([gm.id]);
    expect(await view(message, alice)).toBe("");
    expect(await view(message, gm)).toContain("fray-attack-card");
    // The defender's owner cannot read this card: the GM is prompted to defend for it.
    expect(await view(message, gm)).toContain('data-action="defend"');
  });

  it("an attack from a weapon takes the user's targets and skips non-weapons", async () => {
    const { hero, bea, spear } = opposed();
    alice.targets = new Set([{ document: bea.token }]);
    queueFaces(10);
    const message = (await as(alice, () =>
      startAttack(hero.actor as never, spear as never, {
        situation: { modifier: 2, boons: 0, banes: 0, mountedIndependent: false },
      }),
    )) as unknown as ChatMessageDoc;
    await settle();
    expect(entryOf(message).target?.name).toBe("Bea");
    expect(entryOf(message).attack.total).toBe(17);
    alice.targets = new Set();
    const notWeapon = { ...spear, type: "gear" };
    expect(await as(alice, () => startAttack(hero.actor as never, notWeapon as never, {}))).toBeNull();
  });
});
