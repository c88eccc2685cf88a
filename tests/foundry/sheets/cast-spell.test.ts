/**
 * The sheet's Cast button on a spell's row (chat/cast-spell.ts), with the pack's own spells: under fast-slow an
 * attack spell is an attack (FS-A1) — the weapon's attack card, rolled with the casting attribute against
 * Defense or the attribute the spell names (FS-D1, FS-D2), its damage button, apply and undo; a spell with no
 * roll is cast with the action and posts its spell card (FS-A2); active-defense-3d6 casts with the casting roll
 * «詠唱判定» under the turn's manoeuvre (AD-M6, AD-M8); phased-round casts a declared spell in the spell
 * resolution phase only (PR-P1, PR-P2, PR-B2); classic-d20 spends the standard action (CD-A6), opposed-d20 an
 * active action (OD-R3). A double click casts once; only the caster's owners and the GM see and press it.
 */
import { readFileSync } from "node:fs";
import { load } from "js-yaml";
import { beforeEach, describe, expect, it } from "vitest";
import { giveStatus } from "../../harness/effects";
import { queueFaces, queuedFaces } from "../../harness/roll";
import { click, entryOf, NO_SITUATION, textOf } from "../chat/setup";
import {
  alice,
  as,
  bob,
  budgetWorld,
  creature,
  events,
  freshWorld,
  lastCard,
  messages,
  settle,
  startedFight,
  statesOf,
  world,
} from "./setup";
import { budgetNow, engineOf, gm } from "../budget/setup";
import { castSpell } from "../../../src/chat/cast-spell";
import { castSpellRequest } from "../../../src/documents/spells/cast-request";
import { declareRequest } from "../../../src/documents/combat-requests";
import { actorSheetContext } from "../../../src/applications/sheets/actor-context";
import { spellCardContext, SPELL_CARD_TEMPLATE } from "../../../src/chat/spell-card";
import { budgetFingerprint } from "../../../src/rules/budget/fingerprint";
import type { AttackCardData } from "../../../src/chat/card-data";
import type { FastSlowBudget } from "../../../src/rules/families/fast-slow/budget";
import type { ClassicD20Budget } from "../../../src/rules/families/classic-d20/budget";
import type { ActiveDefenseBudget } from "../../../src/rules/families/active-defense-3d6/budget";
import type { FamilyId } from "../../../src/rules/families/ids";
import { ItemDoc, type ChatMessageDoc, type ChatUser } from "../../harness/chat";
import { templateEnvironment } from "../../harness/templates";
import { setSetting } from "../../harness/chat";
import { registerGmRequests } from "../../../src/net/gm-requests";
import { replaceWhole } from "../../../src/compat/replace-whole";

// The cast request was declared by the imports above, after the set-up registered the others.
registerGmRequests();

type Creature = ReturnType<typeof creature>;

const SCRIPT = '<script>alert("x")</script>';

/** A spell of the pack, as its YAML source has it. */
function packSpell(file: string): { name: string; img: string; system: Record<string, unknown> } {
  return load(readFileSync(`packs/_source/spells/${file}.yml`, "utf8")) as never;
}

/** Gives the creature the pack's spell `file`. */
function learn(who: Creature, file: string): ItemDoc {
  const source = packSpell(file);
  const item = new ItemDoc(source.name, "spell", structuredClone(source.system));
  item.img = source.img;
  who.actor.items.push(item);
  who.actor.prepare();
  return item;
}

/** Maren, Alice's caster: Intellect 14 (+4), Will 12 (+2). */
function caster() {
  return creature("Maren", { fastSlow: { intellect: { value: 14 }, will: { value: 12 } } }, [alice]);
}

/** A goblin: Defense 13, Will 9. */
function goblin() {
  return creature("Goblin", { fastSlow: { defense: { base: 13 }, will: { value: 9 } } }, [], "creature");
}

async function cast(
  user: ChatUser,
  who: Creature,
  spell: ItemDoc,
  family: FamilyId,
  targets: Creature[] = [],
): Promise<ChatMessageDoc | null> {
  setSetting("ruleset", family);
  const message = await as(user, () =>
    castSpell(who.actor as never, spell as never, {
      token: who.token as never,
      targets: targets.map((t) => t.token) as never,
      situation: NO_SITUATION,
    }),
  );
  await settle();
  return message as unknown as ChatMessageDoc | null;
}

/** A started fast-slow fight in which the caster has taken its (slow) turn. */
async function fastSlowTurn(hero: Creature, foe: Creature) {
  const { fight, ids } = await startedFight("fast-slow", hero, foe);
  const heroId = ids[0] as string;
  await events(fight, [{ type: "takeTurn", id: heroId }]);
  return { fight, heroId };
}

const card = (message: ChatMessageDoc | null) => message?.system as unknown as AttackCardData;

describe("an attack spell (fast-slow)", () => {
  beforeEach(() => {
    freshWorld();
    world.infos.length = 0;
  });

  it("FS-A1 FS-D1 FS-D2 Ember Dart hits a goblin's Defense with 1d20 + Intellect; its 2d6 is rolled, applied and undone", async () => {
    const maren = caster();
    const gob = goblin();
    const dart = learn(maren, "ember-dart");
    const { fight, heroId } = await fastSlowTurn(maren, gob);
    queueFaces(9);
    const message = await cast(alice, maren, dart, "fast-slow", [gob]);
    expect(message?.type).toBe("attack");
    expect(card(message).weapon).toMatchObject({
      name: "Ember Dart",
      img: "icons/svg/fire.svg",
      damage: "2d6",
    });
    const entry = entryOf(message as ChatMessageDoc);
    expect(entry.attack.rolls[0]?.formula).toBe("1d20 + 4");
    expect(entry.attack.parts).toEqual([{ labelKey: "FRAY.Defense.Target.intellect", value: 4 }]);
    expect(entry.attack.against).toEqual({ labelKey: "FRAY.Defense.Target.defense", value: 13 });
    expect(entry.outcome).toMatchObject({ outcome: "hit", hit: true, margin: 0 });
    expect(entry.damage?.formula).toBe("2d6");
    // FS-A1: the attack spent the turn's action, as a weapon's does.
    expect(budgetNow<FastSlowBudget>(fight, heroId).turn).toMatchObject({
      actionLeft: 0,
      actionUsedFor: "attack",
    });

    queueFaces(3, 5);
    expect(await click(alice, message as ChatMessageDoc, "rollDamage")).toEqual({ ok: true, value: null });
    expect(entryOf(message as ChatMessageDoc).damage).toMatchObject({
      final: 8,
      roll: { formula: "2d6", total: 8 },
    });
    expect(await click(alice, message as ChatMessageDoc, "applyDamage")).toEqual({ ok: true, value: null });
    expect(gob.actor.system.health).toMatchObject({ value: 12 });
    expect(await click(gm, message as ChatMessageDoc, "undoDamage")).toEqual({ ok: true, value: null });
    expect(gob.actor.system.health).toMatchObject({ value: 20 });
    expect(queuedFaces).toEqual([]);
  });

  it("FS-D2 a miss: Ember Dart under the goblin's Defense does no damage", async () => {
    const maren = caster();
    const gob = goblin();
    const dart = learn(maren, "ember-dart");
    await fastSlowTurn(maren, gob);
    queueFaces(8);
    const entry = entryOf((await cast(alice, maren, dart, "fast-slow", [gob])) as ChatMessageDoc);
    expect(entry.attack.total).toBe(12);
    expect(entry.outcome).toMatchObject({ outcome: "miss", hit: false, margin: -1 });
    expect(entry.damage).toBeNull();
  });

  it("FS-D2 FS-A3 FS-A9 Dread Whisper is made with Will against the goblin's Will score; it starts no concentration and a Hidden caster gets no boon against Will", async () => {
    const maren = caster();
    const gob = goblin();
    const whisper = learn(maren, "dread-whisper");
    const { fight, heroId } = await fastSlowTurn(maren, gob);
    giveStatus(maren.actor, "hidden");
    queueFaces(7);
    const message = await cast(alice, maren, whisper, "fast-slow", [gob]);
    const entry = entryOf(message as ChatMessageDoc);
    expect(entry.attack.rolls[0]?.formula).toBe("1d20 + 2");
    expect(entry.attack.parts).toEqual([{ labelKey: "FRAY.Defense.Target.will", value: 2 }]);
    expect(entry.attack.against).toEqual({ labelKey: "FRAY.Defense.Target.will", value: 9 });
    // FS-A9: the Hidden boon is for attacks against Defense or Agility only; the attack reveals the caster.
    expect(entry.attack.boons).toEqual([]);
    expect(maren.actor.statuses.has("hidden")).toBe(false);
    expect(entry.outcome).toMatchObject({ outcome: "hit", hit: true });
    // The spell names no damage: a hit has no damage to roll.
    expect(entry.damage).toBeNull();
    // FS-A3: casting is not concentrating; the spell's own Concentrate button begins that.
    expect(statesOf(fight, heroId).filter((s) => s.key === "concentration")).toEqual([]);
    expect(maren.actor.statuses.has("concentrating")).toBe(false);
    expect(budgetNow<FastSlowBudget>(fight, heroId).turn?.actionUsedFor).toBe("attack");
  });

  it("FS-A16 out of its turn a spell is no opportunity attack: refused, nothing rolled; FS-A10 a prepared cast is the reaction, with 1 boon", async () => {
    const maren = caster();
    const gob = goblin();
    const dart = learn(maren, "ember-dart");
    const { fight, ids } = await startedFight("fast-slow", maren, gob);
    const heroId = ids[0] as string;
    queueFaces(15);
    expect(await cast(alice, maren, dart, "fast-slow", [gob])).toBeNull();
    expect(world.warnings).toEqual([
      "Out of your turn a spell is cast only as a prepared activity; an opportunity attack is made with a weapon.",
    ]);
    expect(queuedFaces).toEqual([15]);
    expect(budgetNow<FastSlowBudget>(fight, heroId).reactionLeft).toBe(1);

    queuedFaces.length = 0;
    const ready: FastSlowBudget = {
      ...budgetNow<FastSlowBudget>(fight, heroId),
      prepared: { activity: "cast", trigger: "the goblin draws its bow" },
    };
    await as(gm, () => fight.combatants.get(heroId)!.update(replaceWhole("system.budget", ready)));
    queueFaces(6, 5);
    const entry = entryOf((await cast(alice, maren, dart, "fast-slow", [gob])) as ChatMessageDoc);
    expect(entry.attack.rolls[0]?.formula).toBe("1d20 + 4 + 1d6");
    expect(entry.attack.boons).toEqual([{ source: "prepared", boons: 1, banes: 0 }]);
    expect(budgetNow<FastSlowBudget>(fight, heroId)).toMatchObject({ prepared: null, reactionLeft: 0 });
  });

  it("FS-A1 outside a fight the attack is rolled and nothing is spent", async () => {
    const maren = caster();
    const gob = goblin();
    const dart = learn(maren, "ember-dart");
    queueFaces(20);
    const entry = entryOf((await cast(alice, maren, dart, "fast-slow", [gob])) as ChatMessageDoc);
    expect(entry.attack.total).toBe(24);
    expect(entry.outcome?.hit).toBe(true);
  });
});

describe("a spell cast without an attack roll", () => {
  beforeEach(() => {
    freshWorld();
    world.infos.length = 0;
  });

  it("FS-A2 Mend Flesh spends the action (cast) through the GM and posts its spell card", async () => {
    const maren = caster();
    const gob = goblin();
    const mend = learn(maren, "mend-flesh");
    const { fight, heroId } = await fastSlowTurn(maren, gob);
    const message = await cast(alice, maren, mend, "fast-slow");
    expect(message).not.toBeNull();
    expect(budgetNow<FastSlowBudget>(fight, heroId).turn).toMatchObject({
      actionLeft: 0,
      actionUsedFor: "cast",
    });
    const html = String(message?._source.content);
    expect(html).toContain('<h3 class="fray-card-title">Mend Flesh</h3>');
    expect(html).toContain('src="icons/svg/book.svg"');
    // The item's description, as the item sheet shows it.
    expect(html).toContain("<p>Your palm on a wound draws its edges together.");
    expect(textOf(html)).toContain("Cast by Maren · Fast and slow turns");
    expect(textOf(html)).toContain("Duration Instant");
    expect(html).not.toContain("Needs concentration");
    expect(message?._source.flags).toMatchObject({
      fray: { spellCard: { itemId: mend.id, family: "fast-slow" } },
    });
    // The action is gone: a second cast this turn is refused.
    expect(await cast(alice, maren, mend, "fast-slow")).toBeNull();
    expect(world.warnings).toEqual(["The action of this turn is already used."]);
  });

  it("FS-A2 a double click casts once: the action spent once, one card", async () => {
    const maren = caster();
    const gob = goblin();
    const mend = learn(maren, "mend-flesh");
    const { fight, heroId } = await fastSlowTurn(maren, gob);
    setSetting("ruleset", "fast-slow");
    const press = () =>
      as(alice, () => castSpell(maren.actor as never, mend as never, { token: maren.token as never }));
    const [first, second] = await Promise.all([press(), press()]);
    await settle();
    expect([first === null, second === null].sort()).toEqual([false, true]);
    expect(messages()).toHaveLength(1);
    expect(world.warnings).toEqual([]);
    expect(budgetNow<FastSlowBudget>(fight, heroId).turn).toMatchObject({ actionLeft: 0 });
    expect(budgetNow<FastSlowBudget>(fight, heroId).overrides).toEqual([]);
  });

  it("FS-A2 two clients sending the same cast spend once: the second was drawn from a budget that has changed", async () => {
    const maren = caster();
    const gob = goblin();
    const mend = learn(maren, "mend-flesh");
    const { fight, heroId } = await fastSlowTurn(maren, gob);
    const expectNow = budgetFingerprint(budgetNow(fight, heroId));
    const send = (user: ChatUser) =>
      as(user, () =>
        castSpellRequest.send({
          combatId: fight.id,
          combatantId: heroId,
          itemId: mend.id,
          expect: expectNow,
        }),
      );
    const outs = await Promise.all([send(alice), send(gm)]);
    expect(outs.map((o) => o.ok).sort()).toEqual([false, true]);
    expect(outs.find((o) => !o.ok)).toMatchObject({ reason: "budgetChanged" });
    expect(budgetNow<FastSlowBudget>(fight, heroId).turn?.actionUsedFor).toBe("cast");
  });

  it("FS-A3 a spell that needs concentration says so on its card; casting it begins no concentration", async () => {
    const maren = caster();
    const gob = goblin();
    const lantern = learn(maren, "lantern-eye");
    const { fight, heroId } = await fastSlowTurn(maren, gob);
    const html = String((await cast(alice, maren, lantern, "fast-slow"))?._source.content);
    expect(textOf(html)).toContain("Duration 10 Minutes");
    expect(textOf(html)).toContain("Needs concentration: it goes on only while its caster concentrates.");
    expect(statesOf(fight, heroId).filter((s) => s.key === "concentration")).toEqual([]);
  });

  it("FS-A9 casting reveals a Hidden caster", async () => {
    const maren = caster();
    const gob = goblin();
    const mend = learn(maren, "mend-flesh");
    await fastSlowTurn(maren, gob);
    giveStatus(maren.actor, "hidden");
    expect(await cast(alice, maren, mend, "fast-slow")).not.toBeNull();
    expect(maren.actor.statuses.has("hidden")).toBe(false);
  });

  it("FS-A2 outside a fight: the card alone, nothing spent", async () => {
    const maren = caster();
    const mend = learn(maren, "mend-flesh");
    expect(await cast(alice, maren, mend, "fast-slow")).not.toBeNull();
    expect(messages()).toHaveLength(1);
    expect(world.warnings).toEqual([]);
  });

  it("only the caster's owners and the GM cast: another player is refused and nothing is spent", async () => {
    const maren = caster();
    const gob = goblin();
    const mend = learn(maren, "mend-flesh");
    const { fight, heroId } = await fastSlowTurn(maren, gob);
    expect(await cast(bob, maren, mend, "fast-slow")).toBeNull();
    expect(world.warnings).toEqual(["You do not own Maren."]);
    expect(messages()).toEqual([]);
    expect(budgetNow<FastSlowBudget>(fight, heroId).turn?.actionLeft).toBe(1);
  });

  it("CD-A6 classic-d20: casting is the standard action; a second is refused", async () => {
    const ola = creature("Ola", {}, [alice]);
    const troll = creature("Troll", {});
    const mend = learn(ola, "mend-flesh");
    const { fight, ids } = await startedFight("classic-d20", ola, troll);
    const olaId = ids[0] as string;
    if (engineOf(fight).current !== olaId)
      await events(fight, [{ type: "takeTurn", id: olaId, gmOverride: true }]);
    const message = await cast(alice, ola, mend, "classic-d20");
    expect(textOf(String(message?._source.content))).toContain("Mend Flesh");
    expect(budgetNow<ClassicD20Budget>(fight, olaId).turn).toMatchObject({
      standardLeft: 0,
      standardUsedAs: "standard",
    });
    expect(await cast(alice, ola, mend, "classic-d20")).toBeNull();
    expect(world.warnings).toEqual(["The standard action is already used."]);
  });

  it("OD-R3 opposed-d20: casting is an active action, counted by the round engine; past the limit it is refused", async () => {
    const ana = creature("Ana", {}, [alice]);
    const orco = creature("Orco", {});
    // Even a spell made against Defense is no attack roll here: the spell card.
    const dart = learn(ana, "ember-dart");
    const { fight, ids } = await startedFight("opposed-d20", ana, orco);
    const anaId = ids[0] as string;
    if (engineOf(fight).current !== anaId)
      await events(fight, [{ type: "takeTurn", id: anaId, gmOverride: true }]);
    const message = await cast(alice, ana, dart, "opposed-d20", [orco]);
    expect(message?.type).not.toBe("attack");
    expect(textOf(String(message?._source.content))).toContain("Ember Dart");
    expect(engineOf(fight).combatants.find((c) => c.id === anaId)?.actions?.active).toBe(1);
    expect(await cast(alice, ana, dart, "opposed-d20")).toBeNull();
    expect(world.warnings).toHaveLength(1);
    expect(engineOf(fight).combatants.find((c) => c.id === anaId)?.actions?.active).toBe(1);
  });

  it("AD-M6 AD-M8 active-defense-3d6: a spell needing no concentration is cast at once with its casting roll, the turn's manoeuvre spent", async () => {
    const kenji = creature("Kenji", {}, [alice]);
    const oni = creature("Oni", {});
    const dart = learn(kenji, "ember-dart");
    const { fight, ids } = await startedFight("active-defense-3d6", kenji, oni);
    const id = ids[0] as string;
    if (engineOf(fight).current !== id) await events(fight, [{ type: "takeTurn", id, gmOverride: true }]);
    queueFaces(3, 4, 5);
    const message = await cast(alice, kenji, dart, "active-defense-3d6", [oni]);
    expect(message?.type).toBe("check");
    expect(lastCard()).toMatchObject({
      kind: "casting",
      dice: "3d6",
      attributeKey: "FRAY.Item.Spell.castingTarget",
      target: 12,
      lines: [{ key: "FRAY.Spell.casting", data: { spell: "Ember Dart" } }],
      combatId: fight.id,
    });
    expect(lastCard().result).toMatchObject({ total: 12, success: true, margin: 0 });
    expect(budgetNow<ActiveDefenseBudget>(fight, id).maneuver).toBe("other");
    expect(await cast(alice, kenji, dart, "active-defense-3d6")).toBeNull();
    expect(world.warnings).toEqual(["This turn's manoeuvre is already chosen."]);
  });

  it("AD-M6 outside a fight the casting roll alone", async () => {
    const kenji = creature("Kenji", {}, [alice]);
    const whisper = learn(kenji, "dread-whisper");
    queueFaces(6, 6, 6);
    expect((await cast(alice, kenji, whisper, "active-defense-3d6"))?.type).toBe("check");
    expect(lastCard()).toMatchObject({ kind: "casting", target: 11 });
    expect(lastCard().result).toMatchObject({ total: 18, success: false });
  });
});

describe("phased-round: a declared spell resolves in phase 2", () => {
  beforeEach(() => {
    freshWorld();
    world.infos.length = 0;
  });

  async function phasedScene() {
    const mage = creature("Aubert", {}, [alice]);
    const orc = creature("Orque", {});
    const mend = learn(mage, "mend-flesh");
    const { fight, ids } = await startedFight("phased-round", mage, orc);
    const declare = (spell: "cast" | "prepare") =>
      as(alice, () =>
        declareRequest.send({
          combatId: fight.id,
          combatantId: ids[0] as string,
          declaration: { kind: "spell", spell },
        } as never),
      );
    return { mage, mend, fight, declare };
  }

  it("PR-P1 PR-P2 refused before phase 2 and when undeclared, with the reason; cast in the spell resolution phase", async () => {
    const { mage, mend, fight, declare } = await phasedScene();
    expect(await cast(alice, mage, mend, "phased-round")).toBeNull();
    expect(await declare("cast")).toMatchObject({ ok: true });
    // Still phase 1, the spell declaration phase.
    expect(await cast(alice, mage, mend, "phased-round")).toBeNull();
    expect(world.warnings).toEqual([
      "No spell was declared this round: declare it in the spell declaration phase first.",
      "A declared spell is cast in the spell resolution phase.",
    ]);
    expect(messages()).toEqual([]);
    await events(fight, [{ type: "advancePhase", gmOverride: true }]);
    const message = await cast(alice, mage, mend, "phased-round");
    expect(textOf(String(message?._source.content))).toContain("Mend Flesh");
    expect(world.warnings).toHaveLength(2);
  });

  it("PR-P2 a spell declared as prepared is not cast this round", async () => {
    const { mage, mend, fight, declare } = await phasedScene();
    expect(await declare("prepare")).toMatchObject({ ok: true });
    await events(fight, [{ type: "advancePhase", gmOverride: true }]);
    expect(await cast(alice, mage, mend, "phased-round")).toBeNull();
    expect(world.warnings).toEqual(["The spell declared this round is being prepared, not cast."]);
  });

  it("PR-B2 the GM confirms an override and the spell is cast out of its phase", async () => {
    const { mage, mend } = await phasedScene();
    budgetWorld.confirms.push(true);
    expect(await cast(gm, mage, mend, "phased-round")).not.toBeNull();
    expect(budgetWorld.dialogs).toHaveLength(1);
    expect(world.warnings).toEqual([]);
  });
});

describe("the Cast button on the spell's row", () => {
  beforeEach(freshWorld);

  function itemsTab(who: Creature, user: ChatUser, lang = "en") {
    const context = {
      ...actorSheetContext(who.actor as never, {
        family: "fast-slow",
        editable: user !== bob,
        token: who.token as never,
        user: user as never,
        idPrefix: "t",
      }),
      tab: { cssClass: "active" },
    };
    return templateEnvironment(lang).render("templates/actor/items.hbs", context);
  }

  it("FS-A1 FS-A2 the caster's owner and the GM see a Cast button named after the spell; an observer sees none", () => {
    const maren = caster();
    learn(maren, "ember-dart");
    learn(maren, "mend-flesh");
    const mine = itemsTab(maren, alice);
    expect(mine.match(/data-action="castSpell"/g)).toHaveLength(2);
    expect(mine).toMatch(/<button type="button"[^>]*data-action="castSpell" aria-label="Cast Ember Dart"/);
    expect(mine).toContain('aria-label="Cast Mend Flesh"');
    expect(itemsTab(maren, gm)).toContain('aria-label="Cast Ember Dart"');
    const observer = itemsTab(maren, bob);
    expect(observer).toContain("Ember Dart");
    expect(observer).not.toContain("castSpell");
  });

  it("the button's label is in every language, the spell's name escaped", () => {
    const maren = caster();
    maren.actor.items.push(new ItemDoc(SCRIPT, "spell", { against: "none" }));
    // Japanese casts a spell as the seed does: 法術を発動 (AD-M6).
    const labels = ["Cast ", "Lancer ", "Rzuć: ", "Lanzar ", "を発動"];
    for (const [i, lang] of ["en", "fr", "pl", "es", "ja"].entries()) {
      const html = itemsTab(maren, alice, lang);
      expect(html).toContain(labels[i]);
      expect(html).not.toContain("<script>");
      expect(html).toContain("&lt;script&gt;");
    }
  });

  it("the spell card in every language: the name escaped, the description kept as the item's HTML", () => {
    const spell = {
      name: SCRIPT,
      img: "s.svg",
      system: { concentration: true, duration: { value: 3, unit: "rounds" } },
    };
    const context = spellCardContext(spell, SCRIPT, "classic-d20", "<p>A <em>warm</em> light.</p>");
    for (const lang of ["en", "fr", "pl", "es", "ja"]) {
      const html = templateEnvironment(lang).render(SPELL_CARD_TEMPLATE, context);
      expect(html).not.toContain("<script>");
      expect(html).toContain("<p>A <em>warm</em> light.</p>");
      expect(html).toContain('class="fray-card-note"');
    }
    const en = textOf(templateEnvironment("en").render(SPELL_CARD_TEMPLATE, context));
    expect(en).toContain("Duration 3 Rounds");
  });
});
