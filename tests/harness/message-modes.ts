/**
 * Roll modes (v13) and message modes (v14) as each generation's core applies them, for every harness that makes
 * chat messages (chat.ts, combat.ts, roll.ts, world/). v13: `ChatMessage.applyRollMode` (core.ts) and the `rollMode`
 * option of `create`/`toMessage`. v14: `CONFIG.ChatMessage.modes` (core's five: public, gm, blind, self, ic), the
 * static `ChatMessage.applyMode(data, mode)` and the `messageMode` option; the v13 names are deprecated there and
 * throw here, naming the deprecation. Strict where the evidence is silent: an unknown mode key throws, `gm`/`blind`
 * over a preset whisper throw, and `create` with no mode option leaves `whisper`/`blind` as given.
 *
 * `modeVariant.lenient` is the other reading of what v14 leaves unsaid (B-chat §3, §4, §16): an unknown key falls
 * back to the posting user's `core.messageMode`, `gm`/`blind` keep a preset whisper ("unless already set"), and
 * `_preCreate` applies the poster's own mode when no option is given. The leak tests run under it
 * (tests/foundry/chat/message-mode-leaks.test.ts). Evidence rows: README.md, "Two generations".
 */
import { V14 } from "./generation";

type Data = Record<string, unknown>;

/** The lenient reading of v14 (see above); off unless a test turns it on. */
export const modeVariant = { lenient: false };

/** A v14 deprecation (it works there with a warning until v16): here it throws, naming it. */
export function deprecatedOnV14(api: string, use: string): never {
  throw new Error(`v14 deprecates ${api} (since 14, until 16): use ${use}`);
}

/** One entry of v14's `CONFIG.ChatMessage.modes`. */
export interface MessageModeConfig {
  label: string;
  icon: string;
  handler(data: Data): void;
}

/** Who the realm's GMs are and who runs the code (the poster), for the handlers. */
export interface ModeRealm {
  gms(): string[];
  self(): string;
  /** The running client's `core.messageMode`. */
  posterMode(): unknown;
}

/** `CONST.CHAT_MESSAGE_STYLES.IC` (v14 page: OTHER 0, OOC 1, IC 2, EMOTE 3). */
export const IC_STYLE = 2;

function toGms(data: Data, realm: ModeRealm, mode: string): string[] {
  const preset = (data.whisper as string[] | undefined) ?? [];
  if (!preset.length) return realm.gms();
  // v14: "whisper set to the GM ids unless already set" (third-party reading, unconfirmed): the lenient variant.
  if (modeVariant.lenient) return preset;
  throw new Error(`harness: v14 "${mode}" over a preset whisper is not settled by the evidence`);
}

/**
 * v14's core message modes (`CONFIG.ChatMessage.modes`), their handlers changing the data in place. Labels and
 * icons are placeholders (Fray reads neither).
 */
export function coreMessageModes(realm: ModeRealm): Record<string, MessageModeConfig> {
  return {
    public: {
      label: "public",
      icon: "",
      handler: (data) => Object.assign(data, { whisper: [], blind: false }),
    },
    gm: {
      label: "gm",
      icon: "",
      handler: (data) => Object.assign(data, { whisper: toGms(data, realm, "gm"), blind: false }),
    },
    blind: {
      label: "blind",
      icon: "",
      handler: (data) => Object.assign(data, { whisper: toGms(data, realm, "blind"), blind: true }),
    },
    self: {
      label: "self",
      icon: "",
      handler: (data) => Object.assign(data, { whisper: [realm.self()], blind: false }),
    },
    ic: {
      label: "ic",
      icon: "",
      // Visible as public; in-character speech unless the message has rolls or no speaker actor/token.
      handler: (data) => {
        Object.assign(data, { whisper: [], blind: false });
        const speaker = (data.speaker ?? {}) as Data;
        const rolls = (data.rolls as unknown[] | undefined) ?? [];
        if (!rolls.length && (speaker.actor || speaker.token)) data.style = IC_STYLE;
      },
    },
  };
}

/**
 * v14 `ChatMessage.applyMode(data, mode)`: the mode's handler on the data, which is returned. Strict: a key not in
 * `CONFIG.ChatMessage.modes` throws (lenient: the poster's own `core.messageMode` instead).
 */
export function applyModeWith(
  modes: Record<string, MessageModeConfig>,
  realm: ModeRealm,
  data: Data,
  mode: unknown,
): Data {
  let entry = typeof mode === "string" ? modes[mode] : undefined;
  if (!entry && modeVariant.lenient) entry = modes[String(realm.posterMode())];
  if (!entry)
    throw new Error(
      `"${String(mode)}" is not a key of CONFIG.ChatMessage.modes (${Object.keys(modes).join(", ")})`,
    );
  entry.handler(data);
  return data;
}

/**
 * What `ChatMessage#_preCreate` does with a create's mode option. v13: `rollMode` applied, and only when given
 * (foundryvtt#11442); `messageMode` is v14's and throws (core would ignore it: stricter). v14: `messageMode` applied
 * through `applyMode`; `rollMode` deprecated (throws); no option: nothing (lenient: the poster's own mode).
 */
export function applyCreateOptions(
  data: Data,
  options: Data,
  apply: { rollMode(data: Data, mode: string): Data; messageMode(data: Data, mode: unknown): Data },
  realm: ModeRealm,
): void {
  if (V14) {
    if (options.rollMode !== undefined)
      deprecatedOnV14("the rollMode option of ChatMessage.create", "messageMode");
    if (options.messageMode !== undefined) apply.messageMode(data, options.messageMode);
    else if (modeVariant.lenient) apply.messageMode(data, realm.posterMode());
    return;
  }
  if (options.messageMode !== undefined)
    throw new Error("harness: messageMode is v14's option of ChatMessage.create (v13: rollMode)");
  if (options.rollMode) apply.rollMode(data, String(options.rollMode));
}

/**
 * `Roll#toMessage`'s mode option per generation: v13 `{ rollMode }` (default the roll's, else `core.rollMode`);
 * v14 `{ messageMode }` (default `core.messageMode`), `rollMode` deprecated (throws). Returns the option for
 * `create` and the mode to apply when not creating.
 */
export function toMessageMode(
  options: Data,
  roll: { options: Data },
  setting: (key: string) => unknown,
): { option: Data; mode: string } {
  if (V14) {
    if (options.rollMode !== undefined)
      deprecatedOnV14("the rollMode option of Roll#toMessage", "messageMode");
    const mode = String(options.messageMode ?? setting("messageMode"));
    return { option: { messageMode: mode }, mode };
  }
  if (options.messageMode !== undefined)
    throw new Error("harness: messageMode is v14's option of Roll#toMessage (v13: rollMode)");
  const mode = String(options.rollMode ?? roll.options.rollMode ?? setting("rollMode"));
  return { option: { rollMode: mode }, mode };
}

/** Defines a getter that throws, for what v14 deprecates and the v14 harness must never see read. */
export function throwOnRead(target: object, key: string, api: string, use: string): void {
  Object.defineProperty(target, key, { configurable: true, get: () => deprecatedOnV14(api, use) });
}
