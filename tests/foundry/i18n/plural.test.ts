/**
 * Plural forms (src/utils/loc.ts): Foundry's i18n has none, so `loc` picks `<key>_one`/`_few`/`_many` by
 * `Intl.PluralRules` of `game.i18n.lang` when the data carries a whole-number `count`. Polish needs three forms
 * for whole numbers (1 uczestnik, 3 uczestnicy, 5 uczestników), English two, Japanese one.
 */
import { afterEach, describe, expect, it } from "vitest";
import { loc, locHtml, pluralKey } from "../../../src/utils/loc";
import { harness } from "../../harness/install";
import { loadLanguage } from "../../harness/templates";

const KEY = "FRAY.Refusal.initiativeMissing";

function speak(lang: string): void {
  harness.translations = loadLanguage(lang);
  game.i18n.lang = lang;
}

afterEach(() => speak("en"));

describe("plural forms in loc()", () => {
  it("Polish: one, few and many forms by the count, the few form again from 22", () => {
    speak("pl");
    expect(loc(KEY, { count: 1 })).toBe("1 uczestnik walki nie wykonał jeszcze testu na inicjatywę.");
    expect(loc(KEY, { count: 3 })).toBe("3 uczestnicy walki nie wykonali jeszcze testu na inicjatywę.");
    expect(loc(KEY, { count: 5 })).toBe("5 uczestników walki nie wykonało jeszcze testu na inicjatywę.");
    expect(loc(KEY, { count: 12 })).toBe("12 uczestników walki nie wykonało jeszcze testu na inicjatywę.");
    expect(loc(KEY, { count: 22 })).toBe("22 uczestnicy walki nie wykonali jeszcze testu na inicjatywę.");
  });

  it("a count given as a string (as locHtml and the refusals' data pass it) chooses the same form", () => {
    speak("pl");
    expect(locHtml(KEY, { count: "4" })).toBe("4 uczestnicy walki nie wykonali jeszcze testu na inicjatywę.");
  });

  it("English: one and other; Japanese: one form for every count", () => {
    expect(loc(KEY, { count: 1 })).toBe("1 combatant has not rolled initiative yet.");
    expect(loc(KEY, { count: 2 })).toBe("2 combatants have not rolled initiative yet.");
    speak("ja");
    expect(loc(KEY, { count: 1 })).toBe(loc(KEY, { count: 7 }).replace("7", "1"));
  });

  it("a key without keyed forms, or data without a whole count, is the key itself", () => {
    speak("pl");
    expect(pluralKey("FRAY.Refusal.stepTooLong", 3)).toBe("FRAY.Refusal.stepTooLong");
    expect(pluralKey(KEY, 2.5)).toBe(KEY);
    expect(pluralKey(KEY, "two")).toBe(KEY);
    expect(pluralKey(KEY, undefined)).toBe(KEY);
    expect(pluralKey(KEY, 3)).toBe(`${KEY}_few`);
  });
});
