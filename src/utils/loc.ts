/**
 * The one way Fray turns an i18n key into text (FOUNDRY-API.md: never `format` a literal that is not a key).
 * Values are converted to strings, as `game.i18n.format` requires.
 *
 * Plural forms: Foundry's i18n has none, so a message whose data carries a whole-number `count` may have keyed
 * forms beside it — `<key>_one`, `<key>_few`, `<key>_many` — chosen by `Intl.PluralRules` for the current
 * language (`game.i18n.lang`); `<key>` itself is the form for every other category. A language that needs no
 * form of a category repeats `<key>`'s text there (the five files keep the same keys).
 */
export function loc(key: string, data?: Record<string, string | number>): string {
  if (!data) return game.i18n?.localize(key) ?? key;
  const strings = Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)]));
  return game.i18n?.format(pluralKey(key, data.count), strings) ?? key;
}

/** The suffixes of the keyed plural forms, by `Intl.PluralRules` category ("other" is the key itself). */
export const PLURAL_SUFFIXES = ["_zero", "_one", "_two", "_few", "_many"] as const;

/**
 * The key of the form of `key` that fits `count` in `lang`: `<key>_<category>` when that form exists, else
 * `key`. A count that is not a whole number ≥ 0 (or a string of one) leaves the key as it is.
 */
export function pluralKey(key: string, count: unknown, lang: string = game.i18n?.lang ?? "en"): string {
  const n =
    typeof count === "number"
      ? count
      : typeof count === "string" && /^\d+$/.test(count)
        ? Number(count)
        : NaN;
  if (!Number.isInteger(n) || n < 0) return key;
  let category: string;
  try {
    category = new Intl.PluralRules(lang).select(n);
  } catch {
    return key;
  }
  if (category === "other") return key;
  const form = `${key}_${category}`;
  return game.i18n?.has(form) ? form : key;
}

/**
 * `loc` for text that is shown as HTML (a notification, a dialog's content): the values — names and words a
 * user typed — are escaped, the language file's own text is not.
 */
export function locHtml(key: string, data?: Record<string, string | number>): string {
  if (!data) return loc(key);
  const escape = foundry.utils.escapeHTML as (text: string) => string;
  return loc(key, Object.fromEntries(Object.entries(data).map(([k, v]) => [k, escape(String(v))])));
}
