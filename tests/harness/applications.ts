/**
 * The open windows of one client, on top of the chat harness (tests/harness/chat.ts): the ApplicationV2 classes
 * of tests/harness/application.ts installed where Fray finds them (`foundry.applications.api`, `.sheets`,
 * `.sidebar`, `.hud`, `.instances`), the chat log's `updateMessage`, the Token HUD on `canvas.hud.token`, and
 * world Items a sheet can show. No Fray logic lives here. Import it after the chat harness and before any sheet.
 */
import { installApplications, TokenHUD } from "./application";
import { currentUser, ItemDoc, OWNERSHIP_LEVELS, world, type ChatUser, type OwnershipLevel } from "./chat";

type Data = Record<string, unknown>;

const g = globalThis as Record<string, unknown>;

export { TokenHUD };

/** What the chat log drew again (`ui.chat.updateMessage`): the message and its content as the user sees it. */
export const redrawnMessages: { id: string; html: string }[] = [];

/**
 * A world Item (not embedded): ownership as an Actor's (v13 `getUserLevel`, `testUserPermission`, `isOwner`,
 * `limited`; a GM is OWNER), its source the system data it was made with, its uuid `Item.<id>`.
 */
export function worldItem(name: string, type: string, system: Data, owners: { id: string }[] = []): ItemDoc {
  const item = new ItemDoc(name, type, system);
  const ownership = new Map<string, OwnershipLevel>(owners.map((o) => [o.id, "OWNER"]));
  const levelOf = (user: ChatUser) =>
    user.isGM ? OWNERSHIP_LEVELS.OWNER : OWNERSHIP_LEVELS[ownership.get(user.id) ?? "NONE"];
  const test = (user: ChatUser, level: OwnershipLevel, { exact = false } = {}) =>
    exact ? levelOf(user) === OWNERSHIP_LEVELS[level] : levelOf(user) >= OWNERSHIP_LEVELS[level];
  Object.defineProperties(item, {
    uuid: { value: `Item.${item.id}` },
    _source: { value: { name, type, system: item._source.system } },
    ownership: { value: ownership },
    testUserPermission: { value: test },
    isOwner: { get: () => test(currentUser(), "OWNER") },
    limited: { get: () => test(currentUser(), "LIMITED", { exact: true }) },
  });
  world.documents.set(`Item.${item.id}`, item);
  return item;
}

// The sheet's imports reach FrayCombat, which extends core's Combat: an empty base class (no behaviour, so any
// use of it in a sheet test fails loudly), unless a harness with a Combat stand-in is already loaded.
g.Combat ??= class Combat {};

installApplications();
g.canvas ??= { hud: { token: new TokenHUD() } };
/** v13 ChatLog#updateMessage(message): the message is rendered again (`renderHTML`) in place in the log. */
(g.ui as Data).chat ??= {
  async updateMessage(message: { id: string; renderHTML(): Promise<HTMLElement> }) {
    const html = await message.renderHTML();
    redrawnMessages.push({ id: message.id, html: html.querySelector(".message-content")?.innerHTML ?? "" });
  },
};
