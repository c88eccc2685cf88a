/**
 * Attack cards in the states a fight reaches, each family, built through the real flow on the chat harness
 * (`startAttack`, the card's buttons, the GM's requests) and shown through `attackCardContext` to the user
 * who would press its buttons; check cards posted with `postCheck` and rolled through their button, shown
 * through `checkCardContext`; and the attack dialog.
 */
import { queueFaces, queuedFaces } from "../../harness/roll";
import type { ChatMessageDoc, ChatUser } from "../../harness/chat";
import {
  alice,
  as,
  attack,
  bob,
  cardOf,
  click,
  creature,
  fightWith,
  gm,
  setSetting,
  settle,
  weapon,
  world,
} from "../../foundry/chat/setup";
import {
  checkCardOf,
  defineCheckConsequence,
  postCheck,
  type CheckCardData,
  type PostCheckInput,
} from "../../../src/chat/check-card";
import { CHECK_CARD_TEMPLATE, checkCardContext } from "../../../src/chat/checks/check-render";
import { damageEffectLine } from "../../../src/chat/families/active-defense-damage-checks";
import type { DamageEffect } from "../../../src/rules/families/active-defense-3d6/damage-effects";
import { registerCheckCards } from "../../../src/chat/checks/register";
import { applyRoundEvents } from "../../../src/documents/combat-api";
import { concentrateOnSpell } from "../../../src/rules/families/active-defense-3d6/concentration";
import { attackDialogContext, ATTACK_DIALOG_TEMPLATE } from "../../../src/chat/attack-dialog";
import { situationBounds } from "../../../src/rules/attack/situation-bounds";
import { attackCardContext } from "../../../src/chat/card-context";
import { ATTACK_CARD_TEMPLATE } from "../../../src/chat/card-render";
import type { AttackCardData } from "../../../src/chat/card-data";
import { readersOf, type Readers } from "../../../src/chat/parties";
import type { GallerySample } from "../sample";
import { CheckRoll } from "../../../src/dice/check-roll";
import type { AttackRoll } from "../../../src/dice/fray-roll";

interface Card {
  readonly id: string;
  readonly title: string;
  /** The card's data when the sample was taken (one message changes as its buttons are pressed). */
  readonly card: AttackCardData;
  readonly messageId: string;
  readonly readers: Readers;
  /** Whose chat log we look at: the user with the buttons to press, or the GM. */
  readonly viewer: ChatUser;
}

/** The card's data as it is now, without the model's link to its message. */
function snapshot(card: AttackCardData): AttackCardData {
  const { parent: _parent, ...data } = card as AttackCardData & { parent?: unknown };
  return structuredClone(data) as AttackCardData;
}

/** Every card state the samples show, played through the flows once. */
async function playCards(): Promise<Card[]> {
  queuedFaces.length = 0;
  setSetting("npcAutoDefense", false);
  const hero = creature(
    "Aldo Brennisk",
    { opposedD20: { attack: { melee: 5 } }, activeDefense: { skills: { blade: 12 } } },
    [alice],
  );
  const foe = creature("Orc chieftain", { activeDefense: { dev: 6, bev: 2 } }, [bob]);
  weapon(foe.actor, "Katana", { parry: 3 });
  const blade = weapon(hero.actor, "Bastard sword", { damage: "2d6", threat: { min: 19, multiplier: 2 } });
  const cards: Card[] = [];
  const add = (id: string, title: string, message: ChatMessageDoc, viewer: ChatUser) => {
    // Issue 12: every card a table sees is posted by the active GM, spoken by the character.
    if (!message.author?.isGM) throw new Error(`gallery: ${id} was not posted by a GM`);
    cards.push({
      id,
      title,
      card: snapshot(cardOf(message)),
      messageId: message.id,
      readers: readersOf(message as never),
      viewer,
    });
  };

  queueFaces(12, 3);
  add(
    "card-fast-slow-boons",
    "fast-slow attack with a modifier and situational boons and banes (FS-D1)",
    await attack(alice, "fast-slow", hero, blade, [foe], {
      modifier: -2,
      boons: 1,
      banes: 2,
      mountedIndependent: false,
    }),
    alice,
  );
  queueFaces(19, 15, 5, 5);
  const cd = await attack(alice, "classic-d20", hero, blade, [foe]);
  await click(alice, cd, "rollDamage");
  add("card-classic-d20-critical", "classic-d20 threat confirmed, damage rolled (CD-AT3)", cd, alice);
  queueFaces(10);
  add(
    "card-opposed-d20-awaiting",
    "opposed-d20 attack awaiting the defender's choice, as the defender (OD-A2)",
    await attack(alice, "opposed-d20", hero, blade, [foe]),
    bob,
  );
  queueFaces(15, 2, 3, 3);
  const od = await attack(alice, "opposed-d20", hero, blade, [foe]);
  await click(bob, od, "defend", "t0", "dodge");
  await click(alice, od, "rollDamage");
  await click(bob, od, "applyDamage");
  add("card-opposed-d20-applied", "opposed-d20 dodge failed, damage applied, as the GM (OD-A4)", od, gm);
  queueFaces(20);
  const undone = await attack(alice, "opposed-d20", hero, blade, [foe]);
  await click(bob, undone, "decline");
  queueFaces(1, 1);
  await click(alice, undone, "rollDamage");
  await click(alice, undone, "applyDamage");
  await click(gm, undone, "undoDamage");
  add("card-opposed-d20-undone", "opposed-d20 critical, defense declined, damage undone", undone, gm);
  // Issue 24: names of any length are shortened on the card (the whole one in a tooltip) and drawn on one line.
  const drifter = creature(`Wandering ${"Drifter of the Long Road ".repeat(60)}`, {}, [bob]);
  const longBlade = weapon(hero.actor, `Blade ${"of the Ninefold Oath ".repeat(60)}`);
  queueFaces(14);
  add(
    "card-long-names",
    "classic-d20 attack on a creature and with a weapon named over 1,000 characters (shortened, whole in a tooltip)",
    await attack(alice, "classic-d20", hero, longBlade, [drifter]),
    alice,
  );
  queueFaces(98, 99, 3);
  add(
    "card-phased-round-open-ended",
    "phased-round open-ended d100 attack (PR-P5)",
    await attack(alice, "phased-round", hero, blade, [foe]),
    alice,
  );
  queueFaces(1);
  add(
    "card-no-target",
    "opposed-d20 attack with no target: a fumble (OD-A3)",
    await attack(alice, "opposed-d20", hero, blade, []),
    alice,
  );

  const { fight, ids } = fightWith("active-defense-3d6", hero, foe);
  await as(gm, () => applyRoundEvents(fight as never, [{ type: "startCombat" }]));
  await fight.combatants.get(ids[1] as string)?.update({
    "system.==budget": {
      turnNumber: 1,
      inTurn: false,
      maneuver: null,
      attackAfterPickUp: false,
      shotThisTurn: false,
      weapons: {},
      pendingReady: null,
      aim: null,
      feint: null,
      allOut: { kind: "defense", turn: 1 },
      kneeling: null,
      overrides: [],
    },
  });
  const held = concentrateOnSpell([], { holder: ids[1] as string, spellId: "s", round: 1 });
  if (!held.ok) throw new Error(`gallery: concentration refused (${held.reason})`);
  await as(gm, () =>
    applyRoundEvents(fight as never, [{ type: "addTimedState", state: held.value.state as never }]),
  );
  queueFaces(3, 3, 3);
  const ad = await attack(alice, "active-defense-3d6", hero, blade, [foe]);
  add(
    "card-active-defense-choose",
    "active-defense-3d6 attack, the defender chooses Parry, Block or Dodge (AD-A2)",
    ad,
    bob,
  );
  await click(bob, ad, "defend", "t0", "parry");
  add("card-active-defense-maintenance", "active-defense-3d6 concentration maintenance due (AD-C2)", ad, bob);
  queueFaces(1, 1, 1, 6, 6, 5);
  await click(bob, ad, "maintain");
  await click(bob, ad, "defend", "t0", "block");
  queueFaces(3, 3, 3, 1, 2, 1);
  await click(bob, ad, "maintain");
  queueFaces(6, 5, 6);
  await click(alice, ad, "rollFumble");
  add(
    "card-active-defense-fumble",
    "active-defense-3d6 critical defense, the attacker's fumble table rolled (AD-M6)",
    ad,
    gm,
  );
  // AD-M2 (c): an all-out feint and attack, its feint contest rolled with the hit roll.
  await fight.combatants.get(ids[0] as string)?.update({
    "system.==budget": {
      turnNumber: 2,
      inTurn: true,
      maneuver: "allOutAttack",
      attackAfterPickUp: false,
      shotThisTurn: false,
      strikes: 0,
      weapons: {
        [blade.id]: { unbalanced: false, missile: false, readyTurns: 0, status: "ready", readyingLeft: 0 },
      },
      pendingReady: null,
      aim: null,
      feint: null,
      allOut: { kind: "attack", option: "feintAndAttack", turn: 2 },
      kneeling: null,
      overrides: [],
    },
  });
  queueFaces(3, 3, 3, 3, 3, 3, 4, 4, 4);
  add(
    "card-active-defense-feint-and-attack",
    "active-defense-3d6 all-out feint and attack: the contest's effect on the defense rolls (AD-M2, AD-M1)",
    await attack(alice, "active-defense-3d6", hero, blade, [foe]),
    bob,
  );
  world.combats.clear();

  // AD-A4: a major wound applied calls for stun and knockdown checks; an undo leaves them rolled or void.
  queueFaces(1, 1, 2);
  const wound = await attack(alice, "active-defense-3d6", hero, blade, [foe]);
  queueFaces(6, 6);
  await click(alice, wound, "rollDamage");
  await click(bob, wound, "applyDamage");
  add(
    "card-active-defense-damage-checks",
    "active-defense-3d6 major wound applied: stun and knockdown checks due, as the GM (AD-A4)",
    wound,
    gm,
  );
  await click(gm, wound, "undoDamage");
  add(
    "card-active-defense-checks-undone",
    "active-defense-3d6 damage undone: checks already rolled stay (AD-A4)",
    wound,
    alice,
  );

  const gone = creature("Goblin scout", {}, [bob]);
  queueFaces(10);
  const lost = await attack(alice, "opposed-d20", hero, blade, [gone]);
  await gone.token.delete();
  add("card-target-gone", "opposed-d20 card whose target left the scene", lost, alice);
  if (queuedFaces.length) throw new Error(`gallery: ${queuedFaces.length} queued dice faces left unused`);
  return cards;
}

/** The card data of a check as it is now (see `snapshot`). */
function checkSnapshot(message: ChatMessageDoc): CheckCardData {
  const live = world.messages.get(message.id) as never;
  const { parent: _parent, ...data } = checkCardOf(live) as CheckCardData & { parent?: unknown };
  return structuredClone(data) as CheckCardData;
}

/** What the gallery's consequence reports: the lines the concentration check writes (FS-A4). */
defineCheckConsequence<{ effect: string }>("gallery.concentration", async ({ data, result }) => ({
  lines: result.success
    ? [{ key: "FRAY.Concentration.Check.success" }]
    : [{ key: "FRAY.Concentration.Check.failure", data: { effect: data.effect } }],
}));

/** What the AD-A4 consequence reports on a failure, without the statuses the chat harness does not keep. */
defineCheckConsequence<{ effect: DamageEffect }>("gallery.damageEffect", async ({ data, result, card }) => ({
  lines: result.success
    ? [{ key: "FRAY.DamageEffects.resisted", data: { name: card.roller.name } }]
    : [damageEffectLine(data.effect, card.roller.name, true)],
}));

/** What the FS-A9 Hide consequence reports, without the statuses the chat harness does not keep. */
defineCheckConsequence<{ name: string }>("gallery.hide", async ({ data, result }) => ({
  lines: [
    { key: `FRAY.Activity.Roll.${result.success ? "nowHidden" : "notHidden"}`, data: { name: data.name } },
  ],
}));

/** What FS-MT9's consequence reports on a failure (its damage rolled), without the statuses it sets. */
defineCheckConsequence<{ rider: string; mount: string }>(
  "gallery.mountFall",
  async ({ data, result, sink }) => {
    if (result.success) return { lines: [{ key: "FRAY.Mount.Fall.success", data: { rider: data.rider } }] };
    const { snapshot } = await sink.roll(CheckRoll as typeof AttackRoll, "1d6 + 3", { purpose: "damage" });
    return {
      lines: [{ key: "FRAY.Mount.Fall.failure", data: { ...data, damage: String(snapshot.total) } }],
      rolls: [{ labelKey: "FRAY.Mount.Fall.damage", roll: snapshot }],
    };
  },
);

/** Check cards (FS-D1/FS-D2 d20 challenge rolls, AD 3d6 roll-under), pending and rolled, with their lines. */
async function playChecks(): Promise<GallerySample[]> {
  registerCheckCards();
  queuedFaces.length = 0;
  setSetting("boonDie", 6);
  setSetting("adCriticalSuccess", 4);
  setSetting("adCriticalFailure", 17);
  const hero = creature("Mira of Vesk", { fastSlow: { will: { value: 12 } }, activeDefense: { wl: 12 } }, [
    alice,
  ]);
  const post = async (input: Omit<PostCheckInput, "actor" | "token">) => {
    // Issue 12: the active GM makes every check card, spoken by the character.
    const message = await as(gm, () =>
      postCheck({ actor: hero.actor as never, token: hero.token as never, ...input }),
    );
    await settle();
    if (!message) throw new Error("gallery: no check card posted");
    if (!(message as unknown as ChatMessageDoc).author?.isGM)
      throw new Error("gallery: a check card not posted by a GM");
    return message as unknown as ChatMessageDoc;
  };
  const concentration = {
    kind: "concentration",
    attribute: "will",
    banes: 1,
    lines: [{ key: "FRAY.Concentration.Check.damage", data: { name: "Mira of Vesk", amount: "4" } }],
    consequence: { name: "gallery.concentration", data: { effect: "Ward of Brambles" } },
  } as const;
  const pending = checkSnapshot(await post(concentration));
  const failed = await post(concentration);
  queueFaces(7, 5);
  await click(alice, failed, "rollCheck" as never);
  const casting = await post({ kind: "casting", dice: "3d6", attribute: "wl", modifier: -2 });
  queueFaces(1, 1, 2);
  await click(alice, casting, "rollCheck" as never);
  const stun = await post({
    kind: "stun",
    dice: "3d6",
    attribute: "wl",
    lines: [{ key: "FRAY.DamageEffects.Reason.majorWound", data: { damage: "14", amount: "12" } }],
    consequence: { name: "gallery.damageEffect", data: { effect: "stunned" } },
  });
  queueFaces(6, 5, 4);
  await click(alice, stun, "rollCheck" as never);
  const death = await post({
    kind: "death",
    dice: "3d6",
    attribute: "wl",
    lines: [{ key: "FRAY.DamageEffects.Reason.deathThreshold", data: { amount: "-26", target: "-24" } }],
    consequence: { name: "gallery.damageEffect", data: { effect: "dead" } },
  });
  // FS-A8: Mira holds Tobin's Help in a fast-slow fight; her next roll, this concentration check, takes it as
  // it is rolled, and its boon cancels the bane (FS-D1).
  const tobin = creature("Tobin", {}, [bob]);
  const { fight, ids } = fightWith("fast-slow", hero, tobin);
  await as(gm, () =>
    applyRoundEvents(fight as never, [
      { type: "startCombat" },
      {
        type: "addTimedState",
        state: {
          key: "help",
          holder: ids[0] as string,
          expiry: { kind: "endOfRound", round: 1 },
          data: { helper: ids[1], boons: 1 },
        },
      },
    ]),
  );
  await settle();
  const helped = await post({ ...concentration, combatId: fight.id });
  queueFaces(9);
  await click(alice, helped, "rollCheck" as never);
  // FS-A9: the Hide activity's Agility roll, rolled at once from the action panel, with its condition line.
  queueFaces(11);
  const hidden = await post({
    kind: "hide",
    attribute: "agility",
    lines: [{ key: "FRAY.Activity.Roll.hiding" }],
    consequence: { name: "gallery.hide", data: { name: "Mira of Vesk" } },
    roll: "now",
  });
  // FS-MT9: the mount falls; the rider's Agility roll, failed: pinned, the fall's damage rolled.
  const mountFall = await post({
    kind: "mountFall",
    attribute: "agility",
    lines: [{ key: "FRAY.Mount.Fall.message", data: { mount: "Grey Mare", rider: "Mira of Vesk" } }],
    consequence: { name: "gallery.mountFall", data: { rider: "Mira of Vesk", mount: "Grey Mare" } },
  });
  queueFaces(4, 5);
  await click(alice, mountFall, "rollCheck" as never);
  // AD-A4: the knockdown check after a major wound, a success; the unconsciousness check at 0 Health, failed.
  const knockdown = await post({
    kind: "knockdown",
    dice: "3d6",
    attribute: "wl",
    lines: [{ key: "FRAY.DamageEffects.Reason.majorWound", data: { damage: "14", amount: "12" } }],
    consequence: { name: "gallery.damageEffect", data: { effect: "prone" } },
  });
  queueFaces(2, 3, 4);
  await click(alice, knockdown, "rollCheck" as never);
  const unconscious = await post({
    kind: "unconsciousness",
    dice: "3d6",
    attribute: "wl",
    lines: [{ key: "FRAY.DamageEffects.Reason.zeroHealth", data: { amount: "-3" } }],
    consequence: { name: "gallery.damageEffect", data: { effect: "unconscious" } },
  });
  queueFaces(6, 6, 5);
  await click(alice, unconscious, "rollCheck" as never);
  world.combats.clear();
  if (queuedFaces.length) throw new Error(`gallery: ${queuedFaces.length} queued dice faces left unused`);

  const checks: [string, string, CheckCardData, string, ChatUser][] = [
    [
      "check-concentration-pending",
      "Concentration check waiting for its roll, as the roller's player (FS-A4)",
      pending,
      failed.id,
      alice,
    ],
    ["check-concentration-waiting", "The same check as another player sees it", pending, failed.id, bob],
    [
      "check-concentration-failed",
      "Concentration check failed, its consequence written (FS-D1, FS-A4)",
      checkSnapshot(failed),
      failed.id,
      gm,
    ],
    [
      "check-concentration-helped",
      "Concentration check rolled with a held Help: its boon cancels the bane (FS-A8, FS-D1)",
      checkSnapshot(helped),
      helped.id,
      alice,
    ],
    [
      "check-hide-success",
      "FS-A9 Hide: the Agility roll from the action panel, the GM's conditions recalled; a success hides",
      checkSnapshot(hidden),
      hidden.id,
      alice,
    ],
    [
      "check-casting-critical",
      "3d6 casting roll at WL − 2, a critical success (AD-M6, AD-C3)",
      checkSnapshot(casting),
      casting.id,
      alice,
    ],
    [
      "check-stun-failed",
      "AD-A4 stun check after a major wound, failed: stunned until the next turn (AD-T1)",
      checkSnapshot(stun),
      stun.id,
      gm,
    ],
    [
      "check-mount-fall-failed",
      "FS-MT9 the mount falls: the rider's Agility roll failed, pinned, the fall's damage rolled",
      checkSnapshot(mountFall),
      mountFall.id,
      gm,
    ],
    [
      "check-knockdown-success",
      "AD-A4 knockdown check after a major wound, a success: no effect",
      checkSnapshot(knockdown),
      knockdown.id,
      alice,
    ],
    [
      "check-unconsciousness-failed",
      "AD-A4 unconsciousness check at 0 Health or below, failed",
      checkSnapshot(unconscious),
      unconscious.id,
      gm,
    ],
    [
      "check-death-pending",
      "AD-A4 death check at −2× max Health, waiting for the roll",
      checkSnapshot(death),
      death.id,
      alice,
    ],
  ];
  return checks.map(([id, title, card, messageId, viewer]) => ({
    id,
    title,
    frame: { kind: "chat", speaker: "Mira of Vesk" },
    parts: async () => [
      {
        template: CHECK_CARD_TEMPLATE,
        context: await as(viewer, () => checkCardContext(card, messageId, viewer as never)),
      },
    ],
  }));
}

export async function chatSamples(): Promise<GallerySample[]> {
  const cards = await playCards();
  const samples: GallerySample[] = cards.map(({ id, title, card, messageId, readers, viewer }) => ({
    id,
    title,
    frame: { kind: "chat", speaker: "Aldo Brennisk" },
    parts: async () => [
      {
        template: ATTACK_CARD_TEMPLATE,
        context: await as(viewer, () => attackCardContext(card, messageId, viewer as never, readers)),
      },
    ],
  }));
  samples.push(...(await playChecks()));
  for (const family of ["fast-slow", "active-defense-3d6"] as const) {
    samples.push({
      id: `dialog-attack-${family}`,
      title: `Attack dialog, ${family}`,
      frame: { kind: "dialog", titleKey: "FRAY.Card.Dialog.title", buttons: ["FRAY.Card.Dialog.roll"] },
      parts: () => [
        {
          template: ATTACK_DIALOG_TEMPLATE,
          // A player's dialog: the limits the GM accepts from a player (situation-bounds.ts).
          context: attackDialogContext(
            family,
            "Bastard sword",
            ["Orc chieftain", "Goblin scout"],
            situationBounds(family, false),
          ),
        },
      ],
    });
  }
  return samples;
}
