import type { SettingKey } from "../config/settings";

/**
 * A world setting changed: re-render the open windows that show its effect (sheets show the active
 * family's block; the tracker shows the active family's structure for new combats).
 */
export function rerenderOnSettingChange(_key: SettingKey): void {
  for (const app of foundry.applications.instances.values()) {
    if (app.rendered) void app.render();
  }
  ui.combat?.render();
}
