import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// docs/MUTATION.md lists every mutant `npm run mutation` does not count: one row per
// `// Stryker disable next-line <Mutators>: <reason>` comment in src/rules, at the line of the code it disables.
// A comment added, moved or widened without its row (or a row left behind) fails here.
const root = join(__dirname, "..", "..");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : [],
  );
}

function disabled(): Map<string, string> {
  const out = new Map<string, string>();
  for (const file of sources(join(root, "src", "rules"))) {
    readFileSync(file, "utf8")
      .split("\n")
      .forEach((line, i) => {
        if (!line.includes("Stryker disable")) return;
        const m = /\/\/ Stryker disable next-line (\w+(?:,\s*\w+)*): \S/.exec(line);
        expect(
          m,
          `${relative(root, file)}:${i + 1} a disable comment names its mutators and a reason`,
        ).not.toBe(null);
        // The comment's own line is i + 1 (1-based); the code it disables is the next one.
        out.set(
          `${relative(root, file).replaceAll("\\", "/")}:${i + 2}`,
          (m?.[1] ?? "").split(/,\s*/).sort().join(", "),
        );
      });
  }
  return out;
}

function listed(): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of readFileSync(join(root, "docs", "MUTATION.md"), "utf8").split("\n")) {
    const m = /^\|\s*(src\/\S+:\d+)\s*\|\s*([^|]+?)\s*\|\s*(equivalent|message)\s*\|\s*\S.*\|$/.exec(line);
    if (m) out.set(m[1] as string, (m[2] as string).split(/,\s*/).sort().join(", "));
  }
  return out;
}

describe("docs/MUTATION.md", () => {
  it("lists exactly the mutants disabled in src/rules, at the code line, with the same mutators", () => {
    expect(Object.fromEntries(listed())).toEqual(Object.fromEntries(disabled()));
  });
});
