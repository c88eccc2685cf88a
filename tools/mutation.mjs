#!/usr/bin/env node
// `npm run mutation [-- <folder or file under src/rules>…] [--whole-suite] [stryker options]`: Stryker over src/rules, or over
// the folders and files named (`npm run mutation -- src/rules/dice`). Incremental: the previous run's results are
// reused for every mutant whose code and covering tests did not change (reports/mutation/incremental/<targets>.json,
// one file per set of targets).
// `--force` re-tests everything. The report is reports/mutation/index.html (and mutation.json).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, statSync } from "node:fs";

const targets = [];
const wholeSuite = process.argv.includes("--whole-suite");
const args = process.argv.slice(2).filter((arg) => arg !== "--" && arg !== "--whole-suite");
// Paths first, then Stryker's own options (`npm run mutation -- src/rules/dice --concurrency 1`).
const firstOption = args.findIndex((arg) => arg.startsWith("-"));
const paths = firstOption < 0 ? args : args.slice(0, firstOption);
const options = firstOption < 0 ? [] : args.slice(firstOption);
for (const arg of paths) {
  const path = arg.replaceAll("\\", "/").replace(/^\.\//, "");
  if (!existsSync(path)) {
    console.error(`mutation: ${arg} does not exist`);
    process.exit(2);
  }
  if (!path.startsWith("src/rules")) {
    console.error(`mutation: ${arg} is outside src/rules (only the pure rules are mutated)`);
    process.exit(2);
  }
  targets.push(statSync(path).isDirectory() ? `${path.replace(/\/$/, "")}/**/*.ts` : path);
}
const mutate = targets.length > 0 ? ["--mutate", targets.join(",")] : [];
// One incremental file per set of targets: a run over one folder would otherwise forget every other file's results.
const slug =
  targets.length > 0
    ? paths.map((p) => p.replace(/^src\/rules\/?/, "").replace(/[^\w.-]+/g, "_")).join("+")
    : "all";
const suiteSlug = wholeSuite ? `${slug}@whole` : slug;
const name =
  suiteSlug.length > 80 ? createHash("sha1").update(suiteSlug).digest("hex").slice(0, 12) : suiteSlug;
const incremental = ["--incrementalFile", `reports/mutation/incremental/${name || "all"}.json`];
const result = spawnSync(
  "npx",
  ["stryker", "run", "stryker.config.mjs", ...mutate, ...incremental, ...options],
  {
    stdio: "inherit",
    env: { ...process.env, FRAY_MUTATION: "1", FRAY_MUTATION_SUITE: wholeSuite ? "whole" : "rules" },
  },
);
process.exit(result.status ?? 1);
