import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { applyRoundEvents, roundStateOf, timedStatesOf } from "../../../src/documents/combat-api";
import {
  initialActiveDefenseBudget,
  type ActiveDefenseBudget,
} from "../../../src/rules/families/active-defense-3d6/budget";
import { concentrateOnSpell } from "../../../src/rules/families/active-defense-3d6/concentration";
import { queueFaces, queuedFaces } from "../../harness/roll";
import type { FighterDoc } from "../../harness/chat";
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
import { replaceWhole } from "../../../src/compat/replace-whole";

/** Hero: blade skill 12. Kenji: DEV 6, a sword parrying 3 (Parry 9), BEV 2 (Block 8), WT 1 (Dodge 5), DR 2. */
function duel() {
  const hero = creature("Hiro", { activeDefense: { skills: { blade: 12, bow: 12 } } }, [alice]);
  const kenji = creature("Kenji", { activeDefense: { dev: 6, bev: 2, wt: 1, dr: 2, wl: 10 } }, [bob]);
  weapon(kenji.actor, "Katana", { parry: 3 });
  return { hero, kenji, blade: weapon(hero.actor, "Blade", { damage: "2d6+1" }) };
}

async function inFight(hero: ReturnType<typeof duel>["hero"], kenji: ReturnType<typeof duel>["kenji"]) {
  const { fight, ids } = fightWith("active-defense-3d6", hero, kenji);
  const started = await as(gm, () => applyRoundEvents(fight as never, [{ type: "startCombat" }]));
  expect(started.ok).toBe(true);
  const fighter = (i: number) => fight.combatants.get(ids[i] as string) as FighterDoc;
  return { fight, ids, hero: fighter(0), kenji: fighter(1) };
}

const READY_BLADE = {
  unbalanced: false,
  missile: false,
  readyTurns: 0,
  status: "ready",
  readyingLeft: 0,
} as const;

async function setBudget(fighter: FighterDoc, budget: Partial<ActiveDefenseBudget>) {
  await fighter.update(
    replaceWhole("system.budget", {
      ...initialActiveDefenseBudget(),
      turnNumber: 1,
      inTurn: true,
      ...budget,
    }),
  );
}

describe("active-defense-3d6 attack card", () => {
  beforeEach(() => {
    queuedFaces.length = 0;
    world.warnings.length = 0;
    bob.active = true;
    setSetting("adCriticalSuccess", 4);
    setSetting("adCriticalFailure", 17);
    setSetting("npcAutoDefense", false);
  });
  afterEach(() => world.combats.clear());

  it("AD-A1/AD-A2 a near hit lets the defender's owner choose Parry, Block or Dodge at their target values", async () => {
    const { hero, kenji, blade } = duel();
    queueFaces(3, 4, 3);
    const message = await attack(alice, "active-defense-3d6", hero, blade, [kenji]);
    const entry = entryOf(message);
    expect(entry.attack).toMatchObject({ total: 10, against: { value: 12 }, margin: 2, outcome: "nearHit" });
    expect(entry.legal?.options.map((o) => [o.id, o.target])).toEqual([
      ["parry", 9],
      ["block", 8],
      ["dodge", 5],
    ]);
    const html = await view(message, bob, "ja");
    expect(textOf(html)).toContain("受け ≤ 9");
    expect(textOf(html)).toContain("止め ≤ 8");
    expect(textOf(html)).toContain("よけ ≤ 5");
    queueFaces(2, 3, 3);
    await click(bob, message, "defend", "t0", "parry");
    expect(entryOf(message)).toMatchObject({
      stage: "resolved",
      outcome: { outcome: "defended" },
      damage: null,
    });
  });

  it("AD-A3 against a missile attack Parry takes −4 and Block −2", async () => {
    const { hero, kenji } = duel();
    const bow = weapon(hero.actor, "Bow", { kind: "ranged", skill: "bow", damage: "1d6" });
    queueFaces(3, 3, 3);
    const entry = entryOf(await attack(alice, "active-defense-3d6", hero, bow, [kenji]));
    expect(entry.legal?.options.map((o) => [o.id, o.target])).toEqual([
      ["parry", 5],
      ["block", 6],
      ["dodge", 5],
    ]);
  });

  it("AD-A3 Parry once per turn: after a parry the next card offers none, and a stale click is refused", async () => {
    const { hero, kenji, blade } = duel();
    const fight = await inFight(hero, kenji);
    queueFaces(3, 3, 3, 3, 3, 3);
    const first = await attack(alice, "active-defense-3d6", hero, blade, [kenji]);
    // An attack roll takes the turn's manoeuvre (AD-M1…AD-M8): the second attack is the next turn's.
    await setBudget(fight.hero, { turnNumber: 2 });
    const second = await attack(alice, "active-defense-3d6", hero, blade, [kenji]);
    queueFaces(5, 5, 5);
    await click(bob, first, "defend", "t0", "parry");
    expect(fight.kenji.system.defenseUsage).toMatchObject({ parry: 1, block: 0 });

    const stale = await click(bob, second, "defend", "t0", "parry");
    expect(stale).toMatchObject({ ok: false, reason: "parryAlreadyUsed" });
    expect(world.warnings).toContain("Parry already used this turn.");
    expect(entryOf(second).legal?.options.map((o) => o.id)).toEqual(["block", "dodge"]);
    expect(textOf(await view(second, bob))).toContain("Parry: Parry already used this turn.");
  });

  it.each(["holderTurnStart", "roundStart"] as const)(
    "AD-A3 the Parry/Block count starts again (setting adDefenseUsageReset = %s)",
    async (reset) => {
      setSetting("adDefenseUsageReset", reset);
      const { hero, kenji, blade } = duel();
      await hero.actor.update({ "system.activeDefense.ag": 14 });
      const fight = await inFight(hero, kenji);
      expect(roundStateOf(fight.fight as never).current).toBe(fight.hero.id);
      queueFaces(3, 3, 3);
      const message = await attack(alice, "active-defense-3d6", hero, blade, [kenji]);
      queueFaces(2, 2, 2);
      await click(bob, message, "defend", "t0", "parry");
      expect(fight.kenji.system.defenseUsage).toMatchObject({ parry: 1 });
      // The hero's turn ends: Kenji's turn starts.
      await as(gm, () => applyRoundEvents(fight.fight as never, [{ type: "endTurn" }]));
      expect(roundStateOf(fight.fight as never).current).toBe(fight.kenji.id);
      expect(fight.kenji.system.defenseUsage).toMatchObject({ parry: reset === "holderTurnStart" ? 0 : 1 });
      // Kenji's turn ends, the round ends, a new one starts.
      await as(gm, () =>
        applyRoundEvents(fight.fight as never, [{ type: "endTurn" }, { type: "endRound", gmOverride: true }]),
      );
      expect(roundStateOf(fight.fight as never).round).toBe(2);
      expect(fight.kenji.system.defenseUsage).toMatchObject({ parry: 0 });
      setSetting("adDefenseUsageReset", "holderTurnStart");
    },
  );

  it("AD-M3 under all-out defense a failed defense may be retried with another one; AD-C2 a critical defense sends the attacker to the fumble table", async () => {
    const { hero, kenji, blade } = duel();
    const fight = await inFight(hero, kenji);
    await setBudget(fight.kenji, { allOut: { kind: "defense", turn: 1 } });
    queueFaces(3, 3, 3);
    const message = await attack(alice, "active-defense-3d6", hero, blade, [kenji]);
    queueFaces(5, 5, 5);
    await click(bob, message, "defend", "t0", "parry");
    let entry = entryOf(message);
    expect(entry.stage).toBe("awaitingDefense");
    expect(entry.legal?.options.map((o) => o.id)).toEqual(["block", "dodge"]);
    expect(textOf(await view(message, bob))).toContain("All-out defense: try another defense");

    queueFaces(1, 2, 1);
    await click(bob, message, "defend", "t0", "dodge");
    entry = entryOf(message);
    expect(entry.defenses.map((d) => [d.id, d.success, d.critical])).toEqual([
      ["parry", false, null],
      ["dodge", true, "success"],
    ]);
    expect(entry.outcome?.outcome).toBe("defended");
    expect(entry.fumble).toMatchObject({ roll: null });
    expect(await view(message, bob)).not.toContain('data-action="rollFumble"');
    expect(await view(message, alice)).toContain('data-action="rollFumble"');
    queueFaces(3, 3, 4);
    await click(alice, message, "rollFumble");
    expect(entryOf(message).fumble).toMatchObject({ total: 10, key: "FRAY.Fumble.9-11" });
    expect(textOf(await view(message, alice, "ja"))).toContain("ファンブル表");
  });

  it("AD-M6 defending while concentrating asks for a maintenance roll first; a failure breaks the concentration, the defense goes ahead", async () => {
    const { hero, kenji, blade } = duel();
    const fight = await inFight(hero, kenji);
    const concentrating = concentrateOnSpell([], { holder: fight.kenji.id, spellId: "fireball", round: 1 });
    if (!concentrating.ok) throw new Error("setup");
    await as(gm, () =>
      applyRoundEvents(fight.fight as never, [
        { type: "addTimedState", state: concentrating.value.state as never },
      ]),
    );
    queueFaces(3, 3, 3);
    const message = await attack(alice, "active-defense-3d6", hero, blade, [kenji]);
    expect(textOf(await view(message, bob))).toContain("Concentrating: a maintenance roll first");
    await click(bob, message, "defend", "t0", "dodge");
    expect(entryOf(message)).toMatchObject({
      stage: "awaitingMaintenance",
      pendingDefense: "dodge",
      defenses: [],
    });
    const prompt = await view(message, bob);
    expect(prompt).toContain('data-action="maintain"');
    expect(await view(message, alice)).not.toContain('data-action="maintain"');

    queueFaces(5, 5, 5, 2, 2, 2);
    await click(bob, message, "maintain");
    const entry = entryOf(message);
    expect(entry.maintenance[0]).toMatchObject({ target: 8, success: false });
    expect(timedStatesOf(fight.fight as never, fight.kenji.id)).toEqual([]);
    expect(entry.defenses[0]).toMatchObject({ id: "dodge", success: false });
    expect(entry.outcome).toMatchObject({ outcome: "hit", damageDue: true });
    expect(textOf(await view(message, bob))).toContain("Concentration broken");
  });

  it("AD-C1 a critical hit allows no defense: damage at once; AD-A4 damage minus DR", async () => {
    const { hero, kenji, blade } = duel();
    queueFaces(1, 1, 2);
    const message = await attack(alice, "active-defense-3d6", hero, blade, [kenji]);
    const entry = entryOf(message);
    expect(entry).toMatchObject({ stage: "resolved", outcome: { outcome: "critical" }, legal: null });
    expect(await view(message, bob)).not.toContain('data-action="defend"');
    queueFaces(3, 4);
    await click(alice, message, "rollDamage");
    expect(entryOf(message).damage).toMatchObject({
      roll: { total: 8 },
      reductions: [{ value: 2 }],
      final: 6,
    });
    expect(textOf(await view(message, alice))).toContain("Damage reduction (DR) −2 Final damage 6");
  });

  it("AD-C2 an attack fumble rolls on the fumble table", async () => {
    const { hero, kenji, blade } = duel();
    queueFaces(6, 6, 6);
    const message = await attack(alice, "active-defense-3d6", hero, blade, [kenji]);
    expect(entryOf(message)).toMatchObject({ outcome: { outcome: "fumble" }, fumble: { roll: null } });
    queueFaces(1, 1, 1);
    await click(alice, message, "rollFumble");
    expect(entryOf(message).fumble).toMatchObject({ total: 3, key: "FRAY.Fumble.3" });
    expect(textOf(await view(message, alice))).toContain("Disaster: your weapon breaks");
  });

  it("AD-M2 after its own all-out attack the defender has no defense; the attacker's option (b) adds +4", async () => {
    const { hero, kenji, blade } = duel();
    const fight = await inFight(hero, kenji);
    await setBudget(fight.kenji, { allOut: { kind: "attack", option: "twoAttacks", turn: 1 } });
    await setBudget(fight.hero, { allOut: { kind: "attack", option: "plusFour", turn: 1 } });
    queueFaces(5, 5, 5);
    const entry = entryOf(await attack(alice, "active-defense-3d6", hero, blade, [kenji]));
    expect(entry.attack).toMatchObject({ against: { value: 16 }, total: 15 });
    expect(entry.legal).toMatchObject({ mode: "none", reason: "defenseAfterAllOutAttack" });
    expect(entry.outcome).toMatchObject({ outcome: "hit", damageDue: true });
  });

  it("AD-M2 with two attacks, a feint from the previous turn applies to the first attack only", async () => {
    const { hero, kenji, blade } = duel();
    const fight = await inFight(hero, kenji);
    await setBudget(fight.hero, {
      turnNumber: 2,
      maneuver: "allOutAttack",
      allOut: { kind: "attack", option: "twoAttacks", turn: 2 },
      feint: { target: fight.kenji.id, effect: 3, turn: 1 },
      weapons: { [blade.id]: READY_BLADE },
    });
    queueFaces(3, 3, 3);
    const first = await attack(alice, "active-defense-3d6", hero, blade, [kenji]);
    expect(entryOf(first).legal?.options.map((o) => o.target)).toEqual([6, 5, 2]);
    expect(textOf(await view(first, bob))).toContain("Feint: −3 to the defense roll");
    queueFaces(3, 3, 3);
    const second = await attack(alice, "active-defense-3d6", hero, blade, [kenji]);
    expect(entryOf(second).legal?.options.map((o) => o.target)).toEqual([9, 8, 5]);
    expect(textOf(await view(second, bob))).not.toContain("Feint");
  });

  it("AD-M2 (c) feint and attack: the feint contest is rolled with the attack and its effect is a penalty on the defense roll; with last turn's feint the larger counts", async () => {
    const { hero, kenji, blade } = duel();
    const fight = await inFight(hero, kenji);
    const feintAndAttack = {
      turnNumber: 2,
      maneuver: "allOutAttack" as const,
      allOut: { kind: "attack" as const, option: "feintAndAttack" as const, turn: 2 },
      weapons: { [blade.id]: READY_BLADE },
    };
    await setBudget(fight.hero, feintAndAttack);
    // Hit roll 9; the hero's feint 9 under blade 12 (margin 3); Kenji's 12 under his Katana's blade 10 (−2).
    queueFaces(3, 3, 3, 3, 3, 3, 4, 4, 4);
    const message = await attack(alice, "active-defense-3d6", hero, blade, [kenji]);
    const entry = entryOf(message);
    expect(entry.attack.feint).toMatchObject({ penalty: 5, contest: { feinterMargin: 3, enemyMargin: -2 } });
    expect(entry.attack.feint?.contest?.rolls.map((r) => r.total)).toEqual([9, 12]);
    expect(entry.legal?.options.map((o) => o.target)).toEqual([4, 3, 0]);
    const text = textOf(await view(message, bob));
    expect(text).toContain("Feint and attack:");
    expect(text).toContain("Feint: −5 to the defense roll");

    // Last turn's feint of 4 is larger than this contest's 1: it counts, the effects do not add up.
    await setBudget(fight.hero, { ...feintAndAttack, feint: { target: fight.kenji.id, effect: 4, turn: 1 } });
    queueFaces(3, 3, 3, 3, 4, 4, 3, 3, 4);
    const larger = entryOf(await attack(alice, "active-defense-3d6", hero, blade, [kenji]));
    expect(larger.attack.feint).toMatchObject({ penalty: 4, contest: { effect: 1 } });
    expect(larger.legal?.options.map((o) => o.target)).toEqual([5, 4, 1]);

    // A feint that fails (its margin below 1) takes nothing off.
    await setBudget(fight.hero, feintAndAttack);
    queueFaces(3, 3, 3, 5, 5, 5, 6, 6, 6);
    const failed = await attack(alice, "active-defense-3d6", hero, blade, [kenji]);
    expect(entryOf(failed).attack.feint).toMatchObject({ penalty: 0, contest: { effect: 0 } });
    expect(entryOf(failed).legal?.options.map((o) => o.target)).toEqual([9, 8, 5]);
    expect(textOf(await view(failed, bob))).toContain("The feint fails");
  });

  it("AD-M5 an aimed shot adds the aim's margin to the hit roll's target", async () => {
    const { hero, kenji } = duel();
    const fight = await inFight(hero, kenji);
    const bow = weapon(hero.actor, "Bow", { kind: "ranged", skill: "bow", damage: "1d6", readyTurns: 1 });
    await setBudget(fight.hero, {
      turnNumber: 2,
      aim: { weaponId: bow.id, margin: 3, turn: 1 },
      weapons: {
        [bow.id]: { unbalanced: false, missile: true, readyTurns: 1, status: "ready", readyingLeft: 0 },
      },
    });
    queueFaces(3, 3, 3);
    const shot = entryOf(await attack(alice, "active-defense-3d6", hero, bow, [kenji]));
    expect(shot.attack.parts).toContainEqual({ labelKey: "FRAY.Attack.Part.aim", value: 3 });
    expect(shot.attack.against?.value).toBe(15);
  });

  it("AD-M1 last turn's feint against this enemy is a penalty on its defenses; AD-M5 a shot without aim takes −4", async () => {
    const { hero, kenji, blade } = duel();
    const fight = await inFight(hero, kenji);
    await setBudget(fight.hero, { turnNumber: 2, feint: { target: fight.kenji.id, effect: 3, turn: 1 } });
    queueFaces(3, 3, 3);
    const feinted = entryOf(await attack(alice, "active-defense-3d6", hero, blade, [kenji]));
    expect(feinted.legal?.options.map((o) => o.target)).toEqual([6, 5, 2]);

    const bow = weapon(hero.actor, "Bow", { kind: "ranged", skill: "bow", damage: "1d6" });
    // AD-M5: a shot comes at the start of a turn, before its manoeuvre: the next turn.
    await setBudget(fight.hero, { turnNumber: 3 });
    queueFaces(3, 3, 3);
    const shot = entryOf(await attack(alice, "active-defense-3d6", hero, bow, [kenji]));
    expect(shot.attack.parts).toContainEqual({ labelKey: "FRAY.Attack.Part.noAim", value: -4 });
    expect(shot.attack.against?.value).toBe(8);
  });
});
