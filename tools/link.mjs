#!/usr/bin/env node
// Symlinks dist/ into a Foundry user-data folder: `npm run link -- <user-data path>` creates
// <path>/Data/systems/fray → dist/. Refuses anything that is not a Foundry user-data folder.
import { existsSync, lstatSync, mkdirSync, readlinkSync, rmSync, statSync, symlinkSync } from "node:fs";
import { join, resolve } from "node:path";

const target = process.argv[2];
if (!target) {
  console.error(
    "Usage: npm run link -- <Foundry user-data path>   (the folder that holds Data/, Config/ and Logs/)",
  );
  process.exit(2);
}
const userData = resolve(target);
const isDir = (p) => existsSync(p) && statSync(p).isDirectory();
if (!isDir(userData)) {
  console.error(`${userData} does not exist or is not a folder.`);
  process.exit(1);
}
if (!isDir(join(userData, "Data")) || !isDir(join(userData, "Config"))) {
  console.error(
    `${userData} is not a Foundry user-data folder: it should contain Data/ and Config/ ` +
      "(see Foundry's Configuration → User Data Path).",
  );
  process.exit(1);
}
const dist = resolve("dist");
if (!existsSync(join(dist, "system.json"))) {
  console.error("dist/system.json is missing: run `npm run build` first.");
  process.exit(1);
}
const systems = join(userData, "Data", "systems");
mkdirSync(systems, { recursive: true });
const link = join(systems, "fray");
if (existsSync(link) || lstatExists(link)) {
  const stat = lstatSync(link);
  if (stat.isSymbolicLink()) {
    if (resolve(systems, readlinkSync(link)) === dist) {
      console.log(`${link} already points to ${dist}.`);
      process.exit(0);
    }
    rmSync(link);
  } else {
    console.error(`${link} exists and is not a link: move it away first (an installed copy of Fray?).`);
    process.exit(1);
  }
}
symlinkSync(dist, link, process.platform === "win32" ? "junction" : "dir");
console.log(`Linked ${link} → ${dist}. Restart Foundry or reload the setup screen to see Fray.`);

function lstatExists(path) {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}
