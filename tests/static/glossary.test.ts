/**
 * Each language reads as if written by a player of that language (issue 13). lang/glossary/<lang>.json names the
 * one term for every game concept Fray shows (lang/glossary/concepts.json) and the variants that are wrong; this
 * test holds every string of lang/<lang>.json to it — the compendium texts too, which are translated there under
 * FRAY.Packs — and to the language's typography, and keeps the templates from putting English punctuation
 * around translated words.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const LANGUAGES = ["fr", "pl", "es", "ja"] as const;
type Language = (typeof LANGUAGES)[number];

type Forbidden = string | { pattern: string; only?: string[]; except?: string[]; why?: string };
interface Entry {
  term: string;
  forms?: string[];
  forbidden: Forbidden[];
}
interface Glossary {
  language: string;
  dice: string;
  terms: Record<string, Entry>;
}

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, "utf8"));
const concepts = Object.keys((readJson("lang/glossary/concepts.json") as { concepts: object }).concepts);
const glossary = (lang: Language) => readJson(`lang/glossary/${lang}.json`) as Glossary;

/** Every string of a language file, by dotted key. */
function strings(lang: string): [string, string][] {
  const out: [string, string][] = [];
  const walk = (node: unknown, prefix: string) => {
    if (typeof node === "string") out.push([prefix, node]);
    else if (node && typeof node === "object")
      for (const [k, v] of Object.entries(node)) walk(v, prefix ? `${prefix}.${k}` : k);
  };
  walk(readJson(join("lang", `${lang}.json`)), "");
  return out;
}

/** What a reader sees: markup and placeholders left out. */
const visible = (text: string) => text.replace(/<[^>]+>/g, " ").replace(/\{\w+\}/g, "{}");

/**
 * A term or variant as a regular expression: whole words in the alphabetic languages (no letter or digit on
 * either side), anywhere in Japanese; case-insensitive.
 */
function wordPattern(lang: Language, source: string): RegExp {
  return lang === "ja"
    ? new RegExp(source, "iu")
    : new RegExp(`(?<![\\p{L}\\p{N}])(?:${source})(?![\\p{L}\\p{N}])`, "iu");
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function applies(rule: Forbidden, key: string): boolean {
  if (typeof rule === "string") return true;
  if (rule.only && !rule.only.some((prefix) => key.startsWith(prefix))) return false;
  return !rule.except?.some((prefix) => key.startsWith(prefix));
}

/** The strings of `lang` that break `check`, as "key: text" lines (empty when none). */
function offenders(lang: string, check: (text: string, key: string) => boolean): string[] {
  return strings(lang)
    .filter(([key, text]) => check(text, key))
    .map(([key, text]) => `${key}: ${text}`);
}

describe.each(LANGUAGES)("the %s glossary", (lang) => {
  const { terms, dice } = glossary(lang);

  it("gives every concept one term, and names no concept that concepts.json lacks", () => {
    expect(Object.keys(terms).sort()).toEqual([...concepts].sort());
    const missing = concepts.filter((id) => !terms[id]?.term.trim());
    expect(missing).toEqual([]);
  });

  it("each term (or one of its forms) is the one the language file uses", () => {
    const texts = strings(lang).map(([, text]) => visible(text));
    const unused = concepts.filter((id) => {
      const entry = terms[id] as Entry;
      const patterns = [escapeRegExp(entry.term), ...(entry.forms ?? [])].map((p) => wordPattern(lang, p));
      return !texts.some((text) => patterns.some((pattern) => pattern.test(text)));
    });
    expect(unused).toEqual([]);
  });

  it.each(concepts)("%s: no string uses a wrong variant", (id) => {
    const rules = (terms[id] as Entry).forbidden;
    const found = rules.flatMap((rule) => {
      const pattern = wordPattern(lang, typeof rule === "string" ? rule : rule.pattern);
      return offenders(lang, (text, key) => applies(rule, key) && pattern.test(visible(text))).map(
        (line) => `${String(pattern)} in ${line}`,
      );
    });
    expect(found).toEqual([]);
  });

  it(`writes dice with ${dice}, the same way everywhere (3${dice}6, 1${dice}20, ${dice}100)`, () => {
    const other = dice === "k" ? "[dD]" : dice === "d" ? "[Dk]" : "";
    const wrong = new RegExp(`(?<![\\p{L}\\p{N}])\\d*${other}(?:4|6|8|10|12|20|100)(?![\\p{L}\\p{N}])`, "u");
    const fullWidth = /[０-９][ＤｄＫｋ][０-９]/;
    expect(offenders(lang, (text) => wrong.test(visible(text)) || fullWidth.test(text))).toEqual([]);
  });

  it("counts no plural with a bracketed ending (“avantage(s)”, “uczestnik(ów)”): plural keys or a phrase instead", () => {
    expect(
      offenders(lang, (text) => /\p{L}\((?:\p{Ll}{1,3})\)|\p{L}\/\p{Ll}{1,2}(?!\p{L})/u.test(text)),
    ).toEqual([]);
  });
});

describe("dice notation", () => {
  it("en writes dice with a lower-case d too (3d6, 1d20, d100), as the glossaries of fr, es and ja do", () => {
    const wrong = /(?<![\p{L}\p{N}])\d*[Dk](?:4|6|8|10|12|20|100)(?![\p{L}\p{N}])/u;
    expect(offenders("en", (text) => wrong.test(visible(text)))).toEqual([]);
    expect(LANGUAGES.filter((lang) => glossary(lang).dice !== "d")).toEqual(["pl"]);
  });
});

describe("typography", () => {
  it("fr: narrow no-break space (U+202F) before : ; ? ! and inside « », typographic apostrophe", () => {
    const bad = offenders("fr", (text) => {
      const t = visible(text);
      return (
        /(?<!\u202F)[;:!?]/.test(t) ||
        /«(?!\u202F)|(?<!\u202F)»/.test(t) ||
        t.includes("'") ||
        t.includes('"') ||
        /(?:\d|\{\})[ \u00A0]?%/.test(t.replace(/(?:\d|\{\})\u202F%/g, ""))
      );
    });
    expect(bad).toEqual([]);
  });

  it("es: every question and exclamation opens with ¿ and ¡", () => {
    const count = (text: string, ch: string) => text.split(ch).length - 1;
    const bad = offenders(
      "es",
      (text) => count(text, "?") !== count(text, "¿") || count(text, "!") !== count(text, "¡"),
    );
    expect(bad).toEqual([]);
  });

  it("ja: full-width punctuation, no ASCII ( ) : ; ! ? , and no space between Japanese and a number", () => {
    const cjk = "\\u3040-\\u30ff\\u4e00-\\u9fff";
    const spaced = new RegExp(`[${cjk}] +(?:\\d|\\{\\})|(?:\\d|\\{\\}) +[${cjk}]`);
    const bad = offenders("ja", (text) => {
      const t = visible(text);
      return /[():;!?,]/.test(t) || /(?<!\d)\.|\.(?!\d)/.test(t) || spaced.test(t);
    });
    expect(bad).toEqual([]);
  });

  it("ja: messages to the player are in the polite form — every sentence ending in 。 or ？ (compendium prose aside)", () => {
    const polite = /(?:です|ます|ません|ました|でした|ましょう|ください|でしょう)か?$/;
    const bad = offenders("ja", (text, key) => {
      if (key.startsWith("FRAY.Packs.")) return false;
      const sentences = visible(text)
        .split(/[。？]/)
        .slice(0, -1);
      return sentences.some((s) => !polite.test(s.replace(/（[^（）]*）$/, "").trim()));
    });
    expect(bad).toEqual([]);
  });

  it("ja: every refusal is a whole sentence (ends in 。), so the polite form is checked on all of them", () => {
    expect(offenders("ja", (text, key) => key.startsWith("FRAY.Refusal.") && !text.endsWith("。"))).toEqual(
      [],
    );
  });

  it("the punctuation around translated words in templates is each language's own (FRAY.Punctuation)", () => {
    const fr = Object.fromEntries(strings("fr"));
    const ja = Object.fromEntries(strings("ja"));
    expect(fr["FRAY.Punctuation.labelled"]).toBe("{label}\u202F: ");
    expect(ja["FRAY.Punctuation.labelled"]).toBe("{label}：");
    expect(ja["FRAY.Punctuation.parenthetical"]).toBe("（{text}）");
    expect(ja["FRAY.Punctuation.listSeparator"]).toBe("、");
  });
});

describe("templates", () => {
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((f) => {
      const path = join(dir, f);
      return statSync(path).isDirectory() ? files(path) : path.endsWith(".hbs") ? [path] : [];
    });

  it("put no colon after, and no parentheses around, a translated word or a name: the lang files do", () => {
    const bad = files("templates").flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .map((line, i) => ({
          line: line.replace(/\{\{!--[^]*?--\}\}|\{\{![^]*?\}\}/g, ""),
          at: `${file}:${i + 1}`,
        }))
        .filter(({ line }) => /\}\}\s*[:;]|\(\{\{(?!\/)|\}\}\)/.test(line))
        .map(({ at, line }) => `${at}: ${line.trim()}`),
    );
    expect(bad).toEqual([]);
  });

  it("write no separator, dash, multiplication sign or placeholder glyph of their own (—, –, ·, ・, ×): FRAY.Punctuation does", () => {
    const bad = files("templates").flatMap((file) =>
      readFileSync(file, "utf8")
        .replace(/\{\{!--[^]*?--\}\}|\{\{![^]*?\}\}/g, (comment) => comment.replace(/[^\n]/g, ""))
        .split("\n")
        .map((line, i) => ({ line, at: `${file}:${i + 1}` }))
        .filter(({ line }) => /[—–·・×]/.test(line))
        .map(({ at, line }) => `${at}: ${line.trim()}`),
    );
    expect(bad).toEqual([]);
  });
});
