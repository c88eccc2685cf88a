import { defineConfig } from "vitest/config";

// Three projects: the pure rules run in plain Node with no globals at all; the Foundry-layer tests run
// with the thin harness of tests/harness (the few globals our adapters touch); the gallery renders every
// template with that harness and checks the pages in headless Chromium.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "rules",
          include: ["tests/**/*.test.ts"],
          exclude: ["tests/foundry/**", "tests/gallery/**"],
          environment: "node",
          benchmark: { include: ["tests/**/*.bench.ts"] },
        },
      },
      {
        test: {
          name: "foundry",
          include: ["tests/foundry/**/*.test.ts"],
          environment: "node",
          setupFiles: ["tests/harness/install.ts", "tests/harness/fray-settings.ts"],
          benchmark: { include: [] },
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
    ],
  },
});
