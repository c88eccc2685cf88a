/**
 * Issue 24, F-trust §3.5: names never break a card. A document's name may be of any length (Foundry sets none);
 * a card stores it shortened to its schema's limit (`cardName`: cut by code points, ended with "…") instead of failing
 * to post, draws the shortened name with the whole one in a tooltip while the live document still has it, and keeps
 * every name escaped. The schemas still refuse an over-long name in a forged card (tests/foundry/security/card-schema).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { queueFaces, queuedFaces } from "../../harness/roll";
import type { ChatMessageDoc } from "../../harness/chat";
import {
  alice,
  as,
  attack,
  bob,
  cardOf,
  creature,
  gm,
  settle,
  setSetting,
  view,
  weapon,
  world,
} from "./setup";
import { cardName, NAME_MAX } from "../../../src/data/chat/card-fields";
import { registerCheckCards } from "../../../src/chat/checks/register";
import { checkCardOf, postCheck, type CheckCardData } from "../../../src/chat/check-card";

registerCheckCards();

/** As Handlebars writes a text into an attribute. */
const escaped = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const LONG = "<script>alert(1)</script>" + "M".repeat(1001);

describe("cardName", () => {
  it("keeps a name that fits; cuts a longer one by code points to NAME_MAX, ending with …", () => {
    expect(cardName("Bea")).toBe("Bea");
    expect(cardName("x".repeat(NAME_MAX))).toBe("x".repeat(NAME_MAX));
    const cut = cardName("x".repeat(NAME_MAX + 1));
    expect(cut).toHaveLength(NAME_MAX);
    expect(cut.endsWith("…")).toBe(true);
    // A character outside the BMP is two UTF-16 units: never split in half, never over the limit.
    const wide = cardName("😀".repeat(NAME_MAX));
    expect(wide.length).toBeLessThanOrEqual(NAME_MAX);
    expect(wide).toBe("😀".repeat((NAME_MAX - 1) >> 1) + "…");
  });
});

describe("names of any length on cards", () => {
  beforeEach(() => {
    queuedFaces.length = 0;
    world.warnings.length = 0;
    setSetting("npcAutoDefense", false);
  });

  it("an attack on a creature named 1026 characters is posted: shortened on the card, whole in the tooltip, inert", async () => {
    const hero = creature("Ana", {}, [alice]);
    const bea = creature(LONG, {}, [bob]);
    const sword = weapon(hero.actor, `Sword ${"S".repeat(1200)}`);
    queueFaces(15);
    const message = await attack(alice, "classic-d20", hero, sword, [bea]);
    const card = cardOf(message);
    expect(card.entries[0]!.target!.name).toBe(cardName(LONG));
    expect(card.entries[0]!.target!.name).toHaveLength(NAME_MAX);
    expect(card.weapon.name).toBe(cardName(sword.name));
    for (const user of [alice, bob, gm]) {
      const html = await view(message, user);
      expect(html).toContain('class="fray-card fray-attack-card"');
      expect(html).not.toContain("<script>");
      expect(html).toContain(`>${escaped(cardName(LONG))}</span>`);
      expect(html).toContain(`data-tooltip="${escaped(LONG)}"`);
      expect(html).toContain(`data-tooltip="${escaped(sword.name)}"`);
    }
  });

  it("no tooltip for a creature name that fits, nor once the creature is renamed", async () => {
    const hero = creature("Ana", {}, [alice]);
    const bea = creature(LONG, {}, [bob]);
    const sword = weapon(hero.actor, "Sword");
    queueFaces(15);
    const message = await attack(alice, "classic-d20", hero, sword, [bea]);
    const drawn = await view(message, gm);
    expect(drawn).toContain('class="fray-card fray-attack-card"');
    // The weapon's title (one line) always has its name in a tooltip; "Ana" fits, no tooltip.
    expect(drawn.match(/data-tooltip="[^"]*"/g)).toEqual([
      'data-tooltip="Sword"',
      `data-tooltip="${escaped(LONG)}"`,
    ]);
    bea.actor.name = "Bea";
    const renamed = await view(message, gm);
    expect(renamed).toContain('class="fray-card fray-attack-card"');
    expect(renamed.match(/data-tooltip="[^"]*"/g)).toEqual(['data-tooltip="Sword"']);
  });

  it("a check card whose roller and line values are of any length is posted, shortened, the roller's whole name in the tooltip", async () => {
    const hero = creature(LONG, {}, [alice]);
    const spell = `Ward ${"W".repeat(2000)}`;
    const message = (await as(gm, () =>
      postCheck({
        actor: hero.actor as never,
        token: hero.token as never,
        kind: "casting",
        dice: "3d6",
        target: 10,
        lines: [{ key: "FRAY.Concentration.Check.failure", data: { effect: spell } }],
      }),
    )) as unknown as ChatMessageDoc | null;
    await settle();
    expect(message).toBeTruthy();
    const card = checkCardOf(world.messages.get(message!.id) as never) as CheckCardData;
    expect(card.roller.name).toBe(cardName(LONG));
    expect(card.lines[0]!.data!.effect).toBe(cardName(spell));
    const html = await view(message!, alice);
    expect(html).not.toContain("<script>");
    expect(html).toContain(`data-tooltip="${escaped(LONG)}"`);
  });
});
