/**
 * Every template escapes what it shows: the only triple-stashes are the HTML Foundry's enrichHTML produced from
 * a stored HTML field (cleaned by core on save), and the notices, flavors and dialogs that name creatures, items
 * and effects show a name like `<img src=x onerror=alert(1)>` as text.
 */
import Handlebars from "handlebars";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { templateEnvironment } from "../../harness/templates";

const NAME = "<img src=x onerror=alert(1)>";

function templates(dir = "templates"): string[] {
  return readdirSync(dir).flatMap((f) => {
    const path = join(dir, f);
    return statSync(path).isDirectory() ? templates(path) : path.endsWith(".hbs") ? [path] : [];
  });
}

/** `file: expression` for each `{{{ }}}` (an unescaped mustache) in the template. */
function unescaped(file: string): string[] {
  const found: string[] = [];
  const visit = (node: unknown): void => {
    if (!node || typeof node !== "object") return;
    const n = node as { type?: string; escaped?: boolean; path?: { original?: string } };
    if (n.type === "MustacheStatement" && n.escaped === false) found.push(`${file}: ${n.path?.original}`);
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === "object") visit(value);
    }
  };
  visit(Handlebars.parse(readFileSync(file, "utf8")));
  return found;
}

describe("templates escape what users typed", () => {
  it("the only unescaped output is enriched HTML (actor notes, item and spell descriptions)", () => {
    const all = templates();
    expect(all.length).toBeGreaterThanOrEqual(42);
    expect(all.flatMap(unescaped).sort()).toEqual([
      "templates/actor/notes.hbs: enrichedNotes",
      "templates/actor/notes.hbs: enrichedNotes",
      "templates/chat/spell-card.hbs: description",
      "templates/item/parts/description.hbs: enrichedDescription",
      "templates/item/parts/description.hbs: enrichedDescription",
    ]);
  });

  it("the spell card's description is enriched by core before it is shown unescaped", () => {
    const source = readFileSync("src/chat/spell-card.ts", "utf8");
    expect(source).toMatch(
      /const description = source\s*\?\s*await foundry\.applications\.ux\.TextEditor\.implementation\.enrichHTML\(/,
    );
  });

  const env = templateEnvironment("en");
  const cases: [string, Record<string, unknown>][] = [
    ["templates/chat/concentration-ended.hbs", { lines: [NAME] }],
    ["templates/chat/dismissed.hbs", { line: NAME }],
    [
      "templates/chat/open-roll-flavor.hbs",
      { name: NAME, labelKey: "FRAY.Sheet.Roll.check", faces: NAME, d100: 5, bonus: 1, total: 6 },
    ],
    ["templates/combat/orientation-flavor.hbs", { name: NAME }],
    ["templates/combat/roll-off-flavor.hbs", { name: NAME }],
    ["templates/combat/initiative-flavor.hbs", { name: NAME, critical: true }],
    ["templates/combat/melee-dialog.hbs", { id: "d1", group: NAME }],
    [
      "templates/actor/parts/effect-row.hbs",
      { uuid: NAME, img: NAME, name: NAME, source: NAME, remaining: NAME, statuses: [NAME], editable: true },
    ],
    ["templates/actor/parts/roll-button.hbs", { check: NAME, label: NAME }],
  ];
  it.each(cases)("%s shows a name as text", (file, context) => {
    const html = env.render(file, { ...context, "@root": context });
    expect(html).not.toContain("<img src=x");
    expect(html).toMatch(/&lt;img src&#x3D;x onerror&#x3D;alert\(1\)&gt;/);
  });
});
