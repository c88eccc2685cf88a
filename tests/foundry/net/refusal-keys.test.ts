/**
 * Every reason a refusal in src/ names literally is a `FRAY.Refusal` key in all five language files, so whatever
 * the GM side refuses reaches the asker in their language.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadLanguage, translate } from "../../harness/templates";

function sources(dir = "src"): string[] {
  return readdirSync(dir).flatMap((f) => {
    const path = join(dir, f);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith(".ts") ? [path] : [];
  });
}

const REASONS = [
  ...new Set(
    sources().flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/\brefuse\(\s*"([A-Za-z]+)"/g)].map((m) => m[1] as string),
    ),
  ),
].sort();

describe("refusal reasons", () => {
  it.each(["en", "fr", "pl", "es", "ja"])("each literal reason has its FRAY.Refusal key (%s)", (lang) => {
    expect(REASONS.length).toBeGreaterThan(150);
    const tree = loadLanguage(lang);
    expect(REASONS.filter((r) => translate(tree, `FRAY.Refusal.${r}`) === undefined)).toEqual([]);
  });
});
