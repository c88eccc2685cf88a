#!/usr/bin/env node
// `npm run gallery [-- <outDir>]`: every sheet, tracker part, chat card and dialog template rendered with the
// real handlebars in the five languages into static HTML (default .gallery/, git-ignored); open
// .gallery/index.html. The builder is TypeScript (tests/gallery/build.ts, shared with the gallery test), so
// it runs through Vite's SSR module loader: no extra dependency, no compile step, Vite's own transform.
// Exit status 1 when a template has no sample or a string is left untranslated. The layout checks and
// screenshots run in Chromium from the gallery test (npm test).
import { createServer } from "vite";

const outDir = process.argv[2] ?? ".gallery";
const server = await createServer({
  configFile: false,
  logLevel: "warn",
  appType: "custom",
  server: { middlewareMode: true, hmr: false, ws: false },
  optimizeDeps: { noDiscovery: true, include: [] },
});
try {
  // The stand-in globals first: the data models read `foundry.data.fields` when they load.
  await server.ssrLoadModule("/tests/harness/install.ts");
  const { buildGallery, summary } = await server.ssrLoadModule("/tests/gallery/build.ts");
  const report = await buildGallery(outDir);
  console.log(summary(report));
  if (report.uncovered.length || report.problems.length) process.exitCode = 1;
} finally {
  await server.close();
}
