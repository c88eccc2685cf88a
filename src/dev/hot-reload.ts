import type { ViteHotContext } from "vite/types/hot.js";
/**
 * Dev-server hot reload (npm run dev): vite.config.ts pushes changed templates and language files;
 * we recompile or merge them and re-render the open windows. Never runs in a built system.
 */
interface TemplateUpdate {
  path: string;
  content: string;
}
interface LanguageUpdate {
  lang: string;
  content: Record<string, unknown>;
}

function rerenderAll(): void {
  for (const app of foundry.applications.instances.values()) if (app.rendered) void app.render();
  ui.combat?.render();
  ui.chat?.render();
}

export function installHotReload(hot: ViteHotContext): void {
  hot.on("fray:template", (data) => {
    const { path, content } = data as TemplateUpdate;
    const compiled = Handlebars.compile(content);
    Handlebars.registerPartial(path, compiled);
    const cache = (globalThis as { _templateCache?: Record<string, unknown> })._templateCache;
    if (cache) cache[path] = compiled;
    rerenderAll();
  });
  hot.on("fray:lang", (data) => {
    const { lang, content } = data as LanguageUpdate;
    if (lang !== game.i18n.lang && lang !== "en") return;
    const target = lang === game.i18n.lang ? game.i18n.translations : null;
    if (target) foundry.utils.mergeObject(target, content);
    rerenderAll();
  });
}
