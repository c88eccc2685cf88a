/**
 * The attack card and dialog templates rendered with the real handlebars package in all five languages, in
 * every state the flows reach, for each kind of viewer; `localize` throws on a key missing from a language.
 * And every i18n key the chat code and templates name exists in the five files.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { queueFaces, queuedFaces } from "../../harness/roll";
import { loadLanguage, templateEnvironment, translate } from "../../harness/templates";
import type { ChatMessageDoc } from "../../harness/chat";
import {
  alice,
  as,
  attack,
  bob,
  click,
  creature,
  fightWith,
  gm,
  setSetting,
  textOf,
  view,
  weapon,
  world,
} from "./setup";
import { applyRoundEvents } from "../../../src/documents/combat-api";
import { concentrateOnSpell } from "../../../src/rules/families/active-defense-3d6/concentration";
import { attackDialogContext, situationFromForm } from "../../../src/chat/attack-dialog";
import { situationBounds } from "../../../src/rules/attack/situation-bounds";
import { rideOn } from "../mounts/riding-fixture";
import { replaceWhole } from "../../../src/compat/replace-whole";

const LANGS = ["en", "fr", "pl", "es", "ja"] as const;
const cards: { name: string; message: ChatMessageDoc }[] = [];

async function collect() {
  queuedFaces.length = 0;
  setSetting("npcAutoDefense", false);
  const hero = creature(
    "Hero",
    { opposedD20: { attack: { melee: 5 } }, activeDefense: { skills: { blade: 12 } } },
    [alice],
  );
  const foe = creature("Foe", { activeDefense: { dev: 6, bev: 2 } }, [bob]);
  weapon(foe.actor, "Katana", { parry: 3 });
  const blade = weapon(hero.actor, "Blade", { damage: "2d6", threat: { min: 19, multiplier: 2 } });
  const situation = { modifier: -2, boons: 1, banes: 2, mountedIndependent: true };
  rideOn(hero, creature("Horse", { size: 2, mount: true }, [], "creature"), [foe]);

  queueFaces(12, 3, 4, 5);
  cards.push({
    name: "fast-slow with boons",
    message: await attack(alice, "fast-slow", hero, blade, [foe], situation),
  });
  queueFaces(19, 15, 5, 5);
  const cd = await attack(alice, "classic-d20", hero, blade, [foe]);
  await click(alice, cd, "rollDamage");
  cards.push({ name: "classic-d20 confirmed, damage rolled", message: cd });
  queueFaces(10);
  cards.push({
    name: "opposed-d20 awaiting",
    message: await attack(alice, "opposed-d20", hero, blade, [foe]),
  });
  queueFaces(15, 2, 3, 3);
  const od = await attack(alice, "opposed-d20", hero, blade, [foe]);
  await click(bob, od, "defend", "t0", "dodge");
  await click(alice, od, "rollDamage");
  await click(bob, od, "applyDamage");
  cards.push({ name: "opposed-d20 applied", message: od });
  queueFaces(20);
  const undone = await attack(alice, "opposed-d20", hero, blade, [foe]);
  await click(bob, undone, "decline");
  queueFaces(1, 1);
  await click(alice, undone, "rollDamage");
  await click(alice, undone, "applyDamage");
  await click(gm, undone, "undoDamage");
  cards.push({ name: "opposed-d20 undone", message: undone });
  queueFaces(98, 99, 3);
  cards.push({
    name: "phased-round open-ended",
    message: await attack(alice, "phased-round", hero, blade, [foe]),
  });
  queueFaces(1);
  cards.push({ name: "no target", message: await attack(alice, "opposed-d20", hero, blade, []) });

  const { fight, ids } = fightWith("active-defense-3d6", hero, foe);
  await as(gm, () => applyRoundEvents(fight as never, [{ type: "startCombat" }]));
  await fight.combatants.get(ids[1] as string)?.update(
    replaceWhole("system.budget", {
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
    }),
  );
  const held = concentrateOnSpell([], { holder: ids[1] as string, spellId: "s", round: 1 });
  if (held.ok)
    await as(gm, () =>
      applyRoundEvents(fight as never, [{ type: "addTimedState", state: held.value.state as never }]),
    );
  queueFaces(3, 3, 3);
  const ad = await attack(alice, "active-defense-3d6", hero, blade, [foe]);
  await click(bob, ad, "defend", "t0", "parry");
  cards.push({ name: "active-defense maintenance due", message: ad });
  queueFaces(1, 1, 1, 6, 6, 5);
  await click(bob, ad, "maintain");
  cards.push({ name: "active-defense retry after maintenance", message: ad });
  await click(bob, ad, "defend", "t0", "block");
  queueFaces(3, 3, 3, 1, 2, 1);
  await click(bob, ad, "maintain");
  queueFaces(6, 5, 6);
  await click(alice, ad, "rollFumble");
  cards.push({ name: "active-defense critical defense, fumble rolled", message: ad });
  world.combats.clear();
  expect(queuedFaces).toEqual([]);

  const gone = creature("Gone", {}, [bob]);
  // On the hero's scene (rideOn put it on one): an attack's targets are tokens of the attacker's scene.
  Object.assign(gone.token, { parent: (hero.token as unknown as { parent: unknown }).parent });
  queueFaces(10);
  const lost = await attack(alice, "opposed-d20", hero, blade, [gone]);
  await gone.token.delete();
  cards.push({ name: "target gone", message: lost });
}

describe("attack card templates in five languages (real handlebars)", () => {
  beforeAll(collect);

  it.each(LANGS)(
    "every card state renders in %s for the GM and both players, with no untranslated key",
    async (lang) => {
      expect(cards.length).toBeGreaterThanOrEqual(10);
      for (const { name, message } of cards) {
        for (const user of [gm, alice, bob]) {
          const html = await view(message, user, lang);
          expect(html, `${name} (${lang})`).toContain("fray-attack-card");
        }
      }
    },
  );

  it("the families' own terms show in their languages (CD-AC1, OD-A3, AD-A2, AD-C2, AD-M6, FS-A5)", async () => {
    const byName = (n: string) => cards.find((c) => c.name === n)?.message as ChatMessageDoc;
    const ad = textOf(await view(byName("active-defense critical defense, fumble rolled"), bob, "ja"));
    for (const term of ["受け", "止め", "ファンブル表", "維持判定"]) expect(ad).toContain(term);
    expect(textOf(await view(byName("no target"), alice, "es"))).toContain("Pifia");
    expect(textOf(await view(byName("opposed-d20 applied"), alice, "es"))).toContain("Daño final");
    expect(textOf(await view(byName("classic-d20 confirmed, damage rolled"), alice, "pl"))).toContain(
      "Klasa Pancerza (KP)",
    );
    expect(textOf(await view(byName("fast-slow with boons"), alice, "fr"))).toContain("Défense");
  });

  it.each(LANGS)("the attack dialog renders in %s", (lang) => {
    const env = templateEnvironment(lang);
    for (const family of ["fast-slow", "active-defense-3d6"] as const) {
      const html = env.render(
        "templates/chat/attack-dialog.hbs",
        attackDialogContext(family, "Sword", ["Orc"]),
      );
      expect(html).toContain('name="modifier"');
      expect(html.includes('name="boons"')).toBe(family === "fast-slow");
    }
  });

  it("the attack dialog offers a player what the GM accepts from it (±10, 3 boons) and a GM more", () => {
    const env = templateEnvironment("en");
    const player = env.render(
      "templates/chat/attack-dialog.hbs",
      attackDialogContext("fast-slow", "Sword", ["Orc"], situationBounds("fast-slow", false)),
    );
    expect(player).toContain('name="modifier" value="0" step="1" min="-10" max="10"');
    expect(player).toContain('name="boons" value="0" step="1" min="0" max="3"');
    const gmForm = env.render(
      "templates/chat/attack-dialog.hbs",
      attackDialogContext("fast-slow", "Sword", ["Orc"], situationBounds("fast-slow", true)),
    );
    expect(gmForm).toContain('min="-100" max="100"');
    // Values typed past the bounds are brought back within them before anything is sent.
    expect(
      situationFromForm(
        { modifier: "50", boons: "9", banes: "2" },
        "fast-slow",
        situationBounds("fast-slow", false),
      ),
    ).toEqual({ modifier: 10, boons: 3, banes: 2, mountedIndependent: false });
  });

  it.each(LANGS)("the actor sheet's weapon row carries the attack button in %s", (lang) => {
    const env = templateEnvironment(lang);
    const html = env.render("templates/actor/items.hbs", {
      editable: true,
      canRoll: true,
      tab: { cssClass: "active" },
      itemGroups: [
        {
          type: "weapon",
          label: "TYPES.Item.weaponPl",
          items: [
            {
              id: "i1",
              name: "<b>Sword</b>",
              img: "",
              system: {},
              equippable: true,
              attack: { value: "+3", labelKey: "FRAY.Item.Weapon.ob" },
            },
          ],
        },
      ],
    });
    expect(html).toContain('data-action="rollAttack"');
    expect(html).toContain(`data-tooltip="${env.localize("FRAY.Sheet.rollAttack")}"`);
    expect(html).not.toContain("<b>Sword");
  });

  it("every key the chat code and templates name exists in all five languages", () => {
    const files = (dir: string, ext: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? files(join(dir, e.name), ext) : e.name.endsWith(ext) ? [join(dir, e.name)] : [],
      );
    const sources = [
      ...files("src/chat", ".ts"),
      ...files("templates/chat", ".hbs"),
      "src/documents/chat-message.ts",
    ];
    const keys = new Set<string>();
    for (const file of sources) {
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(/"(FRAY\.[A-Za-z0-9.-]+[A-Za-z0-9])"/g)) keys.add(m[1] as string);
      for (const m of text.matchAll(/refuse\("(\w+)"/g)) keys.add(`FRAY.Refusal.${m[1]}`);
    }
    expect(keys.size).toBeGreaterThan(40);
    for (const lang of LANGS) {
      const tree = loadLanguage(lang);
      expect(
        [...keys].filter((k) => translate(tree, k) === undefined),
        lang,
      ).toEqual([]);
    }
  });
});
