/**
 * The markup Foundry puts around our templates, approximated for the gallery (our own markup and class
 * names as Foundry v13 documents them; never Foundry's templates): an application window, the sidebar's
 * combat tab, a chat message in the chat log, a dialog. `data-gallery-frame` marks what the checks measure.
 */
import type { GalleryFrame } from "./sample";

export interface RenderedPart {
  readonly html: string;
  readonly slot?: "flavor" | "content" | undefined;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Where core draws an icon (Font Awesome Free stands in for the Pro font Foundry ships). */
const icon = (name: string) => `<i class="fa-solid ${name}" aria-hidden="true"></i>`;

export function frameHtml(
  frame: GalleryFrame,
  parts: readonly RenderedPart[],
  localize: (key: string) => string,
  theme: "light" | "dark",
): string {
  // Foundry v13 marks a themed application on its own element; the sidebar follows the interface's scheme.
  const themed = `themed theme-${theme}`;
  const body = (slot?: "flavor" | "content") =>
    parts
      .filter((p) => (p.slot ?? "content") === (slot ?? "content"))
      .map((p) => p.html)
      .join("\n");
  switch (frame.kind) {
    case "sheet": {
      const [first, ...rest] = parts;
      const tabs = frame.tabs
        ? `<nav class="tabs sheet-tabs" data-group="primary">${frame.tabs.ids
            .map(
              (id) =>
                `<a class="item${id === frame.tabs?.active ? " active" : ""}" data-tab="${id}" data-group="primary">${escapeHtml(localize(`${frame.tabs?.labelPrefix}.${id}`))}</a>`,
            )
            .join("")}</nav>`
        : "";
      return `<form class="application sheet ${frame.classes.join(" ")} ${themed}" data-gallery-frame style="width:${frame.width}px;height:${frame.height}px">
<header class="window-header">${icon("fa-file")}<h1 class="window-title">${escapeHtml(frame.title)}</h1>${icon("fa-xmark")}</header>
<section class="window-content">
${first?.html ?? ""}
${tabs}
${rest.map((p) => p.html).join("\n")}
</section>
</form>`;
    }
    case "sidebar":
      return `<section class="sidebar-tab ${frame.tab}-sidebar ${themed}" id="${frame.tab}" data-gallery-frame>
${body()}
</section>`;
    case "chat": {
      const speaker = typeof frame.speaker === "string" ? frame.speaker : localize(frame.speaker.key);
      const flavor = body("flavor");
      const roll = frame.roll
        ? `<div class="dice-roll"><div class="dice-formula">${escapeHtml(frame.roll.formula)}</div><h4 class="dice-total">${frame.roll.total}</h4></div>`
        : "";
      return `<ol class="chat-log plain ${themed}" data-gallery-frame>
<li class="chat-message message">
<header class="message-header"><h4 class="message-sender">${escapeHtml(speaker)}</h4>${
        flavor ? `<span class="flavor-text">${flavor}</span>` : ""
      }</header>
<div class="message-content">${roll}${body()}</div>
</li>
</ol>`;
    }
    case "dialog":
      return `<div class="application dialog ${themed}" data-gallery-frame style="width:${frame.width ?? 400}px">
<header class="window-header"><h1 class="window-title">${escapeHtml(localize(frame.titleKey))}</h1>${icon("fa-xmark")}</header>
<form class="window-content">
<div class="dialog-content standard-form">${body()}</div>
<footer class="form-footer">${frame.buttons
        .map(
          (key) =>
            `<button type="button">${icon("fa-check")}<span>${escapeHtml(localize(key))}</span></button>`,
        )
        .join("")}</footer>
</form>
</div>`;
  }
}
