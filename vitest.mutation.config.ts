import { defineConfig } from "vitest/config";
import base from "./vitest.config";

// The suite Stryker runs for every mutant of src/rules (`npm run mutation`, stryker.config.mjs): the rules project of
// vitest.config.ts, which is where each rule is proven, and with `npm run mutation -- --whole-suite` the foundry
// project too (hours: the dice and the turn engine are covered by hundreds of Foundry-side tests). The gallery and
// the smoke test never see a mutant's own code path in isolation and are left out. Each project gets
// tests/mutation-setup.ts, which fixes fast-check's seed and bounds its runs.
type Project = { test: { name: string; setupFiles?: string[] } };
const projects = (base.test?.projects ?? []) as Project[];
const wholeSuite = process.env.FRAY_MUTATION_SUITE === "whole";

export default defineConfig({
  test: {
    projects: projects
      .filter((project) => project.test.name === "rules" || (wholeSuite && project.test.name === "foundry"))
      .map((project) => ({
        ...project,
        test: {
          ...project.test,
          setupFiles: [...(project.test.setupFiles ?? []), "tests/mutation-setup.ts"],
        },
      })),
  },
});
