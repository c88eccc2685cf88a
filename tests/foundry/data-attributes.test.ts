/**
 * HTML lowercases attribute names: a `data-useStandard` written in markup reaches a handler as
 * `dataset.usestandard`, and `dataset.useStandard` is undefined (issue 11, defect 9: CD-A2, CD-A4 and CD-A5 were
 * lost so). Every `data-*` name Fray writes is kebab-case, and names built from data go through the
 * `dataAttributes` helper, which turns a camelCase key into the name whose `dataset` key it is.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { dataAttributeName, FRAY_HELPERS } from "../../src/applications/handlebars-helpers";
import { templateEnvironment } from "../harness/templates";
import { mount } from "../harness/dom";

function files(dir: string, ext: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name), ext) : e.name.endsWith(ext) ? [join(dir, e.name)] : [],
  );
}

/** The file's text without comments (a comment may name a wrong attribute to say why). */
const hbsCode = (text: string) =>
  text.replace(/\{\{!--[\s\S]*?--\}\}/g, "").replace(/\{\{![\s\S]*?\}\}/g, "");
const tsCode = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:])\/\/[^\n]*/g, "$1");

/** `data-` names with a capital letter, and `data-` names built (in part) from a value. */
function offences(code: string): string[] {
  return [
    ...[...code.matchAll(/data-[A-Za-z0-9_-]*[A-Z][A-Za-z0-9_-]*/g)].map((m) => m[0]),
    ...[...code.matchAll(/data-[A-Za-z0-9_-]*(\{\{|\$\{)/g)].map((m) => `${m[0]}…`),
  ];
}

describe("data-* attribute names", () => {
  it("no template writes a data-* name with a capital letter or built from a key", () => {
    const found = files("templates", ".hbs").flatMap((file) =>
      offences(hbsCode(readFileSync(file, "utf8"))).map((o) => `${file}: ${o}`),
    );
    expect(found).toEqual([]);
  });

  it("no source builds HTML or selectors with a data-* name that has a capital letter or is built from a value", () => {
    // The helper is the one place that builds names, and it builds them kebab-case (tested below).
    const found = files("src", ".ts")
      .filter((file) => !file.endsWith(join("applications", "handlebars-helpers.ts")))
      .flatMap((file) => offences(tsCode(readFileSync(file, "utf8"))).map((o) => `${file}: ${o}`));
    expect(found).toEqual([]);
  });

  it("the scan finds what it is for", () => {
    expect(
      offences(hbsCode('<b {{#each data}}data-{{@key}}="{{this}}"{{/each}} data-useStandard="x">')),
    ).toEqual(["data-useStandard", "data-{{…"]);
    expect(offences(tsCode("const a = `<b data-${key}=1>`; // data-okInAComment"))).toEqual(["data-${…"]);
  });

  it("dataAttributes names each key so that the browser's dataset gives back the same keys and values", () => {
    const data = { useStandard: "true", allowsStep: "false", canBeStandard: "true", kind: `"<b>"&'` };
    const html = templateEnvironment("en").compile("<button {{dataAttributes data}}>x</button>")({ data });
    expect(html).toContain('data-use-standard="true"');
    const button = mount(html).querySelector("button") as HTMLElement;
    expect({ ...button.dataset }).toEqual(data);
  });

  it("dataAttributes refuses a key no dataset can carry, and writes nothing for no data", () => {
    expect(() => dataAttributeName("UseStandard")).toThrow();
    expect(() => dataAttributeName("use-standard")).toThrow();
    expect(dataAttributeName("fray2d6")).toBe("data-fray2d6");
    expect(String(FRAY_HELPERS.dataAttributes(undefined))).toBe("");
  });
});
