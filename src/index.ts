// Fray's entry point: wiring only (DESIGN.md). Each import registers nothing by itself; the hooks below do.
import "../styles/fray.scss";
import { registerSettings } from "./config/settings";
import { DATA_MODELS } from "./data";
import { rerenderOnSettingChange } from "./applications/rerender";
import { registerSheets } from "./applications/sheets/register";
import { registerHelpers } from "./applications/handlebars-helpers";
import { preloadTemplates } from "./applications/templates";
import { installHotReload } from "./dev/hot-reload";
import { registerGmRequests } from "./net/gm-requests";
import { registerChat } from "./chat/register";
import { registerCheckCards } from "./chat/checks/register";
import { registerStatuses } from "./documents/statuses";
import { registerConcentration } from "./documents/concentration/register";
import { registerStunLifecycle } from "./documents/stun-lifecycle";
import { registerMounts } from "./documents/mounts/register";
import { registerCombat } from "./applications/combat/register";
import { registerBudgets } from "./applications/budget/register";
import { registerPackTranslation } from "./packs/pack-translation";
import { registerSelfTest } from "./applications/self-test/register";

Hooks.once("init", () => {
  registerSettings(rerenderOnSettingChange);
  for (const model of DATA_MODELS) {
    const { documentName, type } = model.metadata;
    (CONFIG[documentName].dataModels as Record<string, unknown>)[type] = model;
  }
  registerSheets();
  registerChat();
  registerCheckCards();
  registerStatuses();
  registerConcentration();
  registerStunLifecycle();
  registerMounts();
  registerCombat();
  registerBudgets();
  registerHelpers((name, fn) => Handlebars.registerHelper(name, fn));
  void preloadTemplates();
  registerPackTranslation();
  registerSelfTest();
});

// Every module has declared its GM requests by now (imports run first); register them as v13 queries.
Hooks.once("setup", () => registerGmRequests());

// Dev server only (npm run dev); the bundler drops this branch from the built system.
if (import.meta.hot) installHotReload(import.meta.hot);
