/**
 * The gallery (tests/gallery/build.ts) in the five languages and both of Foundry v13's colour schemes: every
 * template under templates/ has a sample, every string is translated (the renderer throws on an unknown key;
 * the rendered text is scanned for raw `FRAY.`/`TYPES.` keys and `{placeholders}`), and in Chromium no text
 * overflows its box and axe-core finds no contrast, label or name violation. Screenshots of every sample go
 * to .gallery/screenshots/<lang>/<theme>/ (git-ignored).
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildGallery, LANGUAGES, pagePath, THEMES, type GalleryReport } from "./build";
import { launchChromium, type Chromium } from "./browser";
import { galleryLayoutCheck } from "./page-check";
import { AXE_SCRIPT, axeCheck, type AxeFinding } from "./axe-check";

const OUT = ".gallery";
let report: GalleryReport;

beforeAll(async () => {
  report = await buildGallery(OUT);
});

describe("the gallery", () => {
  it("has a sample for every template under templates/ (add missing ones in tests/gallery/samples/)", () => {
    expect(report.samples.length).toBeGreaterThan(0);
    expect(report.uncovered, "templates no gallery sample renders").toEqual([]);
  });

  it("renders every sample in the five languages with no untranslated key or leftover placeholder", () => {
    expect(report.problems.map((p) => `${p.lang} ${p.sample}: ${p.kind}: ${p.detail}`)).toEqual([]);
  });
});

describe("the gallery in Chromium", () => {
  let chromium: Chromium;
  beforeAll(async () => {
    chromium = await launchChromium();
  });
  afterAll(async () => {
    await chromium?.close();
  });

  it("the layout check finds overflow, clipped controls and broken words, and spares what scrolls or truncates", async () => {
    const page = await chromium.context.newPage();
    try {
      await page.setContent(`<!doctype html><html lang="en"><body style="font: 14px Arial, sans-serif">
<section data-sample="bad"><div data-gallery-frame style="width:200px">
  <div style="width:100px"><span style="white-space:nowrap">Unbreakable-label-that-is-far-too-long</span></div>
  <div style="height:20px"><p style="margin:0">one<br>two<br>three</p></div>
  <select style="width:50px"><option>Extraordinarily long choice</option></select>
  <input type="number" style="width:30px" value="123456">
  <p style="width:40px; overflow-wrap:anywhere">Duration</p>
</div></section>
<section data-sample="good"><div data-gallery-frame style="width:200px">
  <div style="height:20px; overflow-y:auto"><p style="margin:0">one<br>two<br>three</p></div>
  <div style="width:60px; overflow:hidden; text-overflow:ellipsis; white-space:nowrap">A name far too long</div>
  <span style="position:absolute; width:1px; height:1px; overflow:hidden; clip-path:inset(50%); white-space:nowrap">A hidden label</span>
  <p lang="ja" style="width:60px">日本語の文章は文字の間で折り返す</p>
  <p style="width:120px">Several short words wrap between words</p>
  <div hidden><div style="width:10px">xxxxxxxxxxxxxxxxxxxxxx</div></div>
</div></section></body></html>`);
      const problems = await page.evaluate(galleryLayoutCheck, false);
      expect(problems.filter((p) => p.sample === "good")).toEqual([]);
      expect(problems.map((p) => [p.kind, p.text]).sort()).toEqual(
        [
          ["broken-word", "Duration"],
          ["clipped-control", "123456"],
          ["clipped-control", "Extraordinarily long choice"],
          ["overflow-x", "Unbreakable-label-that-is-far-too-long"],
          ["overflow-y", "onetwothree"],
        ].sort(),
      );
    } finally {
      await page.close();
    }
  });

  it("axe-core finds a low contrast, an unlabelled field and a nameless button, in either scheme", async () => {
    const page = await chromium.context.newPage();
    try {
      await page.setContent(`<!doctype html><html lang="en"><head><title>t</title></head>
<body style="font: 14px Arial, sans-serif; background: #fff">
<section data-sample="bad"><div data-gallery-frame>
  <p style="color:#bbb">Faint text</p>
  <input type="number" value="3">
  <button type="button"><i class="fa-solid fa-dice"></i></button>
</div></section>
<section data-sample="good"><div data-gallery-frame style="background:#111; color:#eee">
  <p>Readable text</p>
  <label>Health <input type="number" value="3"></label>
  <button type="button" aria-label="Roll"><i class="fa-solid fa-dice" aria-hidden="true"></i></button>
</div></section></body></html>`);
      await page.addScriptTag({ path: AXE_SCRIPT });
      const findings = await page.evaluate(axeCheck);
      expect(findings.filter((f) => f.sample === "good")).toEqual([]);
      expect([...new Set(findings.map((f) => f.rule))].sort()).toEqual(
        ["button-name", "color-contrast", "label"].sort(),
      );
    } finally {
      await page.close();
    }
  });

  const runs = LANGUAGES.flatMap((lang) => THEMES.map((theme) => [lang, theme] as const));
  it.each(runs)(
    "%s, %s scheme: no text overflows its box, axe-core finds nothing (screenshots in .gallery/screenshots/)",
    async (lang, theme) => {
      const page = await chromium.context.newPage();
      try {
        await page.goto(pathToFileURL(resolve(OUT, pagePath(lang, theme))).href, { waitUntil: "load" });
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
        // Font Awesome's solid face must have loaded, or every icon is an empty square.
        expect(
          await page.evaluate(() => document.fonts.check('900 16px "Font Awesome 6 Free"')),
          "Font Awesome Free loaded",
        ).toBe(true);
        const problems = await page.evaluate(galleryLayoutCheck, true);
        const shots = join(OUT, "screenshots", lang, theme);
        rmSync(shots, { recursive: true, force: true });
        mkdirSync(shots, { recursive: true });
        // One clip of the page per sample, straight from the DevTools protocol (Playwright's element
        // screenshots wait and scroll for each, three times slower over 70 samples × 5 languages).
        const boxes = await page.evaluate(() =>
          Array.from(document.querySelectorAll<HTMLElement>("[data-sample] [data-gallery-frame]")).map(
            (frame) => {
              const r = frame.getBoundingClientRect();
              const id = frame.closest("[data-sample]")?.getAttribute("data-sample") ?? "";
              return { id, x: r.left + scrollX, y: r.top + scrollY, width: r.width, height: r.height };
            },
          ),
        );
        const cdp = await chromium.context.newCDPSession(page);
        for (const { id, ...clip } of boxes) {
          const { data } = await cdp.send("Page.captureScreenshot", {
            format: "png",
            clip: { ...clip, scale: 1 },
            captureBeyondViewport: true,
            optimizeForSpeed: true,
          });
          writeFileSync(join(shots, `${id}.png`), Buffer.from(data, "base64"));
        }
        expect(boxes.map((b) => b.id)).toEqual(report.samples.map((s) => s.id));
        expect(
          problems.map(
            (p) => `${lang} ${theme} ${p.sample}: ${p.kind} by ${p.excess}px at ${p.where} “${p.text}”`,
          ),
        ).toEqual([]);
        await page.addScriptTag({ path: AXE_SCRIPT });
        const findings: AxeFinding[] = await page.evaluate(axeCheck);
        expect(
          findings.map((f) => `${lang} ${theme} ${f.sample}: ${f.rule} at ${f.target} — ${f.detail}`),
        ).toEqual([]);
      } finally {
        await page.close();
      }
    },
  );
});
