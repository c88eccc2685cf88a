/**
 * Issue 15, item 8: every convention in one place. docs/RULES.md (linked from the README) says, family by family,
 * what the rules texts say, what Fray does where they are silent or leave it to the GM, and which world setting
 * changes it. This fails when a setting Fray registers is not named on the page — in the prose, where what it
 * changes is explained, and in the settings table with its name in each of the five languages as the language
 * files give it (`node tools/rules-settings-table.mjs` rewrites the table).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { registerSettings } from "../../src/config/settings";

const ROOT = join(import.meta.dirname, "..", "..");
const PAGE = readFileSync(join(ROOT, "docs", "RULES.md"), "utf8");
const LANGS = ["en", "fr", "pl", "es", "ja"] as const;
type Lang = { FRAY?: { Settings?: Record<string, { name?: string } | undefined> } };
const langs = Object.fromEntries(
  LANGS.map((l) => [l, JSON.parse(readFileSync(join(ROOT, "lang", `${l}.json`), "utf8")) as Lang]),
) as Record<(typeof LANGS)[number], Lang>;

const g = globalThis as { game?: unknown };
afterEach(() => {
  delete g.game;
});

/** The settings Fray registers, as its init hook registers them (namespace, key). */
function registered(): string[] {
  const keys: string[] = [];
  g.game = {
    settings: {
      register: (namespace: string, key: string) => {
        expect(namespace).toBe("fray");
        keys.push(key);
      },
    },
  };
  registerSettings(() => undefined);
  return keys;
}

const [prose = "", table = ""] = PAGE.split("<!-- settings:start -->");

/** The table row of `key`: its cells after the key. */
function rowOf(key: string): string[] | null {
  const line = table.split("\n").find((l) => l.startsWith(`| \`fray.${key}\` |`));
  if (!line) return null;
  return line
    .slice(1, -1)
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim().replace(/\\\|/g, "|"));
}

describe("docs/RULES.md names every setting", () => {
  it("the README links the rules page", () => {
    expect(readFileSync(join(ROOT, "README.md"), "utf8")).toContain("(docs/RULES.md)");
  });

  it("every registered setting is explained in a family's section", () => {
    const keys = registered();
    expect(keys.length).toBeGreaterThan(20);
    const missing = keys.filter((key) => !prose.includes(`\`fray.${key}\``));
    expect(missing, "settings the page's family sections do not name").toEqual([]);
  });

  it("every registered setting has a row with its name in the five languages, as the language files give it", () => {
    const keys = registered();
    const wrong: string[] = [];
    for (const key of keys) {
      const row = rowOf(key);
      if (!row) {
        wrong.push(`${key}: no row (node tools/rules-settings-table.mjs)`);
        continue;
      }
      LANGS.forEach((lang, i) => {
        const name = langs[lang].FRAY?.Settings?.[key]?.name;
        if (!name || row[i + 2] !== name) wrong.push(`${key} [${lang}]: "${row[i + 2]}" ≠ "${String(name)}"`);
      });
    }
    expect(wrong, "rows to rewrite with node tools/rules-settings-table.mjs").toEqual([]);
    // No row for a setting that no longer exists.
    const rows = [...table.matchAll(/^\| `fray\.(\w+)` \|/gm)].map((m) => m[1]);
    expect(rows.sort()).toEqual([...keys].sort());
  });
});
