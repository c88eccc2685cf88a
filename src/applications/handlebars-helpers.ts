/**
 * Fray's own Handlebars helpers: pure functions, registered in Foundry by the init hook and by the
 * template tests and the gallery with the real `handlebars` package.
 */

/**
 * Markup Handlebars inserts as it is: its `escapeExpression` hands back `toHTML()` of any value that has one
 * (the contract of `Handlebars.SafeString`), so the helpers stay free of the Handlebars global.
 */
export class SafeHtml {
  constructor(private readonly html: string) {}
  toHTML(): string {
    return this.html;
  }
  toString(): string {
    return this.html;
  }
}

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#x27;",
  "`": "&#x60;",
  "=": "&#x3D;",
};

/** A key `dataset` gives back unchanged: a lowercase ASCII letter, then ASCII letters and digits. */
const DATASET_KEY = /^[a-z][a-zA-Z0-9]*$/;

/**
 * The `data-*` attribute name whose `dataset` key is `key`: `useStandard` → `data-use-standard`. HTML lowercases
 * attribute names, so a `data-useStandard` written in a template reaches the handler as `dataset.usestandard`.
 */
export function dataAttributeName(key: string): string {
  if (!DATASET_KEY.test(key)) throw new Error(`"${key}" cannot be a dataset key`);
  return `data-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

export const FRAY_HELPERS = {
  /** A modifier with its sign: +2, −1 (true minus), +0. */
  signed(value: unknown): string {
    const n = Number(value);
    if (!Number.isFinite(n)) return "";
    return n < 0 ? `\u2212${Math.abs(n)}` : `+${n}`;
  },
  /**
   * `{{dataAttributes data}}`: one `data-*` attribute per key of `data`, named so that the element's
   * `dataset` has the same keys (camelCase keys become kebab-case names), values escaped.
   */
  dataAttributes(data: unknown): SafeHtml {
    if (!data || typeof data !== "object") return new SafeHtml("");
    const attributes = Object.entries(data as Record<string, unknown>)
      .filter(([, value]) => value !== undefined && value !== null)
      .map(
        ([key, value]) =>
          `${dataAttributeName(key)}="${String(value).replace(/[&<>"'`=]/g, (ch) => ESCAPES[ch] ?? ch)}"`,
      );
    return new SafeHtml(attributes.join(" "));
  },
} as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Handlebars helpers take any arguments.
export function registerHelpers(register: (name: string, fn: (...args: any[]) => unknown) => void): void {
  for (const [name, fn] of Object.entries(FRAY_HELPERS)) register(name, fn);
}
