/**
 * Attack cards in the states a fight reaches, each family, built through the real flow on the chat harness
 * (`startAttack`, the card's buttons, the GM's requests) and shown through `attackCardContext` to the user
 * who would press its buttons; and the attack dialog.
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
  weapon,
  world,
} from "../../foundry/chat/setup";
import { applyRoundEvents } from "../../../src/documents/combat-api";
import { concentrateOnSpell } from "../../../src/rules/families/active-defense-3d6/concentration";
import { attackDialogContext, ATTACK_DIALOG_TEMPLATE } from "../../../src/chat/attack-dialog";
import { attackCardContext } from "../../../src/chat/card-context";
import { ATTACK_CARD_TEMPLATE } from "../../../src/chat/card-render";
import type { AttackCardData } from "../../../src/chat/card-data";
import { readersOf, type Readers } from "../../../src/chat/parties";
import type { GallerySample } from "../sample";

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
  const add = (id: string, title: string, message: ChatMessageDoc, viewer: ChatUser) =>
    cards.push({
      id,
      title,
      card: snapshot(cardOf(message)),
      messageId: message.id,
      readers: readersOf(message as never),
      viewer,
    });

  queueFaces(12, 3, 4, 5);
  add(
    "card-fast-slow-boons",
    "fast-slow attack with situational boons and banes (FS-D1, FS-MT4)",
    await attack(alice, "fast-slow", hero, blade, [foe], {
      modifier: -2,
      boons: 1,
      banes: 2,
      mountedIndependent: true,
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
  world.combats.clear();

  const gone = creature("Goblin scout", {}, [bob]);
  queueFaces(10);
  const lost = await attack(alice, "opposed-d20", hero, blade, [gone]);
  await gone.token.delete();
  add("card-target-gone", "opposed-d20 card whose target left the scene", lost, alice);
  if (queuedFaces.length) throw new Error(`gallery: ${queuedFaces.length} queued dice faces left unused`);
  return cards;
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
  for (const family of ["fast-slow", "active-defense-3d6"] as const) {
    samples.push({
      id: `dialog-attack-${family}`,
      title: `Attack dialog, ${family}`,
      frame: { kind: "dialog", titleKey: "FRAY.Card.Dialog.title", buttons: ["FRAY.Card.Dialog.roll"] },
      parts: () => [
        {
          template: ATTACK_DIALOG_TEMPLATE,
          context: attackDialogContext(family, "Bastard sword", ["Orc chieftain", "Goblin scout"]),
        },
      ],
    });
  }
  return samples;
}
