/**
 * The sheets' context builders, per family (`actorSheetContext`, `itemSheetContext`): the rows each family
 * block draws with the derived values (FS-D1 modifiers, FS-D2 Defense, CD-AT4/CD-AT5 attack bonuses, CD-AC1
 * Armor Class, AD-A2 Parry/Block/Dodge, protection, DB), the check each row rolls, the fight controls and why
 * one cannot be pressed, each weapon's attack value, the Effects tab (statuses, the round engine's timed
 * states FS-A5/FS-A8, ActiveEffects) and the item sheet's options and effects.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { giveEffect, oneChange, roundsDuration } from "../../harness/effects";
import { alice, as, bob, creature, events, freshWorld, gm, settle, startedFight, weapon } from "./setup";
import { actorSheetContext, weaponAttackValue } from "../../../src/applications/sheets/actor-context";
import { itemSheetContext } from "../../../src/applications/sheets/item-context";
import { sheetDefend } from "../../../src/applications/sheets/sheet-rolls";
import { spendBudgetRequest } from "../../../src/documents/budget-requests";
import { takePanelManeuver } from "../../../src/applications/budget/budget-actions";
import { storedBudgetOf } from "../../../src/documents/budget-store";
import { buttonByLabel, renderDom } from "../../harness/dom";
import { loadLanguage, translate } from "../../harness/templates";
import type { ActiveDefenseBudget } from "../../../src/rules/families/active-defense-3d6/budget";
import type { FamilyId } from "../../../src/rules/families/ids";
import { ItemDoc, type ChatUser } from "../../harness/chat";

const english = loadLanguage("en");
const en = (key: string) => translate(english, key);

type Creature = ReturnType<typeof creature>;

function contextOf(who: Creature, family: FamilyId, user: ChatUser = alice, editable = true) {
  return actorSheetContext(who.actor as never, {
    family,
    editable,
    token: who.token as never,
    user: user as never,
    idPrefix: "test",
  });
}

describe("actorSheetContext", () => {
  beforeEach(freshWorld);

  it("FS-D1 FS-D2 fast-slow: each attribute's score, its modifier (score − 10) and its roll; Defense derived", () => {
    const hero = creature("Aldo", { fastSlow: { strength: { value: 14 }, agility: { value: 8 } } }, [alice]);
    const c = contextOf(hero, "fast-slow");
    expect(c.attributes.find((a) => a.id === "strength")).toMatchObject({
      value: 14,
      modifier: 4,
      check: "fs.strength",
    });
    expect(c.attributes.find((a) => a.id === "agility")).toMatchObject({
      value: 8,
      modifier: -2,
      check: "fs.agility",
    });
    expect(c.attributes.map((a) => a.check)).toEqual([
      "fs.strength",
      "fs.agility",
      "fs.intellect",
      "fs.will",
      "fs.perception",
    ]);
    expect(c.derived.fastSlow.defense).toBe(10);
    expect(c.canRoll).toBe(true);
  });

  it("CD-AT4 CD-AT5 CD-AC1 classic-d20: melee = BAB + Str + size, ranged = BAB + Dex + size, and the Armor Class", () => {
    const hero = creature(
      "Wojciech",
      {
        classicD20: {
          abilities: { str: { value: 16 }, dex: { value: 13 } },
          bab: 4,
          sizeCategory: "small",
          ac: { natural: 1, misc: 0 },
        },
      },
      [alice],
    );
    const c = contextOf(hero, "classic-d20");
    // Str +3, Dex +1, small +1.
    expect(c.cdAttack).toEqual({ melee: 4 + 3 + 1, ranged: 4 + 1 + 1 });
    expect(c.derived.classicD20.ac).toBe(10 + 1 + 1 + 1);
    expect(c.abilities.find((a) => a.id === "dex")).toMatchObject({ modifier: 1, check: "cd.dex" });
  });

  it("OD-A2 opposed-d20: each skill row names its stored field and its roll; Block with the shield's bonus", () => {
    const hero = creature("Ana", { opposedD20: { initiative: 2, defense: { block: 3 } } }, [alice]);
    const shield = new ItemDoc("Buckler", "shield", {
      equipped: true,
      blockBonus: 2,
      block: 0,
      acBonus: 0,
      db: 0,
      defense: 0,
    });
    hero.actor.items.push(shield);
    hero.actor.prepare();
    const c = contextOf(hero, "opposed-d20");
    expect(c.odSkills.map((s) => [s.name, s.value, s.check])).toEqual([
      ["system.opposedD20.initiative", 2, "od.initiative"],
      ["system.opposedD20.attack.melee", 0, "od.melee"],
      ["system.opposedD20.attack.ranged", 0, "od.ranged"],
      ["system.opposedD20.defense.block", 3, "od.block"],
      ["system.opposedD20.defense.dodge", 0, "od.dodge"],
    ]);
    expect(c.derived.opposedD20.block).toBe(5);
  });

  it("AD-A2 active-defense-3d6: AG and WL and each weapon skill are rolled, the other values are not", () => {
    const hero = creature("Kenji", { activeDefense: { dev: 6, pev: 2, wt: 1 } }, [alice]);
    const c = contextOf(hero, "active-defense-3d6");
    expect(c.adStats.map((s) => [s.id, s.check])).toEqual([
      ["ag", "ad.ag"],
      ["wl", "ad.wl"],
      ["dev", null],
      ["pev", null],
      ["bev", null],
      ["wt", null],
      ["dr", null],
    ]);
    expect(c.adSkills.every((s) => s.check === `ad.skill.${s.id}`)).toBe(true);
    expect([
      c.derived.activeDefense.parry,
      c.derived.activeDefense.block,
      c.derived.activeDefense.dodge,
    ]).toEqual([8, null, 5]);
  });

  it("the fight controls of each family, each saying why it cannot be pressed outside a fight", () => {
    const hero = creature("Aldo", {}, [alice]);
    const controls = (family: FamilyId) =>
      contextOf(hero, family).combatControls.map((c) => [c.action, c.reasonKey]);
    // FS-R2: no initiative; FS-A5 Defend.
    expect(controls("fast-slow")).toEqual([["defend", "FRAY.Refusal.notInFight"]]);
    expect(controls("classic-d20")).toEqual([["rollInitiative", "FRAY.Refusal.notInFight"]]);
    expect(controls("opposed-d20")).toEqual([["rollInitiative", "FRAY.Refusal.notInFight"]]);
    expect(controls("phased-round")).toEqual([
      ["rollInitiative", "FRAY.Refusal.notInFight"],
      ["rollOrientation", "FRAY.Refusal.notInFight"],
    ]);
    // AD-M3 is a manoeuvre of the budget panel: the sheet's button presses the panel's.
    expect(controls("active-defense-3d6")).toEqual([
      ["rollInitiative", "FRAY.Refusal.notInFight"],
      ["takeManeuver", "FRAY.Sheet.Roll.maneuverNotNow"],
    ]);
  });

  it("a user who does not own the creature gets no rolls and no fight controls", () => {
    const hero = creature("Aldo", {}, [alice]);
    const c = contextOf(hero, "classic-d20", bob, false);
    expect(c.canRoll).toBe(false);
    expect(c.combatControls).toEqual([]);
    expect(contextOf(hero, "classic-d20", gm).canRoll).toBe(true);
  });

  it("FS-A5 in a fight: Defend can be taken, then shows as taken; the budget panel is on the sheet", async () => {
    const hero = creature("Aldo", {}, [alice]);
    const { fight, ids } = await startedFight("fast-slow", hero);
    await events(fight, [{ type: "takeTurn", id: ids[0] as string }]);
    let c = contextOf(hero, "fast-slow");
    expect(c.combatControls[0]).toMatchObject({ action: "defend", reasonKey: null, pressed: false });
    expect(c.frayBudget).toMatchObject({ combatId: fight.id, combatantId: ids[0] });
    await as(alice, () => sheetDefend(hero.actor as never, hero.token as never));
    await settle();
    c = contextOf(hero, "fast-slow");
    expect(c.combatControls[0]).toMatchObject({ reasonKey: "FRAY.Refusal.alreadyDefending", pressed: true });
    expect(c.effects.timed).toEqual([
      {
        key: "defend",
        labelKey: "FRAY.Combat.State.defend",
        detail: null,
        untilKey: "FRAY.Sheet.Effects.until.endOfRound",
        round: 1,
        removable: true,
      },
    ]);
  });

  it("AD-M3 on its turn, the sheet's all-out defense button takes the manoeuvre through the panel's own button", async () => {
    const hero = creature("Kenji", {}, [alice]);
    // AD-T1: alone in the fight, it acts first as the fight begins.
    const { fight, ids } = await startedFight("active-defense-3d6", hero);
    const c = contextOf(hero, "active-defense-3d6");
    expect(c.combatControls.find((x) => x.action === "takeManeuver")).toMatchObject({
      reasonKey: null,
      data: { maneuver: "allOutDefense" },
    });
    expect(c.frayBudget?.controls).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ op: "adManeuver", data: { maneuver: "allOutDefense" } }),
      ]),
    );
    // The sheet's fight section as the template draws it: its own button and the panel's.
    const budget = () =>
      storedBudgetOf(fight as never, fight.combatants.get(ids[0] as string) as never) as ActiveDefenseBudget;
    const sheet = renderDom("templates/actor/parts/combat.hbs", c);
    const own = buttonByLabel(sheet.querySelector(".fray-combat-controls") as HTMLElement, "All-out defense");
    expect(own.dataset.action).toBe("takeManeuver");
    const taken = as(alice, () => takePanelManeuver(sheet, own.dataset.maneuver ?? ""));
    expect(await taken).toBe(true);
    await settle();
    // The panel's own button was pressed (focused, then handled as its click).
    const panelButton = sheet.ownerDocument.activeElement as HTMLElement;
    expect(panelButton.closest("[data-fray-budget-panel]")).not.toBeNull();
    expect(panelButton.dataset).toMatchObject({ frayBudget: "adManeuver", maneuver: "allOutDefense" });
    expect(budget().maneuver).toBe("allOutDefense");
    // The manoeuvre taken, the sheet's button says why it cannot be pressed now.
    const after = renderDom("templates/actor/parts/combat.hbs", contextOf(hero, "active-defense-3d6"));
    const spent = buttonByLabel(
      after.querySelector(".fray-combat-controls") as HTMLElement,
      "All-out defense",
    );
    expect(spent.getAttribute("aria-disabled")).toBe("true");
    expect(after.querySelector(`#${spent.getAttribute("aria-describedby")}`)?.textContent).toBe(
      en("FRAY.Sheet.Roll.maneuverNotNow"),
    );
    // Out of its turn the panel offers no manoeuvre: nothing is pressed (the sheet then says why).
    await events(fight, [{ type: "endTurn", id: ids[0] as string }]);
    const outOfTurn = renderDom("templates/actor/parts/combat.hbs", contextOf(hero, "active-defense-3d6"));
    expect(takePanelManeuver(outOfTurn, "allOutDefense")).toBeNull();
  });

  it("AD-M1 a feint made this turn shows, with its target and effect, for the feinter's next turn (and then ends)", async () => {
    const hero = creature("Kenji", {}, [alice]);
    const orc = creature("Orc", {});
    const { fight, ids } = await startedFight("active-defense-3d6", hero, orc);
    const [heroId, orcId] = ids as [string, string];
    const out = await as(alice, () =>
      spendBudgetRequest.send({
        combatId: fight.id,
        combatantId: heroId,
        event: { type: "maneuver", maneuver: "feint", target: orcId, effect: 3 },
      }),
    );
    expect(out.ok).toBe(true);
    const feint = () => contextOf(hero, "active-defense-3d6").effects.timed.find((t) => t.key === "feint");
    expect(feint()).toEqual({
      key: "feint",
      labelKey: "FRAY.Combat.State.feint",
      detail: "against Orc: −3 to its defense roll",
      untilKey: "FRAY.Sheet.Effects.until.nextTurnOver",
      round: null,
      removable: false,
    });
    // The orc's turn, then the feinter's next: the feint counts now, and not after.
    await events(fight, [{ type: "endTurn", id: heroId }]);
    await events(fight, [{ type: "endTurn", id: orcId }]);
    await events(fight, [{ type: "endRound", gmOverride: true }]);
    expect(feint()?.untilKey).toBe("FRAY.Sheet.Effects.until.thisTurnOver");
    await events(fight, [{ type: "endTurn", id: heroId }]);
    expect(feint()).toBeUndefined();
  });

  it("each weapon's attack value is its family's: FS-D1 modifier, CD-AT4 bonus, OD skill, OB, AD skill", () => {
    const hero = creature(
      "Aldo",
      {
        fastSlow: { agility: { value: 13 } },
        classicD20: { abilities: { str: { value: 14 } }, bab: 2 },
        opposedD20: { attack: { melee: 5, ranged: 3 } },
        activeDefense: { skills: { bow: 13 } },
      },
      [alice],
    );
    const bow = weapon(hero.actor, "Bow", { kind: "ranged", attribute: "agility", skill: "bow", ob: 35 });
    const sys = bow.system as never;
    const stats = hero.actor.system as never;
    expect(weaponAttackValue("fast-slow", stats, sys)).toEqual({
      value: "+3",
      labelKey: "FRAY.Family.fast-slow.Attribute.agility",
    });
    // Ranged: BAB 2 + Dex +0.
    expect(weaponAttackValue("classic-d20", stats, sys).value).toBe("+2");
    expect(weaponAttackValue("opposed-d20", stats, sys).value).toBe("+3");
    expect(weaponAttackValue("phased-round", stats, sys).value).toBe("+35");
    expect(weaponAttackValue("active-defense-3d6", stats, sys).value).toBe("13");
    const group = contextOf(hero, "classic-d20").itemGroups.find((g) => g.type === "weapon");
    expect(group?.items[0]?.attack).toEqual({ value: "+2", labelKey: "FRAY.Sheet.cdRangedAttack" });
  });

  it("the Effects tab: statuses, ActiveEffects with their source (status-only ones with the statuses), FS-A8 Help", async () => {
    const hero = creature("Aldo", {}, [alice]);
    const ally = creature("Tobin", {}, [bob]);
    const armour = new ItemDoc("Brigandine", "armor", {});
    // The actor's own effects (Hidden: its status), and one its armour transfers (core: `allApplicableEffects`).
    hero.actor.items.push(armour);
    giveEffect(hero.actor, null, "Blessed", {
      img: "b.svg",
      ...oneChange(),
      duration: roundsDuration(2),
    });
    giveEffect(armour, null, "Slowed", {
      img: "s.svg",
      disabled: true,
      ...oneChange(),
    });
    giveEffect(hero.actor, null, "Hidden", { img: "h.svg", statuses: ["hidden"] });
    const { fight, ids } = await startedFight("fast-slow", hero, ally);
    await events(fight, [
      {
        type: "addTimedState",
        state: {
          key: "help",
          holder: ids[0] as string,
          expiry: { kind: "endOfRound", round: 1 },
          data: { helper: ids[1], boons: 1 },
        },
      },
    ]);
    const c = contextOf(hero, "fast-slow");
    // The status definition (Fray's `hidden`) gives its image, over the carrier's.
    expect(c.effects.statuses).toEqual([{ id: "hidden", name: "Hidden", img: "icons/svg/invisible.svg" }]);
    expect(c.effects.effects.map((e) => [e.name, e.source, e.remaining, e.disabled])).toEqual([
      ["Blessed", null, "2 rounds", false],
      ["Slowed", "Brigandine", null, true],
    ]);
    expect(c.effects.timed).toEqual([
      expect.objectContaining({
        key: "help",
        labelKey: "FRAY.Combat.State.help",
        detail: "from Tobin",
        round: 1,
      }),
    ]);
    expect(c.effects.empty).toBe(false);
  });
});

describe("itemSheetContext", () => {
  it("the family's flags, the selects with the stored value chosen, the weapon properties, the item's effects", () => {
    const sword = new ItemDoc("Sword", "weapon", {
      kind: "thrown",
      attribute: "agility",
      skill: "axeMace",
      properties: { unbalanced: true },
      duration: {},
    });
    giveEffect(sword, null, "Keen");
    const c = itemSheetContext(sword as never, { family: "active-defense-3d6", editable: true });
    expect(c.families).toMatchObject({ activeDefense: true, fastSlow: false });
    expect(c.options.kind.find((o) => o.selected)?.value).toBe("thrown");
    expect(c.options.skill.find((o) => o.selected)?.value).toBe("axeMace");
    expect(c.propertyRows.find((p) => p.id === "unbalanced")?.checked).toBe(true);
    expect(c.effects.map((e) => [e.name, e.source])).toEqual([["Keen", null]]);
    expect(c.typeLabel).toBe("TYPES.Item.weapon");
  });
});
