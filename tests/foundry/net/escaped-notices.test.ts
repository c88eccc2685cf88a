/**
 * A notification is HTML: the names a refusal or a notice carries (actors, tokens, combatants, items, all typed
 * by users) reach it escaped, the language file's words as they are.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { queueFaces, queuedFaces } from "../../harness/roll";
import { alice, as, attack, bob, click, creature, fightWith, gm, settle, weapon, world } from "../chat/setup";
import "../concentration/setup";
import { applyRoundEvents } from "../../../src/documents/combat-api";
import { pressBudget } from "../budget/panel";
import { notifyRefusal } from "../../../src/applications/notify";
import { refuse } from "../../../src/rules/outcome";
import { locHtml } from "../../../src/utils/loc";

const NAME = "<img src=x onerror=alert(1)>";
const escape = (text: string) =>
  (
    globalThis as unknown as { foundry: { utils: { escapeHTML(t: string): string } } }
  ).foundry.utils.escapeHTML(text);

describe("names in notifications are escaped", () => {
  beforeEach(() => {
    world.warnings.length = 0;
    world.infos.length = 0;
    queuedFaces.length = 0;
  });

  it("a card button's refusal names the attacker escaped", async () => {
    const hero = creature(NAME, {}, [alice]);
    const bea = creature("Bea", {}, [bob]);
    queueFaces(15);
    const message = await attack(alice, "opposed-d20", hero, weapon(hero.actor, "Spear"), [bea]);
    await click(bob, message, "decline");
    // Bob's card offers him no damage roll; pressed on a page drawn for Alice, it is refused.
    expect(await click(bob, message, "rollDamage", "t0", null, {}, alice)).toMatchObject({
      ok: false,
      reason: "notOwner",
      data: { name: NAME },
    });
    expect(world.warnings).toEqual([`You do not own ${escape(NAME)}.`]);
    expect(world.warnings.join()).not.toContain("<img");
  });

  it("every refusal shown names what it is about escaped, and its own words unchanged", () => {
    notifyRefusal(refuse("documentGone", { name: `${NAME} & "co"` }));
    notifyRefusal(refuse("noActiveGM"));
    expect(world.warnings).toEqual([
      `${escape(`${NAME} & "co"`)} no longer exists.`,
      "No GM is connected: this needs the GM's table to be open.",
    ]);
  });

  it("FS-A6 the panel's Dismiss with nothing to dismiss names the creature escaped", async () => {
    const orc = creature(NAME, {}, [], "creature");
    const { fight, ids } = fightWith("fast-slow", orc, creature("Mage", {}, [alice]));
    const orcId = ids[0] as string;
    const started = await as(gm, () =>
      applyRoundEvents(fight as never, [
        { type: "startCombat" },
        { type: "takeTurn", id: orcId, gmOverride: true },
      ]),
    );
    expect(started.ok).toBe(true);
    await settle();
    expect(await pressBudget(gm, fight, orcId, "Dismiss")).toBe(false);
    expect(world.warnings).toHaveLength(1);
    expect(world.warnings[0]).toContain(escape(NAME));
    expect(world.warnings[0]).not.toContain("<img");
  });

  it("the AD-M6 concentrating notice names the spell escaped", () => {
    expect(locHtml("FRAY.Spell.concentrating", { spell: "<script>x</script>" })).not.toContain("<script>");
    expect(locHtml("FRAY.Spell.concentrating", { spell: "<script>x</script>" })).toContain(
      escape("<script>x</script>"),
    );
  });
});
