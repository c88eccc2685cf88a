#!/usr/bin/env node
// Escaping audit: lists every triple-stash `{{{ }}}` in templates/ and, in src/, every template literal that
// builds HTML, every innerHTML/outerHTML/insertAdjacentHTML sink, every `content`/`flavor`/`hint` property and
// every ui.notifications call, one per line (KIND file:line: code), then the count of each kind. Each line is
// a place to check by hand: a `{{{ }}}` only for HTML we produced and sanitized (enriched), names escaped.
// Usage: node tools/html-audit.mjs [repository root]
import ts from "typescript";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
const root = process.argv[2] ?? ".";
function walk(dir, ext, out = []) {
  for (const f of readdirSync(dir)) {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) walk(p, ext, out);
    else if (p.endsWith(ext)) out.push(p);
  }
  return out;
}
const counts = {};
const report = (kind, text) => {
  counts[kind] = (counts[kind] ?? 0) + 1;
  console.log(`${kind} ${text}`);
};
for (const f of walk(join(root, "templates"), ".hbs")) {
  readFileSync(f, "utf8")
    .split("\n")
    .forEach((l, i) => {
      if (l.includes("{{{")) report("TRIPLE", `${f}:${i + 1}: ${l.trim()}`);
    });
}
const HTML = /<\/?[a-zA-Z][^>]*>?/;
for (const f of walk(join(root, "src"), ".ts")) {
  const text = readFileSync(f, "utf8");
  const sf = ts.createSourceFile(f, text, ts.ScriptTarget.Latest, true);
  const visit = (n) => {
    if (ts.isTemplateExpression(n) || ts.isNoSubstitutionTemplateLiteral(n)) {
      const raw = n.getText(sf);
      if (HTML.test(raw)) {
        const { line } = sf.getLineAndCharacterOfPosition(n.getStart(sf));
        report("TEMPLATE", `${f}:${line + 1}: ${raw.replace(/\s+/g, " ").slice(0, 200)}`);
      }
    }
    if (
      ts.isPropertyAccessExpression(n) &&
      ["innerHTML", "outerHTML", "insertAdjacentHTML"].includes(n.name.text)
    ) {
      const { line } = sf.getLineAndCharacterOfPosition(n.getStart(sf));
      report("SINK", `${f}:${line + 1}: ${n.parent.getText(sf).replace(/\s+/g, " ").slice(0, 200)}`);
    }
    if (ts.isPropertyAssignment(n) && ["content", "flavor", "hint"].includes(n.name.getText(sf))) {
      const { line } = sf.getLineAndCharacterOfPosition(n.getStart(sf));
      report("PROP", `${f}:${line + 1}: ${n.getText(sf).replace(/\s+/g, " ").slice(0, 200)}`);
    }
    if (
      ts.isCallExpression(n) &&
      /notifications\??\.(warn|info|error|notify)/.test(n.expression.getText(sf))
    ) {
      const { line } = sf.getLineAndCharacterOfPosition(n.getStart(sf));
      report("NOTIFY", `${f}:${line + 1}: ${n.getText(sf).replace(/\s+/g, " ").slice(0, 200)}`);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
}
console.log(
  Object.entries(counts)
    .map(([k, n]) => `${k}: ${n}`)
    .join(", "),
);
