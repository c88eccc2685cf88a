/**
 * Issue 14: Fray's stylesheet, compiled from styles/, read as text.
 * - Japanese faces have no italic: the browser would slant kanji by itself, so nothing of ours is set italic.
 * - Punctuation around translated words comes from lang/ (FRAY.Punctuation.*), never from CSS `content`.
 * - Foundry v13 marks a themed application on its own element (`themed theme-dark`): the dark tokens are set on
 *   `.theme-dark` itself, so they apply to that element and not only below a marked parent; every colour token
 *   the light scheme sets, the dark one sets too.
 * - Icons are Font Awesome classes on elements of their own, each in the Free set as well as Foundry's Pro one
 *   (the gallery loads Free; a Pro-only name is a blank square there and for any module that swaps the font),
 *   and no glyph is drawn from CSS through Font Awesome's own `--fa-font-*` variables, which Foundry's
 *   stylesheet is not known to define.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
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

describe("Fray's icons", () => {
  const files = (dir: string, ext: RegExp): string[] =>
    readdirSync(dir).flatMap((f) => {
      const path = join(dir, f);
      return statSync(path).isDirectory() ? files(path, ext) : ext.test(path) ? [path] : [];
    });
  const free = readFileSync("node_modules/@fortawesome/fontawesome-free/css/all.css", "utf8");

  it("names only Font Awesome icons the Free set has (no Pro-only fa-bullseye-arrow, fa-swords)", () => {
    const named = new Set(
      [...files("templates", /\.hbs$/), ...files("src", /\.ts$/)].flatMap((file) =>
        [...readFileSync(file, "utf8").matchAll(/\bfa-[a-z0-9]+(?:-[a-z0-9]+)*/g)].map((m) => m[0]),
      ),
    );
    expect(named.size).toBeGreaterThan(20);
    const missing = [...named].filter((name) => !new RegExp(`\\.${name}(?![\\w-])`).test(free));
    expect(missing).toEqual([]);
  });

  it("draws no glyph from CSS through Font Awesome's own variables", () => {
    expect(css).not.toMatch(/var\(--fa-/);
  });
});
