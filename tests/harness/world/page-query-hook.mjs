// A Node module resolve hook for the world harness (registered by tests/harness/world/page-imports.ts). Each client
// page imports the built system as `dist/fray.mjs?page=<name>`, so that every page gets its own module instance,
// as every browser does. A relative import made by one of the system's own files in dist/ (the self-test's chunk,
// `import("./fray-self-test.mjs")`, and that chunk's `import … from "./fray.mjs"`) would lose the query and load
// one copy shared by every page — or a second copy of fray.mjs. This hook carries the importer's `page` query
// over to those imports, and touches nothing else. No Fray logic lives here.
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  const parent = context.parentURL;
  if (!parent || !specifier.startsWith("./") || !parent.startsWith("file:")) return resolved;
  const from = new URL(parent);
  const page = from.searchParams.get("page");
  if (!page || !from.pathname.endsWith(".mjs")) return resolved;
  const url = new URL(resolved.url);
  if (url.protocol !== "file:" || dirname(fileURLToPath(url)) !== dirname(fileURLToPath(from)))
    return resolved;
  url.searchParams.set("page", page);
  return { ...resolved, url: url.href };
}
