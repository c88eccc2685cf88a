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
  /**
   * `{{pips left max valueKey}}`: a counter as dots, one per point, filled while left — for a count
   * (`FRAY.Budget.Value.count`) of 1 to 10; nothing for metres, percentages or larger counts. Decorative
   * (aria-hidden): the number stays written beside it.
   */
  pips(left: unknown, max: unknown, valueKey: unknown): SafeHtml {
    const l = Number(left);
    const m = Number(max);
    if (valueKey !== "FRAY.Budget.Value.count" || !Number.isInteger(m) || m < 1 || m > 10)
      return new SafeHtml("");
    const dots = Array.from(
      { length: m },
      (_, i) => `<span class="fray-pip${i < l ? " is-left" : ""}"></span>`,
    ).join("");
    return new SafeHtml(`<span class="fray-pips" aria-hidden="true">${dots}</span>`);
  },
  /** `{{percent value max}}`: value as a whole percentage of max, 0 to 100 (a bar's fill). */
  percent(value: unknown, max: unknown): number {
    const v = Number(value);
    const m = Number(max);
    if (!Number.isFinite(v) || !Number.isFinite(m) || m <= 0) return 0;
    return Math.round(Math.min(100, Math.max(0, (v / m) * 100)));
  },
} as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Handlebars helpers take any arguments.
export function registerHelpers(register: (name: string, fn: (...args: any[]) => unknown) => void): void {
  for (const [name, fn] of Object.entries(FRAY_HELPERS)) register(name, fn);
}
