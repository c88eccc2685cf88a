/**
 * Fray's own Handlebars helpers: pure functions, registered in Foundry by the init hook and by the
 * template tests and the gallery with the real `handlebars` package.
 */
export const FRAY_HELPERS = {
  /** A modifier with its sign: +2, −1 (true minus), +0. */
  signed(value: unknown): string {
    const n = Number(value);
    if (!Number.isFinite(n)) return "";
    return n < 0 ? `\u2212${Math.abs(n)}` : `+${n}`;
  },
} as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Handlebars helpers take any arguments.
export function registerHelpers(register: (name: string, fn: (...args: any[]) => unknown) => void): void {
  for (const [name, fn] of Object.entries(FRAY_HELPERS)) register(name, fn);
}
