import { defineConfig } from "vitest/config";

// Two projects: the pure rules run in plain Node with no globals at all; the Foundry-layer tests run
// with the thin harness of tests/harness (the few globals our adapters touch).
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
          setupFiles: ["tests/harness/install.ts"],
          benchmark: { include: [] },
        },
      },
    ],
  },
});
