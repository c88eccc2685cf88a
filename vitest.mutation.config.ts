import { defineConfig } from "vitest/config";
import base from "./vitest.config";

// The suite Stryker runs for every mutant of src/rules (`npm run mutation`, stryker.config.mjs): the rules and foundry
// projects of vitest.config.ts — the gallery (Chromium) and the smoke test (built dist/) do not exercise a mutant,
// which lives in src/ — each with tests/mutation-setup.ts, which fixes fast-check's seed and bounds its runs.
type Project = { test: { name: string; setupFiles?: string[] } };
const projects = (base.test?.projects ?? []) as Project[];

export default defineConfig({
  test: {
    projects: projects
      .filter((project) => project.test.name === "rules" || project.test.name === "foundry")
      .map((project) => ({
        ...project,
        test: {
          ...project.test,
          setupFiles: [...(project.test.setupFiles ?? []), "tests/mutation-setup.ts"],
        },
      })),
  },
});
