/**
 * Roll modes (v13) became message modes (v14): one vocabulary and one normaliser, so that no other file names a
 * mode or reads the setting that holds one. v13 names the four visibilities `publicroll`/`gmroll`/`blindroll`/
 * `selfroll` (CONST.DICE_ROLL_MODES) in `core.rollMode` and applies them with `ChatMessage.applyRollMode`; v14 names
 * them `public`/`gm`/`blind`/`self`, adds `ic` (in character), lets modules add their own keys to
 * `CONFIG.ChatMessage.modes`, keeps the user's choice in `core.messageMode` and applies it with
 * `ChatMessage.applyMode` (the v13 names and APIs are deprecated there until v16).
 *
 * The leak other systems shipped on v14 (swnr #231, GURPS #2754, Pirate Borg #110) is a value of one generation
 * reaching the other's API: core then applies no private mode and the roll goes out public. So every mode Fray
 * hands to core goes through `normalizeMessageMode` first, which only ever answers a key of the running generation,
 * and answers the GM-only mode for anything it does not know (fail closed, never public).
 */
import { generation } from "./index";

/** Who reads a message, in words both generations share. */
export type Visibility = "public" | "gm" | "blind" | "self";

/** The vocabulary: each visibility's name on v13 (`CONST.DICE_ROLL_MODES`) and v14 (`CONFIG.ChatMessage.modes`). */
export const MESSAGE_MODES: Readonly<Record<Visibility, { readonly v13: string; readonly v14: string }>> = {
  public: { v13: "publicroll", v14: "public" },
  gm: { v13: "gmroll", v14: "gm" },
  blind: { v13: "blindroll", v14: "blind" },
  self: { v13: "selfroll", v14: "self" },
};

/**
 * v14's in-character mode: as public to its readers, but it makes a message in-character speech. Fray's cards and
 * rolls are never speech, so `ic` is posted as public (dnd5e's `getMessageMode` does the same, dnd5e #6958).
 */
const IN_CHARACTER = "ic";

/** v13's pseudo-mode "the user's current roll mode" (`applyRollMode(data, "roll")`). */
const CURRENT = "roll";

const isV14 = () => generation() >= 14;

/** The running generation's name for a visibility. */
export function modeName(visibility: Visibility): string {
  return isV14() ? MESSAGE_MODES[visibility].v14 : MESSAGE_MODES[visibility].v13;
}

/** The visibility a mode name of either generation stands for (`ic` reads as public); null when it is none. */
export function visibilityOf(mode: unknown): Visibility | null {
  if (typeof mode !== "string") return null;
  if (mode === IN_CHARACTER) return "public";
  for (const [visibility, names] of Object.entries(MESSAGE_MODES) as [
    Visibility,
    { v13: string; v14: string },
  ][])
    if (mode === names.v13 || mode === names.v14) return visibility;
  return null;
}

/** The keys of v14's `CONFIG.ChatMessage.modes` (core's and modules'); none on v13. */
function configuredModes(): Set<string> {
  if (!isV14()) return new Set();
  // `CONFIG.ChatMessage.modes` is v14's (unknown to the v13 types).
  const modes = (CONFIG.ChatMessage as unknown as { modes?: Record<string, unknown> }).modes;
  return new Set(modes && typeof modes === "object" ? Object.keys(modes) : []);
}

export interface NormalizeOptions {
  /**
   * The GM posts this for another user (the asker's mode, issue 12): a mode only a module knows becomes the GM-only
   * mode, since its handler would run as the GM (whose `self` is the GM, whose readers are the GM's).
   */
  readonly forAnother?: boolean;
}

/**
 * A mode of the running generation for `value`: a name of either generation is translated (`gmroll` ↔ `gm`), `ic`
 * becomes public, v13's `roll` the user's current mode, and on v14 a module's key of `CONFIG.ChatMessage.modes` is
 * kept for the user's own posts. Anything else — unknown, empty, not a string — is the GM-only mode, never public.
 */
export function normalizeMessageMode(value: unknown, options: NormalizeOptions = {}): string {
  return normalize(value, options, true);
}

function normalize(value: unknown, { forAnother = false }: NormalizeOptions, current: boolean): string {
  const visibility = visibilityOf(value);
  if (visibility) return modeName(visibility);
  if (value === CURRENT && current && !forAnother) return normalize(readSetting(), {}, false);
  if (typeof value === "string" && value && !forAnother && configuredModes().has(value)) return value;
  console.warn(`fray | "${String(value)}" is no message mode here: posted to the GMs only`);
  return modeName("gm");
}

/** The key of the core setting that holds the user's chosen roll (v13) or message (v14) mode. */
export function messageModeSetting(): "rollMode" | "messageMode" {
  return isV14() ? "messageMode" : "rollMode";
}

/** The running generation's setting only: v14's `core.rollMode` is deprecated and reported to read back null. */
function readSetting(): unknown {
  if (isV14()) {
    // v14's `core.messageMode` is unknown to the v13 types; called on game.settings itself (never detached).
    const settings = game.settings as unknown as { get(namespace: "core", key: "messageMode"): unknown };
    return settings.get("core", "messageMode");
  }
  return game.settings.get("core", "rollMode");
}

/** The user's current roll/message mode, normalised (`ic` → public; an unusable value → GM-only). */
export function currentMessageMode(): string {
  return normalize(readSetting(), {}, false);
}

/** v13's roll modes, as `ChatMessage.applyRollMode` takes them. */
type RollMode = Parameters<typeof ChatMessage.applyRollMode>[1];

/**
 * Applies a roll/message mode (normalised first) to chat message data through the running generation's one API:
 * v14 `ChatMessage.applyMode`, v13 `ChatMessage.applyRollMode`. Throws when that API is missing: posting without the
 * mode applied would post in public.
 */
export function applyMessageMode(data: ChatMessage.CreateData, mode: unknown): ChatMessage.CreateData {
  const key = normalizeMessageMode(mode);
  if (isV14()) {
    // v14 renamed `applyRollMode` to `applyMode` (roll modes became message modes): the v13 types lack it.
    const v14 = ChatMessage as unknown as {
      applyMode?(d: ChatMessage.CreateData, m: string): ChatMessage.CreateData;
    };
    if (typeof v14.applyMode !== "function") throw new Error("fray | ChatMessage.applyMode is missing (v14)");
    return v14.applyMode(data, key);
  }
  if (typeof ChatMessage.applyRollMode !== "function")
    throw new Error("fray | ChatMessage.applyRollMode is missing (v13)");
  return ChatMessage.applyRollMode(data, key as RollMode);
}
