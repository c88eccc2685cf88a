/**
 * Spells cast from the sheet's Cast button (chat/cast-spell.ts), with the pack's own spells: the fast-slow
 * attack spell's card (FS-A1, the weapon's attack card with the spell as its weapon), played through the real
 * flow outside a fight, and the spell card of a spell cast without a roll (FS-A2), one needing concentration.
 */
import { readFileSync } from "node:fs";
import { load } from "js-yaml";
import { queueFaces, queuedFaces } from "../../harness/roll";
import { ItemDoc, type ChatMessageDoc } from "../../harness/chat";
import {
  alice,
  as,
  cardOf,
  click,
  creature,
  NO_SITUATION,
  setSetting,
  settle,
} from "../../foundry/chat/setup";
import { castSpell } from "../../../src/chat/cast-spell";
import { attackCardContext } from "../../../src/chat/card-context";
import { ATTACK_CARD_TEMPLATE } from "../../../src/chat/card-render";
import { readersOf } from "../../../src/chat/parties";
import { spellCardContext, SPELL_CARD_TEMPLATE } from "../../../src/chat/spell-card";
import type { GallerySample } from "../sample";

/** A spell of the pack, as its YAML source has it. */
function packSpell(file: string): ItemDoc {
  const source = load(readFileSync(`packs/_source/spells/${file}.yml`, "utf8")) as {
    name: string;
    img: string;
    system: Record<string, unknown>;
  };
  const item = new ItemDoc(source.name, "spell", source.system);
  item.img = source.img;
  return item;
}

export async function spellSamples(): Promise<GallerySample[]> {
  queuedFaces.length = 0;
  setSetting("ruleset", "fast-slow");
  const maren = creature("Maren Holt", { fastSlow: { intellect: { value: 14 } } }, [alice]);
  const goblin = creature("Goblin scout", { fastSlow: { defense: { base: 13 } } });
  const dart = packSpell("ember-dart");
  maren.actor.items.push(dart);
  maren.actor.prepare();
  queueFaces(11);
  const message = (await as(alice, () =>
    castSpell(maren.actor as never, dart as never, {
      token: maren.token as never,
      targets: [goblin.token] as never,
      situation: NO_SITUATION,
    }),
  )) as unknown as ChatMessageDoc | null;
  await settle();
  if (!message) throw new Error("gallery: Ember Dart posted no card");
  queueFaces(4, 6);
  await click(alice, message, "rollDamage");
  if (queuedFaces.length) throw new Error(`gallery: ${queuedFaces.length} queued dice faces left unused`);
  const card = structuredClone({ ...cardOf(message), parent: undefined });
  const readers = readersOf(message as never);
  const lantern = packSpell("lantern-eye");

  return [
    {
      id: "card-fast-slow-spell-attack",
      title:
        "FS-A1 attack spell cast from the sheet: Ember Dart, Intellect against the goblin's Defense, hit, 2d6 rolled",
      frame: { kind: "chat", speaker: "Maren Holt" },
      parts: async () => [
        {
          template: ATTACK_CARD_TEMPLATE,
          context: await as(alice, () => attackCardContext(card, message.id, alice as never, readers)),
        },
      ],
    },
    {
      id: "chat-spell-card",
      title: "FS-A2 a spell cast without a roll: its card, with its duration and the concentration it needs",
      frame: { kind: "chat", speaker: "Maren Holt" },
      parts: () => [
        {
          template: SPELL_CARD_TEMPLATE,
          context: spellCardContext(
            lantern,
            "Maren Holt",
            "fast-slow",
            String((lantern.system as { description?: string }).description ?? ""),
          ),
        },
      ],
    },
  ];
}
