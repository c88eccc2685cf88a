/**
 * A short fingerprint of a budget as a client saw it. A spend request may carry the fingerprint of the budget
 * its button was drawn from; the GM refuses it when the budget has changed since (`budgetChanged`), so a
 * double click, or two clients pressing at once, spends once (issue: "double-click spends once").
 */

/** JSON with object keys in sorted order, so equal data always gives equal text. */
function stable(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(stable).join(",")}]`;
  const record = value as Record<string, unknown>;
  // The default sort compares UTF-16 code units: one order on every client, whatever its locale.
  const keys = Object.keys(record)
    .filter((k) => record[k] !== undefined)
    .sort();
  // Stryker disable next-line StringLiteral: each key is quoted and each value ends itself, so the text stays one-to-one without the comma
  return `{${keys.map((k) => `${JSON.stringify(k)}:${stable(record[k])}`).join(",")}}`;
}

/** FNV-1a (32 bits) of the stable JSON, as 8 hex digits. */
export function budgetFingerprint(value: unknown): string {
  const text = stable(value);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}
