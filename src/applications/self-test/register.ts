/**
 * "Check Fray in this world": the GM-only settings menu that opens the self-test's window, and, on every client,
 * the ear for a GM's instruction to play the player's part of a check (src/self-test/relay.ts). The check's code
 * is its own chunk, imported only then.
 */
import { SYSTEM_ID } from "../../constants";
import { SelfTestWindow } from "./self-test-window";

type Flags = { flags?: Record<string, { selfTest?: { instruction?: unknown } } | undefined> };

export function registerSelfTest(): void {
  game.settings.registerMenu(SYSTEM_ID, "selfTest", {
    name: "FRAY.SelfTest.Menu.name",
    label: "FRAY.SelfTest.Menu.label",
    hint: "FRAY.SelfTest.Menu.hint",
    icon: "fa-solid fa-stethoscope",
    type: SelfTestWindow,
    restricted: true,
  } as never);
  Hooks.on("updateUser", (user, changes, _options, userId) => {
    // An instruction counts only on the client of the User it was written on, and only when a GM wrote it: the
    // server names the writer (`userId`), nothing in the instruction does.
    if (!user.isSelf || user.isGM) return;
    const instruction = (changes as Flags).flags?.[SYSTEM_ID]?.selfTest?.instruction;
    if (typeof instruction !== "string" || !game.users?.get(userId)?.isGM) return;
    void import("../../self-test/self-test").then((check) => check.followInstruction(instruction));
  });
}
