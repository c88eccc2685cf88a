/**
 * The one way Fray turns an i18n key into text (FOUNDRY-API.md: never `format` a literal that is not a key).
 * Values are converted to strings, as `game.i18n.format` requires.
 */
export function loc(key: string, data?: Record<string, string | number>): string {
  if (!data) return game.i18n?.localize(key) ?? key;
  const strings = Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)]));
  return game.i18n?.format(key, strings) ?? key;
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
