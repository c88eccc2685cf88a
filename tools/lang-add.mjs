#!/usr/bin/env node
// Deep-merges a fragment of translations into the five language files at once, so that several people
// can add keys without rewriting each other's work. Usage: node tools/lang-add.mjs fragment.json [...]
// A fragment is { "en": { "FRAY": { ... } }, "fr": { ... }, "pl": { ... }, "es": { ... }, "ja": { ... } }
// and must carry every language. Existing keys are overwritten by the fragment's values.
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const LANGUAGES = ["en", "fr", "pl", "es", "ja"];

function merge(target, source, path = "") {
  for (const [key, value] of Object.entries(source)) {
    const here = path ? `${path}.${key}` : key;
    if (value && typeof value === "object") {
      if (typeof target[key] === "string")
        throw new Error(`${here} is a string in the target, an object in the fragment`);
      target[key] ??= {};
      merge(target[key], value, here);
    } else {
      if (typeof value !== "string") throw new Error(`${here} must be a string`);
      if (target[key] && typeof target[key] === "object")
        throw new Error(`${here} is an object in the target`);
      target[key] = value;
    }
  }
  return target;
}

function main(files) {
  if (!files.length) {
    console.error("usage: node tools/lang-add.mjs fragment.json [...]");
    process.exit(2);
  }
  for (const file of files) {
    const fragment = JSON.parse(readFileSync(file, "utf8"));
    const missing = LANGUAGES.filter((lang) => !fragment[lang]);
    if (missing.length) throw new Error(`${file}: no ${missing.join(", ")} section`);
    for (const lang of LANGUAGES) {
      const target = join("lang", `${lang}.json`);
      const data = merge(JSON.parse(readFileSync(target, "utf8")), fragment[lang]);
      writeFileSync(`${target}.tmp`, `${JSON.stringify(data, null, 2)}\n`);
      renameSync(`${target}.tmp`, target);
    }
    console.log(`merged ${file}`);
  }
}

main(process.argv.slice(2));
