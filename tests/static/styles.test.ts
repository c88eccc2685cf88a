/**
 * Issue 14: Fray's stylesheet, compiled from styles/, read as text.
 * - Japanese faces have no italic: the browser would slant kanji by itself, so nothing of ours is set italic.
 * - Punctuation around translated words comes from lang/ (FRAY.Punctuation.*), never from CSS `content`.
 * - Foundry v13 marks a themed application on its own element (`themed theme-dark`): the dark tokens are set on
 *   `.theme-dark` itself, so they apply to that element and not only below a marked parent; every colour token
 *   the light scheme sets, the dark one sets too.
 * - Icons are Font Awesome classes on elements of their own, each in the Free set as well as Foundry's Pro one
 *   (the gallery loads Free; a Pro-only name is a blank square there and for any module that swaps the font), in
 *   both Font Awesome 6 (v13 ships it) and 7 (v14), and no glyph is drawn from CSS through Font Awesome's own
 *   `--fa-font-*` variables, which Foundry's stylesheet is not known to define. Font Awesome 7 draws icons at a
 *   fixed width by default: Fray's keep their own width (`--fa-width: auto`), as on v13.
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

  /** One Font Awesome Free release as Fray meets it: its stylesheet and its icon metadata. */
  interface FontAwesome {
    readonly version: string;
    readonly css: string;
    /** Icon names (primary names and aliases) drawn in classic solid by the Free set. */
    readonly freeSolid: ReadonlySet<string>;
    /** Every icon name the release knows, in any style or licence. */
    readonly icons: ReadonlySet<string>;
  }
  function fontAwesome(pkg: string): FontAwesome {
    const dir = join("node_modules", pkg);
    const { version } = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { version: string };
    const metadata = JSON.parse(readFileSync(join(dir, "metadata/icon-families.json"), "utf8")) as Record<
      string,
      {
        aliases?: { names?: string[] };
        familyStylesByLicense?: { free?: { family: string; style: string }[] };
      }
    >;
    const freeSolid = new Set<string>();
    const icons = new Set<string>();
    for (const [name, icon] of Object.entries(metadata)) {
      const names = [name, ...(icon.aliases?.names ?? [])];
      for (const n of names) icons.add(n);
      if (icon.familyStylesByLicense?.free?.some((f) => f.family === "classic" && f.style === "solid"))
        for (const n of names) freeSolid.add(n);
    }
    return { version, css: readFileSync(join(dir, "css/all.css"), "utf8"), freeSolid, icons };
  }
  // v13 ships Font Awesome 6, v14 Font Awesome 7 (src/compat/README.md): Fray's icons must be in both Free sets.
  const releases = [
    fontAwesome("@fortawesome/fontawesome-free"),
    fontAwesome("@fortawesome/fontawesome-free-v7"),
  ];

  /**
   * The `fa-` class names of `text` (templates, src strings, styles): a class, not a custom property such as
   * `--fa-width`, nor the bare `fa-` of an attribute selector.
   */
  const classNames = (text: string) =>
    [...text.matchAll(/(?<![\w-])fa-[a-z0-9]+(?:-[a-z0-9]+)*/g)].map((m) => m[0]);

  /**
   * The names `release` lacks: a class its stylesheet does not define (`.fa-NAME`), or an icon (a name its
   * metadata knows) that the Free set does not draw in classic solid, the only style Fray uses.
   */
  function missingIn(release: FontAwesome, names: Iterable<string>): string[] {
    return [...names].filter((name) => {
      if (!new RegExp(`\\.${name}(?![\\w-])`).test(release.css)) return true;
      const icon = name.slice("fa-".length);
      return release.icons.has(icon) && !release.freeSolid.has(icon);
    });
  }

  const named = new Set(
    [...files("templates", /\.hbs$/), ...files("src", /\.ts$/), ...files("styles", /\.scss$/)].flatMap(
      (file) => classNames(readFileSync(file, "utf8")),
    ),
  );

  it("the releases are Font Awesome 6.7.2 (v13) and 7.3.1 (v14), Free", () => {
    expect(releases.map((r) => r.version)).toEqual(["6.7.2", "7.3.1"]);
  });

  it.each(releases.map((r) => [r.version, r] as const))(
    "names only icons Font Awesome %s Free draws in classic solid (no Pro-only fa-bullseye-arrow, fa-swords)",
    (_version, release) => {
      expect(named.size).toBeGreaterThan(20);
      expect(named).toContain("fa-horse");
      expect(missingIn(release, named)).toEqual([]);
    },
  );

  it("the check fails on a made-up name, on a Pro-only or brands-only icon, and on an icon one release lacks", () => {
    const [v6, v7] = releases as [FontAwesome, FontAwesome];
    for (const release of releases) {
      expect(missingIn(release, ["fa-fray-made-up", "fa-horse", "fa-solid"])).toEqual(["fa-fray-made-up"]);
      // Pro only (no class in Free), brands only (a Free class, but no solid glyph).
      expect(missingIn(release, ["fa-swords", "fa-github"])).toEqual(["fa-swords", "fa-github"]);
    }
    // Free in 6.7.2, gone from 7.3.1; new in 7.3.1.
    expect(missingIn(v6, ["fa-vector-square", "fa-alarm-clock"])).toEqual(["fa-alarm-clock"]);
    expect(missingIn(v7, ["fa-vector-square", "fa-alarm-clock"])).toEqual(["fa-vector-square"]);
    // Custom properties and attribute selectors are not class names.
    expect(classNames('--fa-width: auto; i:not([class*="fa-"]) <i class="fa-solid fa-pen">')).toEqual([
      "fa-solid",
      "fa-pen",
    ]);
  });

  it("keeps v13's auto-width icons under Font Awesome 7's fixed-width default (--fa-width: auto)", () => {
    // Sass drops the quotes of the attribute values; `block` splits selector lists on commas, so match the rule.
    const rule = css.match(
      /:where\(\[class\*=fray-\] \.fa-solid, \.fa-solid\[class\*=fray-\]\)\s*\{([^}]*)\}/,
    );
    expect(rule?.[1]).toMatch(/--fa-width:\s*auto/);
  });

  it("draws no glyph from CSS through Font Awesome's own variables", () => {
    expect(css).not.toMatch(/var\(--fa-/);
  });
});
