/**
 * The layout check the gallery runs in the browser. `galleryLayoutCheck` is self-contained (no imports, no
 * outer names): Playwright sends its source to the page, and the gallery pages inline it so that opening
 * one by hand outlines the same problems.
 *
 * In every `[data-gallery-frame]`: an element that is not meant to scroll (overflow not auto/scroll) and
 * does not truncate on purpose (text-overflow: ellipsis) must hold its content — `scrollWidth` and
 * `scrollHeight` within its client box (1 px of rounding allowed); a form control's text (an input's value,
 * a select's chosen option) must fit inside it; and no word of an alphabetic script may be split across two
 * lines ("Durati/on"): `overflow-wrap: anywhere` turns an overflow into a broken word, which is the same
 * fault. Only the innermost offender of each kind is reported (its ancestors overflow because of it).
 * Visually hidden text (clip-path) is skipped.
 */
export interface LayoutProblem {
  readonly sample: string;
  readonly kind: "overflow-x" | "overflow-y" | "clipped-control" | "broken-word";
  /** The element's path from the frame: `tag.class > tag.class …`. */
  readonly where: string;
  /** The start of its text. */
  readonly text: string;
  /** By how many pixels the content exceeds the box. */
  readonly excess: number;
}

export function galleryLayoutCheck(mark: boolean): LayoutProblem[] {
  const tolerance = 1;
  const scrolls = (value: string) => value === "auto" || value === "scroll";
  const skipTags = new Set(["IMG", "I", "OPTION", "BR", "HR", "TEXTAREA", "SCRIPT", "STYLE"]);
  const context = document.createElement("canvas").getContext("2d");
  const problems: LayoutProblem[] = [];

  for (const frame of Array.from(document.querySelectorAll<HTMLElement>("[data-gallery-frame]"))) {
    const sample = frame.closest("[data-sample]")?.getAttribute("data-sample") ?? "?";
    const clipped = (el: Element): boolean => {
      for (let n: Element | null = el; n && n !== frame.parentElement; n = n.parentElement) {
        if (getComputedStyle(n).clipPath !== "none") return true;
      }
      return false;
    };
    const where = (el: Element): string => {
      const steps: string[] = [];
      for (let n: Element | null = el; n && n !== frame.parentElement; n = n.parentElement) {
        const classes = Array.from(n.classList).slice(0, 3);
        steps.unshift([n.tagName.toLowerCase(), ...classes].join("."));
      }
      return steps.join(" > ");
    };
    const textOf = (el: Element): string => {
      const raw =
        el instanceof HTMLInputElement
          ? el.value || el.placeholder
          : el instanceof HTMLSelectElement
            ? (el.selectedOptions[0]?.text ?? "")
            : (el.textContent ?? "");
      return raw.replace(/\s+/g, " ").trim().slice(0, 80);
    };
    const found: { el: HTMLElement; kind: LayoutProblem["kind"]; excess: number }[] = [];

    for (const el of [frame, ...Array.from(frame.querySelectorAll<HTMLElement>("*"))]) {
      if (!(el instanceof HTMLElement) || skipTags.has(el.tagName)) continue;
      if (el.getClientRects().length === 0) continue; // not displayed
      const style = getComputedStyle(el);
      if (style.visibility === "hidden" || clipped(el)) continue;

      if (el instanceof HTMLInputElement) {
        // Chromium reports an input's inner text (and a number's spin buttons) in scrollWidth.
        if (!["text", "number", "search"].includes(el.type) || !textOf(el)) continue;
        const excess = el.scrollWidth - el.clientWidth;
        if (excess > tolerance) found.push({ el, kind: "clipped-control", excess });
        continue;
      }
      if (el instanceof HTMLSelectElement) {
        // A select clips its chosen option silently: measure the text against the room inside.
        const text = textOf(el);
        if (!text || !context) continue;
        context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const needed = context.measureText(text).width;
        const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        if (needed > room + tolerance) found.push({ el, kind: "clipped-control", excess: needed - room });
        continue;
      }
      if (style.display === "inline") continue; // inline boxes are measured by their block container
      if (!scrolls(style.overflowX) && style.textOverflow !== "ellipsis") {
        const excess = el.scrollWidth - el.clientWidth;
        if (excess > tolerance) found.push({ el, kind: "overflow-x", excess });
      }
      if (!scrolls(style.overflowY)) {
        const excess = el.scrollHeight - el.clientHeight;
        if (excess > tolerance) found.push({ el, kind: "overflow-y", excess });
      }
    }

    // Words of alphabetic scripts split over two lines (CJK text breaks between any characters by design).
    const walker = document.createTreeWalker(frame, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.getClientRects().length === 0 || clipped(parent)) continue;
      for (const m of (node.textContent ?? "").matchAll(
        /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{M}'’]{2,}/gu,
      )) {
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set(
          Array.from(range.getClientRects())
            .filter((r) => r.width > 0)
            .map((r) => Math.round(r.top)),
        );
        if (tops.size > 1) {
          const el = parent as HTMLElement;
          if (mark) el.setAttribute("data-gallery-problem", "broken-word");
          problems.push({ sample, kind: "broken-word", where: where(el), text: m[0], excess: tops.size - 1 });
        }
      }
    }

    for (const f of found) {
      const inner = found.some((g) => g !== f && g.kind === f.kind && f.el.contains(g.el));
      if (inner) continue;
      if (mark) f.el.setAttribute("data-gallery-problem", f.kind);
      problems.push({
        sample,
        kind: f.kind,
        where: where(f.el),
        text: textOf(f.el),
        excess: Math.round(f.excess),
      });
    }
  }
  return problems;
}
