// @ts-check
// Mutation testing of src/rules (`npm run mutation`, never part of `npm test`). Run it through tools/mutation.mjs,
// which sets FRAY_MUTATION=1 (fixed fast-check seed, bounded runs: tests/property-runs.ts) and turns folder
// arguments into `--mutate` globs. The incremental file keeps each mutant's result with the code and tests it was
// decided against, so a rerun after a change re-tests only what the change touched.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
const config = {
  testRunner: "vitest",
  vitest: { configFile: "vitest.mutation.config.ts", related: true },
  plugins: ["@stryker-mutator/vitest-runner"],
  mutate: ["src/rules/**/*.ts"],
  // The first run of the whole covering suite (rules and foundry projects) takes minutes on a busy machine.
  dryRunTimeoutMinutes: 30,
  coverageAnalysis: "perTest",
  incremental: true,
  incrementalFile: "reports/mutation/incremental/all.json",
  reporters: ["clear-text", "progress", "html", "json"],
  htmlReporter: { fileName: "reports/mutation/index.html" },
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  thresholds: { high: 90, low: 80, break: null },
  concurrency: 2,
  timeoutMS: 20_000,
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
};
export default config;
