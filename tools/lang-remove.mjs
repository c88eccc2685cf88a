#!/usr/bin/env node
// Removes keys from the five language files at once (the counterpart of lang-add.mjs).
// Usage: node tools/lang-remove.mjs FRAY.Some.key [FRAY.Other.key ...]   (empty parents are removed too)
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const LANGUAGES = ["en", "fr", "pl", "es", "ja"];

function remove(tree, parts) {
  const [head, ...rest] = parts;
  if (!(head in tree)) return false;
  if (rest.length === 0) {
    delete tree[head];
    return true;
  }
  const child = tree[head];
  if (!child || typeof child !== "object") return false;
  const removed = remove(child, rest);
  if (removed && Object.keys(child).length === 0) delete tree[head];
  return removed;
}

const keys = process.argv.slice(2);
if (!keys.length) {
  console.error("usage: node tools/lang-remove.mjs KEY [KEY ...]");
  process.exit(2);
}
for (const lang of LANGUAGES) {
  const file = join("lang", `${lang}.json`);
  const tree = JSON.parse(readFileSync(file, "utf8"));
  const missing = keys.filter((key) => !remove(tree, key.split(".")));
  if (missing.length) console.warn(`${lang}: not found: ${missing.join(", ")}`);
  writeFileSync(`${file}.tmp`, `${JSON.stringify(tree, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
}
console.log(`removed ${keys.length} key(s) from ${LANGUAGES.length} files`);
