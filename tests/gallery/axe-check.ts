/**
 * axe-core (https://github.com/dequelabs/axe-core) run inside a gallery page: the rules for colour contrast
 * and for controls, images and widgets without a label or an accessible name, limited to the sample frames.
 * `axeCheck` is self-contained (Playwright sends its source to the page, after axe.min.js was added).
 */
import { createRequire } from "node:module";

export const AXE_SCRIPT = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

export interface AxeFinding {
  readonly sample: string;
  readonly rule: string;
  readonly target: string;
  readonly detail: string;
}

export async function axeCheck(): Promise<AxeFinding[]> {
  const rules = [
    "color-contrast",
    "label",
    "select-name",
    "button-name",
    "input-button-name",
    "link-name",
    "image-alt",
    "role-img-alt",
    "svg-img-alt",
    "aria-input-field-name",
    "aria-toggle-field-name",
    "aria-command-name",
    "aria-meter-name",
    "aria-progressbar-name",
    "aria-tooltip-name",
    "summary-name",
  ];
  const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<AxeResults> } }).axe;
  interface AxeResults {
    violations: {
      id: string;
      nodes: { target: string[]; failureSummary?: string; any: { message: string }[] }[];
    }[];
  }
  const results = await axe.run(
    { include: [["[data-gallery-frame]"]] },
    { runOnly: { type: "rule", values: rules }, resultTypes: ["violations"] },
  );
  const findings: AxeFinding[] = [];
  for (const v of results.violations) {
    for (const node of v.nodes) {
      const selector = node.target[0] ?? "";
      const el = selector ? document.querySelector(selector) : null;
      el?.setAttribute("data-gallery-problem", v.id);
      findings.push({
        sample: el?.closest("[data-sample]")?.getAttribute("data-sample") ?? "?",
        rule: v.id,
        target: selector,
        detail: (node.any[0]?.message ?? node.failureSummary ?? "").slice(0, 160),
      });
    }
  }
  return findings;
}
