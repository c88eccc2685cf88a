import { CREATURE_NATURES } from "../../data/actor/creature";
import type { ActorDerived } from "../../data/actor/derive";
import { CD_ABILITIES, CD_SIZE_CATEGORIES } from "../../rules/families/classic-d20/derived";
import { FS_ATTRIBUTES } from "../../rules/families/fast-slow/derived";
import { AD_WEAPON_SKILLS } from "../../rules/families/active-defense-3d6/skills";
import { loc } from "../../utils/loc";
import { choiceOptions } from "./choices";

/** The stored values the family blocks show (a structural view of the actor's source data). */
export interface ActorSource {
  fastSlow: Record<string, { value: number }>;
  classicD20: { abilities: Record<string, { value: number }>; sizeCategory: string };
  activeDefense: Record<string, number | Record<string, number>> & { skills: Record<string, number> };
  nature?: string;
}

const AD_STATS = [
  { id: "ag", max: 30, step: 1 },
  { id: "wl", max: 30, step: 1 },
  { id: "dev", max: 20, step: 1 },
  { id: "pev", max: 10, step: 1 },
  { id: "bev", max: 10, step: 1 },
  { id: "wt", max: 20, step: 0.5 },
  { id: "dr", max: 50, step: 1 },
] as const;

/** Rows and select options for the family blocks of the actor sheet. */
export function actorSheetView(source: ActorSource, derived: ActorDerived) {
  return {
    attributes: FS_ATTRIBUTES.map((id) => ({
      id,
      label: loc(`FRAY.Family.fast-slow.Attribute.${id}`),
      value: source.fastSlow[id]?.value ?? 0,
      modifier: derived.fastSlow.modifiers[id],
    })),
    abilities: CD_ABILITIES.map((id) => ({
      id,
      label: loc(`FRAY.Family.classic-d20.Ability.${id}`),
      value: source.classicD20.abilities[id]?.value ?? 0,
      modifier: derived.classicD20.modifiers[id],
    })),
    adStats: AD_STATS.map(({ id, max, step }) => ({
      id,
      max,
      step,
      label: loc(`FRAY.Family.active-defense-3d6.Stat.${id}`),
      value: source.activeDefense[id] as number,
    })),
    adSkills: AD_WEAPON_SKILLS.map((id) => ({
      id,
      label: loc(`FRAY.Family.active-defense-3d6.Skill.${id}`),
      value: source.activeDefense.skills[id] ?? 0,
    })),
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
