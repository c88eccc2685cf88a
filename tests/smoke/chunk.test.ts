/**
 * The self-test is loaded only when a GM asks (issue 23): it is its own chunk, dist/fray-self-test.mjs, imported
 * by fray.mjs dynamically, and fray.mjs holds none of its code (its source map names no file of src/self-test/);
 * the release archive carries the chunk. Needs `npm run build`.
 */
import { readFileSync } from "node:fs";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";

const sources = (map: string) => (JSON.parse(readFileSync(map, "utf8")) as { sources: string[] }).sources;

describe("the self-test's chunk", () => {
  it("is its own file, imported by fray.mjs only dynamically, and fray.mjs carries none of it", () => {
    const main = readFileSync("dist/fray.mjs", "utf8");
    expect(main).toContain('import("./fray-self-test.mjs")');
    expect(main).not.toMatch(/^import .* from "\.\/fray-self-test\.mjs"/m);
    expect(sources("dist/fray.mjs.map").filter((s) => s.includes("src/self-test/"))).toEqual([]);
    const chunk = sources("dist/fray-self-test.mjs.map");
    for (const file of [
      "run.ts",
      "relay.ts",
      "table.ts",
      "scenarios/fast-slow.ts",
      "scenarios/phased-round.ts",
    ])
      expect(
        chunk.some((s) => s.endsWith(`src/self-test/${file}`)),
        file,
      ).toBe(true);
    // The window that loads it is fray.mjs's.
    expect(
      sources("dist/fray.mjs.map").some((s) => s.endsWith("applications/self-test/self-test-window.ts")),
    ).toBe(true);
  });

  it("is in the release archive, beside fray.mjs", () => {
    const files = Object.keys(unzipSync(readFileSync("dist/fray.zip")));
    expect(files).toEqual(expect.arrayContaining(["fray.mjs", "fray-self-test.mjs", "system.json"]));
  });
});
