/**
 * Issue 14: Fray's stylesheet, compiled from styles/, read as text.
 * - Japanese faces have no italic: the browser would slant kanji by itself, so nothing of ours is set italic.
 * - Punctuation around translated words comes from lang/ (FRAY.Punctuation.*), never from CSS `content`.
 * - Foundry v13 marks a themed application on its own element (`themed theme-dark`): the dark tokens are set on
 *   `.theme-dark` itself, so they apply to that element and not only below a marked parent; every colour token
 *   the light scheme sets, the dark one sets too.
 */
import * as sass from "sass";
import { describe, expect, it } from "vitest";

const css = sass.compile("styles/fray.scss").css;

/** The declarations of the rule whose selector list is exactly `selector`. */
function block(selector: string): string {
  const rules = [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)];
  const rule = rules.find((m) =>
    (m[1] as string)
      .split(",")
      .map((s) => s.trim())
      .includes(selector),
  );
  return rule?.[2] ?? "";
}
const tokens = (declarations: string) =>
  [...declarations.matchAll(/(--fray-[\w-]+)\s*:/g)].map((m) => m[1] as string).sort();

describe("Fray's stylesheet", () => {
  it("sets no text in italics (no synthetic italics for CJK)", () => {
    expect(css).not.toMatch(/font-style:\s*(italic|oblique)/);
  });

  it("writes no punctuation in CSS content (labels take theirs from lang/)", () => {
    expect(css).not.toMatch(/content:\s*["'][:：;,]/);
  });

  it("sets every colour token of the light scheme on .theme-dark itself, not only below it", () => {
    const light = tokens(block(".theme-light"));
    expect(light.length).toBeGreaterThan(10);
    expect(tokens(block(".theme-dark"))).toEqual(light);
    expect(css).not.toMatch(/\.theme-dark\s+\.fray/);
  });
});
