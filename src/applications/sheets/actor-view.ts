import { CREATURE_NATURES } from "../../data/actor/creature";
import type { ActorDerived } from "../../data/actor/derive";
import { CD_ABILITIES, CD_SIZE_CATEGORIES } from "../../rules/families/classic-d20/derived";
import { classicD20AttackBonus } from "../../rules/families/classic-d20/attack-bonus";
import { FS_ATTRIBUTES, type FsAttribute } from "../../rules/families/fast-slow/derived";
import { AD_WEAPON_SKILLS } from "../../rules/families/active-defense-3d6/skills";
import { loc } from "../../utils/loc";
import { choiceOptions } from "./choices";
import { OD_SKILLS } from "./sheet-checks";

/** The stored values the family blocks show (a structural view of the actor's source data). */
export interface ActorSource {
  fastSlow: Readonly<Record<FsAttribute, { value: number }>>;
  classicD20: { abilities: Record<string, { value: number }>; sizeCategory: string; bab?: number };
  opposedD20?: {
    initiative?: number;
    attack?: { melee?: number; ranged?: number };
    defense?: { block?: number; dodge?: number };
  };
  activeDefense: Record<string, number | Record<string, number>> & { skills: Record<string, number> };
  nature?: string;
  /** A creature that accepts a rider (FS-MT1). */
  mount?: boolean;
  size?: number;
  speed?: number;
}

/** What the stat block reads of a creature's weapons: how it attacks and (active-defense-3d6) with which skill. */
export interface StatBlockWeapon {
  readonly kind?: string;
  readonly skill?: string;
}

/**
 * The skills a creature has, for its stat block ("only the skills it has"). The stored values cannot say it:
 * every skill is a number with a default (active-defense-3d6 weapon skills 10, opposed-d20 skills 0), and 0 is
 * a skill like any other in opposed-d20 (OD-A2 rolls 1d20 + skill, so 0 is a plain d20). What the rules use is
 * the creature's weapons:
 * - AD-A1 the hit roll is made with the skill its weapon names (AD-M1 feints with it too): a creature has the
 *   weapon skills its weapons use.
 * - OD-A2 the attacker rolls the attack skill of its weapon (melee, or ranged for a ranged or thrown weapon):
 *   a creature has the attack skills its weapons use; OD-I2 every participant rolls initiative and OD-A2 every
 *   defender defends, so initiative, block and dodge it always has.
 * `weapons` is null for a character: a character sheet lists every skill.
 */
export function skillsHad(weapons: readonly StatBlockWeapon[] | null): (id: string) => boolean {
  if (!weapons) return () => true;
  const had = new Set<string>(["initiative", "block", "dodge"]);
  for (const w of weapons) {
    had.add((w.kind ?? "melee") === "melee" ? "melee" : "ranged");
    had.add(`ad.${w.skill ?? "blade"}`);
  }
  return (id) => had.has(id);
}

const AD_STATS = [
  { id: "ag", max: 30, step: 1, rolled: true },
  { id: "wl", max: 30, step: 1, rolled: true },
  { id: "dev", max: 20, step: 1, rolled: false },
  { id: "pev", max: 10, step: 1, rolled: false },
  { id: "bev", max: 10, step: 1, rolled: false },
  { id: "wt", max: 20, step: 0.5, rolled: false },
  { id: "dr", max: 50, step: 1, rolled: false },
] as const;

/** Where each opposed-d20 skill is stored (`system.opposedD20.<path>`). */
const OD_PATHS: Record<(typeof OD_SKILLS)[number]["id"], string> = {
  initiative: "initiative",
  melee: "attack.melee",
  ranged: "attack.ranged",
  block: "defense.block",
  dodge: "defense.dodge",
};

function odValue(source: ActorSource, path: string): number {
  let node: unknown = source.opposedD20;
  for (const key of path.split(".")) node = (node as Record<string, unknown> | undefined)?.[key];
  return typeof node === "number" ? node : 0;
}

/**
 * Rows and select options for the family blocks of the actor sheet; a row that can be rolled names its sheet
 * check (`check`, sheet-checks.ts).
 */
export function actorSheetView(
  source: ActorSource,
  derived: ActorDerived,
  creatureWeapons: readonly StatBlockWeapon[] | null = null,
) {
  const had = skillsHad(creatureWeapons);
  const cd = derived.classicD20;
  const bab = Number(source.classicD20.bab ?? 0) || 0;
  // CD-AT4/CD-AT5: the attack bonuses before range and situation.
  const cdAttack = (kind: "melee" | "ranged") =>
    classicD20AttackBonus({
      kind,
      baseAttackBonus: bab,
      strengthModifier: cd.modifiers.str,
      dexterityModifier: cd.modifiers.dex,
      sizeModifier: cd.sizeModifier,
    }).total;
  return {
    attributes: FS_ATTRIBUTES.map((id) => ({
      id,
      label: loc(`FRAY.Family.fast-slow.Attribute.${id}`),
      value: source.fastSlow[id]?.value ?? 0,
      modifier: derived.fastSlow.modifiers[id],
      check: `fs.${id}`,
    })),
    abilities: CD_ABILITIES.map((id) => ({
      id,
      label: loc(`FRAY.Family.classic-d20.Ability.${id}`),
      value: source.classicD20.abilities[id]?.value ?? 0,
      modifier: cd.modifiers[id],
      check: `cd.${id}`,
    })),
    cdAttack: { melee: cdAttack("melee"), ranged: cdAttack("ranged") },
    odSkills: OD_SKILLS.map(({ id, labelKey }) => ({
      id,
      label: loc(labelKey),
      name: `system.opposedD20.${OD_PATHS[id]}`,
      value: odValue(source, OD_PATHS[id]),
      had: had(id),
      check: `od.${id}`,
    })),
    adStats: AD_STATS.map(({ id, max, step, rolled }) => ({
      id,
      max,
      step,
      label: loc(`FRAY.Family.active-defense-3d6.Stat.${id}`),
      value: source.activeDefense[id] as number,
      check: rolled ? `ad.${id}` : null,
    })),
    adSkills: AD_WEAPON_SKILLS.map((id) => ({
      id,
      label: loc(`FRAY.Family.active-defense-3d6.Skill.${id}`),
      value: source.activeDefense.skills[id] ?? 0,
      had: had(`ad.${id}`),
      check: `ad.skill.${id}`,
    })),
    mountFacts: mountFacts(source, creatureWeapons !== null),
    options: {
      sizeCategory: choiceOptions(
        CD_SIZE_CATEGORIES,
        "FRAY.Family.classic-d20.Size",
        source.classicD20.sizeCategory,
      ),
      nature: choiceOptions(CREATURE_NATURES, "FRAY.Actor.Creature.Nature", source.nature ?? ""),
    },
  };
}

/**
 * A mount's facts, as one line of its stat block (fast-slow, the only family with mount rules): FS-MT1 it carries
 * riders smaller than its Size, FS-MT6 the pair moves at its Speed, FS-MT5 it acts by its nature when its rider
 * cannot, FS-MT9 a rider pinned under it takes 1d6 + its Size. Null for a character or a creature that takes
 * no rider.
 */
export function mountFacts(source: ActorSource, isCreature: boolean) {
  if (!isCreature || source.mount !== true) return null;
  return {
    size: source.size ?? 0,
    speed: source.speed ?? 0,
    natureKey: source.nature ? `FRAY.Actor.Creature.Nature.${source.nature}` : null,
  };
}
