#!/usr/bin/env node
// `npm run mutation [-- <folder or file under src/rules>… ] [-- stryker options]`: Stryker over src/rules, or over
// the folders and files named (`npm run mutation -- src/rules/dice`). Incremental: the previous run's results are
// reused for every mutant whose code and covering tests did not change (reports/mutation/stryker-incremental.json).
// `--force` re-tests everything. The report is reports/mutation/index.html (and mutation.json).
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";

const targets = [];
const options = [];
for (const arg of process.argv.slice(2)) {
  if (arg.startsWith("-")) options.push(arg);
  else if (options.length > 0 && !existsSync(arg)) options.push(arg);
  else if (!existsSync(arg)) {
    console.error(`mutation: ${arg} does not exist`);
    process.exit(2);
  } else if (!arg.replaceAll("\\", "/").replace(/^\.\//, "").startsWith("src/rules")) {
    console.error(`mutation: ${arg} is outside src/rules (only the pure rules are mutated)`);
    process.exit(2);
  } else targets.push(statSync(arg).isDirectory() ? `${arg.replace(/\/$/, "")}/**/*.ts` : arg);
}
const mutate = targets.length > 0 ? ["--mutate", [...targets, "!src/rules/**/*.d.ts"].join(",")] : [];
const result = spawnSync("npx", ["stryker", "run", "stryker.config.mjs", ...mutate, ...options], {
  stdio: "inherit",
  env: { ...process.env, FRAY_MUTATION: "1" },
});
process.exit(result.status ?? 1);
