#!/usr/bin/env node
// Writes the settings table of docs/RULES.md (between its "settings:start" and "settings:end" markers): one row
// per world setting of src/config/settings.ts, in the order the configuration window shows them, with its default
// and its name in the five languages (lang/<lang>.json, FRAY.Settings.<key>.name). Run it after adding a setting
// or renaming one; tests/static/rules-page.test.ts fails while the page and the settings disagree.
import { readFileSync, writeFileSync } from "node:fs";

const PAGE = "docs/RULES.md";
const LANGS = ["en", "fr", "pl", "es", "ja"];
const START = "<!-- settings:start -->";
const END = "<!-- settings:end -->";

/** The settings, in configuration order (the SPECS record), with their defaults (SETTING_DEFAULTS). */
export function settingsOf(source) {
  const block = (name) => {
    const at = source.indexOf(name);
    if (at < 0) throw new Error(`settings.ts: no ${name}`);
    const open = source.indexOf("{", at);
    let depth = 0;
    for (let i = open; i < source.length; i++) {
      if (source[i] === "{") depth++;
      else if (source[i] === "}" && --depth === 0) return source.slice(open + 1, i);
    }
    throw new Error(`settings.ts: ${name} is not closed`);
  };
  const defaults = new Map();
  for (const m of block("export const SETTING_DEFAULTS").matchAll(
    /^\s{2}(\w+):\s*([^,\n]+?)(?:\s+as\s+[^,\n]+)?,\s*$/gm,
  ))
    defaults.set(m[1], m[2].trim());
  const keys = [...block("const SPECS").matchAll(/^\s{2}(\w+):\s*\{/gm)].map((m) => m[1]);
  return keys.map((key) => ({ key, default: defaults.get(key) ?? "" }));
}

export function settingsTable(source, langs) {
  const cell = (text) => String(text).replace(/\|/g, "\\|");
  const rows = settingsOf(source).map(({ key, default: value }) => {
    const names = LANGS.map((lang) => cell(langs[lang]?.FRAY?.Settings?.[key]?.name ?? "—"));
    const shown = value === "DEFAULT_FAMILY" ? "fast-slow" : value.replace(/^"(.*)"$/, "$1");
    return `| \`fray.${key}\` | ${cell(shown)} | ${names.join(" | ")} |`;
  });
  return [
    "| Setting | Default | en | fr | pl | es | ja |",
    "| --- | --- | --- | --- | --- | --- | --- |",
    ...rows,
  ].join("\n");
}

function main() {
  const source = readFileSync("src/config/settings.ts", "utf8");
  const langs = Object.fromEntries(LANGS.map((l) => [l, JSON.parse(readFileSync(`lang/${l}.json`, "utf8"))]));
  const page = readFileSync(PAGE, "utf8");
  const start = page.indexOf(START);
  const end = page.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${PAGE}: no ${START} … ${END}`);
  const next = `${page.slice(0, start + START.length)}\n${settingsTable(source, langs)}\n${page.slice(end)}`;
  writeFileSync(PAGE, next);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
