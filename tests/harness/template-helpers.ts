/**
 * Which Handlebars helpers Fray's templates may call on each generation, and the check both template
 * environments (tests/harness/templates.ts, tests/harness/world/page.ts) run on every template they compile.
 *
 * A template may call Handlebars' own helpers, Fray's (src/applications/handlebars-helpers.ts) and the core
 * helpers positively known to exist on the generation the harness imitates. v14's list of removed or renamed core
 * helpers could not be retrieved (D-applications §6, "unconfirmed"), so the harness does not list what v14 lacks:
 * it fails on any helper it does not positively know on that generation. Templates are compiled with Handlebars'
 * `knownHelpers` and `knownHelpersOnly`, which refuse a helper called with arguments that is not known; the AST
 * walk below also catches what that option lets through: a bare `{{name}}` or `{{#name}}…{{/name}}` whose name is
 * a helper of Foundry's (Foundry would call its helper there; the harness would silently read the context).
 */
import Handlebars from "handlebars";
import { FRAY_HELPERS } from "../../src/applications/handlebars-helpers";
import { GENERATION, type Generation } from "./generation";

/** The helpers of the `handlebars` package itself (registered by `Handlebars.create()`). */
export const HANDLEBARS_HELPERS = ["if", "unless", "each", "with", "lookup", "log"] as const;

/**
 * Core helpers the harness imitates, each positively known on that generation: `localize` and `concat` on v13
 * (dnd5e@965ad2d, minimum 13.347, uses both) and on v14 (draw-steel@68856d4, v14 only,
 * `templates/sheets/actor/hero-sheet/header.hbs:18`). A core helper the harness does not imitate is refused on
 * both generations; one known on v13 only would be listed under 13 alone.
 */
export const CORE_HELPERS: Record<Generation, readonly string[]> = {
  13: ["localize", "concat"],
  14: ["localize", "concat"],
};

/**
 * Names Foundry registers as helpers on some generation (v13's `foundry.applications.handlebars` helpers as
 * D-applications §6 lists them; the v10/v13 HandlebarsHelpers pages): a bare use of one is a helper call in Foundry.
 */
export const FOUNDRY_HELPER_NAMES: readonly string[] = [
  "checked",
  "colorPicker",
  "concat",
  "disabled",
  "editor",
  "eq",
  "and",
  "or",
  "not",
  "filePicker",
  "formGroup",
  "formInput",
  "ifThen",
  "localize",
  "numberFormat",
  "numberInput",
  "object",
  "radioBoxes",
  "rangePicker",
  "select",
  "selectOptions",
  "timeSince",
];

/** The helpers a template may call on `generation`. */
export function knownHelpers(generation: Generation = GENERATION): string[] {
  return [...HANDLEBARS_HELPERS, ...CORE_HELPERS[generation], ...Object.keys(FRAY_HELPERS)];
}

/** Handlebars compile options that refuse an unknown helper called with arguments (`knownHelpersOnly`). */
export function compileOptions(generation: Generation = GENERATION): CompileOptions {
  return {
    strict: false,
    knownHelpers: Object.fromEntries(knownHelpers(generation).map((name) => [name, true])),
    knownHelpersOnly: true,
  };
}

type Node = { type: string; [key: string]: unknown };
type Path = { type: string; parts?: string[]; original?: string; data?: boolean; depth?: number };

/** The helper name a call-like node names, when its path is a plain identifier (not `this.x`, `../x`, `@x`). */
function plainName(path: Path | undefined): string | null {
  if (path?.type !== "PathExpression" || path.data || path.depth || path.parts?.length !== 1) return null;
  if (/^(this|\.)/.test(path.original ?? "")) return null;
  return path.parts[0] ?? null;
}

/**
 * Every use of a plain name in a helper's place in `source` (a template): a sub-expression, a mustache or block
 * with arguments (`bare` false: certainly a helper call), or a bare mustache or block (`bare`: a helper call only
 * if a helper of that name exists).
 */
export function helperCalls(source: string): { name: string; line: number; bare: boolean }[] {
  const calls: { name: string; line: number; bare: boolean }[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (!value || typeof value !== "object") return;
    const node = value as Node;
    if (
      node.type === "MustacheStatement" ||
      node.type === "BlockStatement" ||
      node.type === "SubExpression"
    ) {
      const name = plainName(node.path as Path);
      const params = (node.params as unknown[] | undefined) ?? [];
      const hashed = ((node.hash as { pairs?: unknown[] } | undefined)?.pairs ?? []).length > 0;
      const bare = node.type !== "SubExpression" && !params.length && !hashed;
      const line = (node.loc as { start?: { line?: number } } | undefined)?.start?.line ?? 0;
      if (name) calls.push({ name, line, bare });
    }
    for (const [key, child] of Object.entries(node)) if (key !== "loc") walk(child);
  };
  walk(Handlebars.parse(source));
  return calls;
}

/**
 * Throws when `source` calls a helper not known on `generation`. A bare block `{{#name}}` that is no helper is a
 * section over the context (allowed) unless `name` is one of Foundry's helpers.
 */
export function checkTemplateHelpers(
  source: string,
  file: string,
  generation: Generation = GENERATION,
): void {
  const known = new Set(knownHelpers(generation));
  for (const { name, line, bare } of helperCalls(source)) {
    if (known.has(name)) continue;
    if (bare && !FOUNDRY_HELPER_NAMES.includes(name)) continue;
    throw new Error(
      `${file}:${line}: {{${name}}} is not a helper known to exist on v${generation} ` +
        `(known: ${[...known].join(", ")}). v14's removed helpers could not all be listed, so the harness ` +
        `refuses any helper it does not positively know on that generation (tests/harness/template-helpers.ts).`,
    );
  }
}

/**
 * From now on, `env.registerHelper` refuses a name already registered: a core helper (registered before) that a
 * system's helper of the same name would silently replace (whether v14 added core helpers named like Fray's:
 * not known). Handlebars' own helpers count as registered.
 */
export function refuseHelperReplacement(env: typeof Handlebars): void {
  const register = env.registerHelper.bind(env) as (name: string, fn: Handlebars.HelperDelegate) => void;
  env.registerHelper = ((
    name: string | Record<string, Handlebars.HelperDelegate>,
    fn?: Handlebars.HelperDelegate,
  ) => {
    const entries = typeof name === "string" ? [[name, fn] as const] : Object.entries(name);
    for (const [key, helper] of entries) {
      if (Object.hasOwn(env.helpers, key))
        throw new Error(`a Handlebars helper named "${key}" is already registered: Fray's would replace it`);
      register(key, helper as Handlebars.HelperDelegate);
    }
  }) as typeof env.registerHelper;
}
