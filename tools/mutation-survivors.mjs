#!/usr/bin/env node
// Lists the mutants of the last `npm run mutation` report (reports/mutation/mutation.json) that no test killed
// (Survived, NoCoverage), one line each: file:line:column, the mutator, and the replacement.
// `node tools/mutation-survivors.mjs [path-prefix]` narrows the list to files under a path.
import { readFileSync } from "node:fs";

const report = JSON.parse(readFileSync("reports/mutation/mutation.json", "utf8"));
const prefix = process.argv[2] ?? "";
for (const [file, result] of Object.entries(report.files)) {
  if (!file.startsWith(prefix)) continue;
  const lines = result.source.split("\n");
  for (const m of result.mutants) {
    if (m.status !== "Survived" && m.status !== "NoCoverage") continue;
    const { line, column } = m.location.start;
    const original = lines[line - 1]?.trim() ?? "";
    const replacement = (m.replacement ?? "").replace(/\s+/g, " ").slice(0, 100);
    console.log(
      `${file}:${line}:${column} ${m.status} ${m.mutatorName}\n    ${original}\n  → ${replacement}`,
    );
  }
}
