// Build: one ES-module bundle (dist/fray.mjs + source map), the self-test's own chunk (dist/fray-self-test.mjs,
// loaded by a dynamic import only when a GM runs "Check Fray in this world", or a GM's client tells a player's
// client to play its part), and one stylesheet (dist/fray.css).
// Dev: a server on 30001 that serves the system under /systems/fray/ from the sources and proxies
// everything else (websocket included) to a Foundry running on 30000.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Plugin, ViteDevServer } from "vite";
import { defineConfig } from "vite";

const SYSTEM_ID = "fray";
const BASE = `/systems/${SYSTEM_ID}/`;
const FOUNDRY = "http://localhost:30000";

/** Serves the files Foundry asks for by the manifest's names from the sources, and pushes
 * template and language changes to the client (see src/dev/hot-reload.ts). */
function foundryDev(): Plugin {
  return {
    name: "fray-foundry-dev",
    apply: "serve",
    configureServer(server: ViteDevServer) {
      server.middlewares.use((req, res, next) => {
        const url = req.url ?? "";
        if (url.startsWith(`${BASE}${SYSTEM_ID}.mjs`)) {
          res.setHeader("Content-Type", "text/javascript");
          res.end(`import "${BASE}src/index.ts";\n`);
          return;
        }
        if (url.startsWith(`${BASE}${SYSTEM_ID}.css`)) {
          // In dev the styles arrive through the module graph (and hot-reload there).
          res.setHeader("Content-Type", "text/css");
          res.end("");
          return;
        }
        if (url.startsWith(`${BASE}system.json`)) {
          res.setHeader("Content-Type", "application/json");
          res.end(readFileSync(resolve("system.json")));
          return;
        }
        next();
      });
    },
    handleHotUpdate({ file, server }) {
      const rel = file.slice(resolve(".").length + 1).replaceAll("\\", "/");
      if (rel.startsWith("templates/") && rel.endsWith(".hbs")) {
        const content = readFileSync(file, "utf8");
        server.ws.send({
          type: "custom",
          event: "fray:template",
          data: { path: `${BASE}${rel}`.slice(1), content },
        });
        return [];
      }
      if (rel.startsWith("lang/") && rel.endsWith(".json")) {
        try {
          const content = JSON.parse(readFileSync(file, "utf8")) as unknown;
          const lang = rel.slice("lang/".length, -".json".length);
          server.ws.send({ type: "custom", event: "fray:lang", data: { lang, content } });
        } catch (error) {
          server.config.logger.error(`${rel}: ${(error as Error).message}`);
        }
        return [];
      }
      return undefined;
    },
  };
}

export default defineConfig({
  base: BASE,
  publicDir: false,
  server: {
    port: 30001,
    strictPort: true,
    open: false,
    proxy: {
      [`^(?!${BASE})`]: { target: FOUNDRY, ws: true, changeOrigin: false },
      "/socket.io": { target: FOUNDRY.replace("http", "ws"), ws: true },
    },
  },
  plugins: [foundryDev()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    minify: false,
    target: "es2022",
    lib: {
      entry: resolve("src/index.ts"),
      formats: ["es"],
      fileName: () => `${SYSTEM_ID}.mjs`,
      cssFileName: SYSTEM_ID,
    },
    rolldownOptions: {
      // The code the self-test shares with the rest stays in fray.mjs (which may then export it: nothing else
      // imports fray.mjs), so the one other chunk is the self-test's own: fray-self-test.mjs.
      preserveEntrySignatures: "allow-extension",
      output: { chunkFileNames: `${SYSTEM_ID}-[name].mjs` },
    },
  },
});
