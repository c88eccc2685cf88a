/**
 * Issue 24: the active GM's line to the GMs when it put back something a player wrote that is not the player's to
 * decide (src/net/README.md, "What a player owns"): who wrote it, about which creature, what it was and what the
 * player made it. One plain chat message, whispered to every GM, in the active GM's language; every value is
 * escaped (names are typed by users). `flags.fray.trust` marks it for tests and for a GM's chat filter; no code
 * of Fray's acts on it.
 */
import { SYSTEM_ID } from "../constants";
import { loc, locHtml } from "../utils/loc";

/** What was put back: `FRAY.Trust.<field>` with its values. */
export interface TrustNote {
  /** Who wrote it (the server's `userId` of the write). */
  readonly user: User.Implementation | null | undefined;
  readonly field: "initiative" | "round" | "turn";
  /** The creature it is about (`initiative`); the fight's own fields name none. */
  readonly creature?: string;
  /** The value the GM side holds and wrote back (shown as is; `null`: none). */
  readonly before: string | number | null;
  /** The value the player wrote (`null`: none). */
  readonly after: string | number | null;
}

const shown = (value: string | number | null, none: string): string =>
  value === null || value === "" ? loc(none) : String(value);

/** The note's line in this client's language, values escaped (HTML). Pure but for the i18n lookup. */
export function trustLine(note: TrustNote): string {
  const none = note.field === "turn" ? "FRAY.Trust.nobody" : "FRAY.Trust.none";
  return locHtml(`FRAY.Trust.${note.field}`, {
    user: note.user?.name ?? loc("FRAY.Trust.unknownUser"),
    creature: note.creature ?? "",
    before: shown(note.before, none),
    after: shown(note.after, none),
  });
}

/** Whispers the GMs one line per note, in one message (active GM only; nothing for no note). */
export async function noteReverts(notes: readonly TrustNote[]): Promise<void> {
  if (!notes.length || !game.user?.isActiveGM) return;
  const gms = game.users?.filter((u) => u.isGM).map((u) => u.id ?? "") ?? [];
  const content = notes.map((n) => `<p class="fray-trust-note">${trustLine(n)}</p>`).join("");
  try {
    await ChatMessage.implementation.create({
      content,
      speaker: { alias: loc("FRAY.Trust.speaker") },
      whisper: gms,
      flags: { [SYSTEM_ID]: { trust: true } },
    } as ChatMessage.CreateData);
  } catch (error) {
    console.warn(`${SYSTEM_ID} | could not tell the GMs what was put back`, error);
  }
}
