/**
 * Who may read a message the active GM posts for another user (issue 12: the GM makes every card). A card is the
 * asker's roll, so it goes out in the asker's roll mode (v13 `publicroll`/`gmroll`/`blindroll`/`selfroll`, v14
 * `public`/`gm`/`blind`/`self`), but `ChatMessage.applyRollMode`/`applyMode` read the *posting* user (the GM) for
 * `self` and never name the author among a private roll's readers: core shows an author its own whispered roll, and
 * the GM is now the author. So the readers are named here: the GMs and the asker for a private roll, the GMs alone
 * for a blind roll (the asker learns nothing of it), the asker alone for a self roll, everyone for a public one.
 * The mode is normalised for another user first (message-modes.ts): `ic` is public, and anything else it does not
 * know — a module's v14 mode, a stale or malformed value, none — is private to the GMs and the asker, never public.
 */
import { normalizeMessageMode, visibilityOf } from "./message-modes";

export interface Audience {
  readonly whisper: string[];
  readonly blind: boolean;
}

export function askerAudience(asker: User.Implementation, mode: unknown): Audience {
  const me = asker.id ?? "";
  const users = (game.users?.contents ?? []) as User.Implementation[];
  const gms = users
    .filter((u) => u.isGM)
    .map((u) => u.id ?? "")
    .filter(Boolean);
  const withMe = [...new Set([...gms, me])].filter(Boolean);
  switch (visibilityOf(normalizeMessageMode(mode, { forAnother: true }))) {
    case "public":
      return { whisper: [], blind: false };
    case "blind":
      return { whisper: gms, blind: true };
    case "self":
      return { whisper: me ? [me] : gms, blind: false };
    default:
      return { whisper: withMe, blind: false };
  }
}
