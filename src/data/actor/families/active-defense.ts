import { AD_WEAPON_SKILLS } from "../../../rules/families/active-defense-3d6/skills";
import { intField, numberField } from "../../fields";

const { SchemaField } = foundry.data.fields;

/**
 * active-defense-3d6 statistics: AG «敏捷さ», WL «意志力», DEV «よけ», PEV «受け», BEV «止め», WT «重量», DR «ダメージ抵抗»,
 * and the weapon skills (target values for 3d6 roll-under).
 */
export function activeDefenseSchema() {
  const skills = Object.fromEntries(AD_WEAPON_SKILLS.map((id) => [id, intField(10, { min: 0, max: 30 })]));
  return new SchemaField({
    ag: intField(10, { min: 0, max: 30 }),
    wl: intField(10, { min: 0, max: 30 }),
    dev: intField(5, { min: 0, max: 20 }),
    pev: intField(0, { min: 0, max: 10 }),
    bev: intField(0, { min: 0, max: 10 }),
    wt: numberField(0, { min: 0, max: 20 }),
    dr: intField(0, { min: 0, max: 50 }),
    skills: new SchemaField(skills as Record<(typeof AD_WEAPON_SKILLS)[number], ReturnType<typeof intField>>),
  });
}
