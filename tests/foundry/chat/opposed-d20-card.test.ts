import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { giveStatus } from "../../harness/effects";
// DialogV2.confirm, for the GM's override (OD-A1).
import { budgetWorld } from "../../harness/budget";
import { startAttack } from "../../../src/chat/start-attack";
import { NO_SITUATION } from "../../../src/chat/card-data";
import { defendRequest } from "../../../src/chat/requests";
import { applyRoundEvents, roundStateOf } from "../../../src/documents/combat-api";
import { queueFaces, queuedFaces } from "../../harness/roll";
import {
  alice,
  as,
  attack,
  bob,
  click,
  creature,
  entryOf,
  fightWith,
  gm,
  setSetting,
  textOf,
  view,
  weapon,
  world,
} from "./setup";

function duel() {
  const hero = creature("Ana", { opposedD20: { attack: { melee: 5, ranged: 2 } } }, [alice]);
  const bea = creature(
    "Bea",
    { opposedD20: { defense: { block: 4, dodge: 3 }, protection: 2, actions: { active: 1, passive: 1 } } },
    [bob],
  );
  return { hero, bea, spear: weapon(hero.actor, "Spear") };
}

/** Puts a token on a scene at a grid square (100 px squares of 1.5 m). */
function placeAt(token: object, column: number, row: number, scene: object): void {
  Object.assign(token, { parent: scene, x: column * 100, y: row * 100, width: 1, height: 1 });
}

describe("opposed-d20 attack card", () => {
  beforeEach(() => {
    queuedFaces.length = 0;
    world.warnings.length = 0;
    bob.active = true;
    setSetting("npcAutoDefense", false);
    setSetting("odFumbleMissesUndefended", false);
  });
  afterEach(() => world.combats.clear());

  it("OD-A2 the target's owner gets the defenses valid against the attack, or none; others wait", async () => {
    const { hero, bea, spear } = duel();
    queueFaces(10);
    const message = await attack(alice, "opposed-d20", hero, spear, [bea]);
    const entry = entryOf(message);
    expect(entry.stage).toBe("awaitingDefense");
    expect(entry.attack.total).toBe(15);
    expect(entry.legal?.options.map((o) => [o.id, o.formula])).toEqual([
      ["dodge", "1d20 + 3"],
      ["block", "1d20 + 4"],
    ]);
    const forBob = await view(message, bob);
    expect(forBob).toContain('data-action="defend" data-defense="dodge"');
    expect(forBob).toContain('data-action="defend" data-defense="block"');
    expect(forBob).toContain('data-action="decline"');
    expect(textOf(forBob)).toContain("Uses a passive action");
    for (const other of [alice, gm]) {
      const html = await view(message, other);
      expect(html).not.toContain('data-action="defend"');
      expect(textOf(html)).toContain("Waiting for the defender");
    }
  });

  it("OD-A4 the attack must be strictly greater: a tie favours the defender; OD-A5 margin = attack − defense", async () => {
    const { hero, bea, spear } = duel();
    queueFaces(10);
    const tie = await attack(alice, "opposed-d20", hero, spear, [bea]);
    queueFaces(11);
    expect(await click(bob, tie, "defend", "t0", "block")).toEqual({ ok: true, value: null });
    expect(entryOf(tie).outcome).toMatchObject({ outcome: "miss", hit: false, margin: 0 });
    expect(entryOf(tie).defenses[0]).toMatchObject({ id: "block", success: true, roll: { total: 15 } });
    expect(entryOf(tie).damage).toBeNull();

    queueFaces(10);
    const beaten = await attack(alice, "opposed-d20", hero, spear, [bea]);
    queueFaces(5);
    await click(bob, beaten, "defend", "t0", "dodge");
    expect(entryOf(beaten).outcome).toMatchObject({ outcome: "hit", hit: true, margin: 7 });
    // The verdict in the target's heading, the margin on its own line (issue 14: hit or miss at a glance).
    const html = await view(beaten, alice);
    expect(html).toMatch(/<span class="fray-verdict is-pass">(?:<i [^>]*><\/i>)?Hit<\/span>/);
    expect(html).toMatch(/<p class="fray-card-outcome is-hit">Margin \+7<\/p>/);
  });

  it("OD-A2 both apply situational modifiers: the defender's owner types one next to its defenses", async () => {
    const { hero, bea, spear } = duel();
    queueFaces(10);
    const message = await attack(alice, "opposed-d20", hero, spear, [bea], {
      modifier: 2,
      boons: 0,
      banes: 0,
      mountedIndependent: false,
    });
    expect(entryOf(message).attack.total).toBe(17);
    expect(await view(message, bob)).toContain('name="defenseModifier"');
    expect(await view(message, alice)).not.toContain('name="defenseModifier"');
    // Block 4 + 3 situational: 10 + 7 = 17, a tie: the defender wins (OD-A4).
    queueFaces(10);
    await click(bob, message, "defend", "t0", "block", { defenseModifier: "3" });
    const entry = entryOf(message);
    expect(entry.defenses[0]).toMatchObject({ roll: { formula: "1d20 + 7", total: 17 }, modifier: 7 });
    expect(entry.outcome).toMatchObject({ outcome: "miss", hit: false, margin: 0 });

    // A player's situational modifier is held to ±10 on the GM's side (rules/attack/situation-bounds.ts): the
    // card's field says −100…100, but +50 typed (or sent from the console) is refused and nothing is rolled.
    queueFaces(10);
    const bold = await attack(alice, "opposed-d20", hero, spear, [bea]);
    expect(
      await as(bob, () =>
        defendRequest.send({ messageId: bold.id, entry: "t0", defense: "dodge", modifier: 50 }),
      ),
    ).toMatchObject({ ok: false, reason: "outOfBounds" });
    expect(entryOf(bold).stage).toBe("awaitingDefense");
    expect(entryOf(bold).defenses).toEqual([]);

    // A modifier against the defender; nothing typed is no modifier.
    queueFaces(10);
    const second = await attack(alice, "opposed-d20", hero, spear, [bea]);
    queueFaces(10);
    await click(bob, second, "defend", "t0", "dodge", { defenseModifier: "-2" });
    expect(entryOf(second).defenses[0]?.roll).toMatchObject({ formula: "1d20 + 1", total: 11 });
    queueFaces(10);
    const third = await attack(alice, "opposed-d20", hero, spear, [bea]);
    queueFaces(10);
    await click(bob, third, "defend", "t0", "dodge");
    expect(entryOf(third).defenses[0]?.roll).toMatchObject({ formula: "1d20 + 3", total: 13 });
  });

  it("OD-A1 the attacker checks that it can reach the target before the action is counted; a GM may go on", async () => {
    budgetWorld.reset();
    const { hero, bea, spear } = duel();
    const bow = weapon(hero.actor, "Bow", { kind: "ranged", range: 30 });
    const scene = { id: "scene", grid: { size: 100, distance: 1.5, units: "m" } };
    placeAt(hero.token, 0, 0, scene);
    placeAt(bea.token, 2, 1, scene); // one square between them: 3 m
    const swing = (user: typeof alice, item: typeof spear) =>
      as(user, () =>
        startAttack(hero.actor as never, item as never, {
          token: hero.token as never,
          targets: [bea.token] as never,
          situation: NO_SITUATION,
        }),
      );
    const cards = world.messages.size;
    expect(await swing(alice, spear)).toBeNull();
    expect(world.messages.size).toBe(cards);
    expect(world.warnings).toEqual(["Bea is out of reach: 3 m away, the weapon reaches 1.5 m."]);

    queueFaces(12);
    expect(await swing(alice, bow)).not.toBeNull();
    placeAt(bea.token, 0, 21, scene); // 31.5 m
    expect(await swing(alice, bow)).toBeNull();
    expect(world.warnings.at(-1)).toBe("Bea is out of range: 31.5 m away, the weapon's range is 30 m.");

    placeAt(bea.token, 1, 1, scene); // adjacent
    queueFaces(12);
    expect(await swing(alice, spear)).not.toBeNull();

    // The GM is asked, and may go on.
    placeAt(bea.token, 3, 0, scene);
    budgetWorld.confirms.push(true);
    queueFaces(12);
    expect(await swing(gm, spear)).not.toBeNull();
    expect(budgetWorld.dialogs).toHaveLength(1);
    expect(queuedFaces).toEqual([]);
  });

  it("OD-A7 damage minus protection is the loss of Health", async () => {
    const { hero, bea, spear } = duel();
    queueFaces(18);
    const message = await attack(alice, "opposed-d20", hero, spear, [bea]);
    await click(bob, message, "decline");
    expect(entryOf(message)).toMatchObject({ declined: true, outcome: { hit: true, margin: null } });
    queueFaces(6);
    await click(alice, message, "rollDamage");
    expect(entryOf(message).damage).toMatchObject({ final: 4, reductions: [{ value: 2 }] });
    await click(bob, message, "applyDamage");
    expect(bea.actor.system.health).toMatchObject({ value: 16 });
  });

  it("OD-A2 only the target's owner (or the GM) may defend", async () => {
    const { hero, bea, spear } = duel();
    queueFaces(10);
    const message = await attack(alice, "opposed-d20", hero, spear, [bea]);
    // Alice's card offers her no defense of Bea's; pressed on a page drawn for Bob, it is refused.
    expect(await view(message, alice)).not.toContain('data-action="defend"');
    const refused = await click(alice, message, "defend", "t0", "dodge", {}, bob);
    expect(refused).toMatchObject({ ok: false, reason: "notOwner", data: { name: "Bea" } });
    expect(world.warnings).toContain("You do not own Bea.");
    expect(entryOf(message).stage).toBe("awaitingDefense");
  });

  it("OD-A2/OD-R3 in a fight the defense roll spends a passive action; with none left the attack stands undefended", async () => {
    const { hero, bea, spear } = duel();
    // Each attack is an active action (OD-A1, OD-R3): the hero's counters allow two this round.
    await hero.actor.update({ "system.opposedD20.actions.active": 2 });
    const { fight, ids } = fightWith("opposed-d20", hero, bea);
    await as(gm, () =>
      applyRoundEvents(fight as never, [
        { type: "setInitiative", id: ids[0] as string, roll: { total: 15, initiativeStat: 0 } },
        { type: "setInitiative", id: ids[1] as string, roll: { total: 10, initiativeStat: 0 } },
        { type: "startCombat" },
      ]),
    );
    queueFaces(10);
    const first = await attack(alice, "opposed-d20", hero, spear, [bea]);
    queueFaces(12);
    await click(bob, first, "defend", "t0", "block");
    const counts = roundStateOf(fight as never).combatants.find((c) => c.id === ids[1])?.actions;
    expect(counts).toEqual({ active: 0, passive: 1 });

    queueFaces(3);
    const second = await attack(alice, "opposed-d20", hero, spear, [bea]);
    const entry = entryOf(second);
    expect(entry.stage).toBe("resolved");
    expect(entry.legal).toMatchObject({ mode: "none", reason: "noPassiveActionLeft" });
    expect(entry.outcome).toMatchObject({ hit: true, margin: null });
    expect(textOf(await view(second, bob))).toContain("No passive action left this round");
  });

  it("OD-A3 an undefended Fumble hits by default; the setting makes it miss", async () => {
    const { hero, bea, spear } = duel();
    giveStatus(bea.actor, "unconscious");
    queueFaces(1);
    const hits = entryOf(await attack(alice, "opposed-d20", hero, spear, [bea]));
    expect(hits.attack.fumble).toBe(true);
    expect(hits.legal?.reason).toBe("defenderCannotAct");
    expect(hits.outcome?.hit).toBe(true);
    setSetting("odFumbleMissesUndefended", true);
    queueFaces(1);
    expect(entryOf(await attack(alice, "opposed-d20", hero, spear, [bea])).outcome?.hit).toBe(false);
  });

  it("OD-A3 with no target the attacker still rolls, for its Critical or Fumble (settings odCriticalOn, odFumbleOn)", async () => {
    const { hero, spear } = duel();
    queueFaces(20);
    const critical = await attack(alice, "opposed-d20", hero, spear, []);
    expect(entryOf(critical).attack).toMatchObject({ critical: true, fumble: false, total: 25 });
    expect(textOf(await view(critical, alice, "es"))).toContain("Crítico");
    setSetting("odCriticalOn", 19);
    setSetting("odFumbleOn", 2);
    queueFaces(2);
    const fumble = await attack(alice, "opposed-d20", hero, spear, []);
    expect(entryOf(fumble).attack).toMatchObject({ critical: false, fumble: true });
    expect(textOf(await view(fumble, alice, "es"))).toContain("Pifia");
    setSetting("odCriticalOn", 20);
    setSetting("odFumbleOn", 1);
  });

  it("NPC auto-defense: a target with no connected owner takes its best legal defense by itself (setting)", async () => {
    const { hero, bea, spear } = duel();
    bob.active = false;
    queueFaces(10);
    const manual = await attack(alice, "opposed-d20", hero, spear, [bea]);
    expect(entryOf(manual).stage).toBe("awaitingDefense");
    expect(await view(manual, gm)).toContain('data-action="defend"');

    setSetting("npcAutoDefense", true);
    queueFaces(10, 9);
    const auto = await attack(alice, "opposed-d20", hero, spear, [bea]);
    expect(entryOf(auto).defenses.map((d) => [d.id, d.roll.total])).toEqual([["block", 13]]);
    expect(entryOf(auto).outcome).toMatchObject({ hit: true, margin: 2 });
  });
});
