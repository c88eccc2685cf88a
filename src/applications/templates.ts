import { templatePath } from "../utils/paths";

/** Partials our templates include by name (`{{> fray.item-physical}}`). */
export const TEMPLATE_PARTIALS: Record<string, string> = {
  "fray.item-physical": templatePath("item/parts/physical"),
  "fray.item-description": templatePath("item/parts/description"),
  "fray.actor-mounted-combat": templatePath("actor/parts/mounted-combat"),
  /** What is left of a combatant's action budget (tracker rows, actor sheet): budget-view.ts. */
  "fray.budget": templatePath("budget/budget"),
};

/** Loads and registers the partials; called from the init hook. */
export async function preloadTemplates(): Promise<void> {
  await foundry.applications.handlebars.loadTemplates(TEMPLATE_PARTIALS);
}
