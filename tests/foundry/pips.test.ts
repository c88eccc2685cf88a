/**
 * Issue 14: the budget panel shows a counter as pips (one dot per point, filled while left), beside the
 * number, and only for a count: metres and percentages stay words.
 */
import { describe, expect, it } from "vitest";
import { FRAY_HELPERS } from "../../src/applications/handlebars-helpers";

const html = (...args: unknown[]) =>
  (FRAY_HELPERS.pips as (...a: unknown[]) => { toHTML(): string })(...args).toHTML();

describe("the pips helper", () => {
  it("draws one dot per point of a count, the ones left filled, hidden from screen readers", () => {
    const out = html(1, 3, "FRAY.Budget.Value.count");
    expect(out).toContain('aria-hidden="true"');
    expect(out.match(/class="fray-pip is-left"/g)).toHaveLength(1);
    expect(out.match(/class="fray-pip"/g)).toHaveLength(2);
  });

  it("draws nothing for metres, percentages, or a count too large to read as dots", () => {
    expect(html(6, 12, "FRAY.Budget.Value.metres")).toBe("");
    expect(html(40, 100, "FRAY.Budget.Value.percent")).toBe("");
    expect(html(3, 12, "FRAY.Budget.Value.count")).toBe("");
    expect(html(0, 0, "FRAY.Budget.Value.count")).toBe("");
  });
});

describe("the percent helper (the Health bar's fill)", () => {
  it("is the value's whole percentage of the maximum, kept between 0 and 100", () => {
    const percent = (v: unknown, m: unknown) => FRAY_HELPERS.percent(v, m);
    expect(percent(7, 10)).toBe(70);
    expect(percent(-3, 10)).toBe(0);
    expect(percent(15, 10)).toBe(100);
    expect(percent(5, 0)).toBe(0);
  });
});
