/**
 * Renders Fray's templates with the real `handlebars` package: our own helpers, stand-ins for the two
 * core helpers our templates use (`localize`, `concat`), our partials, and a `localize` that throws on
 * a key missing from the language file, so an untranslated string fails the test. Only the helpers known to exist
 * on the generation the harness imitates may be called (tests/harness/template-helpers.ts); a Fray helper that
 * would replace a core one throws.
 */
import Handlebars from "handlebars";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { registerHelpers } from "../../src/applications/handlebars-helpers";
import { TEMPLATE_PARTIALS } from "../../src/applications/templates";
import { checkTemplateHelpers, compileOptions, refuseHelperReplacement } from "./template-helpers";

type Tree = Record<string, unknown>;

export function loadLanguage(lang: string): Tree {
  return JSON.parse(readFileSync(join("lang", `${lang}.json`), "utf8")) as Tree;
}

export function translate(tree: Tree, key: string): string | undefined {
  let node: unknown = tree;
  for (const part of key.split(".")) {
    if (!node || typeof node !== "object") return undefined;
    node = (node as Tree)[part];
  }
  return typeof node === "string" ? node : undefined;
}

/** A Handlebars environment for one language. */
export function templateEnvironment(lang = "en") {
  const tree = loadLanguage(lang);
  const hb = Handlebars.create();
  // Core's helpers first, as Foundry has them before a system's init: Fray's must not replace one.
  hb.registerHelper("localize", (key: unknown, options: { hash?: Record<string, unknown> }) => {
    const text = translate(tree, String(key));
    if (text === undefined) throw new Error(`untranslated key ${String(key)} (${lang})`);
    const hash = options?.hash ?? {};
    return text.replace(/\{(\w+)\}/g, (_, k: string) => (k in hash ? String(hash[k]) : `{${k}}`));
  });
  hb.registerHelper("concat", (...args: unknown[]) => args.slice(0, -1).join(""));
  refuseHelperReplacement(hb);
  registerHelpers((name, fn) => hb.registerHelper(name, fn));
  // Only the helpers known on the generation the harness imitates (tests/harness/template-helpers.ts); partials
  // are compiled with the options of the template that includes them.
  const options = compileOptions();
  for (const [name, path] of Object.entries(TEMPLATE_PARTIALS)) {
    const source = readFileSync(fileOf(path), "utf8");
    checkTemplateHelpers(source, fileOf(path));
    hb.registerPartial(name, source);
  }
  return {
    hb,
    localize: (key: string) => {
      const text = translate(tree, key);
      if (text === undefined) throw new Error(`untranslated key ${key} (${lang})`);
      return text;
    },
    /** Compiles a template as the harness does: only the helpers known on this generation. */
    compile(source: string, name = "inline template"): HandlebarsTemplateDelegate {
      checkTemplateHelpers(source, name);
      return hb.compile(source, options);
    },
    render(templateFile: string, context: unknown): string {
      const file = fileOf(templateFile);
      return this.compile(readFileSync(file, "utf8"), file)(context);
    },
  };
}

/** `systems/fray/templates/x.hbs` or `templates/x.hbs` → the file in the repository. */
export function fileOf(path: string): string {
  return path.replace(/^systems\/fray\//, "");
}
