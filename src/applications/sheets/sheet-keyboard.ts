/**
 * Keyboard use of the sheets beyond what buttons give for free: an element that acts as a button without
 * being one (the portrait, which core's image picker needs as an <img>) is pressed with Enter or Space; the
 * tab buttons say which tab is shown (`aria-pressed`), kept in step when the tab changes. Both are idempotent,
 * so a re-render (or a v14 pop-out) may call them again.
 */

/** Enter and Space press `[role="button"]` elements that are not buttons, within `root`. Once per root. */
export function activateOnKeys(root: HTMLElement | null | undefined): void {
  if (!root || root.dataset.frayKeys) return;
  root.dataset.frayKeys = "listening";
  root.addEventListener("keydown", (event: KeyboardEvent) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    const target = event.target as HTMLElement | null;
    if (!target || target.tagName === "BUTTON" || target.getAttribute?.("role") !== "button") return;
    event.preventDefault();
    target.click();
  });
}

/** Marks the shown tab's button `aria-pressed="true"` and the others false. */
export function markTabs(root: HTMLElement | null | undefined): void {
  for (const button of root?.querySelectorAll<HTMLElement>("nav.fray-tabs [data-tab]") ?? [])
    button.setAttribute("aria-pressed", String(button.classList.contains("active")));
}
