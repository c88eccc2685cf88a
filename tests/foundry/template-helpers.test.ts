/**
 * Fray's templates call only the Handlebars helpers known to exist on the generation the harness imitates
 * (tests/harness/template-helpers.ts): Handlebars' own, Fray's, and core's `localize` and `concat`. v14's removed
 * helpers could not all be listed, so anything else fails, on v14 as on v13 — `{{#select}}` (deprecated since
 * v12), `{{editor}}` (ApplicationV1's), `selectOptions` and the rest of core's helpers the harness does not imitate.
 */
import Handlebars from "handlebars";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { GENERATION } from "../harness/generation";
import {
  checkTemplateHelpers,
  compileOptions,
  helperCalls,
  knownHelpers,
  refuseHelperReplacement,
} from "../harness/template-helpers";
import { templateEnvironment } from "../harness/templates";
import { FRAY_HELPERS, registerHelpers } from "../../src/applications/handlebars-helpers";

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const path = join(dir, f);
    return statSync(path).isDirectory() ? files(path) : path.endsWith(".hbs") ? [path] : [];
  });

describe(`Handlebars helpers on v${GENERATION}`, () => {
  it("every template of Fray's calls only helpers known on this generation, and compiles with knownHelpersOnly", () => {
    const templates = files("templates");
    expect(templates.length).toBeGreaterThan(40);
    const called = new Set<string>();
    for (const file of templates) {
      const source = readFileSync(file, "utf8");
      checkTemplateHelpers(source, file);
      Handlebars.precompile(source, compileOptions());
      for (const { name, bare } of helperCalls(source)) if (!bare) called.add(name);
    }
    // What the templates really call, so that a shrinking list is noticed.
    expect([...called].sort()).toEqual(
      ["concat", "dataAttributes", "each", "if", "localize", "percent", "pips", "signed", "unless"].sort(),
    );
  });

  it("knows Handlebars' own helpers, Fray's four and core's localize and concat, nothing else", () => {
    expect(knownHelpers().sort()).toEqual(
      [
        "each",
        "if",
        "log",
        "lookup",
        "unless",
        "with",
        "localize",
        "concat",
        ...Object.keys(FRAY_HELPERS),
      ].sort(),
    );
  });

  it.each([
    ["{{selectOptions choices selected=value}}", "selectOptions"],
    ['{{#select value}}<option value="a">A</option>{{/select}}', "select"],
    ["{{#select}}<option>A</option>{{/select}}", "select"],
    ['{{editor content target="system.notes" button=true}}', "editor"],
    ["<input {{checked on}}>", "checked"],
    ["<input {{checked}}>", "checked"],
    ['{{localize (numberFormat n) name="x"}}', "numberFormat"],
    ["{{frayMadeUpHelper 1}}", "frayMadeUpHelper"],
  ])("refuses %s", (source, name) => {
    expect(() => checkTemplateHelpers(source, "made-up.hbs")).toThrow(
      new RegExp(`made-up\\.hbs:1: \\{\\{${name}\\}\\} is not a helper known to exist on v${GENERATION}`),
    );
  });

  it("lets a bare block over the context, a block parameter and a path through", () => {
    const source =
      "{{#each rows as |row|}}{{row.name}}{{row}}{{/each}}{{#section}}{{this.name}}{{../label}}{{@index}}{{/section}}";
    expect(() => checkTemplateHelpers(source, "fine.hbs")).not.toThrow();
  });

  it("the compile options alone refuse an unknown helper with arguments (knownHelpersOnly)", () => {
    expect(() => Handlebars.precompile("{{selectOptions choices}}", compileOptions())).toThrow(
      /knownHelpersOnly.*selectOptions/,
    );
    // The environment's compile runs both checks.
    expect(() => templateEnvironment("en").compile("{{#select x}}{{/select}}")).toThrow(/\{\{select\}\}/);
  });

  it("a Fray helper may not replace a core one", () => {
    const env = Handlebars.create();
    env.registerHelper("localize", () => "");
    refuseHelperReplacement(env);
    expect(() => env.registerHelper("localize", () => "x")).toThrow(/"localize" is already registered/);
    expect(() => env.registerHelper("if", () => "x")).toThrow(/"if" is already registered/);
    expect(() => registerHelpers((name, fn) => env.registerHelper(name, fn))).not.toThrow();
    expect(() => registerHelpers((name, fn) => env.registerHelper(name, fn))).toThrow(/"signed"/);
  });
});
