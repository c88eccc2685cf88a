/**
 * AD-A4 on the Foundry side: damage applied from an active-defense-3d6 attack card (GM side, once) calls for
 * stun «朦朧», knockdown «転倒», unconsciousness «気絶» and death «死亡» checks, posted as 3d6 check cards
 * against WL; a failure applies its status once (the stun as the round engine's state until the holder's next
 * turn, AD-T1, shown in the tracker); an undo does not undo a check already rolled. Five languages.
 */
import { beforeEach, describe, expect, it } from "vitest";
import "./setup";
import "../../harness/mounted";
import { queueFaces, queuedFaces } from "../../harness/roll";
import { loadLanguage, templateEnvironment, translate } from "../../harness/templates";
import type { ChatMessageDoc, FighterDoc } from "../../harness/chat";
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
  settle,
  textOf,
  view,
  weapon,
  world,
  drawCard,
} from "./setup";
import { registerCheckCards } from "../../../src/chat/checks/register";
import { registerStatuses } from "../../../src/documents/statuses";
import { registerStunLifecycle } from "../../../src/documents/stun-lifecycle";
import { registerGmRequests } from "../../../src/net/gm-requests";
import type { CheckCardData } from "../../../src/chat/check-card";
import {
  applyRoundEvents,
  roundStateOf,
  structureOf,
  timedStatesOf,
} from "../../../src/documents/combat-api";
import { buildTrackerContext, type RowSource } from "../../../src/applications/combat/tracker-view";
import { describeRound } from "../../../src/rules/turns/turn-view";
import { settingLabelKey } from "../../../src/config/settings";

registerCheckCards();
registerStatuses();
registerStunLifecycle();
registerGmRequests();

const LANGS = ["en", "fr", "pl", "es", "ja"] as const;

type Creature = ReturnType<typeof creature>;

function checkCards(): ChatMessageDoc[] {
  return [...world.messages.values()].filter((m) => m.type === "check");
}

function checkOf(message: ChatMessageDoc): CheckCardData {
  return world.messages.get(message.id)?.system as unknown as CheckCardData;
}

function cardOfKind(kind: string): ChatMessageDoc {
  const found = checkCards().find((m) => checkOf(m).kind === kind);
  if (!found) throw new Error(`no ${kind} check card`);
  return found;
}

const health = (c: Creature) => (c.actor.system as unknown as { health: { value: number } }).health.value;
const effectsWith = (c: Creature, status: string) =>
  (c.actor as unknown as { effects: { contents: { statuses: Set<string> }[] } }).effects.contents.filter(
    (e) => e.statuses.has(status),
  ).length;

/** Hiro (blade 12, AG 14: acts first) and Kenji (20 Health, WL 10, DR 2), Bob's. */
function duel() {
  const hero = creature("Hiro", { activeDefense: { ag: 14, skills: { blade: 12 } } }, [alice]);
  const kenji = creature("Kenji", { activeDefense: { ag: 10, dev: 6, wl: 10, dr: 2 } }, [bob]);
  const nodachi = weapon(hero.actor, "Nodachi", { damage: "3d6+2" });
  return { hero, kenji, nodachi };
}

async function inFight(hero: Creature, kenji: Creature) {
  const { fight, ids } = fightWith("active-defense-3d6", hero, kenji);
  const started = await as(gm, () => applyRoundEvents(fight as never, [{ type: "startCombat" }]));
  if (!started.ok) throw new Error(started.reason);
  const fighter = (i: number) => fight.combatants.get(ids[i] as string) as FighterDoc;
  return { fight, hero: fighter(0), kenji: fighter(1) };
}

/**
 * Hiro lands a critical (no defense, AD-C1) with damage faces `faces` (3d6 + 2, minus Kenji's DR 2: the
 * final damage is the faces' sum); Bob applies it.
 */
/** A hit that Bob applies; `stale.page` keeps Bob's card as drawn before he applied it. */
async function blow(
  s: ReturnType<typeof duel>,
  faces: [number, number, number],
  stale: { page?: HTMLElement } = {},
) {
  queueFaces(1, 1, 2);
  const message = await attack(alice, "active-defense-3d6", s.hero, s.nodachi, [s.kenji]);
  queueFaces(...faces);
  await click(alice, message, "rollDamage");
  stale.page = await drawCard(bob, message);
  const applied = await click(bob, message, "applyDamage");
  expect(applied).toEqual({ ok: true, value: null });
  return message;
}

/** The GM sets a status (the token HUD). */
const give = (c: Creature, status: string) =>
  as(gm, () =>
    (
      c.actor as unknown as { toggleStatusEffect(id: string, o: object): Promise<unknown> }
    ).toggleStatusEffect(status, { active: true }),
  );

const rollCheck = (user: typeof bob, message: ChatMessageDoc) => click(user, message, "rollCheck" as never);

describe("active-defense-3d6 damage effects (AD-A4)", () => {
  beforeEach(() => {
    queuedFaces.length = 0;
    world.warnings.length = 0;
    world.messages.clear();
    world.combats.clear();
    alice.active = true;
    bob.active = true;
    setSetting("npcAutoDefense", false);
    setSetting("adCriticalSuccess", 4);
    setSetting("adCriticalFailure", 17);
    setSetting("adMajorWoundFraction", 0.5);
    setSetting("adDeathThresholdMultiple", 1);
    setSetting("adDamageChecksAuto", false);
  });

  it("AD-A4 a major wound (above half max Health) posts a stun and a knockdown check against WL, listed on the damage line", async () => {
    const s = duel();
    const message = await blow(s, [6, 5, 4]);
    expect(entryOf(message).damage).toMatchObject({ final: 15, applied: { before: 20, after: 5 } });
    expect(health(s.kenji)).toBe(5);
    const cards = checkCards();
    expect(cards.map((m) => checkOf(m).kind)).toEqual(["stun", "knockdown"]);
    for (const card of cards) {
      expect(checkOf(card)).toMatchObject({
        dice: "3d6",
        target: 10,
        modifier: 0,
        roller: { name: "Kenji" },
        result: null,
        lines: [{ key: "FRAY.DamageEffects.Reason.majorWound", data: { damage: "15", amount: "10" } }],
      });
    }
    expect(entryOf(message).damage?.applied?.checks).toEqual(
      cards.map((m) => ({ check: checkOf(m).kind, messageId: m.id })),
    );
    // Bob is connected: the checks wait for his button.
    expect(await view(cards[0] as ChatMessageDoc, bob)).toContain('data-action="rollCheck"');
    expect(textOf(await view(message, alice))).toContain("Checks due Stun check Knockdown check");
    const ja = textOf(await view(message, alice, "ja"));
    expect(ja).toContain("必要な判定 朦朧判定 転倒判定");
    expect(textOf(await view(cards[0] as ChatMessageDoc, bob, "ja"))).toContain(
      "重傷：1回の攻撃で10点を超える15点のダメージ",
    );
    // A blow of exactly half calls for nothing.
    world.messages.clear();
    await s.kenji.actor.update({ "system.health.value": 20 });
    await blow(s, [4, 3, 3]);
    expect(checkCards()).toEqual([]);
  });

  it("AD-A4/AD-T1 failed checks: stunned until Kenji's next turn (a timed state shown in the tracker) and prone, each applied once despite double clicks", async () => {
    const s = duel();
    const f = await inFight(s.hero, s.kenji);
    expect(roundStateOf(f.fight as never).current).toBe(f.hero.id);
    const stale: { page?: HTMLElement } = {};
    const message = await blow(s, [6, 5, 4], stale);
    // A second click on Apply (on the card as drawn before the first) finds the damage applied: no second checks.
    expect(await click(bob, message, "applyDamage", "t0", null, {}, stale.page)).toMatchObject({
      ok: false,
      reason: "damageApplied",
    });
    expect(checkCards()).toHaveLength(2);

    const stun = cardOfKind("stun");
    queueFaces(6, 5, 1, 6, 6, 6);
    const clicks = await Promise.all([rollCheck(bob, stun), rollCheck(bob, stun)]);
    expect(clicks.filter((c) => c.ok)).toHaveLength(1);
    expect(clicks.find((c) => !c.ok)).toMatchObject({ reason: "checkRolled" });
    // Only one roll was made: the second click's faces are still queued.
    expect(queuedFaces).toEqual([6, 6, 6]);
    queuedFaces.length = 0;
    expect(checkOf(stun)).toMatchObject({
      result: { total: 12, success: false },
      consequence: {
        applied: true,
        lines: [{ key: "FRAY.DamageEffects.Effect.stunned", data: { name: "Kenji" } }],
      },
    });
    expect(textOf(await view(stun, bob, "ja"))).toContain("Kenjiは次の自分のターンまで朦朧となります。");
    expect(s.kenji.actor.statuses.has("stunned")).toBe(true);
    expect(effectsWith(s.kenji, "stunned")).toBe(1);
    expect(timedStatesOf(f.fight as never, f.kenji.id)).toEqual([
      expect.objectContaining({ key: "stunned", expiry: { kind: "holderNextTurn" } }),
    ]);

    // The tracker names the state (STATE_KEYS), in Japanese «朦朧».
    const state = roundStateOf(f.fight as never);
    const structure = structureOf(f.fight as never);
    const rows = new Map<string, RowSource>([
      [f.hero.id, { name: "Hiro", img: "", hidden: false, owner: true }],
      [f.kenji.id, { name: "Kenji", img: "", hidden: false, owner: true }],
    ]);
    const tracker = buildTrackerContext({
      view: describeRound(structure, state),
      structure,
      state,
      rows,
      isGM: true,
    });
    expect(tracker.rows.find((r) => r.id === f.kenji.id)?.notes).toContainEqual({
      key: "FRAY.Combat.State.stunned",
    });
    expect(templateEnvironment("ja").render("templates/combat/tracker.hbs", { fray: tracker })).toContain(
      "朦朧",
    );

    const knockdown = cardOfKind("knockdown");
    queueFaces(5, 5, 5);
    await Promise.all([rollCheck(bob, knockdown), rollCheck(bob, knockdown)]);
    expect(s.kenji.actor.statuses.has("prone")).toBe(true);
    expect(effectsWith(s.kenji, "prone")).toBe(1);

    // AD-T1: Hiro's turn ends, Kenji's starts: the stun ends, the status goes; prone stays.
    await as(gm, () => applyRoundEvents(f.fight as never, [{ type: "endTurn" }]));
    await settle();
    expect(roundStateOf(f.fight as never).current).toBe(f.kenji.id);
    expect(timedStatesOf(f.fight as never, f.kenji.id)).toEqual([]);
    expect(s.kenji.actor.statuses.has("stunned")).toBe(false);
    expect(s.kenji.actor.statuses.has("prone")).toBe(true);
  });

  it("AD-A4/AD-T1 two blows' stun checks failed at the same moment leave one stun until Kenji's next turn", async () => {
    const s = duel();
    const f = await inFight(s.hero, s.kenji);
    await s.kenji.actor.update({ "system.health.max": 40, "system.health.value": 40 });
    await as(gm, () => setSetting("adMajorWoundFraction", 0.25));
    await blow(s, [6, 5, 4]);
    // Kenji's turn and a new round go by before Hiro's next blow (the first stun card still waits for its roll).
    await as(gm, () =>
      applyRoundEvents(f.fight as never, [
        { type: "endTurn" },
        { type: "endTurn" },
        { type: "advancePhase" },
        { type: "endRound" },
      ]),
    );
    await settle();
    expect(roundStateOf(f.fight as never).current).toBe(f.hero.id);
    await blow(s, [6, 5, 4]);
    const stuns = checkCards().filter((m) => checkOf(m).kind === "stun");
    expect(stuns).toHaveLength(2);
    queueFaces(6, 6, 6, 6, 6, 6);
    await Promise.all(stuns.map((m) => rollCheck(bob, m)));
    await settle();
    expect(stuns.map((m) => checkOf(m).result?.success)).toEqual([false, false]);
    expect(timedStatesOf(f.fight as never, f.kenji.id).filter((t) => t.key === "stunned")).toHaveLength(1);
    expect(s.kenji.actor.statuses.has("stunned")).toBe(true);
  });

  it("AD-A4/AD-T1 a stunned combatant removed from the fight, or the fight deleted, takes the stun's status with it", async () => {
    for (const end of ["combatant", "fight"] as const) {
      const s = duel();
      const f = await inFight(s.hero, s.kenji);
      await blow(s, [6, 5, 4]);
      queueFaces(6, 6, 6);
      await rollCheck(bob, cardOfKind("stun"));
      expect(s.kenji.actor.statuses.has("stunned")).toBe(true);
      if (end === "combatant") await as(gm, () => f.fight.deleteEmbeddedDocuments("Combatant", [f.kenji.id]));
      else await as(gm, () => f.fight.delete());
      await settle();
      expect(s.kenji.actor.statuses.has("stunned"), end).toBe(false);
      world.messages.clear();
    }
  });

  it("AD-A4 a successful check leaves nothing; a stun outside a fight stays until removed by hand", async () => {
    const s = duel();
    await blow(s, [6, 5, 4]);
    queueFaces(3, 3, 4);
    await rollCheck(bob, cardOfKind("knockdown"));
    expect(checkOf(cardOfKind("knockdown")).consequence?.lines).toEqual([
      { key: "FRAY.DamageEffects.resisted", data: { name: "Kenji" } },
    ]);
    expect(s.kenji.actor.statuses.has("prone")).toBe(false);
    queueFaces(6, 6, 6);
    await rollCheck(bob, cardOfKind("stun"));
    expect(s.kenji.actor.statuses.has("stunned")).toBe(true);
    expect(checkOf(cardOfKind("stun")).consequence?.lines).toEqual([
      { key: "FRAY.DamageEffects.Effect.stunnedNoFight", data: { name: "Kenji" } },
    ]);
  });

  it("AD-A4 Health at or below 0 calls for an unconsciousness check (Health goes below 0); a failure leaves Kenji unconscious", async () => {
    const s = duel();
    await s.kenji.actor.update({ "system.health.value": 6 });
    const message = await blow(s, [3, 3, 2]);
    expect(entryOf(message).damage?.applied).toMatchObject({ before: 6, after: -2 });
    expect(health(s.kenji)).toBe(-2);
    expect(textOf(await view(message, alice))).toContain("Applied: Health 6 → -2");
    expect(checkCards().map((m) => checkOf(m).kind)).toEqual(["unconsciousness"]);
    expect(checkOf(cardOfKind("unconsciousness")).lines).toEqual([
      { key: "FRAY.DamageEffects.Reason.zeroHealth", data: { amount: "-2" } },
    ]);
    queueFaces(4, 4, 3);
    await rollCheck(bob, cardOfKind("unconsciousness"));
    expect(checkOf(cardOfKind("unconsciousness")).result?.success).toBe(false);
    expect(s.kenji.actor.statuses.has("unconscious")).toBe(true);
  });

  it("AD-A4 Health at or below −max calls for a death check; a failure leaves Kenji dead and defeated in the fight", async () => {
    const s = duel();
    const f = await inFight(s.hero, s.kenji);
    await s.kenji.actor.update({ "system.health.value": -15 });
    await give(s.kenji, "unconscious");
    const message = await blow(s, [2, 2, 2]);
    expect(entryOf(message).damage?.applied).toMatchObject({ before: -15, after: -21 });
    // Already unconscious: only the death check.
    expect(checkCards().map((m) => checkOf(m).kind)).toEqual(["death"]);
    expect(checkOf(cardOfKind("death")).lines).toEqual([
      { key: "FRAY.DamageEffects.Reason.deathThreshold", data: { amount: "-21", target: "-20" } },
    ]);
    queueFaces(6, 6, 5);
    await rollCheck(bob, cardOfKind("death"));
    expect(checkOf(cardOfKind("death")).result).toMatchObject({ success: false, critical: "failure" });
    expect(s.kenji.actor.statuses.has("dead")).toBe(true);
    expect(f.kenji.isDefeated).toBe(true);
    expect(roundStateOf(f.fight as never).combatants.find((c) => c.id === f.kenji.id)?.defeated).toBe(true);
  });

  it("AD-A4 a dead creature calls for no more checks; a condition already there is not checked again", async () => {
    const s = duel();
    await give(s.kenji, "prone");
    await blow(s, [6, 5, 4]);
    expect(checkCards().map((m) => checkOf(m).kind)).toEqual(["stun"]);
    world.messages.clear();
    await give(s.kenji, "dead");
    await blow(s, [6, 6, 6]);
    expect(health(s.kenji)).toBe(-13);
    expect(checkCards()).toEqual([]);
  });

  it("AD-A4 the thresholds are world settings: a quarter of max Health is a major wound, death at −2× max", async () => {
    setSetting("adMajorWoundFraction", 0.25);
    setSetting("adDeathThresholdMultiple", 2);
    const s = duel();
    await s.kenji.actor.update({ "system.health.value": -30 });
    await blow(s, [2, 2, 2]);
    expect(checkCards().map((m) => checkOf(m).kind)).toEqual(["stun", "knockdown", "unconsciousness"]);
    world.messages.clear();
    await blow(s, [2, 2, 2]);
    expect(checkCards().map((m) => checkOf(m).kind)).toEqual([
      "stun",
      "knockdown",
      "unconsciousness",
      "death",
    ]);
  });

  it("AD-A4 the checks roll at once with adDamageChecksAuto, or when no owner is connected", async () => {
    setSetting("adDamageChecksAuto", true);
    const s = duel();
    queueFaces(1, 1, 2);
    const message = await attack(alice, "active-defense-3d6", s.hero, s.nodachi, [s.kenji]);
    queueFaces(6, 5, 4);
    await click(alice, message, "rollDamage");
    queueFaces(6, 6, 1, 2, 2, 2);
    await click(bob, message, "applyDamage");
    expect(checkCards().map((m) => [checkOf(m).kind, checkOf(m).result?.success])).toEqual([
      ["stun", false],
      ["knockdown", true],
    ]);
    expect(s.kenji.actor.statuses.has("stunned")).toBe(true);

    setSetting("adDamageChecksAuto", false);
    bob.active = false;
    world.messages.clear();
    const t = duel();
    queueFaces(1, 1, 2);
    const second = await attack(alice, "active-defense-3d6", t.hero, t.nodachi, [t.kenji]);
    queueFaces(6, 5, 4);
    await click(alice, second, "rollDamage");
    queueFaces(2, 2, 2, 6, 6, 6);
    await click(alice, second, "applyDamage");
    expect(checkCards().map((m) => [checkOf(m).kind, checkOf(m).result?.success])).toEqual([
      ["stun", true],
      ["knockdown", false],
    ]);
    expect(t.kenji.actor.statuses.has("prone")).toBe(true);
    expect(queuedFaces).toEqual([]);
  });

  it("AD-A4 an undo (GM) gives the Health back but does not undo a check already rolled; a check rolled after it has no effect", async () => {
    const s = duel();
    const message = await blow(s, [6, 5, 4]);
    expect(textOf(await view(message, gm))).toContain(
      "Undoing the damage does not undo a check already rolled; a check rolled after the undo has no effect.",
    );
    queueFaces(6, 6, 1);
    await rollCheck(bob, cardOfKind("stun"));
    expect(s.kenji.actor.statuses.has("stunned")).toBe(true);

    expect(await click(gm, message, "undoDamage")).toEqual({ ok: true, value: null });
    expect(health(s.kenji)).toBe(20);
    expect(entryOf(message).damage).toMatchObject({ applied: null, undone: { restored: 15, checks: 2 } });
    // The stun rolled before the undo stays.
    expect(s.kenji.actor.statuses.has("stunned")).toBe(true);
    const after = textOf(await view(message, alice));
    expect(after).toContain("Undone: 15 Health given back.");
    expect(after).toContain("does not undo a check already rolled");
    expect(after).not.toContain("Checks due");

    // The knockdown rolled after the undo fails, and does nothing.
    queueFaces(6, 6, 6);
    await rollCheck(bob, cardOfKind("knockdown"));
    expect(checkOf(cardOfKind("knockdown"))).toMatchObject({
      result: { success: false },
      consequence: { applied: true, lines: [{ key: "FRAY.DamageEffects.voided" }] },
    });
    expect(s.kenji.actor.statuses.has("prone")).toBe(false);

    // Applied again (an undo is final unless the GM re-applies, issue 24): new checks; the old ones stay void.
    await click(gm, message, "applyDamage");
    expect(checkCards()).toHaveLength(3);
    expect(entryOf(message).damage?.applied?.checks?.map((c) => c.check)).toEqual(["knockdown"]);
  });

  it("AD-A4 only active-defense-3d6 counts Health below 0 and calls for checks", async () => {
    const hero = creature("Hiro", {}, [alice]);
    const troll = creature("Troll", { health: { value: 5, max: 20 } }, [bob]);
    const maul = weapon(hero.actor, "Maul", { damage: "3d6+20" });
    setSetting("cdConfirmCriticals", false);
    queueFaces(15, 6, 6, 6);
    const message = await attack(alice, "classic-d20", hero, maul, [troll]);
    await click(alice, message, "rollDamage");
    await click(bob, message, "applyDamage");
    expect(health(troll)).toBe(0);
    expect(checkCards()).toEqual([]);
    setSetting("cdConfirmCriticals", true);
  });

  it.each(LANGS)(
    "AD-A4 %s: the checks, their reasons and effects, the damage line and the settings are translated",
    async (lang) => {
      const s = duel();
      await s.kenji.actor.update({ "system.health.value": 12 });
      const message = await blow(s, [6, 6, 6]);
      expect(checkCards().map((m) => checkOf(m).kind)).toEqual(["stun", "knockdown", "unconsciousness"]);
      queueFaces(6, 6, 6, 1, 1, 1, 6, 6, 6);
      for (const card of checkCards()) await rollCheck(bob, card);
      const html = (await view(message, gm, lang)).replace(/&#x27;/g, "'");
      expect(html).not.toMatch(/FRAY\.|\{\w+\}/);
      const tree = loadLanguage(lang);
      for (const kind of ["stun", "knockdown", "unconsciousness"])
        expect(html).toContain(translate(tree, `FRAY.Check.Kind.${kind}`));
      for (const card of checkCards()) {
        const text = (await view(card, bob, lang)).replace(/&#x27;/g, "'");
        expect(text).not.toMatch(/FRAY\.|\{\w+\}/);
        expect(text).toContain(translate(tree, `FRAY.Check.Kind.${checkOf(card).kind}`));
        expect(text).toContain("Kenji");
      }
      for (const key of ["adMajorWoundFraction", "adDeathThresholdMultiple", "adDamageChecksAuto"] as const)
        for (const part of ["name", "hint"] as const)
          expect(translate(tree, settingLabelKey(key, part)), `${lang} ${key}.${part}`).toBeTruthy();
      expect(translate(tree, "FRAY.Combat.State.stunned")).toBeTruthy();
      if (lang === "ja") {
        expect(textOf(await view(cardOfKind("stun"), bob, "ja"))).toContain(
          "Kenjiは朦朧となります（戦闘外のため、状態は手動で解除してください）。",
        );
        expect(textOf(await view(cardOfKind("unconsciousness"), bob, "ja"))).toContain(
          "Kenjiは気絶しました。",
        );
        expect(translate(tree, "FRAY.Check.Kind.death")).toBe("死亡判定");
      }
    },
  );
});
