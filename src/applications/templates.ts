import { templatePath } from "../utils/paths";

/** Partials our templates include by name (`{{> fray.item-physical}}`). */
export const TEMPLATE_PARTIALS: Record<string, string> = {
  "fray.item-physical": templatePath("item/parts/physical"),
  "fray.item-description": templatePath("item/parts/description"),
  "fray.actor-mounted-combat": templatePath("actor/parts/mounted-combat"),
  /** The actor sheet's fight controls, statistic roll buttons and ActiveEffect rows (sheets/). */
  "fray.actor-combat": templatePath("actor/parts/combat"),
  /** A creature's stat block: its attacks first (sheets/actor-context.ts itemGroups). */
  "fray.actor-attacks": templatePath("actor/parts/attacks"),
  "fray.roll-button": templatePath("actor/parts/roll-button"),
  "fray.effect-row": templatePath("actor/parts/effect-row"),
  "fray.item-effects": templatePath("item/parts/effects"),
  /** What is left of a combatant's action budget (tracker rows, actor sheet): budget-view.ts. */
  "fray.budget": templatePath("budget/budget"),
};

/** Loads and registers the partials; called from the init hook. */
export async function preloadTemplates(): Promise<void> {
  await foundry.applications.handlebars.loadTemplates(TEMPLATE_PARTIALS);
}
