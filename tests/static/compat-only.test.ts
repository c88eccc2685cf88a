/**
 * Issue 23: Fray runs on Foundry v13 and v14 from one codebase, and only `src/compat/` may branch on the generation.
 * Outside it, no file reads `game.release` nor imports `generation` from the compat module: a generation test
 * anywhere else is a v13/v14 difference that the compat table (src/compat/README.md) and the two-generation harness
 * do not know about.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");
const SRC = join(ROOT, "src");
const COMPAT = join(SRC, "compat") + sep;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

/** `game.release…`, or `generation` named in an import from a compat module. */
export function generationTests(text: string): number[] {
  const lines: number[] = [];
  text.split("\n").forEach((line, i) => {
    if (/\bgame\s*(\?\.|\.)\s*release\b/.test(line) || /\brelease\s*\?*\.\s*generation\b/.test(line))
      lines.push(i + 1);
  });
  for (const match of text.matchAll(/import\s*(type\s*)?\{([^}]*)\}\s*from\s*["'][^"']*compat[^"']*["']/g)) {
    if (/\bgeneration\b/.test(match[2] ?? "")) lines.push(text.slice(0, match.index).split("\n").length);
  }
  return lines;
}

describe("issue 23: only src/compat/ branches on the Foundry generation", () => {
  it("finds a generation test where there is one (the check can fail)", () => {
    expect(generationTests("if (game.release.generation >= 14) x();")).toEqual([1]);
    expect(generationTests("const v = game?.release?.generation;")).toEqual([1]);
    expect(generationTests('import { generation, onHook } from "../compat";\n')).toEqual([1]);
    expect(generationTests('import { onHook } from "../compat";\nconst generation = 3;')).toEqual([]);
  });

  it("no file outside src/compat/ reads game.release or imports generation()", () => {
    const found = sourceFiles(SRC)
      .filter((path) => !path.startsWith(COMPAT))
      .flatMap((path) =>
        generationTests(readFileSync(path, "utf8")).map((line) => `${relative(ROOT, path)}:${line}`),
      );
    expect(found).toEqual([]);
  });
});
