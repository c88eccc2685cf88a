import { defineConfig } from "vitest/config";

// Four projects: the pure rules run in plain Node with no globals at all; the Foundry-layer tests run
// with the thin harness of tests/harness (the few globals our adapters touch); the gallery renders every
// template with that harness and checks the pages in headless Chromium; the smoke test plays a round of each
// family on the BUILT system (dist/, after `npm run build`) with a GM and a player on two client pages
// (tests/harness/world). `npm run test:unit` runs the first three, `npm run test:smoke` the last.
export default defineConfig({
  test: {
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
      {
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
      },
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
      {
        // The built system played end to end (tests/smoke): needs dist/ (npm run build).
        test: {
          name: "smoke",
          include: ["tests/smoke/**/*.test.ts"],
          environment: "node",
          benchmark: { include: [] },
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // The built bundle is loaded by Node itself, as a browser loads it: not transformed by the test runner.
          server: { deps: { external: [/\/dist\/fray\.mjs/] } },
        },
      },
    ],
  },
});
