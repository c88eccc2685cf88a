/**
 * Core fires `renderChatMessageHTML` inside `ChatMessage#renderHTML`, before Fray draws its card into the message
 * (documents/chat-message.ts), so a module's edit made in that hook is replaced. Fray then fires
 * `fray.renderChatMessage(message, html)` on the finished element: what a module adds there stays.
 */
import { describe, expect, it } from "vitest";
import { queueFaces, queuedFaces } from "../../harness/roll";
import type { ChatMessageDoc } from "../../harness/chat";
import { alice, attack, bob, creature, view, weapon } from "./setup";

type HookBus = { on(name: string, fn: (...args: unknown[]) => unknown): unknown };
const hooks = (globalThis as unknown as { Hooks: HookBus }).Hooks;

describe("fray.renderChatMessage", () => {
  it("fires after the card is drawn, so a module's addition to the card stays", async () => {
    queuedFaces.length = 0;
    const hero = creature("Ana", { opposedD20: { attack: { melee: 5 } } }, [alice]);
    const bea = creature("Bea", { opposedD20: { defense: { block: 4, dodge: 3 } } }, [bob]);
    queueFaces(15);
    const message = await attack(alice, "opposed-d20", hero, weapon(hero.actor, "Spear"), [bea]);
    const seen: string[] = [];
    hooks.on("fray.renderChatMessage", (m: unknown, html: unknown) => {
      if ((m as ChatMessageDoc).id !== message.id) return;
      const content = (html as HTMLElement).querySelector(".message-content");
      if (!content) return;
      seen.push(content.innerHTML);
      content.innerHTML += '<p class="other-module">tagged</p>';
    });
    const html = await view(message, bob);
    expect(seen).toHaveLength(1);
    // The module saw Fray's card (Bob's defense buttons), not the stored content.
    expect(seen[0]).toContain('data-action="defend"');
    expect(html).toContain('<p class="other-module">tagged</p>');
  });
});
