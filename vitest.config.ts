import { availableParallelism } from "node:os";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

// Four projects: the pure rules run in plain Node with no globals at all; the Foundry-layer tests run
// with the thin harness of tests/harness (the few globals our adapters touch); the gallery renders every
// template with that harness and checks the pages in headless Chromium; the smoke test plays a round of each
// family on the BUILT system (dist/, after `npm run build`) with a GM and a player on two client pages
// (tests/harness/world). The Foundry-side projects run twice, once on a harness that imitates v13 and once on
// one that imitates v14 (tests/harness/generation.ts): `foundry` and `foundry-v14`, `smoke` and `smoke-v14`.
// `npm run test:unit` runs rules, foundry, foundry-v14 and gallery; `npm run test:smoke` both smoke projects.

/** The same project, its harness imitating Foundry v14 (FRAY_HARNESS_GENERATION=14). */
function onV14(project: TestProjectInlineConfiguration): TestProjectInlineConfiguration {
  const test = project.test ?? {};
  return {
    ...project,
    test: { ...test, name: `${String(test.name)}-v14`, env: { FRAY_HARNESS_GENERATION: "14" } },
  };
}

const foundry: TestProjectInlineConfiguration = {
  test: {
    name: "foundry",
    include: ["tests/foundry/**/*.test.ts"],
    environment: "node",
    setupFiles: ["tests/harness/install.ts", "tests/harness/fray-settings.ts"],
    benchmark: { include: [] },
    // A timeout only catches a hang: the property tests (1,000 runs through the harness) take a few seconds,
    // more on a loaded two-core machine, and must not fail for being slow.
    testTimeout: 30_000,
  },
};

const smoke: TestProjectInlineConfiguration = {
  // The built system played end to end (tests/smoke): needs dist/ (npm run build).
  test: {
    name: "smoke",
    include: ["tests/smoke/**/*.test.ts"],
    environment: "node",
    benchmark: { include: [] },
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Each page's relative imports of the system's chunks keep the page's own copy (tests/harness/world).
    setupFiles: ["tests/harness/world/page-imports.ts"],
    // The built bundle and its chunks are loaded by Node itself, as a browser loads them: not transformed by the
    // test runner.
    server: { deps: { external: [/\/dist\/fray[\w-]*\.mjs/] } },
  },
};

export default defineConfig({
  test: {
    // Vitest's default leaves one core idle on a two-core machine (the foundry project took 204 s instead of 127 s).
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        test: {
          name: "rules",
          include: ["tests/**/*.test.ts"],
          exclude: ["tests/foundry/**", "tests/gallery/**", "tests/smoke/**"],
          environment: "node",
          benchmark: { include: ["tests/**/*.bench.ts"] },
          testTimeout: 30_000,
        },
      },
      foundry,
      onV14(foundry),
      {
        // Every template rendered in five languages and checked in Debian's Chromium (tests/gallery).
        test: {
          name: "gallery",
          include: ["tests/gallery/**/*.test.ts"],
          environment: "node",
          setupFiles: ["tests/harness/install.ts", "tests/harness/fray-settings.ts"],
          benchmark: { include: [] },
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      smoke,
      onV14(smoke),
    ],
  },
});
