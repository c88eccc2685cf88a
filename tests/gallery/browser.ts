/**
 * Debian's Chromium, driven by playwright-core (which never downloads a browser): headless, sandbox off
 * (CI runs as root), no network chatter, a fresh profile per run. Fails with the install command when the
 * browser, or on Linux a Japanese font, is missing.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext } from "playwright-core";

export const CHROMIUM_PATH = process.env.FRAY_CHROMIUM ?? "/usr/bin/chromium";
export const INSTALL_HINT = "apt-get install -y chromium fonts-ipafont-gothic";

const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Without a Japanese font every kanji is a box of the wrong width and the ja checks mean nothing. */
function checkJapaneseFont(): void {
  if (process.platform !== "linux") return;
  let fonts = "";
  try {
    fonts = execFileSync("fc-list", [":lang=ja", "family"], { encoding: "utf8" });
  } catch {
    return; // no fontconfig tools: leave it to the screenshots
  }
  if (!fonts.trim())
    throw new Error(
      `The gallery needs a Japanese font to measure Japanese text. Install one: ${INSTALL_HINT}`,
    );
}

export interface Chromium {
  readonly context: BrowserContext;
  close(): Promise<void>;
}

export async function launchChromium(): Promise<Chromium> {
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(
      `The gallery test drives Chromium, not found at ${CHROMIUM_PATH}. Install it (Debian): ${INSTALL_HINT} ` +
        "— or point FRAY_CHROMIUM at a Chromium binary.",
    );
  checkJapaneseFont();
  const profile = mkdtempSync(join(tmpdir(), "fray-gallery-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ARGS,
    viewport: { width: 1280, height: 900 },
    deviceScaleFactor: 1,
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
