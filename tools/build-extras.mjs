#!/usr/bin/env node
// Completes dist/ after `vite build` (which wrote fray.mjs, its source map and fray.css): the manifest,
// templates, language files, LICENSE, the compendium packs compiled to LevelDB, and dist/fray.zip.
// Release builds may set FRAY_MANIFEST_URL and FRAY_DOWNLOAD_URL to fill the manifest's install links.
import { compilePack } from "@foundryvtt/foundryvtt-cli";
import { zipSync } from "fflate";
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join, relative } from "node:path";

const DIST = "dist";
const pkg = JSON.parse(readFileSync("package.json", "utf8"));
const manifest = JSON.parse(readFileSync("system.json", "utf8"));

if (!existsSync(join(DIST, "fray.mjs"))) {
  console.error("dist/fray.mjs is missing: run `vite build` first (npm run build does both).");
  process.exit(1);
}

// The manifest, versioned from package.json.
manifest.version = pkg.version;
if (process.env.FRAY_MANIFEST_URL) manifest.manifest = process.env.FRAY_MANIFEST_URL;
if (process.env.FRAY_DOWNLOAD_URL) manifest.download = process.env.FRAY_DOWNLOAD_URL;
writeFileSync(join(DIST, "system.json"), `${JSON.stringify(manifest, null, 2)}\n`);

// Static folders.
for (const folder of ["templates", "lang"]) {
  rmSync(join(DIST, folder), { recursive: true, force: true });
  cpSync(folder, join(DIST, folder), { recursive: true });
}
cpSync("LICENSE", join(DIST, "LICENSE"));

// Compendium packs: one folder of YAML documents per pack in packs/_source/.
const sourceRoot = join("packs", "_source");
rmSync(join(DIST, "packs"), { recursive: true, force: true });
for (const pack of manifest.packs ?? []) {
  const source = join(sourceRoot, pack.name);
  if (!existsSync(source)) {
    console.error(`system.json names pack "${pack.name}" but ${source} does not exist.`);
    process.exit(1);
  }
  const dest = join(DIST, pack.path);
  mkdirSync(dest, { recursive: true });
  await compilePack(source, dest, { yaml: true, recursive: true, log: false });
}

// The release archive: the folder's content at the archive's root, as Foundry expects.
const files = {};
const walk = (dir) => {
  for (const entry of readdirSync(dir)) {
    const full = join(dir, entry);
    const rel = relative(DIST, full).split("\\").join("/");
    if (rel === "fray.zip") continue;
    if (statSync(full).isDirectory()) walk(full);
    else files[rel] = readFileSync(full);
  }
};
walk(DIST);
writeFileSync(join(DIST, "fray.zip"), zipSync(files, { level: 9 }));
console.log(`dist/ complete: ${Object.keys(files).length} files, fray.zip written.`);
