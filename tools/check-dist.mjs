#!/usr/bin/env node
// Checks the built system in dist/: every file the manifest names exists, every language file parses
// with exactly the keys of en.json, every pack folder is a LevelDB database, every chunk the esmodules import
// (the self-test's fray-self-test.mjs, loaded by a dynamic import) is shipped in dist/ and in fray.zip, and
// every template the code names was shipped. Exit status 1 on any failure, with one line per problem.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, posix } from "node:path";
import { unzipSync } from "fflate";

const DIST = "dist";
const problems = [];
const fail = (message) => problems.push(message);

const read = (path) => {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    fail(`${path}: ${error.message}`);
    return undefined;
  }
};

const manifest = read(join(DIST, "system.json"));
if (manifest) {
  if (manifest.id !== "fray") fail(`system.json id is "${manifest.id}", not "fray"`);
  if (manifest.compatibility?.maximum)
    fail("system.json must not set compatibility.maximum (v14 would refuse it)");
  // "base" is core's reserved sub-type (Combat, Combatant…): v13 warns at load when a manifest declares it.
  // Fray registers CONFIG.<Document>.dataModels.base without declaring it (FOUNDRY-API.md, system.json).
  for (const [documentName, types] of Object.entries(manifest.documentTypes ?? {}))
    if (types && Object.hasOwn(types, "base"))
      fail(`system.json documentTypes.${documentName} declares "base", core's reserved sub-type`);
  for (const path of manifest.esmodules ?? [])
    if (!existsSync(join(DIST, path))) fail(`missing esmodule ${path}`);
  for (const style of manifest.styles ?? []) {
    const path = typeof style === "string" ? style : style.src;
    if (!existsSync(join(DIST, path))) fail(`missing style ${path}`);
  }
  const flatten = (obj, prefix = "", out = new Set()) => {
    for (const [k, v] of Object.entries(obj)) {
      const key = prefix ? `${prefix}.${k}` : k;
      if (v && typeof v === "object") flatten(v, key, out);
      else out.add(key);
    }
    return out;
  };
  const english = manifest.languages?.find((l) => l.lang === "en");
  const enKeys = english ? flatten(read(join(DIST, english.path)) ?? {}) : new Set();
  if (!english) fail("system.json declares no English language file");
  for (const language of manifest.languages ?? []) {
    const path = join(DIST, language.path);
    if (!existsSync(path)) {
      fail(`missing language file ${language.path}`);
      continue;
    }
    const keys = flatten(read(path) ?? {});
    const missing = [...enKeys].filter((k) => !keys.has(k));
    const extra = [...keys].filter((k) => !enKeys.has(k));
    if (missing.length)
      fail(`${language.path} lacks ${missing.length} keys of en.json: ${missing.slice(0, 5).join(", ")}`);
    if (extra.length)
      fail(`${language.path} has ${extra.length} keys en.json lacks: ${extra.slice(0, 5).join(", ")}`);
  }
  for (const pack of manifest.packs ?? []) {
    const path = join(DIST, pack.path);
    if (!existsSync(path) || !statSync(path).isDirectory()) {
      fail(`missing pack folder ${pack.path}`);
      continue;
    }
    const entries = readdirSync(path);
    const isLevelDb = entries.includes("CURRENT") && entries.some((e) => e.startsWith("MANIFEST-"));
    if (!isLevelDb) fail(`pack ${pack.path} is not a LevelDB database (no CURRENT/MANIFEST-*)`);
    if (!entries.some((e) => e.endsWith(".ldb") || e.endsWith(".log")))
      fail(`pack ${pack.path} holds no data`);
  }
  if (!existsSync(join(DIST, "fray.zip"))) fail("missing dist/fray.zip");
  else {
    // The esmodules and every module they import by a relative path (statically or by `import("./…")`), and
    // theirs in turn: each must be in dist/ and in the archive a table installs.
    const zipped = new Set(Object.keys(unzipSync(readFileSync(join(DIST, "fray.zip")))));
    const seen = new Set();
    const queue = [...(manifest.esmodules ?? [])];
    while (queue.length) {
      const path = posix.normalize(queue.shift());
      if (seen.has(path)) continue;
      seen.add(path);
      if (!zipped.has(path)) fail(`fray.zip lacks ${path}`);
      if (!existsSync(join(DIST, path))) {
        fail(`missing module ${path}`);
        continue;
      }
      const code = readFileSync(join(DIST, path), "utf8");
      for (const match of code.matchAll(
        /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["'](\.{1,2}\/[^"']+)["']/g,
      ))
        queue.push(posix.join(posix.dirname(path), match[1]));
    }
    if (!seen.has("fray-self-test.mjs"))
      fail("fray.mjs does not import the self-test's chunk fray-self-test.mjs");
  }
}

// Every template path the sources name must be shipped.
const sources = [];
const walk = (dir) => {
  for (const entry of readdirSync(dir)) {
    const full = join(dir, entry);
    if (statSync(full).isDirectory()) walk(full);
    else if (full.endsWith(".ts")) sources.push(full);
  }
};
walk("src");
for (const file of sources) {
  for (const match of readFileSync(file, "utf8").matchAll(/templatePath\(\s*"([^"$`]+)"\s*\)/g)) {
    const path = join(DIST, "templates", `${match[1]}.hbs`);
    if (!existsSync(path)) fail(`${file} names template ${match[1]} but ${path} does not exist`);
  }
}

if (problems.length) {
  for (const p of problems) console.error(`✗ ${p}`);
  process.exit(1);
}
console.log("dist/ checks passed.");
