/**
 * Who may read a message the active GM posts for another user (issue 12: the GM makes every card). A card is the
 * asker's roll, so it goes out in the asker's roll mode (v13 `publicroll`/`gmroll`/`blindroll`/`selfroll`, v14
 * `public`/`gm`/`blind`/`self`), but `ChatMessage.applyRollMode` reads the *posting* user (the GM) for `selfroll`
 * and never names the author among a private roll's readers: core shows an author its own whispered roll, and the
 * GM is now the author. So the readers are named here: the GMs and the asker for a private roll, the GMs alone for
 * a blind roll (the asker learns nothing of it), the asker alone for a self roll, everyone otherwise.
 */

export interface Audience {
  readonly whisper: string[];
  readonly blind: boolean;
}

/** The roll modes a request may name (anything else is a public roll). */
const PRIVATE = new Set(["gmroll", "gm"]);
const BLIND = new Set(["blindroll", "blind"]);
const SELF = new Set(["selfroll", "self"]);

export function askerAudience(asker: User.Implementation, mode: unknown): Audience {
  const me = asker.id ?? "";
  const users = (game.users?.contents ?? []) as User.Implementation[];
  const gms = users.filter((u) => u.isGM).map((u) => u.id ?? "");
  const withMe = [...new Set([...gms, me])].filter(Boolean);
  if (typeof mode !== "string") return { whisper: [], blind: false };
  if (PRIVATE.has(mode)) return { whisper: withMe, blind: false };
  if (BLIND.has(mode)) return { whisper: gms.filter(Boolean), blind: true };
  if (SELF.has(mode)) return { whisper: me ? [me] : [], blind: false };
  return { whisper: [], blind: false };
}
