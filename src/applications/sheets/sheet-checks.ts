/**
 * The rolls an actor sheet offers, per family, read from the actor's statistics (pure: no Foundry):
 * - fast-slow: each attribute as a challenge roll, 1d20 + modifier with boons and banes (FS-D1, FS-D2);
 * - classic-d20: each ability check, 1d20 + the ability modifier (the Dexterity check of CD-I1);
 * - opposed-d20: each skill roll, 1d20 + the skill (OD-I2 Initiative, OD-A2 attack and defense skills);
 * - phased-round: the manoeuvre roll «jet de manœuvre», open-ended d100 + manoeuvre bonus (PR-P6);
 * - active-defense-3d6: 3d6 at or under AG, WL and each weapon skill (AD-A1, AD-M1, AD-M6).
 * Each check has a stable id (`fs.strength`, `cd.dex`, `od.melee`, `pr.maneuver`, `ad.ag`, `ad.skill.blade`)
 * that the sheet's button carries.
 */
import type { ActorDerived } from "../../data/actor/derive";
import { AD_WEAPON_SKILLS } from "../../rules/families/active-defense-3d6/skills";
import { CD_ABILITIES } from "../../rules/families/classic-d20/derived";
import { FS_ATTRIBUTES } from "../../rules/families/fast-slow/derived";
import type { FamilyId } from "../../rules/families/ids";

/** How a sheet check is rolled. */
export type SheetCheckDice = "d20" | "3d6" | "d100";

export interface SheetCheck {
  readonly id: string;
  readonly family: FamilyId;
  readonly dice: SheetCheckDice;
  /** The statistic's label key (the card's subtitle, the button's name). */
  readonly labelKey: string;
  /** d20: the modifier added to the die; 3d6: the target value; d100: the bonus added. */
  readonly value: number;
  /** fast-slow: the attribute (`postCheck` reads its modifier); active-defense-3d6: the stat ("ag", "wl"). */
  readonly attribute?: string;
}

/** The statistics the checks read (a structural view of the actor's system data). */
export interface CheckStatistics {
  readonly derived: ActorDerived;
  readonly opposedD20: {
    readonly initiative: number;
    readonly attack: { readonly melee: number; readonly ranged: number };
    readonly defense: { readonly block: number; readonly dodge: number };
  };
  readonly phasedRound: { readonly maneuver: number };
  readonly activeDefense: {
    readonly ag: number;
    readonly wl: number;
    readonly skills: Readonly<Record<string, number>>;
  };
}

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : 0);

/** The opposed-d20 skills rolled from the sheet: Initiative «Iniciativa», attack and defense skills. */
export const OD_SKILLS = [
  { id: "initiative", labelKey: "FRAY.Family.opposed-d20.initiative" },
  { id: "melee", labelKey: "FRAY.Family.opposed-d20.attackMelee" },
  { id: "ranged", labelKey: "FRAY.Family.opposed-d20.attackRanged" },
  { id: "block", labelKey: "FRAY.Family.opposed-d20.defenseBlock" },
  { id: "dodge", labelKey: "FRAY.Family.opposed-d20.defenseDodge" },
] as const;

function odSkill(s: CheckStatistics, id: (typeof OD_SKILLS)[number]["id"]): number {
  const od = s.opposedD20;
  switch (id) {
    case "initiative":
      return num(od?.initiative);
    case "melee":
      return num(od?.attack?.melee);
    case "ranged":
      return num(od?.attack?.ranged);
    case "block":
      // With the shield's bonus, as the defense card rolls it (derive.ts).
      return num(s.derived?.opposedD20?.block ?? od?.defense?.block);
    case "dodge":
      return num(od?.defense?.dodge);
  }
}

/** Every check the sheet offers under `family`, in the order the sheet shows them. */
export function sheetChecks(family: FamilyId, stats: CheckStatistics): SheetCheck[] {
  switch (family) {
    case "fast-slow":
      return FS_ATTRIBUTES.map((a) => ({
        id: `fs.${a}`,
        family,
        dice: "d20",
        labelKey: `FRAY.Family.fast-slow.Attribute.${a}`,
        value: num(stats.derived?.fastSlow?.modifiers?.[a]),
        attribute: a,
      }));
    case "classic-d20":
      return CD_ABILITIES.map((a) => ({
        id: `cd.${a}`,
        family,
        dice: "d20",
        labelKey: `FRAY.Family.classic-d20.Ability.${a}`,
        value: num(stats.derived?.classicD20?.modifiers?.[a]),
      }));
    case "opposed-d20":
      return OD_SKILLS.map(({ id, labelKey }) => ({
        id: `od.${id}`,
        family,
        dice: "d20",
        labelKey,
        value: odSkill(stats, id),
      }));
    case "phased-round":
      return [
        {
          id: "pr.maneuver",
          family,
          dice: "d100",
          labelKey: "FRAY.Family.phased-round.maneuver",
          value: num(stats.phasedRound?.maneuver),
        },
      ];
    case "active-defense-3d6":
      return [
        ...(["ag", "wl"] as const).map((stat) => ({
          id: `ad.${stat}`,
          family,
          dice: "3d6" as const,
          labelKey: `FRAY.Family.active-defense-3d6.Stat.${stat}`,
          value: num(stats.activeDefense?.[stat]),
          attribute: stat,
        })),
        ...AD_WEAPON_SKILLS.map((skill) => ({
          id: `ad.skill.${skill}`,
          family,
          dice: "3d6" as const,
          labelKey: `FRAY.Family.active-defense-3d6.Skill.${skill}`,
          value: num(stats.activeDefense?.skills?.[skill]),
        })),
      ];
  }
}

/** The check `id` under `family`, or undefined when the family has no such check. */
export function sheetCheck(family: FamilyId, stats: CheckStatistics, id: string): SheetCheck | undefined {
  return sheetChecks(family, stats).find((c) => c.id === id);
}
