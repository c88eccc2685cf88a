// Issue 11: "the harness fidelity table covers every Foundry API in src/". tools/foundry-api-inventory.mjs lists
// every Foundry API src/ uses (read from the code, not from strings or comments); each one needs a row in
// tests/harness/README.md, found by the normalized name in the row's first column. A new call into Foundry
// without a row fails here, named, until someone records how the harness imitates it and on what evidence.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const TOOL = join("tools", "foundry-api-inventory.mjs");
const TIMEOUT = 60_000;

/** The inventory's names, one a line (the tool exits non-zero when a hook name cannot be read). */
function inventory(root = "."): string[] {
  return execFileSync(process.execPath, [TOOL, root], { encoding: "utf8" }).split("\n").filter(Boolean);
}

/** The names in the first column of every table row of the README (`| \`name\` | …`). */
function tableNames(): Set<string> {
  const readme = readFileSync(join("tests", "harness", "README.md"), "utf8");
  const names = new Set<string>();
  for (const line of readme.split("\n")) {
    const name = /^\|\s*`([^`]+)`\s*\|/.exec(line)?.[1];
    if (name) names.add(name);
  }
  return names;
}

describe("the harness fidelity table (tests/harness/README.md)", () => {
  it(
    "has a row for every Foundry API that src/ uses",
    () => {
      const apis = inventory();
      // The inventory itself must work: these calls are in src/ today.
      for (const known of ["game.settings.get", "hook:updateUser", "Combat#setupTurns", "TokenDocument#move"])
        expect(apis, `the inventory no longer finds ${known}`).toContain(known);
      const rows = tableNames();
      const missing = apis.filter((api) => !rows.has(api));
      expect(
        missing,
        `Foundry APIs used in src/ with no row in tests/harness/README.md (add one per API: how the harness ` +
          `imitates it, the evidence, stricter or not):\n  ${missing.join("\n  ")}`,
      ).toEqual([]);
    },
    TIMEOUT,
  );
});

describe("tools/foundry-api-inventory.mjs", () => {
  /** Runs the tool on a throw-away src/ holding `files`. */
  function run(files: Record<string, string>) {
    const root = mkdtempSync(join(tmpdir(), "fray-inventory-"));
    try {
      mkdirSync(join(root, "src"));
      for (const [name, text] of Object.entries(files)) writeFileSync(join(root, "src", name), text);
      return spawnSync(process.execPath, [TOOL, root], { encoding: "utf8" });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }

  it(
    "reads calls from the code, never from comments, strings or type positions",
    () => {
      const out = run({
        "a.ts": [
          "// game.commentedOut.get()",
          'const text = "game.inAString";',
          "type T = Actor.Implementation;",
          "interface Ctx extends ActorSheetV2.RenderContext { a: T }",
          "const { DialogV2 } = foundry.applications.api;",
          'export const MINE = "fray.mine";',
          "export async function f(actor: Actor.Implementation, c: Ctx): Promise<void> {",
          '  game.settings.get("fray", text);',
          "  await DialogV2.input({ content: String(c.a) });",
          '  Hooks.on("updateUser", () => undefined);',
          "  Hooks.callAll(MINE);",
          '  await actor.toggleStatusEffect("prone");',
          "  new Set<number>().delete(1);",
          "}",
          "export class C extends Combat {",
          "  override setupTurns() { return super.setupTurns(); }",
          "}",
        ].join("\n"),
      });
      expect(out.status, out.stderr).toBe(0);
      const names = out.stdout.split("\n").filter(Boolean);
      for (const expected of [
        "game.settings.get",
        "foundry.applications.api.DialogV2.input",
        "Hooks.on",
        "Hooks.callAll",
        "hook:updateUser",
        "hook:fray.mine",
        "Actor#toggleStatusEffect",
        "Combat#setupTurns",
      ])
        expect(names).toContain(expected);
      for (const name of names)
        expect(name).not.toMatch(/commentedOut|inAString|Implementation|RenderContext/);
      // A Set's delete(x) is not a document's delete().
      expect(names).not.toContain("Document#delete");
    },
    TIMEOUT,
  );

  it(
    "fails, naming the place, when a hook name cannot be read from the code",
    () => {
      const out = run({ "b.ts": "export function on(name: string) { Hooks.on(name, () => undefined); }\n" });
      expect(out.status).toBe(1);
      expect(out.stderr).toMatch(/unresolved hook name: src[/\\]b\.ts:1/);
    },
    TIMEOUT,
  );
});
