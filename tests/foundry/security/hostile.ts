/**
 * A hostile player (issue 12): a client that types in the console only what Foundry's server allows a player —
 * create chat messages, edit the ones it wrote, update what it owns, write Fray's requests into its own User —
 * and skips Fray's own client-side hooks (`preCreateChatMessage`/`preUpdateChatMessage` run only on the writing
 * client, hookEvents.preCreateDocument: "only fires for the client who is initiating the creation request").
 */
import { vi } from "vitest";
import { as, type ChatUser } from "../../harness/chat";
import { post } from "../../../src/net/mailbox";
import { REQUEST_TIMEOUT } from "../../../src/net/gm-requests";

type HookBus = { call: (name: string, ...args: unknown[]) => boolean };

/** Runs `fn` as `user` on a client where Fray's pre-write hooks on chat messages do not run. */
export async function hostile<T>(user: ChatUser, fn: () => Promise<T> | T): Promise<T> {
  const hooks = (globalThis as unknown as { Hooks: HookBus }).Hooks;
  const call = hooks.call.bind(hooks);
  const spy = vi
    .spyOn(hooks, "call")
    .mockImplementation((name: string, ...args: unknown[]) =>
      /^pre(Create|Update)ChatMessage$/.test(name) ? true : call(name, ...args),
    );
  try {
    return await as(user, fn);
  } finally {
    spy.mockRestore();
  }
}

/** Writes request `name` (`fray.<name>`) into `user`'s own User, as any client can; the GM's answer. */
export function askAs(user: ChatUser, name: string, payload: unknown): Promise<unknown> {
  return as(user, () => post(name, payload, REQUEST_TIMEOUT));
}
