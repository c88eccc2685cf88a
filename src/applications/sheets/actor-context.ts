/**
 * The actor sheet's context, built by one function that FrayActorSheet and the gallery both call
 * (`actorSheetContext`): the stored and derived statistics of the world's family with the rows the templates
 * draw and the checks each row rolls, the fight controls (initiative, FS-A5 Defend, the AD-M3 all-out defense
 * manoeuvre in the budget panel, PR-P3/PR-P11 orientation), the Effects tab, the items with each weapon's
 * attack value, the budget panel and the concentration/mount block. Reads documents and the fight; writes
 * nothing. The notes' enriched HTML and the tabs are the sheet's own (Foundry prepares them).
 */
import { actorSourceOf, actorSystemOf } from "../../data/system-of";
import type { ActorDerived } from "../../data/actor/derive";
import { EQUIPPABLE_TYPES, ITEM_TYPES } from "../../data/item/types";
import { ownsActor } from "../../chat/parties";
import { classicD20AttackBonus } from "../../rules/families/classic-d20/attack-bonus";
import type { FamilyId } from "../../rules/families/ids";
import { loc } from "../../utils/loc";
import { sheetBudgetContext } from "../budget/budget-context";
import type { BudgetView } from "../budget/budget-view";
import { FRAY_HELPERS } from "../handlebars-helpers";
import { actorSheetView, type ActorSource } from "./actor-view";
import { actorEffectsView } from "./effects-view";
import { mountedCombatView } from "./mounted-combat-view";
import { defendRefusal, initiativeRefusal, orientationRefusal } from "./sheet-rolls";

export interface ActorSheetOptions {
  readonly family: FamilyId;
  /** The sheet may change the actor (its owner, outside a locked compendium). */
  readonly editable: boolean;
  /** The creature's token (an unlinked token's own, or the actor's on the viewed scene). */
  readonly token?: TokenDocument.Implementation | null;
  /** Who looks at the sheet (rolls and controls are for the actor's owners and the GM). */
  readonly user?: User.Implementation | null;
  /** Makes the sheet's element ids unique per window (the application's id). */
  readonly idPrefix?: string;
}

/** A button of the fight controls: `reasonKey` says why it cannot be pressed now (shown, and announced). */
export interface CombatControl {
  readonly id: string;
  readonly action: string;
  readonly labelKey: string;
  readonly icon: string;
  readonly reasonKey: string | null;
  /** A state the button shows as on (FS-A5 Defend taken). */
  readonly pressed?: boolean;
  readonly data?: Readonly<Record<string, string>>;
}

type TokenLike = TokenDocument.Implementation | null;

const reason = (code: string | null) => (code ? `FRAY.Refusal.${code}` : null);

function budgetHas(budget: BudgetView | null, op: string, key: string, value: string): boolean {
  return (budget?.controls ?? []).some((c) => c.op === op && c.data?.[key] === value && !c.spent);
}

/** The fight controls of the world's family. */
export function combatControlsView(
  actor: Actor.Implementation,
  token: TokenLike,
  family: FamilyId,
  budget: BudgetView | null,
  idPrefix: string,
): CombatControl[] {
  const controls: CombatControl[] = [];
  const id = (action: string) => `${idPrefix}-control-${action}`;
  if (family !== "fast-slow") {
    // CD-I1, OD-I2, PR-B3 initiative rolls; AD-T2 orders by the speed score (no roll).
    controls.push({
      id: id("rollInitiative"),
      action: "rollInitiative",
      labelKey:
        family === "active-defense-3d6" ? "FRAY.Sheet.Roll.speedOrder" : "FRAY.Combat.Action.rollInitiative",
      icon: "fa-solid fa-dice-d20",
      reasonKey: reason(initiativeRefusal(actor, token)),
    });
  }
  if (family === "fast-slow") {
    const refusal = defendRefusal(actor, token);
    controls.push({
      id: id("defend"),
      action: "defend",
      labelKey: "FRAY.Activity.defend",
      icon: "fa-solid fa-shield-halved",
      reasonKey: reason(refusal),
      pressed: refusal === "alreadyDefending",
    });
  }
  if (family === "active-defense-3d6") {
    // AD-M3 is a manoeuvre: the sheet presses the budget panel's own button (one request, its guard).
    controls.push({
      id: id("takeManeuver"),
      action: "takeManeuver",
      labelKey: "FRAY.Maneuver.allOutDefense",
      icon: "fa-solid fa-shield-halved",
      reasonKey: budgetHas(budget, "adManeuver", "maneuver", "allOutDefense")
        ? null
        : "FRAY.Sheet.Roll.maneuverNotNow",
      data: { maneuver: "allOutDefense" },
    });
  }
  if (family === "phased-round") {
    controls.push({
      id: id("rollOrientation"),
      action: "rollOrientation",
      labelKey: "FRAY.Combat.Action.rollOrientation",
      icon: "fa-solid fa-compass",
      reasonKey: reason(orientationRefusal(actor, token)),
    });
  }
  return controls;
}

interface ActorStats {
  readonly derived: ActorDerived;
  readonly classicD20?: { readonly bab?: number };
  readonly opposedD20?: { readonly attack?: { readonly melee?: number; readonly ranged?: number } };
  readonly activeDefense?: { readonly skills?: Readonly<Record<string, number>> };
}

interface WeaponSystem {
  readonly kind?: "melee" | "ranged" | "thrown";
  readonly attribute?: string;
  readonly skill?: string;
  readonly ob?: number;
}

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : 0);

/**
 * A weapon's attack value as its family's card starts from: FS-D1 the attribute's modifier; CD-AT4/CD-AT5 the
 * attack bonus before range; OD-A2 the attack skill; the phased-round OB; AD-A1 the weapon skill's target value.
 */
export function weaponAttackValue(
  family: FamilyId,
  stats: ActorStats,
  weapon: WeaponSystem,
): { value: string; labelKey: string } {
  const signed = (n: number) => FRAY_HELPERS.signed(n);
  const melee = (weapon.kind ?? "melee") === "melee";
  switch (family) {
    case "fast-slow": {
      const attribute = weapon.attribute ?? "strength";
      const modifiers = stats.derived?.fastSlow?.modifiers as Record<string, number> | undefined;
      return {
        value: signed(num(modifiers?.[attribute])),
        labelKey: `FRAY.Family.fast-slow.Attribute.${attribute}`,
      };
    }
    case "classic-d20": {
      const cd = stats.derived?.classicD20;
      const bonus = classicD20AttackBonus({
        kind: weapon.kind ?? "melee",
        baseAttackBonus: num(stats.classicD20?.bab),
        strengthModifier: num(cd?.modifiers?.str),
        dexterityModifier: num(cd?.modifiers?.dex),
        sizeModifier: num(cd?.sizeModifier),
      });
      return {
        value: signed(bonus.total),
        labelKey: melee ? "FRAY.Sheet.cdMeleeAttack" : "FRAY.Sheet.cdRangedAttack",
      };
    }
    case "opposed-d20": {
      const attack = stats.opposedD20?.attack;
      return {
        value: signed(num(melee ? attack?.melee : attack?.ranged)),
        labelKey: melee ? "FRAY.Family.opposed-d20.attackMelee" : "FRAY.Family.opposed-d20.attackRanged",
      };
    }
    case "phased-round":
      return { value: signed(num(weapon.ob)), labelKey: "FRAY.Item.Weapon.ob" };
    case "active-defense-3d6": {
      const skill = weapon.skill ?? "blade";
      return {
        value: String(num(stats.activeDefense?.skills?.[skill])),
        labelKey: `FRAY.Family.active-defense-3d6.Skill.${skill}`,
      };
    }
  }
}

interface ItemLike {
  readonly id: string | null;
  readonly name: string | null;
  readonly img: string | null;
  readonly type: string;
  readonly sort?: number;
  readonly system: unknown;
}

/**
 * The quantity an item row shows: none for a single item (a sword is not "×1"), the count for several or none
 * left (arrows ×20, ×0). Items without a quantity (spells, talents) show none.
 */
export function shownQuantity(system: unknown): number | null {
  const quantity = (system as { quantity?: unknown } | null)?.quantity;
  return typeof quantity === "number" && Number.isFinite(quantity) && quantity !== 1 ? quantity : null;
}

/** The Items tab: one group per item type, in the sheets' order; weapons with their attack value, spells cast. */
export function itemGroups(actor: Actor.Implementation, family: FamilyId) {
  const items = [...((actor.items ?? []) as Iterable<ItemLike>)];
  const stats: ActorStats = actorSystemOf(actor);
  return ITEM_TYPES.map((type) => ({
    type,
    label: `TYPES.Item.${type}Pl`,
    items: items
      .filter((item) => item.type === type)
      .sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0))
      .map((item) => ({
        id: item.id,
        name: item.name,
        img: item.img,
        system: item.system,
        equippable: EQUIPPABLE_TYPES.includes(type),
        quantity: shownQuantity(item.system),
        attack: type === "weapon" ? weaponAttackValue(family, stats, item.system as WeaponSystem) : null,
        // A spell is cast from its row (chat/cast-spell.ts), by the actor's owners and the GM (`canRoll`).
        castable: type === "spell",
      })),
  }));
}

/** A creature's weapons, for its stat block (actor-view.ts `skillsHad`); null for a character. */
function creatureWeapons(actor: Actor.Implementation): WeaponSystem[] | null {
  if (actor.type !== "creature") return null;
  return [...((actor.items ?? []) as Iterable<ItemLike>)]
    .filter((item) => item.type === "weapon")
    .map((item) => item.system as WeaponSystem);
}

/** Everything the actor sheet's templates read (see the file's comment). */
export function actorSheetContext(actor: Actor.Implementation, options: ActorSheetOptions) {
  const { family } = options;
  const token = options.token ?? null;
  const user = options.user ?? null;
  const idPrefix = options.idPrefix ?? `fray-${actor.id ?? "actor"}`;
  const source: ActorSource = actorSourceOf(actor);
  const derived = actorSystemOf(actor).derived;
  const frayBudget = sheetBudgetContext(actor, token);
  const canRoll = user !== null && ownsActor(user, actor);
  return {
    actor,
    /** The rich-text editor's document (`<prose-mirror document-uuid>`). */
    documentUuid: actor.uuid,
    system: actor.system,
    source,
    derived,
    ...actorSheetView(source, derived, creatureWeapons(actor)),
    family,
    familyLabel: loc(`FRAY.Family.${family}.name`),
    isCreature: actor.type === "creature",
    editable: options.editable,
    isGM: user?.isGM === true,
    canRoll,
    idPrefix,
    combatControls: canRoll ? combatControlsView(actor, token, family, frayBudget, idPrefix) : [],
    effects: actorEffectsView(actor, token),
    itemGroups: itemGroups(actor, family),
    frayBudget,
    mountedCombat: mountedCombatView(actor, token, user),
  };
}

export type ActorSheetContextData = ReturnType<typeof actorSheetContext>;
