/**
 * Shared set-up for the concentration and mount tests: the attack-card set-up (chat stand-ins, data models, the
 * chat wiring), the mounted-combat stand-ins, and Fray's check cards, statuses, concentration and mounts wired
 * as index.ts does; then every GM request registered as a v13 query.
 */
import "../chat/setup";
import "../../harness/mounted";
import { registerGmRequests } from "../../../src/net/gm-requests";
import { registerCheckCards } from "../../../src/chat/checks/register";
import { registerConcentration } from "../../../src/documents/concentration/register";
import { registerStatuses } from "../../../src/documents/statuses";
import { world, type ChatMessageDoc } from "../../harness/chat";
import type { CheckCardData } from "../../../src/chat/check-card";

registerCheckCards();
registerStatuses();
registerConcentration();
registerGmRequests();

/** The check cards posted so far, oldest first. */
export function checkCards(): ChatMessageDoc[] {
  return [...world.messages.values()].filter((m) => m.type === "check");
}

export function checkOf(message: ChatMessageDoc): CheckCardData {
  return world.messages.get(message.id)?.system as unknown as CheckCardData;
}
