/**
 * A world setting changed (its `onChange` runs on every client): draw again only what shows that setting.
 * Which windows show which setting was traced through every render path:
 * - `ruleset`: the actor sheets (the family block, the fight controls, mount controls outside a fight), the item
 *   sheets (the family's fields) and the Token HUD (mount controls outside a fight);
 * - `boonDie`: a d20 check card not rolled yet shows its formula with the boon/bane die (FS-D1).
 * Every other setting is read when someone clicks or the GM acts, or is recorded in a fight when it is created
 * (CD-I3, OD-I3, OD-I4, PR-B3, AD-T2): no open window shows it, so nothing is drawn again. The tracker and the
 * budget panel show the viewed fight's recorded family and conventions, never the world settings; dialogs are
 * never redrawn (a user may be typing in one).
 */
import type { SettingKey } from "../config/settings";
import { checkCardOf } from "../chat/checks/check-requests";
import { redrawChatMessage } from "../compat";
import { FrayActorSheet } from "./sheets/actor-sheet";
import { FrayItemSheet } from "./sheets/item-sheet";

/** The windows that show a setting. */
export type SettingView = "actorSheets" | "itemSheets" | "tokenHud" | "pendingChecks";

export const SETTING_VIEWS: Readonly<Partial<Record<SettingKey, readonly SettingView[]>>> = {
  ruleset: ["actorSheets", "itemSheets", "tokenHud"],
  boonDie: ["pendingChecks"],
};

function renderOpen(isShown: (app: object) => boolean): void {
  for (const app of foundry.applications.instances.values())
    if (app.rendered && isShown(app)) void app.render();
}

const REDRAW: Record<SettingView, () => void> = {
  actorSheets: () => renderOpen((app) => app instanceof FrayActorSheet),
  itemSheets: () => renderOpen((app) => app instanceof FrayItemSheet),
  tokenHud: () => {
    const hud = canvas?.hud?.token;
    if (hud?.rendered) void hud.render();
  },
  pendingChecks: () => {
    for (const message of game.messages?.values() ?? []) {
      const card = checkCardOf(message);
      if (card?.dice === "d20" && card.result === null) void redrawChatMessage(message);
    }
  },
};

export function rerenderOnSettingChange(key: SettingKey): void {
  for (const view of SETTING_VIEWS[key] ?? []) REDRAW[view]();
}
