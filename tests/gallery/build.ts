/**
 * Builds the gallery: every sample (tests/gallery/samples/) rendered in each of the five languages with the
 * real handlebars environment of tests/harness/templates.ts (our helpers and partials, a `localize` that
 * throws on an unknown key), wrapped in its frame, with fray.css compiled from styles/ and the gallery's base
 * stylesheet. Writes `<outDir>/<lang>/index.html` (one section per sample), `<outDir>/index.html` and
 * `<outDir>/report.json`, and returns the report: templates without a sample, render errors, raw i18n keys or
 * `{placeholders}` left in the text. The layout (overflow) is checked in a browser by gallery.test.ts.
 *
 * Runs inside Vitest (the gallery test) and from `npm run gallery` (tools/gallery.mjs, through Vite's SSR
 * loader); either way the harness globals are installed first (below).
 */
import { harness } from "../harness/install";
import { copyFileSync, cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import * as sass from "sass";
import { TEMPLATE_PARTIALS } from "../../src/applications/templates";
import { fileOf, loadLanguage, templateEnvironment } from "../harness/templates";
import { escapeHtml, frameHtml, type RenderedPart } from "./frames";
import { galleryLayoutCheck } from "./page-check";
import type { GallerySample } from "./sample";
import { SAMPLE_SOURCES } from "./samples";

export const LANGUAGES = ["en", "fr", "pl", "es", "ja"] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * Foundry v13's two colour schemes. Core marks the interface's scheme on <body> (`theme-light`/`theme-dark`)
 * and an application that overrides it on its own element (`themed theme-dark`). Every sample is rendered in
 * both; the page's <body> carries the OTHER scheme, so a style that only follows a parent's class shows wrong.
 */
export const THEMES = ["light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

/** The page of one language in one scheme, relative to the gallery's directory. */
export const pagePath = (lang: Language, theme: Theme) => `${lang}/${theme}.html`;

/** Font Awesome Free (the icon font Foundry v13 ships a Pro version of), copied beside the pages. */
const FONT_AWESOME = "node_modules/@fortawesome/fontawesome-free";

const HERE = dirname(fileURLToPath(import.meta.url));

export interface RenderProblem {
  readonly sample: string;
  readonly lang: Language;
  readonly kind: "render" | "raw-key" | "placeholder" | "duplicate-id";
  readonly detail: string;
}

export interface GalleryReport {
  readonly outDir: string;
  readonly samples: readonly { id: string; title: string; templates: readonly string[] }[];
  /** Template files under templates/ that no sample renders (directly or as a partial). */
  readonly uncovered: readonly string[];
  readonly problems: readonly RenderProblem[];
  readonly ms: number;
}

/** Every `.hbs` file under templates/, as `templates/…` paths. */
export function templateFiles(dir = "templates"): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? templateFiles(join(dir, e.name)) : e.name.endsWith(".hbs") ? [join(dir, e.name)] : [],
    )
    .map((p) => p.split("\\").join("/"))
    .sort();
}

/** The templates a template includes as partials, by registered name or by path, transitively. */
function withPartials(template: string, seen = new Set<string>()): Set<string> {
  if (seen.has(template)) return seen;
  seen.add(template);
  const source = readFileSync(template, "utf8");
  for (const m of source.matchAll(/\{\{#?>\s*"?([\w./-]+)"?/g)) {
    const name = m[1] as string;
    const path = TEMPLATE_PARTIALS[name] ?? (name.endsWith(".hbs") ? name : null);
    if (path) withPartials(fileOf(path), seen);
  }
  return seen;
}

const RAW_KEY = /\b(?:FRAY|TYPES)\.[A-Za-z][\w-]*(?:\.[\w-]+)*/g;
const PLACEHOLDER = /\{[A-Za-z_]\w*\}/g;
const TEXT_ATTRIBUTES = /\s(?:aria-label|title|placeholder|alt|data-tooltip|label)="([^"]*)"/g;

/** What a user reads in rendered HTML: the text between tags and the attributes that are shown or spoken. */
function readableText(html: string): string[] {
  const withoutComments = html.replace(/<!--[\s\S]*?-->/g, "");
  const texts = withoutComments.replace(/<[^>]*>/g, "\n").split("\n");
  for (const m of withoutComments.matchAll(TEXT_ATTRIBUTES)) texts.push(m[1] as string);
  return texts.map((t) => t.trim()).filter(Boolean);
}

function scan(sample: string, lang: Language, html: string): RenderProblem[] {
  const problems: RenderProblem[] = [];
  for (const text of readableText(html)) {
    for (const m of text.matchAll(RAW_KEY))
      problems.push({ sample, lang, kind: "raw-key", detail: `${m[0]} in "${text.slice(0, 100)}"` });
    for (const m of text.matchAll(PLACEHOLDER))
      problems.push({ sample, lang, kind: "placeholder", detail: `${m[0]} in "${text.slice(0, 100)}"` });
  }
  return problems;
}

/** A neutral square for every image (the pages load nothing from outside). */
const PLACEHOLDER_IMAGE =
  "data:image/svg+xml," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8" fill="#8f8a7e"/><circle cx="4" cy="3" r="1.6" fill="#cfcabf"/><rect x="1.5" y="5.2" width="5" height="2.8" rx="1.4" fill="#cfcabf"/></svg>',
  );
const localImages = (html: string) => html.replace(/\ssrc="(?!data:)[^"]*"/g, ` src="${PLACEHOLDER_IMAGE}"`);

function page(lang: Language, theme: Theme, sections: string[], ids: readonly { id: string }[]): string {
  const links = LANGUAGES.flatMap((l) =>
    THEMES.map(
      (t) =>
        `<a href="../${pagePath(l, t)}"${l === lang && t === theme ? ' aria-current="page"' : ""}>${l} ${t}</a>`,
    ),
  ).join("");
  const other = theme === "light" ? "dark" : "light";
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<title>Fray gallery (${lang}, ${theme})</title>
<link rel="stylesheet" href="../fontawesome/css/all.min.css">
<link rel="stylesheet" href="../base.css">
<link rel="stylesheet" href="../fray.css">
<script>window.galleryLayoutCheck = ${galleryLayoutCheck.toString()};</script>
</head>
<body class="gallery theme-${other}">
<nav class="gallery-nav">${links} · ${ids.length} samples · problems are outlined in red</nav>
<p class="gallery-summary" id="gallery-summary"></p>
<main>
${sections.join("\n")}
</main>
<script>
addEventListener("load", () => {
  const problems = window.galleryLayoutCheck(true);
  document.getElementById("gallery-summary").textContent = problems.length
    ? problems.length + " layout problem(s): " + problems.map((p) => p.sample + " " + p.kind + " " + p.where).join(" | ")
    : "No layout problem.";
});
</script>
</body>
</html>
`;
}

function indexPage(report: Omit<GalleryReport, "outDir" | "ms">): string {
  const rows = report.samples
    .map(
      (s) =>
        `<li><code>${s.id}</code> — ${escapeHtml(s.title)} <small>(${s.templates.join(", ")})</small></li>`,
    )
    .join("\n");
  const problems = [
    ...report.uncovered.map((t) => `no sample renders ${t}`),
    ...report.problems.map((p) => `${p.lang} ${p.sample}: ${p.kind} ${p.detail}`),
  ];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Fray gallery</title><link rel="stylesheet" href="base.css"></head>
<body class="gallery">
<nav class="gallery-nav">${LANGUAGES.flatMap((l) => THEMES.map((t) => `<a href="${pagePath(l, t)}">${l} ${t}</a>`)).join("")}</nav>
<div class="gallery-summary">
<p>${report.samples.length} samples in ${LANGUAGES.length} languages.</p>
${problems.length ? `<pre class="gallery-error">${escapeHtml(problems.join("\n"))}</pre>` : "<p>Every template has a sample; every string is translated.</p>"}
<ul>${rows}</ul>
</div>
</body></html>
`;
}

/**
 * All samples, area by area (in order: the chat flows and the sheets share the harness world). An area that
 * fails to set up is reported and the others still render.
 */
export async function loadSamples(): Promise<{ samples: GallerySample[]; problems: RenderProblem[] }> {
  const samples: GallerySample[] = [];
  const problems: RenderProblem[] = [];
  for (const source of SAMPLE_SOURCES) {
    try {
      samples.push(...(await source()));
    } catch (error) {
      const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
      problems.push({
        sample: source.name,
        lang: "en",
        kind: "render",
        detail: `setting up the samples: ${detail}`,
      });
    }
  }
  return { samples, problems };
}

export async function buildGallery(outDir = ".gallery"): Promise<GalleryReport> {
  const started = performance.now();
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, "fray.css"), sass.compile("styles/fray.scss").css);
  copyFileSync(join(HERE, "base.css"), join(outDir, "base.css"));
  mkdirSync(join(outDir, "fontawesome", "css"), { recursive: true });
  copyFileSync(join(FONT_AWESOME, "css", "all.min.css"), join(outDir, "fontawesome", "css", "all.min.css"));
  cpSync(join(FONT_AWESOME, "webfonts"), join(outDir, "fontawesome", "webfonts"), { recursive: true });

  const { samples, problems } = await loadSamples();
  const seen = new Set<string>();
  for (const s of samples) {
    if (seen.has(s.id))
      problems.push({ sample: s.id, lang: "en", kind: "duplicate-id", detail: "two samples share this id" });
    seen.add(s.id);
  }

  const used = new Map<string, Set<string>>();
  const previous = harness.translations;
  try {
    for (const lang of LANGUAGES) {
      harness.translations = loadLanguage(lang);
      const env = templateEnvironment(lang);
      const sections: Record<Theme, string[]> = { light: [], dark: [] };
      for (const sample of samples) {
        let body: Record<Theme, string>;
        try {
          const parts = await sample.parts();
          const rendered: RenderedPart[] = parts.map((p) => ({
            html: env.render(fileOf(p.template), p.context),
            slot: p.slot,
          }));
          const templates = used.get(sample.id) ?? new Set<string>();
          for (const p of parts) templates.add(fileOf(p.template));
          used.set(sample.id, templates);
          const framed = (theme: Theme) =>
            localImages(frameHtml(sample.frame, rendered, env.localize, theme));
          body = { light: framed("light"), dark: framed("dark") };
          problems.push(...scan(sample.id, lang, body.light));
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          problems.push({ sample: sample.id, lang, kind: "render", detail: message });
          const shown = `<pre class="gallery-error">${escapeHtml(message)}</pre>`;
          body = { light: shown, dark: shown };
        }
        for (const theme of THEMES)
          sections[theme].push(
            `<section class="gallery-sample" id="${sample.id}" data-sample="${sample.id}">
<h2 class="gallery-title"><a href="#${sample.id}">${sample.id}</a> — ${escapeHtml(sample.title)}</h2>
${body[theme]}
</section>`,
          );
      }
      mkdirSync(join(outDir, lang), { recursive: true });
      for (const theme of THEMES)
        writeFileSync(join(outDir, pagePath(lang, theme)), page(lang, theme, sections[theme], samples));
    }
  } finally {
    harness.translations = previous;
  }

  const covered = new Set<string>();
  for (const templates of used.values())
    for (const t of templates) for (const c of withPartials(t)) covered.add(c);
  const uncovered = templateFiles().filter((t) => !covered.has(t));

  const body = {
    samples: samples.map((s) => ({ id: s.id, title: s.title, templates: [...(used.get(s.id) ?? [])] })),
    uncovered,
    problems,
  };
  writeFileSync(join(outDir, "index.html"), indexPage(body));
  const report: GalleryReport = { outDir, ...body, ms: Math.round(performance.now() - started) };
  writeFileSync(join(outDir, "report.json"), `${JSON.stringify(report, null, 2)}\n`);
  return report;
}

/** The report as lines for a terminal. */
export function summary(report: GalleryReport): string {
  const lines = [
    `Gallery: ${report.samples.length} samples × ${LANGUAGES.length} languages in ${report.ms} ms → ${relative(".", join(report.outDir, "index.html"))}`,
  ];
  for (const t of report.uncovered)
    lines.push(`  no sample renders ${t} (add one in tests/gallery/samples/)`);
  for (const p of report.problems) lines.push(`  ${p.lang} ${p.sample}: ${p.kind}: ${p.detail}`);
  return lines.join("\n");
}
