/**
 * The active GM tells a player something the player did not ask (issue 12: a move the GM put back). The notice is
 * written on the player's own User (`flags.fray.notices.<id>`, JSON of an i18n key and its data) — a write only a
 * GM may make to another user's User, as the mailbox's answers (mailbox.ts) — and the player's client shows it in
 * its own language, then deletes the key. A notice a non-GM wrote is not shown.
 */
import { SYSTEM_ID } from "../constants";
import { deleteKey } from "../compat/delete-key";
import { loc, locHtml } from "../utils/loc";

const NOTICES = `flags.${SYSTEM_ID}.notices`;

/** What the player's client shows: `key` formatted with `data`, and `reason` (a refusal) as its `{reason}`. */
export interface Notice {
  readonly key: string;
  readonly data?: Readonly<Record<string, string>>;
  readonly reason?: { readonly key: string; readonly data?: Readonly<Record<string, string>> };
}

const strings = (value: unknown): Record<string, string> =>
  value && typeof value === "object" && !Array.isArray(value)
    ? Object.fromEntries(
        Object.entries(value as Record<string, unknown>)
          .filter((e) => typeof e[1] === "string" || typeof e[1] === "number")
          .map(([k, v]) => [k, String(v)]),
      )
    : {};

/** The text of a notice in this client's language (names escaped); null for what is not one of Fray's keys. */
export function noticeText(notice: Notice): string | null {
  if (typeof notice?.key !== "string" || !notice.key.startsWith("FRAY.")) return null;
  const reasonKey = notice.reason?.key;
  const reason =
    typeof reasonKey === "string" && reasonKey.startsWith("FRAY.")
      ? locHtml(reasonKey, strings(notice.reason?.data))
      : "";
  const escape = foundry.utils.escapeHTML as (text: string) => string;
  const data = Object.fromEntries(Object.entries(strings(notice.data)).map(([k, v]) => [k, escape(v)]));
  return loc(notice.key, { ...data, reason });
}

function show(notice: Notice): void {
  const text = noticeText(notice);
  if (text) ui.notifications?.warn(text);
}

/** The active GM tells `user` `notice` (on `user`'s client, in its language). */
export async function notify(user: User.Implementation | null | undefined, notice: Notice): Promise<void> {
  if (!user || !game.user?.isGM) return;
  if (user.isSelf) return show(notice);
  try {
    await user.update({ [`${NOTICES}.${foundry.utils.randomID(16)}`]: JSON.stringify(notice) });
  } catch (error) {
    console.warn(`${SYSTEM_ID} | could not tell ${user.name ?? ""} ${notice.key}`, error);
  }
}

type UserChanges = { flags?: Record<string, { notices?: unknown } | undefined> };

let listening = false;

/** Shows the notices a GM writes on this client's User, once each, and clears them. */
export function listenToNotices(): void {
  if (listening) return;
  listening = true;
  Hooks.on("updateUser", (user, changes, _options, userId) => {
    if (!user.isSelf || !game.users?.get(userId)?.isGM) return;
    const notices = (changes as UserChanges).flags?.[SYSTEM_ID]?.notices;
    if (!notices || typeof notices !== "object") return;
    for (const [id, stored] of Object.entries(notices as Record<string, unknown>)) {
      if (id.startsWith("-=") || typeof stored !== "string") continue;
      try {
        show(JSON.parse(stored) as Notice);
      } catch {
        // not a notice: nothing shown
      }
      void user.update(deleteKey(`${NOTICES}.${id}`)).catch(() => undefined);
    }
  });
}
