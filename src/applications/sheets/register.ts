import { SYSTEM_ID } from "../../constants";
import { FrayActorSheet } from "./actor-sheet";
import { FrayItemSheet } from "./item-sheet";

/** Registers Fray's sheets as the defaults for its actor and item types. */
export function registerSheets(): void {
  const { DocumentSheetConfig } = foundry.applications.apps;
  DocumentSheetConfig.registerSheet(Actor, SYSTEM_ID, FrayActorSheet, {
    types: ["character", "creature"],
    makeDefault: true,
    label: "FRAY.Sheet.actor",
  });
  DocumentSheetConfig.registerSheet(Item, SYSTEM_ID, FrayItemSheet, {
    types: ["weapon", "armor", "shield", "spell", "talent", "gear"],
    makeDefault: true,
    label: "FRAY.Sheet.item",
  });
}
